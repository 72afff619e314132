package effectbench.runner

import java.nio.file.Files
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._
import scala.util.Random

/** The relay referee with small shell programs as turn-takers (bash's /dev/tcp speaks the protocol a
  * measuring JVM speaks through harness RelayTurn): turns never overlap, every cycle holds each
  * live member once in a shuffled order, and a member that dies, never connects or hangs does not
  * stop the others. Nothing here is timed. */
class RelaySuite extends munit.FunSuite {
  override val munitTimeout: Duration = 2.minutes

  private val dir = Files.createTempDirectory("relay-suite")

  /** A member that takes `turns` turns, running `work` in each, then says it is ending; `before`
    * runs before it connects, `after` after its last turn. */
  private def member(
      key: String, turns: Int, work: String = "sleep 0.02", before: String = "true", after: String = "printf E >&3",
      pin: Option[Relay.Pin] = None
  ): Relay.Member =
    Relay.Member(
      key,
      flag => {
        val Array(port, token) = flag.stripPrefix(s"-D${effectbench.RelayProtocol.Property}=").split(":", 2)
        Vector("bash", "-c",
          s"$before; exec 3<>/dev/tcp/127.0.0.1/$port; echo $token >&3; " +
            s"for i in $$(seq $turns); do printf R >&3; head -c1 <&3 >/dev/null; $work; done; $after")
      },
      dir.resolve(s"$key.log"),
      pin = pin
    )

  private def overlapping(turns: Vector[Relay.Turn]): Vector[(Relay.Turn, Relay.Turn)] = {
    val s = turns.sortBy(_.start)
    s.zip(s.drop(1)).filter { case (a, b) => b.start < a.end }
  }

  test("members take turns one at a time, each once per cycle, in orders shuffled from cycle to cycle") {
    val keys = Vector("a", "b", "c")
    val r = Relay.run(keys.map(member(_, 8)), 60, new Random(7))
    keys.foreach(k => assertEquals(r.finished(k).exit, 0, k))
    assertEquals(r.turns.size, 24)
    assertEquals(overlapping(r.turns), Vector.empty)
    val cycles = r.turns.groupBy(_.cycle)
    assertEquals(cycles.size, 8)
    cycles.values.foreach(c => assertEquals(c.map(_.key).sorted, keys, c.toString))
    val orders = cycles.values.map(_.sortBy(_.start).map(_.key)).toSet
    assert(orders.size > 1, s"one order in every cycle: $orders")
  }

  test("with cores left over, a member measures on the turn cores and waits on the others") {
    assume(Cpus.taskset.isDefined && Cpus.allowed.size >= 2, "needs taskset and two cores")
    val pin = Relay.Pin(Cpus.taskset.get, Cpus.pinned(1), Cpus.allowed.dropRight(1))
    val d = Files.createTempDirectory(dir, "pins")
    val log = d.resolve("pins.log")
    // In its turn a member writes its own cores and those of every other live member.
    val work = "echo \"turn $(grep Cpus_allowed_list /proc/$$/status | cut -f2)\" >> " + log + "; for f in " + d +
      "/*.pid; do p=$(cat $f); if [ \"$p\" != \"$$\" ] && [ -e /proc/$p ]; then echo \"other $(grep Cpus_allowed_list /proc/$p/status | cut -f2)\" >> " +
      log + "; fi; done"
    val keys = Vector("a", "b", "c")
    val r = Relay.run(keys.map(k => member(k, 4, work = work, before = "echo $$ > " + d.resolve(s"$k.pid"), pin = Some(pin))), 60,
      new Random(2))
    keys.foreach(k => assertEquals(r.finished(k).exit, 0, k))
    val lines = new String(Files.readAllBytes(log), "UTF-8").trim.split('\n').toVector.map(_.split(' ').toVector)
    assertEquals(lines.count(_.head == "turn"), 12, lines.toString)
    assert(lines.count(_.head == "other") >= 12, lines.toString)
    lines.foreach { case Vector(what, cores) =>
      assertEquals(Cpus.parseList(cores), if (what == "turn") pin.turn else pin.waiting, s"$what $cores")
    }
  }

  test("moved off the turn cores, a member exits there while the next turn runs; unmoved, the next turn waits for its exit") {
    assume(Cpus.taskset.isDefined && Cpus.allowed.size >= 2, "needs taskset and two cores")
    val pin = Relay.Pin(Cpus.taskset.get, Cpus.pinned(1), Cpus.allowed.dropRight(1))
    def lastCycleGaps(pinned: Boolean): Vector[Double] = {
      val r = Relay.run(Vector("a", "b", "c").map(k => member(k, 2, after = "printf E >&3; sleep 1", pin = Some(pin).filter(_ => pinned))),
        60, new Random(4))
      val last = r.turns.filter(_.cycle == r.turns.map(_.cycle).max).sortBy(_.start)
      assert(r.seconds >= 1.0, "the round ends once every member has exited")
      last.zip(last.drop(1)).map { case (x, y) => y.start - x.end }
    }
    assert(lastCycleGaps(pinned = true).forall(_ < 0.5), lastCycleGaps(pinned = true).toString)
    assert(lastCycleGaps(pinned = false).forall(_ >= 0.9), "an unmoved member's exit holds the next turn")
  }

