package effectbench

/** `service` (latency under load): the seeded schedule every runtime serves, its oracle and its capacity
  * rule. The harness runs the schedule (LoadWindow.runService); the runtimes only serve requests;
  * the report applies `capacity`. One generator, seeded with `Seed`, draws the whole window, so
  * every runtime and every JVM meets the same arrivals, backends and timeouts.
  *
  * A request: parse (burn `base` tokens), fan out to three backends at once (timer sleeps `a` and
  * `b`, and `c` raced against the timeout), take one of `permits` permits, burn `base` tokens,
  * respond. The raced backend is either fast (at most 1.5 ms, against a timeout of 100 ms by
  * default) or slow (`SlowNanos`, 1 s), never near the timeout: which requests time out is the
  * schedule's, not the scheduler's: the oracle requires every slow one to time out (a slow one
  * could win only if the timeout's wake waited 900 ms longer than the backend's). A fast backend
  * that loses to the timeout all the same is a late timeout: the runtime was that late to run it.
  * It is counted apart (WindowResult.lateTimeouts) and is no oracle failure, since it depends on
  * the load: in the oracle tests on a shared 2-core machine (load average 7), ZIO's fast backends
  * lost to a timeout of 20 ms, and to one of 100 ms at 4,000 and 8,000 requests a second, while
  * Cats Effect's did not. */
object ServiceModel {
  val Seed: Long = 0x5e41ceL

  /** The two plain backends sleep 1..3 ms, the raced one's fast answers 0.5..1.5 ms. */
  val BackendMinNanos: Long = 1000000L
  val BackendSpanNanos: Long = 2000000L
  val FastMinNanos: Long = 500000L
  val FastSpanNanos: Long = 1000000L
  /** The raced backend's slow answer: 1 s, the starvation limit, so it never beats the timeout. */
  val SlowNanos: Long = LatencyModel.StarvedNanos
  /** The share of requests whose raced backend is slow (they time out): under 1%, so that the
    * timeouts show in p99.9 and the p99 is the fast requests' (the capacity's). */
  val SlowShare: Double = 0.005

  /** The rates of the sweep (requests per second), in ascending order: a plain run plans every one,
    * and measures them in this order until a runtime's sweep stops (docs/engine.md). */
  val rates: Vector[String] = Vector("250", "500", "1000", "2000", "4000", "8000")

  /** One window's requests: scheduled offsets from the window's start (ns, Poisson arrivals) and
    * the three backends' sleeps (ns) of each. */
  final class Schedule(val offsets: Array[Long], val a: Array[Long], val b: Array[Long], val c: Array[Long]) {
    def requests: Int = offsets.length
    def slow(k: Int): Boolean = c(k) >= SlowNanos
    def timeouts: Int = {
      var n = 0
      var k = 0
      while (k < requests) { if (slow(k)) n += 1; k += 1 }
      n
    }
  }

  /** The schedule of a window at (complete) params `p`: exponential inter-arrival times of mean
    * 1/rate from the first request at offset 0, as many as start within `window-ms` (at least one). */
  def schedule(p: Params): Schedule = {
    val rng = new java.util.SplittableRandom(Seed)
    val meanNanos = 1e9 / p.long("rate")
    val window = LatencyModel.windowNanos(p)
    val offsets = scala.collection.mutable.ArrayBuffer.empty[Long]
    val a = scala.collection.mutable.ArrayBuffer.empty[Long]
    val b = scala.collection.mutable.ArrayBuffer.empty[Long]
    val c = scala.collection.mutable.ArrayBuffer.empty[Long]
    var t = 0.0
    while (offsets.isEmpty || t < window) {
      offsets += t.toLong
      a += BackendMinNanos + rng.nextLong(BackendSpanNanos)
      b += BackendMinNanos + rng.nextLong(BackendSpanNanos)
      c += (if (rng.nextDouble() < SlowShare) SlowNanos else FastMinNanos + rng.nextLong(FastSpanNanos))
      t += -math.log(1.0 - rng.nextDouble()) * meanNanos
    }
    new Schedule(offsets.toArray, a.toArray, b.toArray, c.toArray)
  }

  def timeoutNanos(p: Params): Long = p.long("timeout-us") * 1000L

  /** The oracle: every request answered exactly once, and every one of the schedule's slow ones timed out. */
  def oracle(requests: Int, timeouts: Int): String =
    s"$requests requests answered once; the schedule's $timeouts slow backends timed out"

  def oracleAt(p: Params): String = {
    val s = schedule(p)
    oracle(s.requests, s.timeouts)
  }

  /** The capacity rule: given each rate's p99 (µs; NaN when the rate has none, or starved) in
    * ascending order of rate, the highest rate whose p99 is under the target with every lower rate
    * under it too (the sweep stops at the first rate that exceeds it); None when even the lowest
    * exceeds it. A rate with starved requests or no p99 counts as exceeding. */
  def capacity(byRate: Vector[(Long, Double)], targetMicros: Double): Option[Long] =
    byRate.sortBy(_._1).takeWhile { case (_, p99) => !p99.isNaN && p99 < targetMicros }.lastOption.map(_._1)
}
