package effectbench

import java.util.concurrent.atomic.AtomicLong

/** What a family-S program did: fibers started and joined, yields, queue offers and takes,
  * counter updates, signal completions and awaits, arrays allocated. */
final case class WorkCount(
    forks: Long, joins: Long, yields: Long, offers: Long, takes: Long,
    updates: Long, signals: Long, awaits: Long, allocs: Long
) {
  override def toString: String =
    s"forks=$forks joins=$joins yields=$yields offers=$offers takes=$takes updates=$updates signals=$signals awaits=$awaits allocs=$allocs"
}

/** Counting hooks for the same-work test of family S. Every implementation performs its forks,
  * yields, queue operations, counter updates and signals through its group's `...Ops` helper,
  * which, when the Work counts, runs the hook as one more step of the program right before the
  * primitive (so a hook is counted only when the primitive is really reached). Benchmarks pass
  * `Work.off`, for which the helpers return the bare primitive: measured cells pay nothing. */
final class Work(val counting: Boolean) {
  private val forks, joins, yields, offers, takes, updates, signals, awaits, allocs = new AtomicLong()
  def forked(): Unit = forks.incrementAndGet()
  def joined(): Unit = joins.incrementAndGet()
  def yielded(): Unit = yields.incrementAndGet()
  def offered(): Unit = offers.incrementAndGet()
  def took(): Unit = takes.incrementAndGet()
  def updated(): Unit = updates.incrementAndGet()
  def signalled(): Unit = signals.incrementAndGet()
  def awaited(): Unit = awaits.incrementAndGet()
  def allocated(): Unit = allocs.incrementAndGet()
  def count: WorkCount = WorkCount(forks.get, joins.get, yields.get, offers.get, takes.get, updates.get,
    signals.get, awaits.get, allocs.get)
}

object Work {
  /** The hooks of measured cells: the helpers see `counting == false` and add nothing. */
  val off: Work = new Work(false)
  def counter(): Work = new Work(true)
}

/** The work docs/scenarios.md prescribes for each family-S program, as a pure function of its params,
  * and the user data every runtime computes identically (alloc's arrays). */
object FiberWork {
  /** Steps of scheduler-stress's fiber(i): it continues with j + 1 until j > limit. */
  def stressSteps(i: Long, limit: Long): Long = if (i > limit) 1L else limit - i + 2L

  def expected(scenario: String, p: Params): WorkCount = {
    def f = p.long("f")
    val zero = WorkCount(0, 0, 0, 0, 0, 0, 0, 0, 0)
    scenario match {
      case "fork-many" => zero.copy(forks = f, updates = f, signals = 1, awaits = 1)
      case "chained-fork" => zero.copy(forks = f, signals = 1, awaits = 1)
      case "ping-pong" => zero.copy(forks = 2 * f, offers = f, takes = f, updates = f, signals = 1, awaits = 1)
      case "yield-many" => zero.copy(forks = f, yields = f * p.long("y"), updates = f, signals = 1, awaits = 1)
      case "enqueue-dequeue" => zero.copy(offers = p.long("n"), takes = p.long("n"))
      case "scheduler-stress" =>
        val limit = p.long("limit")
        var steps = 0L
        var i = 0L
        while (i < f) { steps += stressSteps(i, limit); i += 1 }
        zero.copy(forks = f, joins = f, yields = 3 * steps)
      case "alloc" =>
        val steps = f * (p.long("limit") + 2)
        zero.copy(forks = f, joins = f, yields = 3 * steps, allocs = steps)
      case "fork-join" => zero.copy(forks = f, joins = f)
      case other => throw new IllegalArgumentException(s"$other is not a family-S scenario")
    }
  }

  /** The small sizes of a family-S scenario's tests, the catalog's `testParams`: the oracle tests,
    * the work counts (counting hooks on every fork and yield) and the thread-leak probe (every cell
    * in one JVM) all run these, so all three check the same programs. `verify` checks the full
    * sizes before a run times them. */
  def testSizes(scenario: String): Vector[(String, String)] = scenario match {
    case "fork-many" | "chained-fork" | "ping-pong" | "fork-join" => Vector("f" -> "300")
    case "yield-many" => Vector("f" -> "20", "y" -> "50")
    case "enqueue-dequeue" => Vector("n" -> "500")
    case "scheduler-stress" => Vector("f" -> "200", "limit" -> "100")
    case "alloc" => Vector("f" -> "20", "limit" -> "50")
    case other => throw new IllegalArgumentException(s"$other is not a family-S scenario")
  }

  /** alloc's user data: an array of max(100, min(i, 2000)) fresh objects. */
  def allocate(i: Int): Array[AnyRef] = {
    val size = math.max(100, math.min(i, 2000))
    val a = new Array[AnyRef](size)
    var k = 0
    while (k < size) { a(k) = new AnyRef; k += 1 }
    a
  }

  /** alloc's use of that data: the sum of the objects' hash codes. */
  def sumHashes(a: Array[AnyRef]): Int = {
    var s = 0
    var k = 0
    while (k < a.length) { s += a(k).hashCode; k += 1 }
    s
  }
}
