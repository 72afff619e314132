package effectbench

/** Syntax notes that reports must carry beside a number: a test per rule, over this
  * module's cells, so a note that disappears fails here. */
class SyntaxNotesSuite extends munit.FunSuite {
  private lazy val cells = CellRegistry.load().impls

  test("every gather cell states what it starts at tasks=immediate") {
    // The combinators differ there (some start a fiber per task, some nothing).
    val gathers = cells.filter(i => i.scenario == "gather" || i.scenario == "gather-unordered")
    val missing = gathers.filterNot(_.syntax.contains("tasks=immediate: ")).map(_.key)
    assert(missing.isEmpty, s"no tasks=immediate note: ${missing.mkString(", ")}")
  }

  test("scala-async's sums say that their awaits of finished tasks continue inline, the step kept opaque") {
    // The direct-style rule of docs/scenarios.md: an await of a finished future is no bind; the cell is
    // n/a, or its step is opaque the way baseline's is and it says so.
    val sums = cells.filter(i => i.runtime == "scala-async" && Set("left-sum", "right-sum", "raw-sum", "deep-bind")(i.scenario))
    val silent = sums.filter(i => i.scenarioDef.naReason(i.variant, i.runtime, Mode.Fork).isEmpty)
      .filterNot(i => i.syntax.contains("continues inline") && i.syntax.contains("opaque")).map(_.key)
    assert(silent.isEmpty, s"no direct-style note: ${silent.mkString(", ")}")
  }

  test("ox and loom pool-per-step say that every call is a virtual thread its caller blocks on") {
    val pps = cells.filter(i => i.scenario == "ackermann" && i.variant == "pool-per-step" && Set("ox", "loom")(i.runtime))
    val silent = pps.filterNot(i => i.syntax.contains("virtual thread") && i.syntax.contains("blocks")).map(_.key)
    assert(silent.isEmpty, s"no note: ${silent.mkString(", ")}")
    pps.filter(_.runtime == "ox").foreach(i => assert(i.syntax.contains("supervised"), i.key))
  }

  test("every cartesian traverse cell builds a pair list per element (no one shared buffer)") {
    // The others' traverse builds List(x, y) per cell and joins the lists; appending every
    // element into one ListBuffer skips that work (baseline, the plain-code floor, may: it has no
    // effect to traverse with). Read from each cell's own source file.
    var dir = java.nio.file.Paths.get("").toAbsolutePath
    while (dir != null && !java.nio.file.Files.exists(dir.resolve("build.sbt").resolveSibling("runtimes"))) dir = dir.getParent
    assume(dir != null, "the repository's sources are not reachable from the test's directory")
    val trav = cells.filter(i => i.scenario == "cartesian" && i.variant == "traverse" && i.runtime != "baseline")
    // A file that also holds the baseline's cell (which may use a buffer) is left to review.
    val sharedWithBaseline = cells.filter(i => i.scenario == "cartesian" && i.runtime == "baseline").map(_.source.takeWhile(_ != '#')).toSet
    val buffered = trav.filterNot(i => sharedWithBaseline(i.source.takeWhile(_ != '#'))).filter { i =>
      val file = dir.resolve(i.source.takeWhile(_ != '#'))
      new String(java.nio.file.Files.readAllBytes(file), "UTF-8").contains("ListBuffer")
    }.map(_.key)
    assert(buffered.isEmpty, s"a ListBuffer in: ${buffered.mkString(", ")}")
  }

  test("cats-effect and zio cells whose ratio mostly measures a lone fiber's hop say it takes the bypass") {
    // CE's cede and ZIO's yieldNow on a lone fiber skip the queue and the wake-up (cited in the
    // modern module's Tasks): fair to measure, but said beside the number.
    val hops = Set("business-flow", "raw-sum", "left-sum", "right-sum", "cartesian", "sequence")
    def hopping(i: Impl[_ <: Live]) = hops(i.scenario) || (i.scenario == "ackermann" && i.variant == "pool-per-step")
    val silent = cells.filter(hopping).collect {
      case i if i.runtime == "cats-effect" && !i.syntax.contains("cede bypass") => i.key
      case i if i.runtime == "zio" && !i.syntax.contains("next-runnable slot") => i.key
    }
    assert(silent.isEmpty, s"no bypass note: ${silent.mkString(", ")}")
  }
}
