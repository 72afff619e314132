package effectbench.runner

import effectbench.stats.Describe
import effectbench.store.CanaryLog
import effectbench.store.CanaryLog.{ForkCheck, Verdict}
import java.nio.file.Path
import java.util.concurrent.{Callable, ExecutorService, Executors, ThreadFactory}

/** The machine canary: the round-trip time of a cache line between two threads spinning on it,
  * read by the runner before and after each fork of the rounds engine, and between the cycles of a
  * relay round, independently of the benchmarks.
  *
  * Why: a host may put a guest's two vCPUs on cores that share no cache for 20 s to minutes; the
  * round trip then reads about 7× its usual, and the forks of runtimes whose threads hand work to
  * each other slow by 20–110% while single-threaded ones do not (docs/lessons/machine-away.md).
  * Pairing by round cannot take that out (the state begins and ends inside a round); the cache line
  * between the two cores is the state itself, read in a millisecond.
  *
  * The choice rests on the canary, never on the fork's own score, so it cannot favour a runtime.
  * A reading is the best of `Reps` runs of `Trips` round trips (a tick or a preemption lengthens a
  * run, not the best one); the partner thread parks between readings, so the canary costs nothing
  * while a fork runs (the engine reads it between forks). */
final class MachineCanary extends AutoCloseable {
  import MachineCanary._
  private val ball = new java.util.concurrent.atomic.AtomicLong()
  @volatile private var active = false
  @volatile private var closed = false
  // The partner answers each odd value with the next even one while a reading is on; parks otherwise.
  private val partner = new Thread(
    () =>
      while (!closed) {
        while (!active && !closed) java.util.concurrent.locks.LockSupport.park(this)
        while (active) {
          val v = ball.get()
          if ((v & 1L) == 1L) ball.compareAndSet(v, v + 1)
        }
      },
    "machine-canary"
  )
  partner.setDaemon(true)
  partner.start()

  /** Nanoseconds per round trip over `n` trips (fewer when `DeadlineNanos` passes first: a partner that
    * does not get a core, as on one CPU, ends the reading instead of stalling it). */
  private def trips(n: Int): Double = {
    val t0 = System.nanoTime()
    var i = 0
    var late = false
    while (i < n && !late) {
      val v = ball.incrementAndGet()
      var spins = 0
      while (ball.get() == v && !late) {
        Thread.onSpinWait()
        spins += 1
        // The clock read now and then only: a System.nanoTime call costs about half a round trip.
        if ((spins & 255) == 0) late = System.nanoTime() - t0 > DeadlineNanos
      }
      if (!late) i += 1
    }
    // A reading cut short counts its unfinished trip as lasting to the deadline.
    (System.nanoTime() - t0).toDouble / math.max(1, i)
  }

  /** One reading: the cache-to-cache round trip in ns, the best of `Reps` runs after one unkept run
    * (the partner awake, both loops compiled). */
  def read(): MachineCanary.Reading = {
    active = true
    java.util.concurrent.locks.LockSupport.unpark(partner)
    try {
      trips(Trips)
      MachineCanary.Reading((1 to Reps).map(_ => trips(Trips)).min)
    } finally {
      active = false
      // The ball even again, as the next reading expects (a reading cut short may leave it odd).
      val v = ball.get(); if ((v & 1L) == 1L) ball.compareAndSet(v, v + 1)
    }
  }

  def close(): Unit = { closed = true; active = false; java.util.concurrent.locks.LockSupport.unpark(partner) }
}

object MachineCanary {
  /** Round trips per run of a reading, and runs per reading: ~0.1 ms a run at 50 ns, ~0.8 ms at 400. */
  val Trips = 2000
  val Reps = 5
  /** A run of a reading ends after this long whatever it has done (20 ms). */
  val DeadlineNanos: Long = 20000000L

  /** A reading above the reference by more than this fraction is a slow machine (analysis's CanaryRule,
    * which the report reads the record with). */
  val SlowFactor: Double = effectbench.analysis.CanaryRule.SlowFactor
  /** Readings before a verdict (Judge.reference). */
  val MinReadings = 4

  /** One reading of the canary: the cache-to-cache round trip between two threads, in ns. */
  final case class Reading(c2c: Double) {
    def parts: Vector[Double] = Vector(c2c)
  }

