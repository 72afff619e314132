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
  * The work has two parts, each timed and judged on its own. The walk: each of `threads` threads
  * runs a xorshift walk of reads and writes over its own 4-MiB array (ALU, cache and memory, no
  * allocation), all at once, timed until the last finishes (a core taken away by the host slows the
  * whole reading). The handoffs: two threads pass a baton back and forth, parking while they wait
  * (the wake-ups a pool of workers lives on). Both parts, because the episodes are not alike for
  * every program: in the headline of 00:50 the gather forks of ox, loom, monix, future and the
  * baseline slowed by 40–80% for a minute while Cats Effect's and Scalaz's stayed within 8%. Each
  * part is the lower of two runs (a timer tick or a page fault is not the machine), calibrated once
  * to about `TargetMillis`. */
final class MachineCanary(threads: Int = Runtime.getRuntime.availableProcessors) extends AutoCloseable {
  import MachineCanary._
  private val arrays = Array.fill(threads)(new Array[Int](ArrayInts))
  private val pool: ExecutorService = Executors.newFixedThreadPool(math.max(2, threads),
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

  /** Two threads hand a baton to each other `n` times each, parking while they wait (LockSupport,
    * as the pools of the runtimes measured here park their idle workers): the time of a wake-up. */
  private def handoffs(n: Int): Long = {
    val turn = new java.util.concurrent.atomic.AtomicInteger(0)
    val sides = new java.util.concurrent.atomic.AtomicReferenceArray[Thread](2)
    def side(me: Int): Long = {
      sides.set(me, Thread.currentThread())
      while (sides.get(1 - me) == null) Thread.onSpinWait()
      val other = sides.get(1 - me)
      var i = 0
      while (i < n) {
        while (turn.get() != me) java.util.concurrent.locks.LockSupport.park(this)
        turn.set(1 - me)
        java.util.concurrent.locks.LockSupport.unpark(other)
        i += 1
      }
      i.toLong
    }
    val start = System.nanoTime()
    val fs = (0 to 1).map(me => pool.submit(new Callable[Long] { def call(): Long = side(me) }))
    sink += fs.map(_.get()).sum
    System.nanoTime() - start
  }

  /** Steps per thread of the walk, and handoffs, that take about TargetMillis each, after the JIT
    * has compiled them. */
  private val (steps, batons): (Int, Int) = {
    def fit(f: Int => Long, from: Int): Int = {
      var n = from
      (0 until 20).foreach(_ => f(n))
      while (f(n) < TargetMillis * 1e6 / 2 && n < (1 << 30)) n *= 2
      n
    }
    (fit(once, 1 << 16), fit(handoffs, 1 << 8))
  }

  /** One reading: milliseconds of the walk on every core and of the handoffs, each the lower of two runs. */
  def read(): MachineCanary.Reading =
    MachineCanary.Reading(math.min(once(steps), once(steps)) / 1e6, math.min(handoffs(batons), handoffs(batons)) / 1e6)

  def close(): Unit = pool.shutdownNow()
}

object MachineCanary {
  /** Ints in each thread's array: 4 MiB, beyond a core's L2 on the machines seen here. */
  val ArrayInts: Int = 1 << 20
  /** Milliseconds each part of a run aims at: a reading is two runs of both, ~100 ms after each fork
    * (the reading after one fork is the next one's before), ~2% of a quick fork's 5.5 s. */
  val TargetMillis = 25.0

  /** Readings above the reference by more than this are a slow machine. Idle on the 2-core VM
    * (2026-11-27 01:34, 150 s, 248 readings) one reading's walk lay +32% above the lower quartile of
    * the readings at the 95th percentile, +48% at the 99th; its handoffs +23% and +36%; hence a
    * reading that reads slow is taken again (Guard.take). The episodes above slowed forks by 24–90%. */
  val SlowFactor = 0.25
  /** Readings before a verdict: the reference is their lower quartile. */
  val MinReadings = 4
  /** How long the engine waits for the machine to come back before a fork, polling every PollSeconds. */
  val MaxWaitSeconds = 40.0
  val PollSeconds = 2.0
  /** Times one fork is measured again when the machine slowed during it. */
  val Retries = 2

  /** One reading of the canary: milliseconds of the walk on every core and of the handoffs. */
  final case class Reading(walk: Double, handoff: Double) {
    def parts: Vector[Double] = Vector(walk, handoff)
  }

  /** The readings of a run so far and the verdict on a new one: the reference is each part's lower
    * quartile (the machine at its usual speed, after enough readings that one fast outlier does not
    * set it), so a run that begins in a slow episode learns the machine's speed when it returns; a
    * reading is as slow as its slower part. */
  final case class Judge(readings: Vector[Reading] = Vector.empty, slowFactor: Double = SlowFactor) {
    def reference: Option[Reading] =
      if (readings.size < MinReadings) None
      else {
        def q(xs: Vector[Double]) = { val s = xs.sorted; s((s.size - 1) / 4) }
        Some(Reading(q(readings.map(_.walk)), q(readings.map(_.handoff))))
      }
    /** How much slower than the reference a reading is (0.3 = 30%), by its slower part; NaN before MinReadings. */
    def excess(r: Reading): Double = reference.fold(Double.NaN)(ref => MachineCanary.excess(r, ref))
    def slow(r: Reading): Boolean = { val e = excess(r); !e.isNaN && e > slowFactor }
    def add(r: Reading): Judge = copy(readings = readings :+ r)
  }

