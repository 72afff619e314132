package effectbench.runner

import effectbench.stats.{Describe, LaunchSpread}

/** `./bench machine`: how steady this machine keeps fixed work from one window of time to the next,
  * before a run spends fifteen minutes on it. A fresh JVM (the machine's default flags and heap of a
  * benchmark fork's size, not the runner's C1-only JVM) times windows of three fixed jobs, each
  * calibrated to a window's length after its warm-up:
  *
  *   - arithmetic: a multiply-add chain in registers, the core alone;
  *   - memory: a walk over 256 MiB, one cache line a step, the path to memory;
  *   - allocation: short-lived arrays as a run loop allocates them, the allocator and the young
  *     collector;
  *
  * and reads the machine canary's cache-line round trip between two threads (MachineCanary) as
  * many times. A job's spread is the standard deviation of its windows' log times.
  *
  * Why: a machine whose path to memory varies from one quarter-second to the next (arithmetic steady,
  * a walk over memory and allocation not) spreads every allocating benchmark's iterations
  * (docs/lessons/noisy-memory-path.md). Forks measured one after another need many times a quiet
  * machine's to narrow that; relay rounds, the headline's engine, take a ratio turn against turn and
  * average it over a launch's turns (docs/lessons/relay.md). This command reads it in half a minute,
  * before a run, and says what the engine a run would use makes of it. */
object MachineProbe {
  final case class Job(name: String, what: String)

  val Jobs: Vector[Job] = Vector(
    Job("arithmetic", "a multiply-add chain in registers: the core alone"),
    Job("memory", "a walk over 256 MiB, one cache line a step: the path to memory"),
    Job("allocation", "short-lived arrays, as a run loop allocates: the allocator and the young collector"),
    Job("core to core", "the machine canary's cache-line round trip between two threads, ns")
  )

  /** One job's windows (ms), or the canary's readings (ns). */
  final case class Result(job: String, values: Vector[Double]) {
    def spread: Double = {
      val l = values.filter(_ > 0).map(math.log)
      Describe.sd(l)
    }

    /** The reading nearest the q-quantile's position, one of the readings (Describe.QuantileRule.Nearest). */
    def percentile(q: Double): Double = Describe.quantile(values, q, Describe.QuantileRule.Nearest)

    def median: Double = Describe.median(values)
  }

  /** The jobs whose spread is the memory path's: a benchmark's iterations touch memory as they do. */
  val MemoryJobs: Set[String] = Set("memory", "allocation")

  /** The profile a headline run measures with: its measured seconds per launch are what a relay
    * round's turns average a window's noise over. */
  val RunProfile: MeasureProfile = Profiles.quick

  /** The spread of a relayed launch from windows `spread` apart: a window's noise averages over the
    * launch's measured time, spread · √(window / measured seconds), whatever the turn's length (on the
    * nested 2-core guest, turns 14.6–15.9% apart, 12 a launch, gave launches 4.1–4.9% apart). */
  def relayedSpread(spread: Double, windowMs: Int, profile: MeasureProfile = RunProfile): Double =
    spread * math.sqrt(windowMs / 1000.0 / (profile.iterations * profile.iterationSeconds))

  /** The machine time a run's ratios need against a quiet machine's (one whose launches spread as
    * much as the floor): (spread / floor)², the forks a ratio's interval needs growing with its
    * variance; at least 1. */
  def timeFactor(spread: Double): Double = math.max(1.0, math.pow(spread / LaunchSpread.InsideFloor, 2))

