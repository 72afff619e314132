package effectbench

import java.util.concurrent.{Executor, LinkedBlockingQueue, TimeUnit}

/** Measures a run loop's slice: how many binds one fiber runs between two yields its runtime
  * forces. The fiber runs a chain of `SliceProbe.Binds` binds, each of which calls `bind()`; the
  * runtime runs it on `executor`, whose tasks this thread alone runs, one after another
  * (`drive`). Every task records the binds done when it starts, so each resumption of the fiber
  * inside its chain marks a yield, and the binds between two such marks are one whole slice
  * (the first slice also holds the fiber's start, the last is cut short by the chain's end, so
  * neither is counted). A count of the runtime's own steps, not a timing.
  *
  * One probe measures one chain; not thread-safe outside `drive`. */
final class SliceProbe {
  private val tasks = new LinkedBlockingQueue[Runnable]()
  private var binds = 0L
  private var marks = new Array[Long](64)
  private var nMarks = 0
  @volatile private var finished = false

  /** Where the runtime runs the fiber: a queue that `drive` empties on its own thread. */
  val executor: Executor with scala.concurrent.ExecutionContext = new Executor with scala.concurrent.ExecutionContext {
    def execute(r: Runnable): Unit = tasks.put(r)
    def reportFailure(t: Throwable): Unit = t.printStackTrace()
  }

  /** Called once by every bind of the chain. */
  def bind(): Unit = binds += 1

  /** Called once when the chain's fiber has ended, from any thread. */
  def done(): Unit = {
    finished = true
    tasks.put(SliceProbe.Wake)
  }

  /** Runs the executor's tasks on this thread until `done`, marking each resumption. */
  def drive(timeoutSeconds: Long): Unit = {
    val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds)
    while (!finished) {
      val r = tasks.poll(100, TimeUnit.MILLISECONDS)
      if (r != null) {
        if (r ne SliceProbe.Wake) {
          mark()
          r.run()
        }
      } else if (System.nanoTime() > deadline) throw new IllegalStateException(s"the chain did not end in $timeoutSeconds s")
    }
  }

  private def mark(): Unit = {
    if (nMarks == marks.length) marks = java.util.Arrays.copyOf(marks, marks.length * 2)
    marks(nMarks) = binds
    nMarks += 1
  }

  /** The resumptions inside the chain: distinct bind counts strictly between its start and end. */
  def yieldPoints(total: Long): Vector[Long] =
    marks.take(nMarks).toVector.filter(b => b > 0 && b < total).distinct

  def bindsDone: Long = binds

  /** The tasks the runtime handed to `executor` and `drive` ran. */
  def resumptions: Int = nMarks
}

object SliceProbe {
  /** The chain's length: long enough for 9 whole slices at the largest budget measured (Monix's
    * 16,384 after rounding) and short enough to stay a few milliseconds at the smallest (128). */
  val Binds: Long = 200000L

  private object Wake extends Runnable { def run(): Unit = () }

  /** What a probe measured: the whole slices between yields inside the chain, in binds. */
  final case class Slice(binds: Long, slices: Vector[Long]) {
    def yields: Int = slices.size + (if (slices.nonEmpty) 1 else 0)
    /** The binds per yield: the median whole slice; None when the chain took fewer than two yields. */
    def perYield: Option[Long] = if (slices.isEmpty) None else Some(slices.sorted.apply(slices.size / 2))
    /** The read-back text: the median slice and the spread of the others, or that none was whole. */
    def text: String = perYield match {
      case Some(m) =>
        val lo = slices.min
        val hi = slices.max
        val spread = if (lo == hi) "every slice" else s"slices $lo-$hi"
        s"$m ($spread; ${slices.size} whole slices in $binds binds of unit.flatMap)"
      case None => s"never (fewer than two yields in $binds binds of unit.flatMap)"
    }
  }

  def sliceOf(points: Vector[Long], binds: Long): Slice =
    Slice(binds, points.zip(points.drop(1)).map { case (a, b) => b - a })

  /** Runs one chain: `start` hands the chain's fiber to the runtime, which must run it on
    * `probe.executor` and call `probe.done()` when it ends; every bind calls `probe.bind()`. */
  def measure(start: SliceProbe => Unit): Slice = {
    val probe = new SliceProbe
    start(probe)
    probe.drive(60)
    if (probe.bindsDone != Binds) throw new IllegalStateException(s"the chain ran ${probe.bindsDone} binds, not $Binds")
    sliceOf(probe.yieldPoints(Binds), Binds)
  }

  /** The read-back key of the measured slice: a runtime's own and a cell's budget variant's. */
  val Key: String = Claim.BindsPerYield
  val CellKey: String = Claim.CellBindsPerYield

  /** The read-back key that says whether a runtime's measured slice is the levelled one. */
  val LevelKey: String = Claim.SliceLevelled

  /** Whether `slice` is within `Settings.SliceTolerance` of the levelled profile's
    * `Settings.AutoYield` binds per yield: "yes", or "no: " and why. */
  def level(slice: Slice, runtime: String): String = {
    val why = Settings.unlevelledSlice.get(runtime).fold("")(w => s" ($w)")
    level(slice) match {
      case "yes" => "yes"
      case no => no + why
    }
  }

  def level(slice: Slice): String = slice.perYield match {
    case None => s"no: never yields in ${slice.binds} binds, the levelled profile yields every ${Settings.AutoYield}"
    case Some(m) =>
      val off = math.abs(m - Settings.AutoYield).toDouble / math.max(m, Settings.AutoYield.toLong)
      if (off <= Settings.SliceTolerance) "yes"
      else f"no: yields every $m binds, ${off * 100}%.0f%% from the levelled ${Settings.AutoYield}"
  }

  /** The measured binds per yield as a number, from a read-back value (`text`). */
  def parse(value: String): Option[Long] = {
    val digits = value.takeWhile(_.isDigit)
    if (digits.isEmpty) None else Some(digits.toLong)
  }

  /** Pairs of runtimes whose binds per yield differ by more than `tolerance` of the larger, one
    * line each; a runtime without a figure (never yields) differs from every runtime with one. */
  def disagreements(measured: Vector[(String, Option[Long])], tolerance: Double): Vector[String] =
    (for {
      (a, i) <- measured.zipWithIndex
      b <- measured.drop(i + 1)
    } yield (a, b)).flatMap {
      case ((ra, Some(x)), (rb, Some(y))) =>
        val off = math.abs(x - y).toDouble / math.max(x, y)
        if (off > tolerance) Some(f"$ra yields every $x binds, $rb every $y: ${off * 100}%.1f%% apart") else None
      case ((ra, x), (rb, y)) if x != y =>
        Some(s"$ra yields every ${x.getOrElse("never")} binds, $rb every ${y.getOrElse("never")}")
      case _ => None
    }
}