  /** The readings of a run so far and the verdict on a new one: the reference is the lower quartile
    * of the readings of the machine's fastest state seen (those no slower than the fastest reading
    * allows), after `MinReadings` readings. So a run that begins in a slow episode learns the
    * machine's speed when it returns, even when most of its readings so far were away: the state is
    * the host's placement of the vCPUs (two clusters on the nested 2-core guest, 50–95 ns and 280–390
    * ns in 3,700 relay-cycle readings), and a quartile of every reading took the away state for the
    * usual in a single-table run whose first round was mostly away. */
  final case class Judge(readings: Vector[Reading] = Vector.empty, slowFactor: Double = SlowFactor) {
    def reference: Option[Reading] =
      if (readings.size < MinReadings) None
      else {
        val all = readings.map(_.c2c)
        val fastest = all.min
        val state = all.filterNot(c => effectbench.analysis.CanaryRule.slow(c, fastest, slowFactor))
        // One of the readings, the lower of the two around the quartile (Hyndman–Fan 1).
        Some(Reading(Describe.quantile(if (state.isEmpty) all else state, 0.25, Describe.QuantileRule.Lower)))
      }
    /** How much slower than the reference a reading is (0.3 = 30%); NaN before MinReadings. */
    def excess(r: Reading): Double = reference.fold(Double.NaN)(ref => MachineCanary.excess(r, ref))
    def slow(r: Reading): Boolean = reference.exists(ref => effectbench.analysis.CanaryRule.slow(r.c2c, ref.c2c, slowFactor))
    def add(r: Reading): Judge = copy(readings = readings :+ r)
  }

  def excess(r: Reading, ref: Reading): Double = r.c2c / ref.c2c - 1

  /** How much of a relay round the machine was away for (Guard.relayRound). */
  sealed trait RoundAway { def away: Double }
  object RoundAway {
    /** The whole round: every cell's fork of it set aside. */
    final case class Whole(away: Double) extends RoundAway
    /** Some cycles: every cell's turn of each taken out, the rest of the round kept. */
    final case class Turns(cycles: Vector[Int], away: Double) extends RoundAway
  }

  /** The share of a relay round's planned measured cycles that must be left, read usual, for the round
    * to be kept without the cycles read away rather than set aside whole: under half, what is left is
    * fewer turns than the state held, and later rounds measure the cells again. */
  val MinUsualShare = 0.5

  /** The engine's use of the canary over one run: a reading before each fork and one after it; a
    * fork with either reading slow was measured, in part or whole, with the machine away from its
    * usual state, and is set aside (its files moved beside the kept ones, the fork left out of every
    * estimate): the rounds engine's later rounds measure the cell again while the table's budget lasts.
    * The engine does not wait for the machine: the away state can last minutes, and waits would
    * spend the run's budget on nothing. Every fork's check goes to the run's canary.jsonl
    * (CanaryLog). `read` is the canary, given so that the rule can be tested without timing anything. */
  final class Guard(read: () => Reading, runDir: Path, events: EngineEvent.Sink, slowFactor: Double = SlowFactor) {
    private var judge = Judge(slowFactor = slowFactor)
    private var last: Option[(Reading, Long)] = None

    /** A reading, taken again when it reads slow and the lower of the two kept: one stray reading is
      * not a state of the machine, a state lasts. */
    private def take(): Reading = {
      val first = read()
      val r = if (!judge.slow(first)) first else Reading(math.min(first.c2c, read().c2c))
      last = Some(r -> System.nanoTime())
      r
    }

    /** A few readings for the reference, taken when the run starts measuring. */
    def seed(): Unit = if (judge.readings.isEmpty) (1 to MinReadings).foreach(_ => judge = judge.add(take()))

    def reference: Option[Reading] = judge.reference