  /** What the readings say, in a line or two. The floor is the run's (LaunchSpread.InsideFloor): a
    * headline whose iterations spread more inside a fork came only from a noisy machine. The advice
    * is the engine's that `./bench run` uses (`relay`: Headline.Relay): relayed, a launch's spread
    * is `relayedSpread`, and shards are named only when that is over the floor, where one machine's
    * budget cannot reach the headline's precision; one fork after another, a launch spreads as its
    * windows, and relay rounds are the answer. */
  def verdict(results: Vector[Result], windowMs: Int = 250, relay: Boolean = Headline.Relay): Vector[String] = {
    val floor = LaunchSpread.InsideFloor
    val memory = results.filter(r => MemoryJobs(r.job) && !r.spread.isNaN)
    val wide = memory.filter(_.spread > floor)
    val core = results.find(_.job == "arithmetic").filter(r => !r.spread.isNaN && r.spread > floor)
    val target = EngineDefaults.precision(RunProfile)
    val lines = Vector.newBuilder[String]
    core.foreach(r =>
      lines += f"the core itself is not steady: fixed arithmetic took windows ${r.spread * 100}%.1f%% apart (over ${floor * 100}%.0f%%): " +
        "something else runs on this machine, or its CPU is shared or throttled"
    )
    if (wide.nonEmpty) {
      val worst = wide.map(_.spread).max
      val forks = f"measured one fork after another (--turns forks, and a selection without --turns relay), its ratios need about " +
        f"${timeFactor(worst)}%.0f× the forks of a quiet machine"
      lines += f"noisy inside a launch: ${wide.map(r => f"${r.job} windows ${r.spread * 100}%.1f%% apart").mkString(", ")} " +
        f"(over ${floor * 100}%.0f%%). A benchmark's iterations touch memory and will spread about as much"
      if (!relay) lines += s"$forks: relay rounds (--turns relay) take a ratio turn against turn on one core"
      else {
        val relayed = relayedSpread(worst, windowMs)
        val machines = math.ceil(timeFactor(relayed) - 1e-9).toInt
        lines += f"./bench run relays its throughput tables: a ratio is taken turn against turn on one core, and this noise " +
          f"averages over a launch's turns to about ${relayed * 100}%.1f%% " +
          (if (relayed <= floor)
             f"(within ${floor * 100}%.0f%%): one machine reaches the headline's ±${target * 100}%.0f%%; $forks, so relay them (--turns relay)"
           else
             f"(over ${floor * 100}%.0f%%): the headline's ±${target * 100}%.0f%% needs about $machines× the machine time its budget pays for: " +
               s"spread the tables over $machines machines (run --shard K/$machines, then ./bench merge)")
      }
    }
    if (core.isEmpty && wide.isEmpty && memory.nonEmpty)
      lines += f"steady: fixed work kept its windows within ${floor * 100}%.0f%% of each other (spread), as a quiet machine does"
    lines.result()
  }

  /** The table and the verdict the command prints. */
  def render(results: Vector[Result], windowMs: Int): String = {
    val sb = new StringBuilder
    sb.append(f"${"job"}%-13s ${"n"}%3s ${"spread"}%7s  ${"p10"}%9s ${"median"}%9s ${"p90"}%9s  what\n")
    results.foreach { r =>
      val unit = if (r.job == "core to core") "ns" else "ms"
      def v(x: Double) = f"$x%.1f"
      sb.append(
        f"${r.job}%-13s ${r.values.size}%3d ${r.spread * 100}%6.1f%%  ${v(r.percentile(0.1))}%9s ${v(r.median)}%9s ${v(r.percentile(0.9))}%9s  " +
          s"$unit; ${Jobs.find(_.name == r.job).map(_.what).getOrElse("")}\n"
      )
    }
    sb.append(s"(windows of $windowMs ms; spread: standard deviation of the log times)\n")
    verdict(results, windowMs).foreach(l => sb.append(l).append('\n'))
    sb.toString
  }

  /** Parses the child's lines: "JOB<TAB>v1 v2 ...". */
  def parse(lines: Vector[String]): Vector[Result] = lines.flatMap { l =>
    l.split('\t') match {
      case Array(job, vs) if Jobs.exists(_.name == job) => Some(Result(job, vs.trim.split(' ').toVector.filter(_.nonEmpty).map(_.toDouble)))
      case _ => None
    }
  }

  /** How long the child's windows take, warm-ups included. */
  def expectedSeconds(windowMs: Int, windows: Int): Double = Jobs.size * (windows + 12) * windowMs / 1000.0

  /** The child's time limit: twice its windows and a JVM start, so a hung child never hangs the command. */
  def timeoutSeconds(windowMs: Int, windows: Int): Long = 2 * math.ceil(expectedSeconds(windowMs, windows)).toLong + 60

  /** The child JVM: a benchmark fork's heap (JmhCell's -Xms2g -Xmx2g), so the memory walk and the
    * allocations land as a fork's would, and the runner's pid, so it ends when the runner is gone. */
  def childCommand(windowMs: Int, windows: Int): Vector[String] = {
    val java = ProcessHandle.current().info().command().orElse("java")
    Vector(java, "-Xms2g", "-Xmx2g", Subprocess.watchFlag, "-cp", System.getProperty("java.class.path"),
      "effectbench.runner.MachineProbe", windowMs.toString, windows.toString)
  }

