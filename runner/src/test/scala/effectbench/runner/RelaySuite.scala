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
    * runs before it connects, `after` after its last turn. It reads the referee's go with bash's own
    * `read`, so a member is one process unless its work starts others. */
  private def member(
      key: String, turns: Int, work: String = "sleep 0.02", before: String = "true", after: String = "printf E >&3",
      warmups: Option[Int] = None
  ): Relay.Member =
    Relay.Member(
      key,
      flag => {
        val Array(port, token) = flag.stripPrefix(s"-D${effectbench.RelayProtocol.Property}=").split(":", 2)
        Vector("bash", "-c",
          s"$before; exec 3<>/dev/tcp/127.0.0.1/$port; echo $token >&3; " +
            s"for i in $$(seq $turns); do printf R >&3; read -r -n1 -u3 _; $work; done; $after")
      },
      dir.resolve(s"$key.log"),
      warmups = warmups
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

  /** The state letter of a process (/proc/PID/stat), "" when it is gone. */
  private val stateOf = "st() { s=$(cat /proc/$1/stat 2>/dev/null) || { echo gone; return; }; s=${s##*) }; echo ${s%% *}; }; "

  test("a member waiting for its turn is stopped whole, the processes it started included; in its turn they run") {
    assume(Relay.available, "needs bash and /proc")
    val d = Files.createTempDirectory(dir, "stopped")
    val log = d.resolve("states.log")
    // Each member starts a child that keeps running (as a JVM's threads do) and writes both pids; in its
    // turn it writes its own state and that of every other member and child still alive.
    val work = stateOf + "echo \"self $(st $kid)\" >> " + log + "; for f in " + d +
      "/*.pid; do for p in $(cat $f); do if [ \"$p\" != \"$$\" ] && [ \"$p\" != \"$kid\" ] && [ -e /proc/$p ]; then echo \"other $(st $p)\" >> " +
      log + "; fi; done; done"
    val keys = Vector("a", "b", "c")
    val r = Relay.run(
      keys.map(k =>
        member(k, 4, work = work, before = "(while true; do :; done) & kid=$!; echo $$ $kid > " + d.resolve(s"$k.pid"),
          after = "printf E >&3; kill $kid")
      ), 60, new Random(2)
    )
    keys.foreach(k => assertEquals(r.finished(k).exit, 0, k))
    val lines = new String(Files.readAllBytes(log), "UTF-8").trim.split('\n').toVector.map(_.split(' ').toVector)
    assertEquals(lines.count(_.head == "self"), 12, lines.toString)
    // A member's busy child runs in the member's turn.
    lines.filter(_.head == "self").foreach(l => assertEquals(l(1), "R", "a member's child runs in its turn"))
    // Every other member and every child of one, busy as it is, is stopped while another member has its turn.
    val others = lines.filter(_.head == "other").map(_(1))
    assert(others.size >= 24, lines.toString)
    // (Z: the child of a member that has exited, ended and not yet reaped.)
    assertEquals(others.filterNot(s => s == "T" || s == "Z" || s == "gone"), Vector.empty, lines.toString)
  }

  test("after its last turn, the next turn waits for the member's exit") {
    val r = Relay.run(Vector("a", "b", "c").map(k => member(k, 2, after = "printf E >&3; sleep 1")), 60, new Random(4))
    val last = r.turns.filter(_.cycle == r.turns.map(_.cycle).max).sortBy(_.start)
    assert(r.seconds >= 1.0, "the round ends once every member has exited")
    assert(last.zip(last.drop(1)).forall { case (x, y) => y.start - x.end >= 0.9 }, s"a member's exit holds the next turn: ${r.turns}")
  }

  test("members start one after another while the others warm up; no measured turn before every warm-up") {
    val d = Files.createTempDirectory(dir, "stagger")
    // "late" takes a second and a half longer to start.
    val r = Relay.run(Vector(member("a", 5), member("b", 5), member("late", 5, before = "sleep 1.5")), 60, new Random(3),
      warmupTurns = 2)
    Vector("a", "b", "late").foreach(k => assertEquals(r.finished(k).exit, 0, k))
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
    assert(Files.isDirectory(d))
  }

  /** A member with 2 warm-up and 4 + 4 spare measured iterations that logs each iteration in `d/k` with
    * whether the referee had freed it; once freed it waits for no turn, and sleeps `freedSleep` s an iteration. */
  private def sparesMember(d: java.nio.file.Path, k: String, freedSleep: String): Relay.Member = Relay.Member(k,
    flag => {
      val Array(port, token) = flag.stripPrefix(s"-D${effectbench.RelayProtocol.Property}=").split(":", 2)
      Vector("bash", "-c",
        s"exec 3<>/dev/tcp/127.0.0.1/$port; echo $token >&3; f=0; " +
          s"for i in $$(seq 10); do if [ $$f = 0 ]; then printf R >&3; read -r -n1 -u3 c; [ \"$$c\" = F ] && f=1; fi; " +
          s"echo $$i $$f >> ${d.resolve(k)}; if [ $$f = 1 ]; then sleep $freedSleep; else sleep 0.05; fi; done; printf E >&3")
    }, d.resolve(s"$k.log"), warmups = Some(2))

  test("with the machine read away around measured cycles, a round measures others in their place, then every JVM runs its spares freely") {
    val d = Files.createTempDirectory(dir, "spares")
    def spares(k: String) = sparesMember(d, k, freedSleep = "0.4")
    // Readings before the measured cycles: the second is away (so are the cycles on both its sides), the rest usual.
    var measuredReads = 0
    var unmeasured = Vector.empty[Int]
    var readCycles = Vector.empty[Int]
    val hooks = Relay.CanaryHooks(
      { (cycle, measured) =>
        if (measured) { measuredReads += 1; readCycles :+= cycle }
        if (measured && measuredReads == 2) 300.0 else 50.0
      },
      away = _ > 100, unmeasured = c => unmeasured :+= c
    )
    val t0 = System.nanoTime()
    val r = Relay.run(Vector(spares("a"), spares("b")), 60, new Random(9), canary = hooks, usualCycles = Some(4))
    val seconds = (System.nanoTime() - t0) / 1e9
    Vector("a", "b").foreach(k => assertEquals(r.finished(k).exit, 0, k))
    // Measured cycles 1 and 2 were read away: four usual ones (3–6) followed, and the round stopped measuring.
    val byKey = r.turns.groupBy(_.key).map { case (k, ts) => k -> ts.sortBy(_.start) }
    assertEquals(byKey.values.map(_.size).toVector, Vector(8, 8), "2 warm-up turns and 6 measured ones each")
    assertEquals(unmeasured, Vector(readCycles.last), "the reading before the cycle not measured is taken back")
    assertEquals(readCycles.size, 7)
    // Every iteration ran; the last two freed, without a turn.
    Vector("a", "b").foreach { k =>
      val lines = new String(Files.readAllBytes(d.resolve(k)), "UTF-8").trim.split('\n').toVector
      assertEquals(lines, (1 to 10).map(i => s"$i ${if (i > 8) 1 else 0}").toVector, k)
    }
    assertEquals(overlapping(r.turns), Vector.empty)
    // The freed iterations (0.4 s each) of both members ran at once: 0.8 s, where one member after the other takes 1.6 s.
    val lastTurn = r.turns.map(_.end).max
    assert(r.seconds - lastTurn < 1.3, s"the round ended ${r.seconds - lastTurn} s after its last turn ($seconds s in all)")
  }

  test("a round the run cannot afford spares for measures only its own cycles, read away or not, then frees its JVMs") {
    val d = Files.createTempDirectory(dir, "no-spares")
    def spares(k: String) = sparesMember(d, k, freedSleep = "0.05")
    // Every reading before a measured cycle is away.
    val hooks = Relay.CanaryHooks((_, _) => 300.0, away = _ > 100)
    def round(afford: Boolean) = {
      Vector("a", "b").foreach(k => Files.deleteIfExists(d.resolve(k)))
      var asked = Vector.empty[Double]
      val r = Relay.run(Vector(spares("a"), spares("b")), 60, new Random(9), canary = hooks, usualCycles = Some(4),
        spares = { elapsed => asked :+= elapsed; afford })
      Vector("a", "b").foreach(k => assertEquals(r.finished(k).exit, 0, k))
      (r, asked)
    }
    val (cut, asked) = round(afford = false)
    assert(cut.sparesCut)
    assertEquals(cut.turns.groupBy(_.key).values.map(_.size).toVector, Vector(6, 6), "2 warm-up turns and 4 measured ones each")
    assert(asked.nonEmpty && asked.forall(_ > 0), asked.toString)
    Vector("a", "b").foreach { k =>
      val lines = new String(Files.readAllBytes(d.resolve(k)), "UTF-8").trim.split('\n').toVector
      assertEquals(lines, (1 to 10).map(i => s"$i ${if (i > 6) 1 else 0}").toVector, k)
    }
    // Affordable, every cycle away: every spare is a turn.
    val (all, _) = round(afford = true)
    assert(!all.sparesCut)
    assertEquals(all.turns.groupBy(_.key).values.map(_.size).toVector, Vector(10, 10))
  }

  test("a member's own warm-up count holds its measured turns: one that warms up longer is not measured beside starts") {
    val r =
      Relay.run(Vector(member("short", 4, warmups = Some(1)), member("long", 6, warmups = Some(3))), 60, new Random(8), warmupTurns = 0)
    val byKey = r.turns.groupBy(_.key).map { case (k, ts) => k -> ts.sortBy(_.start) }
    val warmedUp = byKey("long")(2).end
    assert(byKey("short")(1).start >= warmedUp, s"short's measured turn before long's warm-up ended: ${r.turns}")
  }

  test(
    "warm-up turns in lanes: neighbouring warm-up turns run side by side, each JVM moved to its lane; measured turns alone, on the first"
  ) {
    val d = Files.createTempDirectory(dir, "lanes")
    val moves = new java.util.concurrent.ConcurrentLinkedQueue[(Long, Vector[Int], Double)]()
    val t0 = System.nanoTime()
    val lanes = Vector(Vector(1), Vector(0))
    val keys = Vector("a", "b", "c", "d")
    val r = Relay.run(keys.map(k => member(k, 6, work = "sleep 0.1", before = s"echo $$$$ > ${d.resolve(s"$k.pid")}")), 60,
      new Random(5), warmupTurns = 3, warmupLanes = lanes,
      pin = (pid, cores) => { moves.add((pid, cores, (System.nanoTime() - t0) / 1e9)); true })
    keys.foreach(k => assertEquals(r.finished(k).exit, 0, k))
    val pidOf = keys.map(k => k -> new String(Files.readAllBytes(d.resolve(s"$k.pid")), "UTF-8").trim.toLong).toMap
    val byKey = r.turns.groupBy(_.key).map { case (k, ts) => k -> ts.sortBy(_.start) }
    val (warm, measured) = (byKey.values.flatMap(_.take(3)).toVector, byKey.values.flatMap(_.drop(3)).toVector)
    // Warm-up turns went two at a time, and no measured turn overlapped any other turn.
    assert(overlapping(warm).nonEmpty, s"no two warm-up turns side by side: ${r.turns}")
    assertEquals(overlapping(r.turns).filter { case (x, y) => measured.contains(x) || measured.contains(y) }, Vector.empty)
    val all = moves.asScala.toVector
    assert(all.exists(_._2 == Vector(0)), s"no JVM moved to the second lane: $all")
    // Before each measured turn its JVM is back on the measuring lane (never moved, or moved back last).
    measured.foreach { t =>
      val last = all.filter(m => m._1 == pidOf(t.key) && m._3 <= t.start + 0.05).lastOption
      assert(last.forall(_._2 == Vector(1)), s"${t.key}'s measured turn at ${t.start} on ${last.map(_._2)}: $all")
    }
  }

  test("a JVM moved to a lane's cores runs only there (taskset -a -p)") {
    assume(Cpus.taskset.isDefined && Cpus.allowed.size >= 2 && Files.isRegularFile(java.nio.file.Paths.get("/proc/self/status")),
      "needs taskset and two cores")
    val p = new ProcessBuilder("sleep", "30").start()
    try {
      def allowed = new String(Files.readAllBytes(java.nio.file.Paths.get(s"/proc/${p.pid()}/status")), "UTF-8").split('\n')
        .find(_.startsWith("Cpus_allowed_list:")).map(_.stripPrefix("Cpus_allowed_list:").trim).getOrElse("?")
      val one = Cpus.allowed.head
      assert(Cpus.pin(p.pid(), Vector(one)))
      assertEquals(Cpus.parseList(allowed), Vector(one))
      assert(Cpus.pin(p.pid(), Cpus.allowed))
      assertEquals(Cpus.parseList(allowed), Cpus.allowed)
    } finally p.destroyForcibly()
  }

  test("lanes: the measuring cores first, then as many whole sets of the table's cores as the run has") {
    assume(Cpus.taskset.isDefined, "needs taskset")
    val all = Cpus.allowed
    assertEquals(Cpus.lanes(1).head, Cpus.pinned(1))
    assertEquals(Cpus.lanes(1).size, all.size)
    assertEquals(Cpus.lanes(all.size), Vector(all))
    assertEquals(Cpus.lanes(1).flatten.sorted, all.sorted)
  }

  test("a runner killed with -9 in the middle of a round leaves no member behind, stopped ones included") {
    assume(Relay.available, "needs bash and /proc")
    val d = Files.createTempDirectory(dir, "kill9")
    val javaBin = java.nio.file.Paths.get(System.getProperty("java.home"), "bin", "java").toString
    val runner = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), "effectbench.runner.RelayKillMain", d.toString)
      .redirectErrorStream(true).redirectOutput(d.resolve("runner.log").toFile).start()
    def pids: Vector[Long] = Files.list(d).iterator().asScala.toVector.filter(_.getFileName.toString.endsWith(".pid"))
      .flatMap(f => new String(Files.readAllBytes(f), "UTF-8").trim.split(' ').toVector.flatMap(_.toLongOption))
    def alive(p: Long) = ProcessHandle.of(p).map[Boolean](_.isAlive).orElse(false)
    def stopped = pids.filter(alive).exists(p => effectbench.runner.Freezer.stopped(p))
    val until = System.nanoTime() + 60000000000L
    // Every member started (three members, each with a busy child) and one of them stopped for its turn.
    while ((pids.size < 6 || !stopped) && System.nanoTime() < until && runner.isAlive) Thread.sleep(50)
    assert(pids.size == 6 && stopped,
      s"the round did not get under way: ${new String(Files.readAllBytes(d.resolve("runner.log")), "UTF-8")}")
    new ProcessBuilder("kill", "-9", runner.pid().toString).start().waitFor()
    val gone = System.nanoTime() + 10000000000L
    // The members; the busy children are their own business (a JVM has threads, not children).
    val members = Files.list(d).iterator().asScala.toVector.filter(_.getFileName.toString.endsWith(".pid"))
      .flatMap(f => new String(Files.readAllBytes(f), "UTF-8").trim.split(' ').headOption.flatMap(_.toLongOption))
    while (members.exists(alive) && System.nanoTime() < gone) Thread.sleep(50)
    assertEquals(members.filter(alive), Vector.empty, "members left behind")
    pids.filter(alive).foreach(p => ProcessHandle.of(p).ifPresent(h => { h.destroyForcibly(); () }))
  }

  test("the turn log names each turn's cycle, cell, start and end") {
    val log = dir.resolve("turns.tsv")
    Relay.run(Vector(member("x", 2), member("y", 2)), 60, new Random(1), turnLog = Some(log))
    val lines = new String(Files.readAllBytes(log), "UTF-8").trim.split('\n').toVector
    assertEquals(lines.head, "cycle\tcell\tstart\tend\tcanary-ns")
    assertEquals(lines.tail.size, 4)
    assertEquals(lines.tail.map(_.split('\t')(1)).sorted, Vector("x", "x", "y", "y"))
  }

  test("the canary reads the machine before each cycle that no start overlaps, and its reading is logged beside the cycle's turns") {
    val log = dir.resolve("canary-turns.tsv")
    var calls = 0
    var marks = Vector.empty[Boolean]
    var cycles = Vector.empty[Int]
    // The second JVM starts 1.5 s late: the first's warm-up turns go on beside its start, unread.
    val r = Relay.run(Vector(member("a", 4, warmups = Some(1)), member("late", 4, before = "sleep 1.5", warmups = Some(1))), 60,
      new Random(2), turnLog = Some(log),
      canary = Relay.CanaryHooks({ (cycle, measured) => calls += 1; marks :+= measured; cycles :+= cycle; 40.0 + calls }))
    val withStart = r.turns.map(_.cycle).distinct.count(c => r.turns.filter(_.cycle == c).map(_.key).distinct.size == 1)
    assert(withStart >= 1, s"some cycles of the first JVM alone, beside the other's start: ${r.turns}")
    assertEquals(r.turns.filter(_.canary.isNaN).map(_.key).distinct, Vector("a"), "a cycle beside a start is not read")
    val read = r.turns.filterNot(_.canary.isNaN).map(t => t.cycle -> t.canary).distinct
    assertEquals(read.size, calls, "one reading a cycle read")
    assertEquals(read.map(_._1), cycles, "each reading given its cycle")
    assertEquals(read.map(_._2), (1 to calls).map(40.0 + _).toVector)
    val logged = new String(Files.readAllBytes(log), "UTF-8").trim.split('\n').toVector.tail.map(_.split("\t", -1)(4))
    assertEquals(logged.count(_.nonEmpty), r.turns.count(!_.canary.isNaN))
    assert(logged.contains("41.0"), logged.mkString(","))
    // The late JVM's warm-up cycle (read: no start beside it) holds no measured turn; every cycle after it does.
    assertEquals(marks, false +: Vector.fill(calls - 1)(true))
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

  test("a relayed JVM's iterations after its last turn are the ones it ran freely, taken out of its file") {
    assertEquals(Rounds.freedIterations(iterations = 24, turns = 6 + 14, warmups = 6), (14 until 24).toSet)
    assertEquals(Rounds.freedIterations(iterations = 24, turns = 6 + 24, warmups = 6), Set.empty[Int], "every spare taken as a turn")
    assertEquals(Rounds.freedIterations(iterations = 12, turns = 3, warmups = 6), (0 until 12).toSet, "ended in its warm-up")
  }

  test("the relay profile keeps the warm-up and cuts the measured time into turns of about RelayTurnSeconds") {
    val p = Rounds.relayProfile(Profiles.quick, Rounds.RelayTurnSeconds)
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
    // On the relay cores: left-sum runs one fiber, so one core.
    assert(Cli.cellRecords(dir).forall(_.jvm.endsWith(Cpus.labelSuffix(Some(1)))), Cli.cellRecords(dir).map(_.jvm).toString)
  }

  test("a relayed run measures a multi-fiber table on every core the run may use, a single-fiber one on one; --cpus keeps its JVM") {
    val jvm = Jvm(java.nio.file.Paths.get("/x/bin/java"), java.nio.file.Paths.get("/x"), "25.0.3", "Test")
    def cell(scenario: String, variant: String, j: Jvm = jvm) = {
      val s = effectbench.Catalog.get(scenario).get
      PlannedCell(effectbench.CellId(s.id, variant, "cats-effect", s.defaults, effectbench.Mode.Fork), j, CellStatus.Ok, "modern")
    }
    val cells = Vector(cell("fork-many", "default"), cell("hog-probe", "levelled"), cell("gather", "default", jvm.copy(cpus = Some(1))),
      cell("left-sum", "default"), cell("business-flow", "either"))
    assertEquals(Plan.relayCores(cells, relay = false), cells)
    val pinned = Plan.relayCores(cells, relay = true, cores = 2)
    assertEquals(pinned.map(_.jvm.cpus), Vector(Some(2), Some(2), Some(1), Some(1), Some(1)))
    assertEquals(pinned.head.jvm.label, "jdk-25.0.3 (Test), 2 cpus")
    assertEquals(pinned(3).jvm.label, "jdk-25.0.3 (Test), 1 cpu")
    // The run records the JVMs its cells were given, not the one asked for that no cell kept.
    assertEquals(Plan.jvmsOf(Vector(jvm), pinned), Vector(jvm.copy(cpus = Some(2)), jvm.copy(cpus = Some(1))))
    assertEquals(Cpus.relayCount, Cpus.allowed.size)
  }

  test("--turns takes relay or forks; anything else is a usage error") {
    val r = Cli.run("run", "--scenario", "no-such-scenario-is-never-reached", "--turns", "both", "--out", Cli.tempDir("bad").toString)
    assertEquals(r.exit, 2, r.all)
    assert(r.err.contains("--turns"), r.all)
  }
}
