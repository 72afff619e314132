package effectbench

/** The work one operation of a scenario does, declared from its parameters: the units the
  * report divides a score by to compare a cell with the plain-code floor of its table, and the
  * "declared" work shown beside scores where nothing counts it at run time. The first entry is
  * the primary unit. */
object DeclaredWork {
  type Counts = Vector[(String, Long)]

  /** Whether the table's baseline is a floor for the scenario: plain sequential code is one for the
    * single-fiber and error families (run loop, collections, errors), so a cell under it has lost work. In the scheduler family the
    * baseline is the fixed-thread-pool reference point of docs/scenarios.md, which a work-stealing pool
    * can beat honestly, and the forks, yields and queue operations there are counted inside the
    * running programs by the verifier — so the scheduler family is not checked against it. Nor is the latency family, whose
    * baseline hogs a fixed pool without yielding: its score is the hogs' throughput, bought with the
    * probes' latency, and no floor of anything. */
  def hasFloor(s: Scenario): Boolean = s.family != Family.Scheduler && s.family != Family.Latency

  /** What is said of a cell measured faster than its table's plain-code baseline (by `verify
    * --floor` and under a report's table). */
  val belowFloorText = "faster than the baseline floor — check for work the JIT removed"

  /** The primary unit and its count per operation, when the scenario declares one. */
  def primary(s: Scenario, p: Params): Option[(String, Long)] = s.work(s.complete(p)).headOption.filter(_._2 > 0)

  /** Calls that `ackermann(m, n)` makes, the recursion of docs/scenarios.md counted exactly (closed
    * forms for m <= 2, a loop for m = 3; saturates at Long.MaxValue). */
  def ackermannCalls(m: Int, n: Long): Long = {
    def sat(x: Long): Long = if (x < 0) Long.MaxValue else x
    def c2(k: Long): Long = if (k > 2000000000L) Long.MaxValue else sat(5L + 2L * k * (k + 1L) + 5L * k)
    m match {
      case 0 => 1L
      case 1 => 2L * n + 2L
      case 2 => c2(n)
      case 3 =>
        // C(3, 0) = 1 + C(2, 1); C(3, k) = 1 + C(3, k - 1) + C(2, A(3, k - 1))
        var c = 1L + c2(1L)
        var k = 1L
        while (k <= n && c != Long.MaxValue) {
          val a = if (k + 2 >= 62) Long.MaxValue else (1L << (k + 2)) - 3L
          c = sat(1L + c + c2(a))
          k += 1
        }
        c
      case _ => Long.MaxValue
    }
  }

  /** The scheduler family: a scenario's prescribed work as declared counts, its primary unit first and zeros
    * left out. */
  def primaryFirst(w: WorkCount, primary: WorkUnit): Counts = {
    val all = w.units
    (all.filter(_._1 == primary.name) ++ all.filterNot(_._1 == primary.name)).filter(_._2 > 0)
  }

  /** A WorkCount as labelled counts (zeros left out), for records and reports. */
  def of(w: WorkCount): Counts = w.units.filter(_._2 != 0)
}
