package effectbench.stats

/** How long each fork of a cell runs, chosen from the variance the cell has shown (Kalibera & Jones,
  * "Rigorous Benchmarking in Reasonable Time", 2013: spend repetitions at the level where the
  * variance is). A fork costs its JVM start and warm-up once and then each measured iteration; its
  * mean varies by the launch (between-fork variance T1) and by the iterations it averages
  * (within-fork variance T2 over n iterations). For a fixed machine time the variance of the cell's
  * mean is least at n* = sqrt((c_fork / c_iteration) · T2 / T1) iterations per fork: where launches
  * dominate, shorter forks and more of them; where iterations do, longer forks. */
object ForkShape {
  final case class Shape(warmups: Int, iterations: Int)

  /** Variance components on the log scale (so that cells of any unit compare): the variance of a
    * launch's true mean (between) and of one iteration around it (within). */
  final case class Components(between: Double, within: Double, itersPerFork: Double)

  val MinIterations = 4
  val MaxIterations = 12
  val MaxWarmups = 8

  import Describe.{mean, variance}

  /** The components from forks whose warm-up is judged; None with fewer than two usable forks. */
  def components(forks: Vector[ForkSteady]): Option[Components] = {
    val fs = forks.filter(f => f.steady.size >= 2 && f.steady.forall(_ > 0))
    if (fs.size < 2) None
    else {
      val logs = fs.map(_.steady.map(math.log))
      val within = mean(logs.map(variance))
      val n = mean(logs.map(_.size.toDouble))
      val between = math.max(0.0, variance(logs.map(mean)) - within / n)
      Some(Components(between, within, n))
    }
  }

  /** One latency fork's p99 and what its own windows say of it: the log of the p99 of all its
    * measured windows, and the log p99 of its first `windows / 2` windows less that of its last
    * `windows / 2` (the middle window of an odd count in neither). */
  final case class TailFork(windows: Int, logP99: Double, halfDiff: Double)

  /** The components of a latency cell's fork p99s (log scale), from their split halves: two halves
    * of h windows each differ by the windows' sampling alone, so a window's share of the within-fork
    * variance is h·d²/2 (averaged over the forks), a fork of w windows carries that over w, and what
    * the fork p99s spread beyond it is the launches'. The p99 is what a latency cell reports, and its
    * variance can sit elsewhere than its hogs' time (on the nested 2-core guest Cats Effect's p99 at
    * 128 spread 0.50–0.56 (log SD) a window against 0–0.27 between launches), so a shape chosen from
    * the hogs' time swings (docs/lessons/fork-length.md). None with fewer than two forks of two
    * windows or more. */
  def tailComponents(forks: Vector[TailFork]): Option[Components] = {
    val fs = forks.filter(f => f.windows >= 2 && !f.logP99.isNaN && !f.halfDiff.isNaN && !f.logP99.isInfinite && !f.halfDiff.isInfinite)
    if (fs.size < 2) None
    else {
      val perWindow = mean(fs.map(f => (f.windows / 2) * f.halfDiff * f.halfDiff / 2))
      val invWindows = mean(fs.map(1.0 / _.windows))
      val between = math.max(0.0, variance(fs.map(_.logP99)) - perWindow * invWindows)
      Some(Components(between, perWindow, 1 / invWindows))
    }
  }

  /** The iterations per fork that minimise the variance of the cell's mean per machine second. */
  def optimalIterations(c: Components, forkSeconds: Double, iterationSeconds: Double): Int =
    if (c.between <= 0) MaxIterations
    else {
      val n = math.sqrt(forkSeconds / iterationSeconds * c.within / c.between)
      math.max(MinIterations, math.min(MaxIterations, math.round(n).toInt))
    }

  /** The one shape every cell of a table runs in a round, from the shapes each cell's own variance
    * asks for: the most warm-up any cell needs, and the median of the iterations they ask (Describe.median,
    * rounded up to a whole iteration). A ratio is taken round by round between forks of the same shape: a cell
    * still speeding up when its fork ends reads faster after a longer warm-up, so two cells measured
    * with different warm-ups (two labels of one library, seen in an A/A run: ping-pong zio forks ran
    * 1.8 ms after 1 s of warm-up, 0.5 ms after 3 s) differ by the harness, not by the runtime. */
  def common(shapes: Seq[Shape], base: Shape): Shape =
    if (shapes.isEmpty) base
    else {
      Shape(shapes.map(_.warmups).max, math.ceil(Describe.median(shapes.map(_.iterations.toDouble))).toInt)
    }

