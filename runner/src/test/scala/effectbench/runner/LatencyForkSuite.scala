package effectbench.runner

import effectbench.{Catalog, CellId, Mode, Settings}
import java.nio.file.{Files, Paths}

/** How many windows of load a family-L fork warms up and measures, read from the JMH command the
  * runner builds, for each profile. */
class LatencyForkSuite extends munit.FunSuite {
  private val root = Files.createTempDirectory("latencyfork")
  Files.createDirectories(root.resolve("target/bench"))
  Files.write(root.resolve("target/bench/modern.classpath"), "cp".getBytes)
  private val modules = new Modules(root)
  private val jvm = Jvm(Paths.get("/nonexistent/bin/java"), Paths.get("/nonexistent"), "25.0.1", "")

  private def windows(profile: MeasureProfile, windowMs: String): (Int, Int) = {
    val s = Catalog.get("hog-probe").get
    val cell = PlannedCell(CellId(s.id, "levelled", "cats-effect", s.defaults.updated("window-ms", windowMs), Mode.Fork), jvm,
      CellStatus.Ok, "modern")
    val cmd = JmhCell.command(cell, Settings.Levelled, profile, modules, root.resolve("out.json"))
    def flag(f: String) = cmd(cmd.indexOf(f) + 1).toInt
    (flag("-wi"), flag("-i"))
  }

  test("a quick latency fork measures at least three seconds of load: twelve 250-ms windows, not the profile's four") {
    assertEquals(windows(Profiles.quick, "250"), (12, 12))
    // A longer window needs fewer: 1 s windows, three of them (the profile's 3 s of warm-up, three windows).
    assertEquals(windows(Profiles.quick, "1000"), (3, 4))
  }

  test("without the floor (the rounds engine's first fork of a cell, a cell that starved) a quick fork keeps four windows") {
    assertEquals(windows(Profiles.quick.copy(tailFloor = false), "250"), (12, 4))
  }

  test("the standard profile's windows already hold more than the floor; the tests' smoke profile keeps one window") {
    // Standard: 5 iterations of 2-s windows (10 s of load); warm-up 3 × 1 s, two windows.
    assertEquals(windows(Profiles.standard, "2000"), (2, 5))
    assertEquals(windows(Profiles.smoke, "100"), (0, 1))
  }
}
