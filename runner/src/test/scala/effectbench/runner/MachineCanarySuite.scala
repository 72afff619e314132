package effectbench.runner

import effectbench.store.CanaryLog
import effectbench.store.CanaryLog.Verdict
import java.nio.file.Files

/** The machine canary's rule, on scripted readings (nothing timed): the reference, when a fork is set
  * aside and measured again, when it is kept as slow, and what the run's canary.jsonl records. */
class MachineCanarySuite extends munit.FunSuite {
  /** A guard over scripted readings; `runs` counts the forks run, `aside` the ones set aside. */
  final class Script(readings: Double*) {
    private val it = readings.iterator.map(MachineCanary.Reading(_))
    var notes = Vector.empty[String]
    val dir = Files.createTempDirectory("canary")
    val guard = new MachineCanary.Guard(() => it.next(), dir, EngineEvent.Sink.lines(n => notes :+= n))
    var runs = 0
    var aside = 0
    def fork(round: Int, setsAside: Boolean = true): (String, Boolean) =
      guard.fork("table", "cell", round, 1, s"jmh/cell.round-$round.json", setsAside)(() => { runs += 1; s"fork $runs" }) { _ =>
        aside += 1
        s"jmh/cell.round-$round.set-aside-1.json"
      }
    def checks = CanaryLog.read(dir)
    def left: Boolean = it.hasNext
  }

  test("the reference is the lower quartile of the readings, from the fourth on") {
    def r(ns: Double) = MachineCanary.Reading(ns)
    val j = Seq(r(50), r(52), r(80)).foldLeft(MachineCanary.Judge())(_ add _)
    assert(j.reference.isEmpty, "three readings give no verdict")
    assert(!j.slow(r(500)))
    val k = j.add(r(51)).add(r(49)) // 49, 50, 51, 52, 80: the lower quartile is 50
    assertEquals(k.reference, Some(r(50)))
    assert(k.slow(r(101)), "more than twice the reference is slow")
    assert(!k.slow(r(99)), "less is not: the usual readings lie within +41% of it")
    assertEqualsDouble(k.excess(r(65)), 0.3, 1e-9)
  }

  test("the reference is the machine's fastest state seen: a run mostly away so far still judges its away readings slow") {
    def r(ns: Double) = MachineCanary.Reading(ns)
    val j = (Seq.fill(8)(r(310)) ++ Seq(r(62), r(59), r(66))).foldLeft(MachineCanary.Judge())(_ add _)
    assertEquals(j.reference, Some(r(59)), "the quartile of 59, 62 and 66, not of every reading (310)")
    assert(j.slow(r(305)))
    assert(!j.slow(r(70)))
  }

