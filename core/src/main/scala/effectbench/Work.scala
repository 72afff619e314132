package effectbench

import java.util.concurrent.atomic.AtomicLong

/** What a scheduler-family program did: fibers started and joined, yields, queue offers and takes,
  * counter updates, signal completions and awaits, arrays allocated. Each scheduler-family scenario of the
  * catalog prescribes one (its `expectedWork`). */
final case class WorkCount(
    forks: Long, joins: Long, yields: Long, offers: Long, takes: Long,
    updates: Long, signals: Long, awaits: Long, allocs: Long
) {
  override def toString: String =
    s"forks=$forks joins=$joins yields=$yields offers=$offers takes=$takes updates=$updates signals=$signals awaits=$awaits allocs=$allocs"

  /** Every unit by name, in `WorkUnit.all`'s order, zeros included. */
  def units: Vector[(String, Long)] = WorkUnit.all.map(u => u.name -> u.of(this))
}

object WorkCount {
  val zero: WorkCount = WorkCount(0, 0, 0, 0, 0, 0, 0, 0, 0)
}

/** One unit of counted work: a value, so a scenario's primary unit cannot be misspelt. */
final case class WorkUnit(name: String, of: WorkCount => Long)

object WorkUnit {
  val Forks: WorkUnit = WorkUnit("forks", _.forks)
  val Joins: WorkUnit = WorkUnit("joins", _.joins)
  val Yields: WorkUnit = WorkUnit("yields", _.yields)
  val Offers: WorkUnit = WorkUnit("offers", _.offers)
  val Takes: WorkUnit = WorkUnit("takes", _.takes)
  val Updates: WorkUnit = WorkUnit("updates", _.updates)
  val Signals: WorkUnit = WorkUnit("signals", _.signals)
  val Awaits: WorkUnit = WorkUnit("awaits", _.awaits)
  val Allocs: WorkUnit = WorkUnit("allocs", _.allocs)
  val all: Vector[WorkUnit] = Vector(Forks, Joins, Yields, Offers, Takes, Updates, Signals, Awaits, Allocs)
}

/** Counting hooks for the same-work test of the scheduler family. Every implementation performs its forks,
  * yields, queue operations, counter updates and signals through its group's `...Ops` helper,
  * which, when the Work counts, runs the hook as one more step of the program right before the
  * primitive (so a hook is counted only when the primitive is really reached). Benchmarks pass
  * `Work.off`, for which the helpers return the bare primitive: measured cells pay nothing. The
  * counting branch is chosen once, when the helper is built. A hook runs on the primitive's thread,
  * except a fork's: it is counted inside the forked program, as its first step, so a fork whose
  * body never runs is not counted. Each runtime's helper is `<Runtime>Ops`, beside its setup
  * (`CeOps`, `ZioOps`, `FutureOps`, `BaselineOps`; `MonixOps`; `OxOps`, `LoomOps`). */
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