  test("members moved between cores start on the waiting cores while the others warm up; no measured turn before every warm-up") {
    assume(Cpus.taskset.isDefined && Cpus.allowed.size >= 2, "needs taskset and two cores")
    val pin = Relay.Pin(Cpus.taskset.get, Cpus.pinned(1), Cpus.allowed.dropRight(1))
    val d = Files.createTempDirectory(dir, "stagger")
    val starts = d.resolve("starts.log")
    // Each member writes the cores it starts on; "late" takes a second longer to start.
    def m(k: String, before: String) =
      member(k, 5, before = s"$before; echo \"$$(grep Cpus_allowed_list /proc/$$$$/status | cut -f2)\" >> $starts", pin = Some(pin))
    val r = Relay.run(Vector(m("a", "true"), m("b", "true"), m("late", "sleep 1.5")), 60, new Random(3), warmupTurns = 2)
    Vector("a", "b", "late").foreach(k => assertEquals(r.finished(k).exit, 0, k))
    new String(Files.readAllBytes(starts), "UTF-8").trim.split('\n').foreach(c => assertEquals(Cpus.parseList(c), pin.waiting, c))
    val byKey = r.turns.groupBy(_.key).map { case (k, ts) => k -> ts.sortBy(_.start) }
    assertEquals(byKey.values.map(_.size).toVector, Vector(5, 5, 5))
    // The early members warmed up while "late" was starting.
    assert(byKey("a").head.start < byKey("late").head.start && byKey("b").head.start < byKey("late").head.start, r.turns.toString)
    // Measured turns (from the third) begin only after every member's warm-up, and each measured cycle holds every member.
    val warmedUp = byKey.values.map(_(1).end).max
    byKey.values.foreach(ts => assert(ts(2).start >= warmedUp, s"a measured turn before every warm-up ended: ${r.turns}"))
    val measured = byKey.values.flatMap(_.drop(2)).groupBy(_.cycle)
    measured.foreach { case (c, ts) => assertEquals(ts.map(_.key).toSet, Set("a", "b", "late"), s"cycle $c") }
    assertEquals(overlapping(r.turns), Vector.empty)
  }

  test("the turn log names each turn's cycle, cell, start and end") {
    val log = dir.resolve("turns.tsv")
    Relay.run(Vector(member("x", 2), member("y", 2)), 60, new Random(1), turnLog = Some(log))
    val lines = new String(Files.readAllBytes(log), "UTF-8").trim.split('\n').toVector
    assertEquals(lines.head, "cycle\tcell\tstart\tend")
    assertEquals(lines.tail.size, 4)
    assertEquals(lines.tail.map(_.split('\t')(1)).sorted, Vector("x", "x", "y", "y"))
  }

  test("a member that dies after two turns, one that never connects and one that hangs in its turn leave the others their turns") {
    val r = Relay.run(
      Vector(
        member("dies", 5, work = "if [ $i = 3 ]; then exit 3; fi"),
        member("never", 1, before = "exit 1"),
        member("hangs", 3, work = "if [ $i = 2 ]; then sleep 600; fi"),
        member("ok", 4)
      ),
      60, new Random(3), turnLimitSeconds = 4
    )
    assertEquals(r.finished("dies").exit, 3)
    assertEquals(r.finished("never").exit, 1)
    assert(r.finished("hangs").exit != 0, r.finished("hangs").toString)
    assertEquals(r.turns.count(_.key == "hangs"), 2, "its hung turn ends at the turn limit")
    assertEquals(r.finished("ok").exit, 0)
    assertEquals(r.turns.count(_.key == "ok"), 4)
    assertEquals(r.turns.count(_.key == "never"), 0)
    assertEquals(overlapping(r.turns), Vector.empty)
  }

  test("a member that exits without saying it is ending still ends its part of the round") {
    val r = Relay.run(Vector(member("quiet", 2, after = "true"), member("ok", 2)), 30, new Random(5))
    assertEquals(r.finished("quiet").exit, 0)
    assertEquals(r.turns.size, 4)
  }

  test("the relay profile keeps the warm-up and cuts the measured time into turns of about RelayTurnSeconds") {
    val p = Rounds.relayProfile(Profiles.quick)
    assertEquals(p.warmups, Profiles.quick.warmups)
    assertEqualsDouble(p.iterations * p.iterationSeconds, Profiles.quick.iterations * Profiles.quick.iterationSeconds, 1e-9)
    assertEqualsDouble(p.iterationSeconds, Rounds.RelayTurnSeconds, Rounds.RelayTurnSeconds / 3)
    assertEqualsDouble(Rounds.relayProfile(Profiles.quick, 0.05).iterationSeconds, 0.05, 1e-9)
  }