    /** Measures one fork under the canary: `run()` measures it; `setAside(away)`
      * moves its files out of the way and names where its JMH file went, `away` being how far the
      * machine was from its usual state around it (the larger excess of the two readings: 4.0 = five
      * times the usual round trip); `file` names a kept fork's. Returns the fork and whether it was kept.
      *
      * `setsAside` false (a latency fork): a slow reading is recorded (`kept, unmoved`) and the fork kept,
      * since the away state does not move the latency family's forks (set aside against kept, p99 −0.3%, SE 0.7%,
      * on the nested 2-core guest) and setting them aside only doubled those tables' cost. Throughput
      * forks stay judged: there fork-many's set aside ran +28% (SE 7%) over its kept ones. */
    def fork[A](table: String, cell: String, round: Int, nth: Int, file: String, setsAside: Boolean = true)(run: () => A)(
        setAside: Double => String
    ): (A, Boolean) = {
      seed()
      // The reading after the fork before is this one's before when it is under a second old.
      val before = last.filter(l => System.nanoTime() - l._2 < 1e9).map(_._1).getOrElse { val x = take(); judge = judge.add(x); x }
      val a = run()
      val after = take()
      val ref = judge.reference.getOrElse(after)
      val slow = judge.slow(before) || judge.slow(after)
      judge = judge.add(after)
      if (slow && !setsAside) {
        CanaryLog.append(runDir, check(table, cell, round, nth, before, after, ref, Verdict.Unmoved, file))
        (a, true)
      } else if (slow) {
        val moved = setAside(math.max(excess(before, ref), excess(after, ref)))
        events(EngineEvent.Note(f"$cell round $round: set aside, the machine away from its usual state around the fork (canary " +
            f"${excess(before, ref) * 100}%+.0f%% before, ${excess(after, ref) * 100}%+.0f%% after, against its usual ${text(ref)}); " +
            "later rounds measure the cell again"))
        CanaryLog.append(runDir, check(table, cell, round, nth, before, after, ref, Verdict.SetAside, moved))
        (a, false)
      } else {
        CanaryLog.append(runDir, check(table, cell, round, nth, before, after, ref, Verdict.Clean, file))
        (a, true)
      }
    }

    /** Measures one relay round under the canary: a reading before each of its cycles that no JVM's start
      * overlaps (every JVM of the round stopped: Relay.run's `canary`) and one after its last.
      * `run(hooks)` measures the round, calling `hooks.between(cycle, measured)` before those cycles,
      * `measured` whether the cycle holds a measured turn; it returns the reading, in ns. `hooks.away`
      * judges a reading as the round goes (the reference with the round's readings so far), and
      * `hooks.unmeasured(cycle)` takes back a cycle read but not measured (the round had its usual cycles).
      * `cells`: each cell's key and the JMH file it keeps; `planned`, the measured cycles the round
      * planned (None: as many as it measured).
      *
      * The round's readings join the reference first (a run that begins with the machine away learns its
      * usual state from the round's own cycles). Then each measured cycle is judged by the readings on
      * either side of it: a cycle with either slow was measured, in part or whole, with the machine away.
      * Every cell's turn of such a cycle is taken out (`aside(RoundAway.Turns(cycles, away))`); when the
      * cycles left are fewer than `MinUsualShare` of those planned, the round is set aside whole
      * (`aside(RoundAway.Whole(away))`). `aside` names where each cell's JMH file is kept. Why: the state
      * slows the runtimes whose threads hand work to each other by different amounts (1.3–2.6× in one
      * fork-many cycle on the nested 2-core guest), which pairing turn against turn cannot take out, and it
      * comes and goes in spells of seconds, so a cycle, every cell's turn of it, is the unit that keeps
      * the pairing. A round's before is the reading before its first measured cycle, its after the slowest
      * after that. Returns the round and whether it was kept.
      *
      * `setsAside` false (a latency table): a slow reading is recorded (`kept, unmoved`), every turn kept. */
    def relayRound[A](
        table: String, cells: Vector[(String, String)], round: Int, setsAside: Boolean = true,
        planned: Option[Int] = None
    )(
        run: Relay.CanaryHooks => A
    )(aside: RoundAway => Map[String, String]): (A, Boolean) = {
      seed()
      var readings = Vector.empty[(Int, Reading, Boolean)]
      var live = judge
      val a = run(Relay.CanaryHooks(
          between = { (cycle, measured) =>
            val r = take(); readings :+= ((cycle, r, measured)); live = live.add(r); r.c2c
          },
          away = ns => !ns.isNaN && live.slow(Reading(ns)),
          unmeasured = cycle => readings = readings.map { case (c, r, _) if c == cycle => (c, r, false); case x => x }
        ))
      val end = take()
      judge = (readings.map(_._2) :+ end).foldLeft(judge)(_.add(_))
      val ref = judge.reference.getOrElse(end)
      // Each reading with the one after it (the last measured cycle's after is the round's end).
      val around = readings.zip(readings.drop(1).map(_._2) :+ end)
      val measured = around.collect { case ((c, r, true), next) => (c, r, next) }
      val awayCycles = measured.collect { case (c, r, next) if judge.slow(r) || judge.slow(next) => c }
      val judged = measured.map(_._2) :+ end
      val (before, after) = (judged.head, judged.drop(1).maxByOption(_.c2c).getOrElse(judged.head))
      val away = judged.map(excess(_, ref)).max
      def log(verdict: String, files: Map[String, String], cycles: Vector[Int] = Vector.empty): Unit =
        cells.foreach { case (k, f) =>
          CanaryLog.append(runDir, check(table, k, round, 1, before, after, ref, verdict, files.getOrElse(k, f)).copy(awayCycles = cycles))
        }
      val slow = awayCycles.nonEmpty || (measured.isEmpty && judge.slow(end))
      if (slow && !setsAside) { log(Verdict.Unmoved, Map.empty); (a, true) }
      else if (!slow) { log(Verdict.Clean, Map.empty); (a, true) }
      else if (measured.size - awayCycles.size < MinUsualShare * planned.getOrElse(measured.size) || measured.isEmpty) {
        val moved = aside(RoundAway.Whole(away))
        events(EngineEvent.Note(f"table $table round $round: set aside, the machine away from its usual state during it (canary " +
            f"slow around ${awayCycles.size} of its ${measured.size} measured cycles, up to ${away * 100}%+.0f%%, against its usual " +
            s"${text(ref)}); later rounds measure its cells again"))
        log(Verdict.SetAside, moved, awayCycles)
        (a, false)
      } else {
        val kept = aside(RoundAway.Turns(awayCycles, away))
        events(EngineEvent.Note(f"table $table round $round: kept without its turns of ${awayCycles.size} of its ${measured.size} " +
            f"measured cycles (${awayCycles.mkString(", ")}), the machine away from its usual state around them (canary up to " +
            f"${away * 100}%+.0f%%, against its usual ${text(ref)})"))
        log(Verdict.TurnsAside, kept, awayCycles)
        (a, true)
      }
    }