  /** `shape` kept within the measured seconds of `base` (a run under a time budget): a fork whose
    * cells ask for more warm-up pays for it with measured iterations, down to `MinIterations`, and
    * its warm-up stops where those are left. The budget was sized with the profile's forks: one
    * unsettled cell that doubles the table's warm-up would otherwise make every fork about twice as
    * long and overrun it. */
  def within(shape: Shape, base: Shape, warmupSeconds: Double, iterationSeconds: Double): Shape = {
    def seconds(s: Shape) = s.warmups * warmupSeconds + s.iterations * iterationSeconds
    val limit = seconds(base) + 1e-9
    if (seconds(shape) <= limit) shape
    else {
      val most = math.max(base.warmups, ((limit - MinIterations * iterationSeconds) / warmupSeconds).toInt)
      val warm = math.min(shape.warmups, most)
      val iters = math.max(MinIterations, math.min(shape.iterations, ((limit - warm * warmupSeconds) / iterationSeconds).toInt))
      Shape(warm, iters)
    }
  }

  /** The shape of a cell's next forks, and why. Warm-up is judged from the data: the leading
    * iterations the judge dropped in any fork move into the warm-up (as warm-up seconds), and a
    * fork that never settled doubles it; the measured iterations follow `optimalIterations`, with
    * `overheadSeconds` the cost of a JVM's start, setup and exit. */
  def next(forks: Vector[ForkSteady], base: Shape, overheadSeconds: Double, warmupSeconds: Double, iterationSeconds: Double)
      : (Shape, String) = next(forks, base, overheadSeconds, warmupSeconds, iterationSeconds, None)

  /** As above; for a latency cell `tail` holds its p99's components and the seconds a fork spends
    * outside its measured windows as measured (JVM start, warm-up, the JIT gate): the warm-up is
    * still judged on the hogs' time, the measured windows follow the p99's variance. */
  def next(
      forks: Vector[ForkSteady], base: Shape, overheadSeconds: Double, warmupSeconds: Double, iterationSeconds: Double,
      tail: Option[(Components, Double)]
  ): (Shape, String) =
    components(forks) match {
      case None => (base, "")
      case Some(c) =>
        val dropped = forks.map(_.dropped).maxOption.getOrElse(0)
        val moved = math.ceil(dropped * iterationSeconds / warmupSeconds).toInt
        val warm = math.min(MaxWarmups, base.warmups + moved + (if (forks.exists(!_.settled)) base.warmups else 0))
        def share(k: Components) = k.between / (k.between + k.within / k.itersPerFork)
        val (iters, why) = tail match {
          case Some((t, forkSeconds)) =>
            val n = optimalIterations(t, forkSeconds, iterationSeconds)
            (n,
              f"p99's between-launch variance ${share(t) * 100}%.0f%% of a fork p99's, a fork ${forkSeconds}%.1f s besides its windows; " +
                s"$warm warm-up + $n measured windows per fork")
          case None =>
            val n = optimalIterations(c, overheadSeconds + warm * warmupSeconds, iterationSeconds)
            (n, f"between-launch variance ${share(c) * 100}%.0f%% of a fork mean's; $warm warm-up + $n iterations per fork")
        }
        (Shape(warm, iters),
          why + (if (dropped > 0) f" (warm-up judged: up to $dropped leading iterations were still trending)" else ""))
    }

  /** A fork shape cut from a long launch afterwards: its first `warmupSeconds` of iterations
    * dropped, the next `measuredSeconds` averaged. A launch measured without warm-up in short
    * iterations holds every shorter fork it could have been: the JIT does not know when the fork
    * will end, so the cut is the fork that shape would have run (`bench states`). */
  final case class Cut(warmupSeconds: Double, measuredSeconds: Double) {
    def seconds: Double = warmupSeconds + measuredSeconds
  }

  /** The cuts `bench states` tabulates: warm-ups of 0.5–3 s, measurements of 0.5–3 s. */
  val cuts: Vector[Cut] =
    for (w <- Vector(0.5, 1.0, 1.5, 2.0, 2.5, 3.0); m <- Vector(0.5, 1.0, 1.5, 2.0, 3.0)) yield Cut(w, m)

  /** The spread of launches cut to one shape: the standard deviation of the logs of their means
    * over the cut's iterations (≈ their coefficient of variation). NaN when fewer than two launches
    * are long enough, or the cut holds no whole iteration. */
  def cutSpread(launches: Vector[Vector[Double]], iterationSeconds: Double, cut: Cut): Double = {
    val from = math.round(cut.warmupSeconds / iterationSeconds).toInt
    val until = math.round(cut.seconds / iterationSeconds).toInt
    val logs = launches.filter(l => l.size >= until && until > from && l.slice(from, until).forall(_ > 0))
      .map(l => math.log(mean(l.slice(from, until))))
    if (logs.size < 2) Double.NaN else math.sqrt(variance(logs))
  }

  /** The variance of a cell's mean per machine second when its forks have a cut's shape: spread²
    * times a fork's seconds with `overheadSeconds` of JVM start, setup and exit. For a fixed
    * machine time, the shape with the least of it gives the narrowest interval (Kalibera & Jones). */
  def costedVariance(spread: Double, cut: Cut, overheadSeconds: Double): Double = spread * spread * (overheadSeconds + cut.seconds)
}