  /** `./bench machine`: a child JVM started with `n` windows of `windowMs` per job, its readings printed. */
  def command(windowMs: Int, n: Int): Int = {
    Console.err.println(s"machine: ${Jobs.size} jobs, $n windows of $windowMs ms each after a warm-up, in a fresh JVM " +
      f"(about ${expectedSeconds(windowMs, n)}%.0f s)")
    val log = java.nio.file.Files.createTempFile("effectbench-machine", ".log")
    val lines = Vector.newBuilder[String]
    // The readings are kept; anything else the child prints (a JVM warning) goes to stderr as it comes.
    val done = Subprocess.run(childCommand(windowMs, n), log, timeoutSeconds(windowMs, n),
      line =>
        if (parse(Vector(line)).nonEmpty) lines.synchronized { lines += line }
        else Console.err.println(line))
    java.nio.file.Files.deleteIfExists(log)
    val out = lines.synchronized(lines.result())
    val results = parse(out)
    if (done.timedOut) {
      Console.err.println(s"machine: the probe's JVM did not end within ${timeoutSeconds(windowMs, n)} s and was stopped")
      1
    } else if (done.exit != 0 || results.size != Jobs.size) {
      Console.err.println(s"machine: the probe's JVM ended with exit ${done.exit} after ${results.size} of ${Jobs.size} jobs")
      1
    } else {
      print(render(results, windowMs))
      0
    }
  }

  // ---- the child JVM ----

  @volatile private var sink: Long = 0L

  private def arithmetic(n: Long): Long = {
    var x = sink | 1L
    var i = 0L
    while (i < n) { x = x * 6364136223846793005L + 1442695040888963407L; i += 1 }
    x
  }

  private lazy val walk = new Array[Long](32 * 1024 * 1024) // 256 MiB
  private var at = 0

  private def memory(n: Long): Long = {
    val a = walk
    val mask = a.length - 1
    var i = at
    var s = 0L
    var k = 0L
    while (k < n) { a(i) += k; s += a(i); i = (i + 8) & mask; k += 1 }
    at = i
    s
  }

  private val keep = new Array[AnyRef](64)

  private def allocation(n: Long): Long = {
    var x = sink
    var i = 0L
    while (i < n) {
      val o = new Array[Long](8)
      o((i & 7).toInt) = x
      keep((i & 63).toInt) = o
      x = x * 31 + i
      i += 1
    }
    x
  }

  private def timed(work: Long => Long, n: Long): Double = {
    val t0 = System.nanoTime()
    sink += work(n)
    (System.nanoTime() - t0) / 1e6
  }

  /** Warm the job for 2 s (or 20 windows, if shorter), then size its work to `windowMs` on the median
    * of three and time `windows` windows. */
  private def windowsOf(work: Long => Long, windowMs: Int, windows: Int): Vector[Double] = {
    var n = 10000L
    val warmUntil = System.nanoTime() + math.min(2000L, 20L * windowMs) * 1000000L
    while (System.nanoTime() < warmUntil) {
      val ms = timed(work, n)
      if (ms < windowMs / 4.0) n *= 2
    }
    val ms = Describe.median((1 to 3).map(_ => timed(work, n)))
    n = math.max(1L, (n * windowMs / math.max(ms, 1e-3)).toLong)
    timed(work, n) // one sized window, discarded
    Vector.fill(windows)(timed(work, n))
  }

  /** Ends this child when the runner that started it is gone (a runner killed with -9 runs no
    * hook); the harness Watchdog does this for the other children, but is not on this classpath. */
  private def watchRunner(): Unit =
    Option(System.getProperty("effectbench.runnerPid")).flatMap(_.trim.toLongOption).foreach { pid =>
      val handle = ProcessHandle.of(pid)
      val t = new Thread(() => {
          while (handle.isPresent && handle.get.isAlive) Thread.sleep(500)
          Runtime.getRuntime.halt(143)
        }, "effectbench-watchdog")
      t.setDaemon(true)
      t.start()
    }

  def main(args: Array[String]): Unit = {
    effectbench.RootLocale.set()
    watchRunner()
    val windowMs = args(0).toInt
    val windows = args(1).toInt
    val jobs: Vector[(String, Long => Long)] = Vector("arithmetic" -> arithmetic, "memory" -> memory, "allocation" -> allocation)
    jobs.foreach { case (name, work) =>
      println(s"$name\t${windowsOf(work, windowMs, windows).mkString(" ")}") // Double.toString: no locale
      System.out.flush()
    }
    val canary = new MachineCanary
    try {
      (1 to 3).foreach(_ => canary.read())
      val readings = Vector.fill(windows) { Thread.sleep(math.min(windowMs, 50).toLong); canary.read().c2c }
      println(s"core to core\t${readings.mkString(" ")}")
    } finally canary.close()
  }
}
