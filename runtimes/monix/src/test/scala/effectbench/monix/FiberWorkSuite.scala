package effectbench.monix

/** Same work across monix and every other runtime (through each scenario's expectedWork): see effectbench.FiberWorkChecks. */
class FiberWorkSuite extends effectbench.FiberWorkChecks

/** No runtime of this group starts another's threads: see effectbench.ThreadLeakChecks. */
class ThreadLeakSuite extends effectbench.ThreadLeakChecks
