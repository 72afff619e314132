package effectbench

/** A family of docs/scenarios.md: the run loop and stack, collections, error handling, the scheduler
  * and fibers, latency and fairness under load; and the faults only the tests run. A type, so a
  * family is never matched as text; `id` is its name in the runtime table and the site. */
sealed abstract class Family(val id: String) { override def toString: String = id }

object Family {
  case object RunLoop extends Family("run-loop")
  case object Collections extends Family("collections")
  case object Errors extends Family("errors")
  case object Scheduler extends Family("scheduler")
  /** Latency and fairness under load: percentiles of many timed events inside one run of the program. */
  case object Latency extends Family("latency")
  case object Faults extends Family("faults")

  /** Every family, in the catalog's order. */
  val all: Vector[Family] = Vector(RunLoop, Collections, Errors, Scheduler, Latency, Faults)
}
