package effectbench.runner

import effectbench.store.CanaryLog
import effectbench.store.CanaryLog.{ForkCheck, Verdict}
import java.nio.file.Path
import java.util.concurrent.{Callable, ExecutorService, Executors, ThreadFactory}

/** A fixed piece of work on every core, timed by the runner before and after each fork of the rounds
  * engine: the machine's own speed, read beside the benchmarks and independently of them.
  *
  * Why: on the 2-core VM the forks of a table slowed together for 20–40 s at a time while the load
  * average stayed below 1.5. In the headline of 2026-11-27 00:06 every gather cell measured between
  * minutes 7.7 and 8.1 of the run came out 24–68% slower than its other forks, and every fork-many
  * cell between minutes 13.9 and 14.3 48–90% slower (cats-effect, ox, baseline, future, monix, loom;
  * the forks just before and after within ±20%); the quiet run of 23:34 had no such minute (its mean
  * deviation of a fork from its cell 2–8% in every minute). An episode of ~30 s falls across a round
  * (a gather round is eight forks, ~45 s), so pairing by round cannot take it out, and one slowed fork
  * of four widens a ratio's interval by half. A fork measured while the machine itself was slow says
  * nothing about the runtime, so the engine measures it again once the machine is back: the choice
  * rests on the canary, never on the fork's own score, so it cannot favour a runtime.
  *
  * The work: each of `threads` threads runs a xorshift walk of reads and writes over its own 4-MiB
  * array (ALU, cache and memory, no allocation), all threads at once, and the reading is the wall
  * time until the last finishes (a core taken away by the host slows the whole reading), the lower of
  * two runs (a timer tick or a page fault is not the machine). Calibrated once to about
  * `TargetMillis`. */
final class MachineCanary(threads: Int = Runtime.getRuntime.availableProcessors) extends AutoCloseable {
  import MachineCanary._
  private val arrays = Array.fill(threads)(new Array[Int](ArrayInts))
  private val pool: ExecutorService = Executors.newFixedThreadPool(threads,
    new ThreadFactory {
      def newThread(r: Runnable): Thread = { val t = new Thread(r, "machine-canary"); t.setDaemon(true); t }
    })
  @volatile private var sink = 0L

  private def walk(t: Int, steps: Int): Long = {
    val a = arrays(t)
    var x = 88172645463325252L + t
    var s = 0L
    var i = 0
    while (i < steps) {
      x ^= x << 13; x ^= x >>> 7; x ^= x << 17
      val j = (x & (ArrayInts - 1)).toInt
      s += a(j)
      a(j) = s.toInt
      i += 1
    }
    s
  }

  private def once(steps: Int): Long = {
    val start = System.nanoTime()
    val fs = (0 until threads).map(t => pool.submit(new Callable[Long] { def call(): Long = walk(t, steps) }))
    sink += fs.map(_.get()).sum
    System.nanoTime() - start
  }

  /** Steps per thread that take about TargetMillis, after the JIT has compiled the walk. */
  private val steps: Int = {
    var n = 1 << 16
    (0 until 40).foreach(_ => once(n))
    while (once(n) < TargetMillis * 1e6 / 2 && n < (1 << 30)) n *= 2
    n
  }

  /** One reading: milliseconds of the work on every core, the lower of two runs. */
  def read(): Double = math.min(once(steps), once(steps)) / 1e6

  def close(): Unit = pool.shutdownNow()
}

object MachineCanary {
  /** Ints in each thread's array: 4 MiB, beyond a core's L2 on the machines seen here. */
  val ArrayInts: Int = 1 << 20
  /** Milliseconds a reading aims at: 2 × 50 ms a fork, ~3% of a quick fork's 5.5 s. */
  val TargetMillis = 50.0

  /** Readings above the reference by more than this are a slow machine. Idle on the 2-core VM
    * (2026-11-27 01:07, five minutes, 500 readings) the readings lay within 49.4–58 ms, +17% at most
    * above their lower quartile; the episodes above slowed the forks by 24–90%. */
  val SlowFactor = 0.20
  /** Readings before a verdict: the reference is their lower quartile. */
  val MinReadings = 4
  /** How long the engine waits for the machine to come back before a fork, polling every PollSeconds. */
  val MaxWaitSeconds = 40.0
  val PollSeconds = 2.0
  /** Times one fork is measured again when the machine slowed during it. */
  val Retries = 2

