package effectbench.runner

import effectbench.{Catalog, CellId, MeasuringJvm, Mode, Settings}
import java.nio.file.{Files, Paths}

/** A cell is verified in a JVM configured as the one that measures it: the verifier once ran a
  * 1 GiB heap against the measuring fork's 2 GiB, and failed cells (OutOfMemoryError) that JMH
  * would have run. Both commands are built here for every scenario and their memory flags compared. */
class CellJvmSuite extends munit.FunSuite {
  test("the verifier's JVM and JMH's measuring fork get the same heap and stack, for every scenario") {
    val root = Files.createTempDirectory("celljvm")
    Files.createDirectories(root.resolve("target/bench"))
    Files.write(root.resolve("target/bench/modern.classpath"), "cp".getBytes)
    val modules = new Modules(root)
    val jvm = Jvm(Paths.get("/nonexistent/bin/java"), Paths.get("/nonexistent"), "17.0.1", "")
    def memory(args: Vector[String]) = args.filter(a => a.startsWith("-Xm") || a.startsWith("-Xss"))
    for (s <- Catalog.scenarios ++ Catalog.testOnly) {
      val cell = PlannedCell(CellId(s.id, s.variants.head, "baseline", s.defaults, Mode.Fork), jvm, CellStatus.Ok, "modern")
      val jmh = JmhCell.command(cell, Settings.Levelled, Profiles.smoke, modules, root.resolve("out.json"))
      val fork = jmh(jmh.indexOf("-jvmArgsAppend") + 1).split(' ').toVector
      val verifier = Verifier.jvmCommand(jvm, Settings.Levelled, "baseline", "cp", "effectbench.VerifyMain")
      assertEquals(memory(verifier), memory(fork), s.id)
      assert(memory(fork).contains("-Xmx" + MeasuringJvm.heapSize), s"${s.id}: ${memory(fork)}")
    }
  }
}
