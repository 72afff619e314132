package effectbench.loom

/** Same work across ox, loom and every other runtime (through each scenario's expectedWork): see effectbench.FiberWorkChecks. */
class FiberWorkSuite extends effectbench.FiberWorkChecks

/** No runtime of this group starts another's threads: see effectbench.ThreadLeakChecks. */
class ThreadLeakSuite extends effectbench.ThreadLeakChecks
