package effectbench

/** The steal counter's reading of /proc/stat (ProcCounters.stealOf): the eighth number of the
  * aggregate "cpu" line, and no reading from any other line or a kernel without the column. */
class ProcStealSuite extends munit.FunSuite {
  test("the steal column of the aggregate cpu line") {
    assertEquals(ProcCounters.stealOf("cpu  1974228 1368 219366 634480 2665 0 3415 7670 0 0"), 7670L)
  }
  test("no reading from a per-cpu line, a short line or nothing") {
    assertEquals(ProcCounters.stealOf("cpu0 1006097 596 111398 298057 448 0 1228 3602 0 0"), -1L)
    assertEquals(ProcCounters.stealOf("cpu  1 2 3 4 5 6 7"), -1L)
    assertEquals(ProcCounters.stealOf(null), -1L)
  }
  test("read from this machine where /proc/stat has the column") {
    val stat = java.nio.file.Paths.get("/proc/stat")
    assume(java.nio.file.Files.isReadable(stat), "no /proc/stat here")
    val first = java.nio.file.Files.readAllLines(stat).get(0)
    assume(first.trim.split("\\s+").length > 8, "this kernel keeps no steal column")
    assert(ProcCounters.stealTicks() >= 0L)
  }
}