  test("a fork with the machine away after it is set aside, so is the next one begun then; the machine back, forks are kept") {
    // Four seed readings (the last, under a second old, is the first fork's reading before); after the
    // first fork 375 (slow: taken again, 374 kept), which is the second fork's before; after the
    // second 51; after the third 50.
    val s = new Script(50, 50, 51, 52, 375, 374, 51, 50)
    assertEquals(s.fork(1), ("fork 1", false))
    assertEquals(s.fork(2), ("fork 2", false))
    assertEquals(s.fork(3), ("fork 3", true))
    assert(!s.left, "every scripted reading used")
    assertEquals(s.runs, 3, "no fork is measured twice and nothing waits: later rounds measure the cell again")
    assertEquals(s.aside, 2)
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.SetAside, Verdict.SetAside, Verdict.Clean))
    assertEquals(s.checks.map(_.file),
      Vector("jmh/cell.round-1.set-aside-1.json", "jmh/cell.round-2.set-aside-1.json", "jmh/cell.round-3.json"))
    assertEquals(s.checks.map(_.unit).distinct, Vector("ns"))
    assert(s.notes.exists(_.contains("set aside, the machine away from its usual state")), s.notes.mkString("\n"))
  }

  test("a latency fork with the machine away is kept, recorded as unmoved, and counted apart in the run's line") {
    val s = new Script(50, 50, 51, 52, 375, 374, 51)
    assertEquals(s.fork(1, setsAside = false), ("fork 1", true))
    assertEquals(s.fork(2, setsAside = false), ("fork 2", true))
    assertEquals(s.aside, 0)
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.Unmoved, Verdict.Unmoved))
    assertEquals(s.checks.map(_.file), Vector("jmh/cell.round-1.json", "jmh/cell.round-2.json"))
    assertEquals(CanaryLog.summary(s.checks),
      Some("2 forks checked by the machine canary (its usual reading 50.0 ns): " +
        "2 latency forks kept though the machine was away by +648% (that state was measured not to move them)"))
  }

  test("forks set aside and then kept after all (their cell had no other) count once, as kept on a slow machine") {
    val s = new Script(50, 50, 51, 52, 375, 374, 380, 379)
    assertEquals(s.fork(1), ("fork 1", false))
    assertEquals(s.fork(2), ("fork 2", false))
    s.guard.restored("table", "cell",
      Vector((1, 1, s.dir.resolve("jmh/cell.round-1.set-aside-1.json")),
        (2, 1, s.dir.resolve("jmh/cell.round-2.set-aside-1.json"))))
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.SetAside, Verdict.SetAside, Verdict.Slow, Verdict.Slow))
    assertEquals(CanaryLog.summary(s.checks),
      Some("2 forks checked by the machine canary (its usual reading 50.0 ns): 2 kept though the machine was slow around them"))
  }

  /** A relay round of cells a and b under the canary: a reading before each cycle, `measured` saying
    * which hold a measured turn (cycles numbered from 1); what `aside` was asked, if anything. */
  def relayRound(s: Script, round: Int, measured: Seq[Boolean], setsAside: Boolean = true): (Boolean, Option[MachineCanary.RoundAway]) = {
    var asked = Option.empty[MachineCanary.RoundAway]
    val (taken, kept) = s.guard.relayRound("table", Vector("a" -> s"jmh/a.round-$round.json", "b" -> s"jmh/b.round-$round.json"), round,
      setsAside) { hooks => measured.zipWithIndex.map { case (m, i) => hooks.between(i + 1, m) } } { a =>
      assert(asked.isEmpty, "asked once")
      asked = Some(a)
      a match {
        case _: MachineCanary.RoundAway.Whole =>
          Map("a" -> s"jmh/a.round-$round.set-aside-1.json", "b" -> s"jmh/b.round-$round.set-aside-1.json")
        case _: MachineCanary.RoundAway.Turns => Map("a" -> s"jmh/a.round-$round.json", "b" -> s"jmh/b.round-$round.json")
      }
    }
    assertEquals(taken.size, measured.size)
    (kept, asked)
  }
  def measured(n: Int) = false +: Vector.fill(n)(true)

  test("a relay round with the machine away around one of its measured cycles loses every cell's turn of that cycle, and is kept") {
    // Four seed readings; round 1: 51 before its warm-up cycle (1), 50, 380 (slow: taken again, 376
    // kept), 52, 51 before its measured cycles (2–5), 50 after. The slow reading is cycle 3's before and
    // cycle 2's after: both lose their turns.
    val s = new Script(50, 50, 51, 52, 51, 50, 380, 376, 52, 51, 50)
    val (kept, asked) = relayRound(s, 1, measured(4))
    assert(kept)
    assert(!s.left, "every scripted reading used")
    asked match {
      case Some(MachineCanary.RoundAway.Turns(cycles, away)) =>
        assertEquals(cycles, Vector(2, 3))
        assertEqualsDouble(away, 376.0 / 50 - 1, 1e-9)
      case other => fail(s"asked $other")
    }
    assertEquals(s.checks.map(c => (c.cell, c.verdict, c.awayCycles)),
      Vector(("a", Verdict.TurnsAside, Vector(2, 3)), ("b", Verdict.TurnsAside, Vector(2, 3))))
    assertEquals((s.checks.head.before, s.checks.head.after), (Vector(50.0), Vector(376.0)),
      "a round's before is the reading before its first measured cycle, its after the slowest after it")
    assert(s.notes.exists(_.contains("round 1: kept without its turns of 2 of its 4 measured cycles (2, 3)")), s.notes.mkString("\n"))
    assertEquals(CanaryLog.summary(s.checks),
      Some("2 forks checked by the machine canary (its usual reading 50.0 ns): 2 forks of relay rounds kept without their turns of " +
        "2 cycles measured with the machine away by +652%"))
  }

  test("a relay round with the machine away around most of its measured cycles is set aside whole, every cell's fork of it") {
    val s = new Script(50, 50, 51, 52, 51, 50, 380, 376, 390, 388, 52, 51, 50, 52, 50, 51)
    assertEquals(relayRound(s, 1, measured(3))._1, false)
    assertEquals(relayRound(s, 2, measured(3)), (true, None))
    assert(!s.left, "every scripted reading used")
    assertEquals(s.checks.map(c => (c.cell, c.round, c.verdict)),
      Vector(("a", 1, Verdict.SetAside), ("b", 1, Verdict.SetAside), ("a", 2, Verdict.Clean), ("b", 2, Verdict.Clean)))
    assertEquals(s.checks.map(_.file).take(2), Vector("jmh/a.round-1.set-aside-1.json", "jmh/b.round-1.set-aside-1.json"))
    assert(s.notes.exists(_.contains("round 1: set aside, the machine away from its usual state during it (canary slow around 3 of its 3")),
      s.notes.mkString("\n"))
  }

  /** A relay round of cells a and b whose measured cycles 2–8 were read 380, 390, 385 and 375 (each slow,
    * taken again), then 52, 51 and 50; cycle 9 read 51 and taken back (the round had its usual cycles);
    * the reading after the round 380 (taken again: 376). `planned`: the measured cycles it planned. */
  def sparedRound(planned: Option[Int]): (Boolean, Option[MachineCanary.RoundAway], Vector[Boolean], Script) = {
    val s = new Script(50, 50, 51, 52, 51, 380, 376, 390, 388, 385, 381, 375, 372, 52, 51, 50, 51, 380, 376)
    var asked = Option.empty[MachineCanary.RoundAway]
    var judged = Vector.empty[Boolean]
    val (_, kept) = s.guard.relayRound("table", Vector("a" -> "jmh/a.round-1.json", "b" -> "jmh/b.round-1.json"), 1,
      planned = planned) { hooks =>
      (1 to 9).foreach(c => judged :+= hooks.away(hooks.between(c, c > 1)))
      hooks.unmeasured(9)
    } { a =>
      asked = Some(a)
      Map("a" -> "jmh/a.round-1.x.json", "b" -> "jmh/b.round-1.x.json")
    }
    (kept, asked, judged, s)
  }

  test("a round that measured cycles in place of those read away is kept while its usual cycles are half those it planned") {
    val (kept, asked, judged, s) = sparedRound(Some(4))
    assert(!s.left, "every scripted reading used")
    assertEquals(judged, Vector(false, true, true, true, true, false, false, false, false), "each reading judged as the round goes")
    assert(kept)
    // Cycle 9, read but taken back, is no measured cycle: the slow reading after the round does not make it away.
    assertEquals(asked.collect { case MachineCanary.RoundAway.Turns(cs, _) => cs }, Some(Vector(2, 3, 4, 5)))
    // The same round judged against its own measured cycles (3 usual of 7) is set aside whole.
    val (keptOwn, askedOwn, _, _) = sparedRound(None)
    assert(!keptOwn)
    assert(askedOwn.exists(_.isInstanceOf[MachineCanary.RoundAway.Whole]), askedOwn.toString)
  }

  test("a relay round with the machine away only before its warm-up cycles is kept whole: warm-up turns are in no estimate") {
    val s = new Script(50, 50, 51, 52, 380, 376, 50, 52, 51)
    assertEquals(relayRound(s, 1, measured(2)), (true, None))
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.Clean, Verdict.Clean))
  }

  test("a run that begins with the machine away learns its usual state from a round's own cycles") {
    // The seed readings all away (the reference 300): the round's usual readings join the reference
    // before its measured cycles are judged, so the one at 320 is slow.
    val s = new Script(300, 300, 300, 300, 60, 60, 60, 60, 60, 60, 320, 60, 60)
    val (kept, asked) = relayRound(s, 1, Seq(false, false, true, true, true, true, true, true))
    assert(kept)
    assertEquals(asked.collect { case MachineCanary.RoundAway.Turns(cs, _) => cs }, Some(Vector(6, 7)))
    assertEquals(s.checks.head.reference, Vector(60.0))
  }

  test("a relay round of a latency table with the machine away keeps every turn, recorded as unmoved") {
    val s = new Script(50, 50, 51, 52, 50, 380, 376, 52)
    assertEquals(relayRound(s, 1, Seq(true, true), setsAside = false), (true, None))
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.Unmoved, Verdict.Unmoved))
    assertEquals(s.checks.map(_.file), Vector("jmh/a.round-1.json", "jmh/b.round-1.json"))
  }

  test("one stray slow reading is not a slow machine: it is taken again, and the lower reading counts") {
    val s = new Script(50, 50, 51, 52, 380, 51)
    assertEquals(s.fork(1), ("fork 1", true))
    assertEquals(s.aside, 0)
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.Clean))
    assertEquals(s.checks.map(_.after.head), Vector(51.0))
  }

  test("a fork begun while the machine was away is set aside though it is back after") {
    val s = new Script(50, 50, 50, 50, 51, 390, 388, 50)
    assertEquals(s.fork(1), ("fork 1", true))
    Thread.sleep(1100) // the reading after the first fork is too old to be the next one's before
    assertEquals(s.fork(2), ("fork 2", false))
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.Clean, Verdict.SetAside))
    assertEquals(s.checks.last.before, Vector(388.0))
  }

  test("the run's line on its checks: forks kept, set aside, slow, the wait") {
    def c(v: String, before: Double, after: Double, waited: Double = 0) =
      CanaryLog.ForkCheck("t", "c", 1, 1, 0, Vector(before, 10), Vector(after, 10), Vector(50, 10), v, waited)
    assertEquals(CanaryLog.summary(Vector.empty), None)
    assertEquals(CanaryLog.summary(Vector(c(Verdict.Clean, 50, 51), c(Verdict.Clean, 51, 52))),
      Some("2 forks checked by the machine canary (its usual reading 50.0 + 10.0 ms): the machine held its speed around every fork"))
    val ns = CanaryLog.ForkCheck("t", "c", 1, 1, 0, Vector(47), Vector(48), Vector(46.5), Verdict.Clean, 0, unit = "ns")
    assertEquals(CanaryLog.summary(Vector(ns)),
      Some("1 forks checked by the machine canary (its usual reading 46.5 ns): the machine held its speed around every fork"))
    val s = CanaryLog.summary(Vector(c(Verdict.Remeasured, 50, 75), c(Verdict.Clean, 51, 50, 4), c(Verdict.Remeasured, 50, 90),
        c(Verdict.Slow, 70, 60, 40))).get
    assertEquals(s,
      "2 forks checked by the machine canary (its usual reading 50.0 + 10.0 ms): 2 set aside and measured again (the machine " +
        "slowed by +50% to +80% during them); 1 kept though the machine was slow around them by +40%; 44 s waited for the machine to come back")
    val aside = CanaryLog.ForkCheck("t", "c", 1, 1, 0, Vector(50), Vector(300), Vector(50), Verdict.SetAside, 0, unit = "ns")
    val clean = aside.copy(after = Vector(51), verdict = Verdict.Clean)
    assertEquals(CanaryLog.summary(Vector(clean, aside, clean)),
      Some("3 forks checked by the machine canary (its usual reading 50.0 ns): 1 set aside, the machine away from its usual state " +
        "around them by +500% (in no estimate)"))
  }

  test("the canary itself: a reading is a positive time, ends within its deadlines, and its thread does not outlive it") {
    val c = new MachineCanary()
    val t0 = System.nanoTime()
    try { val r = c.read(); assert(r.c2c > 0 && !r.c2c.isNaN, r.toString); assert(c.read().c2c > 0) }
    finally c.close()
    assert(System.nanoTime() - t0 < 2 * (MachineCanary.Reps + 1) * MachineCanary.DeadlineNanos + 1000000000L)
    val partnerGone = (1 to 50).exists { _ =>
      Thread.sleep(20)
      !Thread.getAllStackTraces.keySet.toArray.exists(_.asInstanceOf[Thread].getName == "machine-canary")
    }
    assert(partnerGone, "the partner thread ends when the canary is closed")
  }
}