    /** Forks set aside that their cell keeps after all (Rounds.measure: too few kept forks without
      * them): each is recorded again, as kept on a slow machine, so the run's line counts it as kept. */
    def restored(table: String, cell: String, forks: Vector[(Int, Int, Path)]): Unit = {
      val ref = judge.reference.getOrElse(Reading(Double.NaN))
      forks.foreach { case (round, nth, f) =>
        CanaryLog.append(runDir,
          check(table, cell, round, nth, Reading(Double.NaN), Reading(Double.NaN), ref, Verdict.Slow, runDir.relativize(f).toString))
      }
    }
  }

  def text(r: Reading): String = f"${r.c2c}%.0f ns cache-to-cache round trip"

  /** One fork's record: a single attempt, nothing waited (the canary neither waits nor measures again). */
  def check(table: String, cell: String, round: Int, nth: Int, before: Reading, after: Reading, ref: Reading, verdict: String, file: String)
      : ForkCheck =
    ForkCheck(table, cell, round, nth, 0, before.parts, after.parts, ref.parts, verdict, 0.0, file, unit = "ns")

  private val guards = scala.collection.concurrent.TrieMap.empty[Path, Guard]

  /** The guard of a run (one per run directory, so that the reference spans its tables). The JVM
    * property `effectbench.canary.slowFactor` replaces SlowFactor: −1 reads every reading slow, the
    * runner's tests' way to take the set-aside path end to end on a machine that holds its speed. */
  def guardFor(runDir: Path, events: EngineEvent.Sink): Guard = guards.getOrElseUpdate(runDir, {
      lazy val canary = new MachineCanary()
      val factor = sys.props.get("effectbench.canary.slowFactor").flatMap(_.trim.toDoubleOption).getOrElse(SlowFactor)
      new Guard(() => canary.read(), runDir, events, factor)
    })
}
