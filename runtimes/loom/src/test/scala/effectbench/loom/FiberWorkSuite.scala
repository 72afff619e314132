package effectbench.loom

/** Same work across ox, loom and every other runtime (through each scenario's expectedWork): see effectbench.FiberWorkChecks. */
class FiberWorkSuite extends effectbench.FiberWorkChecks

/** No runtime of this group starts another's threads: see effectbench.ThreadLeakChecks. */
class ThreadLeakSuite extends effectbench.ThreadLeakChecks

/** sleep-drift's hogs are hog-probe's: see effectbench.SleepHogChecks. */
class SleepHogSuite extends effectbench.SleepHogChecks