  test("a parameter given twice is measured at both values, --across-params relays them together, --fork sets the fork's shape") {
    val listed =
      Cli.run("list", "--scenario", "left-sum", "--runtime", "baseline", "--mode", "fork", "--param", "executed-in=current-thread",
        "--param", "n=1000", "--param", "n=1250")
    assertEquals(listed.exit, 0, listed.all)
    assert(listed.out.contains("n=1000") && listed.out.contains("n=1250"), listed.all)
    val out = Cli.tempDir("across")
    val r = Cli.run("run", "--scenario", "left-sum", "--runtime", "baseline", "--mode", "fork", "--param", "executed-in=current-thread",
      "--param", "n=1000", "--param", "n=1250", "--profile", "smoke", "--fork", "1x0.05+3x0.05", "--rounds", "1", "--across-params",
      "--turns", "relay", "--out", out.toString)
    assertEquals(r.exit, 0, r.all)
    val dir = Cli.runDirs(out).head
    // --fork replaced the profile's fork shape, and the run recorded the shape it measured with.
    val meta = effectbench.store.RunFiles.readMeta(dir.resolve("run.json")).profile
    assertEquals((meta.id, meta.warmups, meta.warmupSeconds, meta.iterations, meta.iterationSeconds), ("smoke", 1, 0.05, 3, 0.05))
    val logs = Files.list(dir.resolve("logs")).iterator().asScala.toVector.filter(_.getFileName.toString.startsWith("relay--"))
    assertEquals(logs.size, 1, logs.toString)
    val cells = new String(Files.readAllBytes(logs.head), "UTF-8").trim.split('\n').toVector.tail.map(_.split('\t')(1)).distinct
    assertEquals(cells.size, 2, cells.toString)
    assert(Cli.cellRecords(dir).forall(_.relayed), r.all)
    // On the relay cores: every core but one.
    assert(Cli.cellRecords(dir).forall(_.jvm.endsWith(Cpus.labelSuffix(Some(Cpus.relayCount)))), Cli.cellRecords(dir).map(_.jvm).toString)
  }

  test("a relayed run measures its throughput cells on the relay cores; latency cells and --cpus keep their JVM") {
    val jvm = Jvm(java.nio.file.Paths.get("/x/bin/java"), java.nio.file.Paths.get("/x"), "25.0.3", "Test")
    def cell(scenario: String, variant: String, j: Jvm = jvm) = {
      val s = effectbench.Catalog.get(scenario).get
      PlannedCell(effectbench.CellId(s.id, variant, "cats-effect", s.defaults, effectbench.Mode.Fork), j, CellStatus.Ok, "modern")
    }
    val cells = Vector(cell("left-sum", "default"), cell("hog-probe", "levelled"), cell("gather", "default", jvm.copy(cpus = Some(2))))
    assertEquals(Plan.relayCores(cells, relay = false), cells)
    val pinned = Plan.relayCores(cells, relay = true, cores = 1)
    assertEquals(pinned.map(_.jvm.cpus), Vector(Some(1), None, Some(2)))
    assertEquals(pinned.head.jvm.label, "jdk-25.0.3 (Test), 1 cpu")
    assertEquals(Plan.jvmsOf(Vector(jvm), pinned), Vector(jvm, jvm.copy(cpus = Some(1)), jvm.copy(cpus = Some(2))))
    assertEquals(Cpus.relayCount, math.max(1, Cpus.allowed.size - 1))
    assertEquals(Cpus.pinned(1), Vector(Cpus.allowed.last))
  }

  test("--turns takes relay or forks; anything else is a usage error") {
    assert(!EngineFlags.relay(None))
    assert(EngineFlags.relay(None, default = true) && !EngineFlags.relay(Some("forks"), default = true))
    // --turns alone picks the turns and keeps the headline's own engine; a stopping rule replaces it.
    val turnsOnly = EngineOptions(turns = Some("relay"), level = ConfidenceFlag())
    assert(turnsOnly.asked && !turnsOnly.rules)
    assert(turnsOnly.copy(rounds = Some("4")).rules)
    assert(EngineFlags.relay(Some("relay")))
    assert(!EngineFlags.relay(Some("forks")))
    assertEqualsDouble(EngineFlags.turn("100ms"), 0.1, 1e-12)
    assertEqualsDouble(EngineFlags.turn("0.25s"), 0.25, 1e-12)
    val r = Cli.run("run", "--scenario", "no-such-scenario-is-never-reached", "--turns", "both", "--out", Cli.tempDir("bad").toString)
    assertEquals(r.exit, 2, r.all)
    assert(r.err.contains("--turns"), r.all)
  }
}
