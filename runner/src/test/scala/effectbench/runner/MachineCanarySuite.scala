package effectbench.runner

import effectbench.store.CanaryLog
import effectbench.store.CanaryLog.Verdict
import java.nio.file.Files

/** The machine canary's rule, on scripted readings (nothing timed): the reference, when a fork is set
  * aside and measured again, when it is kept as slow, and what the run's canary.jsonl records. */
class MachineCanarySuite extends munit.FunSuite {
  /** A guard over scripted readings; `forks` records each attempt run, `aside` each one set aside. */
  final class Script(readings: Double*) {
    private val it = readings.iterator.map(MachineCanary.Reading(_))
    var slept = 0.0
    var notes = Vector.empty[String]
    val dir = Files.createTempDirectory("canary")
    val guard = new MachineCanary.Guard(() => it.next(), s => slept += s, dir, n => notes :+= n)
    var runs = Vector.empty[Int]
    var aside = Vector.empty[Int]
    def fork(round: Int): (String, Double) =
      guard.fork("table", "cell", round, 1, s"jmh/cell.round-$round.json")(a => { runs :+= a; (s"attempt $a", 5.0) }) { a =>
        aside :+= a
        s"jmh/cell.round-$round.set-aside-${a + 1}.json"
      }
    def checks = CanaryLog.read(dir)
  }

  test("the reference is the lower quartile of the readings, from the fourth on") {
    def r(ns: Double) = MachineCanary.Reading(ns)
    val j = Seq(r(50), r(52), r(80)).foldLeft(MachineCanary.Judge())(_ add _)
    assert(j.reference.isEmpty, "three readings give no verdict")
    assert(!j.slow(r(500)))
    val k = j.add(r(51)).add(r(49)) // 49, 50, 51, 52, 80: the lower quartile is 50
    assertEquals(k.reference, Some(r(50)))
    assert(k.slow(r(101)), "more than twice the reference is slow")
    assert(!k.slow(r(99)), "less is not: the usual readings on 2026-11-27 lay within +41% of it")
    assertEqualsDouble(k.excess(r(65)), 0.3, 1e-9)
  }

  test("a fork during which the machine slowed is set aside and measured again; its time counts") {
    // Four seed readings (the last, under a second old, is the first fork's reading before), then:
    // after (slow: the episode began during the fork; it is also the retry's reading before), two
    // polls (slow, then calm), after the retry (calm).
    // A reading that reads slow is taken again (the lower of the two kept): 375 then 374; 370 then 370.
    val s = new Script(50, 50, 51, 52, 375, 374, 370, 370, 51, 50)
    val (kept, extra) = s.fork(1)
    assertEquals(kept, "attempt 1")
    assertEquals(s.runs, Vector(0, 1))
    assertEquals(s.aside, Vector(0))
    assertEqualsDouble(s.slept, 2 * MachineCanary.PollSeconds, 1e-9)
    assertEqualsDouble(extra, 5.0 + 2 * MachineCanary.PollSeconds, 1e-9, "the attempt set aside and the wait count against the budget")
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.Remeasured, Verdict.Clean))
    assertEquals(s.checks.map(_.attempt), Vector(0, 1))
    assertEquals(s.checks.map(_.file), Vector("jmh/cell.round-1.set-aside-1.json", "jmh/cell.round-1.json"))
    assert(s.notes.exists(_.contains("set aside and measured again")), s.notes.mkString("\n"))
  }

  test("one stray slow reading is not a slow machine: it is taken again, and the lower reading counts") {
    val s = new Script(50, 50, 51, 52, 380, 51)
    assertEquals(s.fork(1)._1, "attempt 0")
    assertEquals(s.aside, Vector.empty)
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.Clean))
    assertEquals(s.checks.map(_.after.head), Vector(51.0))
  }

  test("a fork on a machine that stays slow is kept and counted slow; calm forks are clean") {
    val polls = (MachineCanary.MaxWaitSeconds / MachineCanary.PollSeconds).toInt
    val s = new Script(Seq(50.0, 50, 50, 50, 51) ++ Seq.fill(2)(390.0) ++ Seq.fill(2 * polls)(390.0) ++ Seq(388.0, 388.0): _*)
    assertEquals(s.fork(1)._1, "attempt 0")
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.Clean))
    // The next fork: its reading before is the one after the first fork only when under a second
    // old; here it is taken again (390, slow), the wait runs out, the fork is kept.
    Thread.sleep(1100)
    val (kept, extra) = s.fork(2)
    assertEquals(kept, "attempt 0")
    assertEquals(s.aside, Vector.empty)
    assertEqualsDouble(extra, MachineCanary.MaxWaitSeconds, 1e-9)
    assertEquals(s.checks.map(_.verdict), Vector(Verdict.Clean, Verdict.Slow))
  }

  test("the retries are bounded: a machine slow after every attempt keeps the last one, counted slow") {
    // After each attempt slow, calm again at the first poll before each retry.
    val s = new Script(50, 50, 50, 50, 380, 380, 50, 380, 380, 50, 380, 380)
    val (kept, _) = s.fork(1)
    assertEquals(kept, s"attempt ${MachineCanary.Retries}")
    assertEquals(s.aside, (0 until MachineCanary.Retries).toVector)
    assertEquals(s.checks.map(_.verdict), Vector.fill(MachineCanary.Retries)(Verdict.Remeasured) :+ Verdict.Slow)
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