  /** The readings of a run so far and the verdict on a new one: the reference is their lower
    * quartile (the machine at its usual speed, after enough readings that one fast outlier does not
    * set it), so a run that begins in a slow episode learns the machine's speed when it returns. */
  final case class Judge(readings: Vector[Double] = Vector.empty, slowFactor: Double = SlowFactor) {
    def reference: Double =
      if (readings.size < MinReadings) Double.NaN else { val s = readings.sorted; s((s.size - 1) / 4) }
    /** How much slower than the reference a reading is (0.3 = 30%); NaN before MinReadings. */
    def excess(r: Double): Double = r / reference - 1
    def slow(r: Double): Boolean = { val e = excess(r); !e.isNaN && e > slowFactor }
    def add(r: Double): Judge = copy(readings = readings :+ r)
  }

  /** The engine's use of the canary over one run: a reading before each fork (waiting while the
    * machine is slow, at most MaxWaitSeconds), one after it; a fork during which the machine slowed
    * (calm before, slow after) is set aside and measured again, at most Retries times; a fork begun
    * on a machine that did not come back within the wait, or whose retries ran out, is kept and
    * counted as `slow`. Every fork's check goes to the run's canary.jsonl (CanaryLog). Only readings
    * at a fork's edges feed the reference, not the polls of a wait (a long slow spell would
    * otherwise become the machine's usual speed). `read` and `sleep` are the canary and the clock,
    * given so that the rule can be tested without timing anything. */
  final class Guard(read: () => Double, sleep: Double => Unit, runDir: Path, note: String => Unit) {
    private var judge = Judge()
    private var last: Option[(Double, Long)] = None

    private def take(): Double = {
      val r = read()
      last = Some(r -> System.nanoTime())
      r
    }

    /** A few readings for the reference, taken when the run starts measuring. */
    def seed(): Unit = if (judge.readings.isEmpty) (1 to MinReadings).foreach(_ => judge = judge.add(take()))

    def reference: Double = judge.reference

    /** The reading before a fork (the last one when it is under a second old), and the seconds
      * waited for the machine to come back; `calm` whether it did. */
    private def before(): (Double, Double, Boolean) = {
      val fresh = last.filter(l => System.nanoTime() - l._2 < 1e9).map(_._1)
      var r = fresh.getOrElse { val x = take(); judge = judge.add(x); x }
      var waited = 0.0
      while (judge.slow(r) && waited < MaxWaitSeconds) {
        sleep(PollSeconds)
        waited += PollSeconds
        r = take()
      }
      if (waited > 0) judge = judge.add(r)
      (r, waited, !judge.slow(r))
    }

    /** Measures one fork under the canary: `run(attempt)` measures it and gives its seconds, `setAside(attempt)`
      * moves a disturbed attempt's files out of the way. Returns the fork kept and the seconds spent
      * besides it (waits and attempts set aside), for the table's budget. */
    def fork[A](table: String, cell: String, round: Int, nth: Int)(run: Int => (A, Double))(setAside: Int => Unit): (A, Double) = {
      seed()
      var attempt = 0
      var extra = 0.0
      var result: Option[A] = None
      while (result.isEmpty) {
        val (b, waited, calm) = before()
        extra += waited
        if (waited > 0 && calm)
          note(f"$cell: waited ${waited}%.0f s for the machine to come back (canary ${b}%.1f ms, usual ${judge.reference}%.1f ms)")
        val (a, seconds) = run(attempt)
        val after = take()
        val slowAfter = judge.slow(after)
        val ref = judge.reference
        judge = judge.add(after)
        if (calm && slowAfter && attempt < Retries) {
          setAside(attempt)
          extra += seconds
          note(
            f"$cell round $round: the machine slowed during the fork (canary ${after}%.1f ms, +${(after / ref - 1) * 100}%.0f%% over its usual ${ref}%.1f ms): " +
              "set aside and measured again once the machine is back"
          )
          CanaryLog.append(runDir, ForkCheck(table, cell, round, nth, attempt, b, after, ref, Verdict.Remeasured, waited))
          attempt += 1
        } else {
          val verdict = if (calm && !slowAfter) Verdict.Clean else Verdict.Slow
          if (verdict == Verdict.Slow)
            note(
              f"$cell round $round: kept, measured while the machine was slow (canary ${b}%.1f ms before, ${after}%.1f ms after, usual ${ref}%.1f ms)"
            )
          CanaryLog.append(runDir, ForkCheck(table, cell, round, nth, attempt, b, after, ref, verdict, waited))
          result = Some(a)
        }
      }
      (result.get, extra)
    }
  }

  private val guards = scala.collection.concurrent.TrieMap.empty[Path, Guard]

  /** The guard of a run (one per run directory, so that the reference spans its tables), over a
    * canary of every core. */
  def guardFor(runDir: Path, note: String => Unit): Guard = guards.getOrElseUpdate(runDir, {
      lazy val canary = new MachineCanary()
      new Guard(() => canary.read(), s => Thread.sleep((s * 1000).toLong), runDir, note)
    })
}