  def excess(r: Reading, ref: Reading): Double = r.parts.zip(ref.parts).map { case (x, y) => x / y - 1 }.max

  /** The engine's use of the canary over one run: a reading before each fork (waiting while the
    * machine is slow, at most MaxWaitSeconds), one after it; a fork during which the machine slowed
    * (calm before, slow after) is set aside and measured again, at most Retries times; a fork begun
    * on a machine that did not come back within the wait, or whose retries ran out, is kept and
    * counted as `slow`. Every fork's check goes to the run's canary.jsonl (CanaryLog). Only readings
    * at a fork's edges feed the reference, not the polls of a wait (a long slow spell would
    * otherwise become the machine's usual speed). `read` and `sleep` are the canary and the clock,
    * given so that the rule can be tested without timing anything. */
  final class Guard(read: () => Reading, sleep: Double => Unit, runDir: Path, note: String => Unit) {
    private var judge = Judge()
    private var last: Option[(Reading, Long)] = None

    /** A reading, taken again when it reads slow and the lower of the two kept part by part: a
      * single reading strays by +30% one time in twenty on a quiet machine, an episode lasts. */
    private def take(): Reading = {
      val first = read()
      val r =
        if (!judge.slow(first)) first
        else { val again = read(); Reading(math.min(first.walk, again.walk), math.min(first.handoff, again.handoff)) }
      last = Some(r -> System.nanoTime())
      r
    }

    /** A few readings for the reference, taken when the run starts measuring. */
    def seed(): Unit = if (judge.readings.isEmpty) (1 to MinReadings).foreach(_ => judge = judge.add(take()))

    def reference: Option[Reading] = judge.reference

    /** The reading before a fork (the last one when it is under a second old), and the seconds
      * waited for the machine to come back; `calm` whether it did. */
    private def before(): (Reading, Double, Boolean) = {
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
      * moves a disturbed attempt's files out of the way and names where its JMH file went; `file`
      * names the kept fork's. Returns the fork kept and the seconds spent besides it (waits and
      * attempts set aside), for the table's budget. */
    def fork[A](table: String, cell: String, round: Int, nth: Int, file: String)(run: Int => (A, Double))(setAside: Int => String)
        : (A, Double) = {
      seed()
      var attempt = 0
      var extra = 0.0
      var result: Option[A] = None
      while (result.isEmpty) {
        val (b, waited, calm) = before()
        extra += waited
        if (waited > 0 && calm) note(f"$cell: waited ${waited}%.0f s for the machine to come back")
        val (a, seconds) = run(attempt)
        val after = take()
        val slowAfter = judge.slow(after)
        val ref = judge.reference.getOrElse(after)
        judge = judge.add(after)
        if (calm && slowAfter && attempt < Retries) {
          val moved = setAside(attempt)
          extra += seconds
          note(f"$cell round $round: the machine slowed during the fork (canary ${excess(after, ref) * 100}%+.0f%% over its usual " +
            s"${text(ref)}): set aside and measured again once the machine is back")
          CanaryLog.append(runDir, check(table, cell, round, nth, attempt, b, after, ref, Verdict.Remeasured, waited, moved))
          attempt += 1
        } else {
          val verdict = if (calm && !slowAfter) Verdict.Clean else Verdict.Slow
          if (verdict == Verdict.Slow)
            note(f"$cell round $round: kept, measured while the machine was slow (canary ${excess(b, ref) * 100}%+.0f%% before, " +
              f"${excess(after, ref) * 100}%+.0f%% after, against its usual ${text(ref)})")
          CanaryLog.append(runDir, check(table, cell, round, nth, attempt, b, after, ref, verdict, waited, file))
          result = Some(a)
        }
      }
      (result.get, extra)
    }
  }

  def text(r: Reading): String = f"${r.walk}%.1f ms of walk, ${r.handoff}%.1f ms of handoffs"

  def check(
      table: String, cell: String, round: Int, nth: Int, attempt: Int, before: Reading, after: Reading, ref: Reading, verdict: String,
      waited: Double, file: String
  ): ForkCheck =
    ForkCheck(table, cell, round, nth, attempt, before.parts, after.parts, ref.parts, verdict, waited, file)

  private val guards = scala.collection.concurrent.TrieMap.empty[Path, Guard]

  /** The guard of a run (one per run directory, so that the reference spans its tables), over a
    * canary of every core. */
  def guardFor(runDir: Path, note: String => Unit): Guard = guards.getOrElseUpdate(runDir, {
      lazy val canary = new MachineCanary()
      new Guard(() => canary.read(), s => Thread.sleep((s * 1000).toLong), runDir, note)
    })
}
