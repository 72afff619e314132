package effectbench

/** A latency program: one call of `run` is one window (one JMH iteration), and its summary is
  * what the oracle compares. `cellReadBack` is what the runtime the cell ran on reports of its
  * budget, beside the live runtime's settings (a budget variant runs on a runtime of its own).
  * It is computed when first read, by the verifier: its slice probe (SliceProbe, a chain of
  * 200,000 binds) never runs in the measuring JVM, where it would run before the warm-up and
  * shape the JIT's profile of the run loop. */
final class WindowProgram(window: () => WindowResult, oracleText: WindowResult => String, readBack: => Vector[(String, String)])
    extends Program {
  lazy val cellReadBack: Vector[(String, String)] = readBack
  def run(): Any = window()
  override def summarize(result: Any): String = result match {
    case r: WindowResult => oracleText(r)
    case other => String.valueOf(other)
  }
  /** The oracle's check: one window, or more when a hog ran no chain (WindowProgram.checkWindows). */
  override def checkedSummary(): String = WindowProgram.checkWindows(window, oracleText)
}

object WindowProgram {
  /** The most windows one oracle check runs. */
  val CheckWindows = 5

  /** The oracle's check of a latency program: a window; when a hog ran no chain on a runtime that
    * must run every hog, more windows, until most of those run ran every hog (then the text of
    * every window, judged with its idle hogs set aside) or no longer can within `CheckWindows`
    * (then the first window's text, and the idle hogs of each window).
    *
    * Rule: a fair runtime runs every hog in most windows, not in each one. Why: each window starts
    * its hogs anew and stops them when it ends, so a hog that ran no chain never had a worker in
    * that window, which a fair scheduler behind on a loaded 2-core machine (a cold JIT, a stalled
    * guest) can miss in one window of 250 ms, and a pool that never returns to a hog misses in
    * every window. */
  def checkWindows(window: () => WindowResult, oracleText: WindowResult => String): String = {
    val first = window()
    if (!first.idleRefused) oracleText(first)
    else {
      var results = Vector(first)
      def ran = results.count(!_.idleRefused)
      def idle = results.size - ran
      while (ran <= idle && ran + (CheckWindows - results.size) > idle) results = results :+ window()
      if (ran > idle) results.map(r => oracleText(r.copy(everyHogRuns = false))).distinct.mkString(" | ")
      else
        s"${oracleText(first)}; hogs that ran no chain in ${results.size} windows: ${results.map(_.idleHogs).mkString(", ")} " +
          "(every hog must run in most windows)"
    }
  }

  /** hog-probe's summary: the oracle's words when every probe was answered once and the hogs'
    * steps add up, else what went wrong. */
  def hogProbeSummary(chain: Long)(r: WindowResult): String =
    if (r.everyEventOnce && r.hogsConsistent) LatencyModel.hogProbeOracle(r.events, chain)
    else
      s"${r.answered} of ${r.events} probes answered (${r.answeredTwice} twice, ${r.answeredOnClient} on the client thread); " +
        s"${r.hogsReported} of ${r.hogs} hogs reported, ${r.hogMismatches} with steps != chains x $chain, ${r.idleHogs} ran no chain" +
        (if (r.everyHogRuns) " (every hog must run)" else "")

  def processors: Int = java.lang.Runtime.getRuntime.availableProcessors()

  /** sleep-drift's summary: the oracle's words when every sleep issued woke once and none early,
    * every sleeper finished having slept at least once and at most the window allows, and the
    * hogs' steps add up; else what went wrong. */
  def sleepDriftSummary(sleepers: Int, maxWakes: Long, chain: Long)(r: WindowResult): String =
    if (
      r.everyEventOnce && r.early == 0 && r.sleepers == sleepers && r.sleepersFinished == sleepers && r.fewestWakes >= 1 &&
      r.reissued == 0 && r.hogsConsistent
    ) LatencyModel.sleepDriftOracle(sleepers, maxWakes, chain)
    else
      s"${r.answered} of ${r.events} sleeps woke (${r.answeredTwice} twice, ${r.early} early); ${r.sleepersFinished} of $sleepers " +
        s"sleepers finished, wakes ${r.fewestWakes}..${r.mostWakes} (at most $maxWakes), ${r.reissued} slots issued twice; " +
        s"${r.hogsReported} of ${r.hogs} hogs reported, " +
        s"${r.hogMismatches} with steps != chains x $chain, ${r.idleHogs} ran no chain, ${r.answeredOnClient} sleeps answered on the client thread"

  /** A sleep-drift window on `target` at the (complete) params `p`. */
  def sleepDrift(target: SleepTarget, p: Params, readBack: Vector[(String, String)]): WindowProgram = {
    val chain = p.long("chain")
    val sleepers = p.int("sleepers")
    val maxWakes = LatencyModel.maxWakes(p)
    new WindowProgram(
      () =>
        LoadWindow.runSleeps(target, sleepers, maxWakes.toInt, p.long("sleep-us") * 1000L, LatencyModel.windowNanos(p),
          LatencyModel.hogs(p, processors), chain),
      sleepDriftSummary(sleepers, maxWakes, chain), readBack
    )
  }

  /** service's summary: the oracle's words when every request was answered once, the slow ones
    * timed out, every request started its three backends with two of them in flight together in
    * some request (a fan-out, not one after the other), and took one permit, never more than
    * `permits` held at once; else what went wrong. Late timeouts (fast backends that lost,
    * ServiceModel) are no failure. */
  def serviceSummary(timeouts: Int, permits: Int)(r: WindowResult): String =
    if (
      r.everyEventOnce && r.timeouts == timeouts && r.backends == 3L * r.events && r.overlappedRequests > 0 &&
      r.permitsAcquired == r.events && r.permitsHeldMost <= permits
    ) ServiceModel.oracle(r.events, r.timeouts)
    else
      s"${r.answered} of ${r.events} requests answered (${r.answeredTwice} twice, ${r.answeredOnClient} on the client thread); " +
        s"${r.timeouts} of the schedule's $timeouts slow backends timed out; ${r.backends} backends started, " +
        s"${r.overlappedRequests} requests with two in flight at once; ${r.permitsAcquired} permits taken, at most " +
        s"${r.permitsHeldMost} held at once (pool of $permits)"

  /** A service window on `target` at the (complete) params `p`: the seeded schedule is drawn once. */
  def service(target: ServiceTarget, p: Params, readBack: Vector[(String, String)]): WindowProgram = {
    val s = ServiceModel.schedule(p)
    new WindowProgram(() => LoadWindow.runService(target, s, p.int("permits")), serviceSummary(s.timeouts, p.int("permits")), readBack)
  }

  /** A hog-probe window on `target` at the (complete) params `p`. */
  def hogProbe(target: LoadTarget, p: Params, readBack: Vector[(String, String)]): WindowProgram = {
    val chain = p.long("chain")
    new WindowProgram(
      () =>
        LoadWindow.run(target, LatencyModel.probes(p), p.long("interval-us") * 1000L, LatencyModel.hogs(p, processors), chain),
      hogProbeSummary(chain), readBack
    )
  }
}
