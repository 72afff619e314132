package effectbench.runner

import effectbench.{Catalog, CellId, MeasuringJvm, Mode, Settings}
import java.nio.file.{Files, Paths}

/** A cell is verified in a JVM configured as the one that measures it: the verifier once ran a
  * 1 GiB heap against the measuring fork's 2 GiB, and failed cells (OutOfMemoryError) that JMH
  * would have run. Both commands are built here for every scenario and their memory flags compared. */
class CellJvmSuite extends munit.FunSuite {

  /** The flags a JMH host gives its forks: every value of a repeated `-jvmArgsAppend`. */
  private def appended(cmd: Vector[String]): Vector[String] =
    cmd.sliding(2).collect { case Vector("-jvmArgsAppend", v) => v }.toVector

  test(
    "the verifier's JVM and JMH's measuring JVM (forked or launched directly) get the same heap, stack and result wait, for every scenario"
  ) {
    val root = Files.createTempDirectory("celljvm")
    Files.createDirectories(root.resolve("target/bench"))
    Files.write(root.resolve("target/bench/modern.classpath"), "cp".getBytes)
    val modules = new Modules(root)
    // A wait other than the default: the one the run asked for reaches both JVMs as their property.
    val jvm = Jvm(Paths.get("/nonexistent/bin/java"), Paths.get("/nonexistent"), "17.0.1", "", resultWait = effectbench.ResultWait.Spin)
    def memory(args: Vector[String]) = args.filter(a => a.startsWith("-Xm") || a.startsWith("-Xss"))
    for (s <- Catalog.scenarios ++ Catalog.testOnly) {
      val cell = PlannedCell(CellId(s.id, s.variants.head, "baseline", s.defaults, Mode.Fork), jvm, CellStatus.Ok, "modern")
      val verifier = Verifier.jvmCommand(jvm, Settings.Levelled, "baseline", "cp", "effectbench.VerifyMain")
      // Several forks: JMH's host forks the measuring JVMs with the flags of -jvmArgsAppend.
      val forked = JmhCell.command(cell, Settings.Levelled, Profiles.quick, modules, root.resolve("out.json"))
      val fork = appended(forked)
      // One fork (the rounds engine): the launched JVM is the measuring one, flags before its main class.
      val direct = JmhCell.command(cell, Settings.Levelled, Profiles.smoke, modules, root.resolve("out.json"))
      assertEquals(direct.slice(direct.indexOf("effectbench.JmhMain"), direct.size).takeRight(2), Vector("-f", "0"), s.id)
      val directJvm = direct.take(direct.indexOf("effectbench.JmhMain"))
      for ((measuring, how) <- Seq(fork -> "forked", directJvm -> "direct")) {
        assertEquals(memory(verifier), memory(measuring), s"${s.id} ($how)")
        assert(memory(measuring).contains("-Xmx" + MeasuringJvm.heapSize), s"${s.id} ($how): ${memory(measuring)}")
        val wait = s"-D${effectbench.ResultWait.Property}=spin"
        assert(measuring.count(_.startsWith(s"-D${effectbench.ResultWait.Property}=")) == 1 && measuring.contains(wait) &&
            verifier.contains(wait), s"${s.id} ($how)")
      }
    }
  }

  test("a forked cell's flags reach JMH one value each, so a results path with a space stays whole") {
    val root = Files.createTempDirectory("celljvm space")
    Files.createDirectories(root.resolve("target/bench"))
    Files.write(root.resolve("target/bench/modern.classpath"), "cp".getBytes)
    val modules = new Modules(root)
    val jvm = Jvm(Paths.get("/nonexistent/bin/java"), Paths.get("/nonexistent"), "21.0.1", "")
    val s = Catalog.scenarios.find(sc => LatencyCell.isLatency(sc)).get
    val cell = PlannedCell(CellId(s.id, s.variants.head, "baseline", s.defaults, Mode.Fork), jvm, CellStatus.Ok, "modern")
    val out = root.resolve("results dir/cell one.json")
    val forked = JmhCell.command(cell, Settings.Levelled, Profiles.quick, modules, out)
    val flags = appended(forked)
    val log = LatencyCell.logFlag(s, out, Profiles.quick).head
    assert(log.contains(" "), log)
    assert(flags.contains(log), s"the latency log flag is not one whole value: $flags")
    // Given once, JMH would split the value at its spaces.
    assert(forked.count(_ == "-jvmArgsAppend") >= 2, forked.toString)
    assertEquals(flags.filter(_.contains(" ")), Vector(log))
  }

  test("a relayed JVM is launched directly with the relay's flag and its collector; a latency one warms up its windows as turns") {
    val root = Files.createTempDirectory("celljvm relay")
    Files.createDirectories(root.resolve("target/bench"))
    Files.write(root.resolve("target/bench/modern.classpath"), "cp".getBytes)
    val modules = new Modules(root)
    val jvm = Jvm(Paths.get("/nonexistent/bin/java"), Paths.get("/nonexistent"), "21.0.1", "", cpus = Some(2))
    def cell(s: effectbench.Scenario) =
      PlannedCell(CellId(s.id, s.variants.head, "baseline", s.defaults, Mode.Fork), jvm, CellStatus.Ok, "modern")
    val leftSum = cell(Catalog.get("left-sum").get)
    val profile = Rounds.relayProfile(Profiles.quick, Rounds.RelayTurnSeconds)
    val cmd = JmhCell.command(leftSum, Settings.Levelled, profile.copy(forks = 1), modules, root.resolve("out.json"),
      relay = Some("-Deffectbench.relay=1:t"))
    val flags = cmd.take(cmd.indexOf("effectbench.JmhMain"))
    assert(flags.contains("-Deffectbench.relay=1:t") && Relay.jvmFlags.forall(flags.contains), flags.toString)
    assertEquals(cmd.takeRight(2), Vector("-f", "0"))
    assertEquals(JmhCell.relayWarmups(leftSum, profile), Profiles.quick.warmups)
    // hog-probe with the quick profile's 250-ms windows: 3 s of warm-up is 12 windows, not the profile's 6 iterations.
    val hogProbe = Catalog.get("hog-probe").get
    val latency = cell(hogProbe).copy(id = cell(hogProbe).id.copy(params = hogProbe.defaults.updated("window-ms", "250")))
    val windows = LatencyCell.iterations(Profiles.quick, 0.25)._1
    assertEquals(windows, 12)
    assertEquals(JmhCell.relayWarmups(latency, profile), windows)
  }
}
