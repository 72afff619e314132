package effectbench.store

import java.nio.charset.StandardCharsets
import java.nio.file.Files

/** A relay fork without some of its turns (JmhMerge.dropIterations): the same iterations leave every
  * metric that has one value per iteration, scores follow, and the file as JMH wrote it stays beside. */
class JmhMergeSuite extends munit.FunSuite {
  private val written =
    """[{"benchmark":"effectbench.Bench.run","mode":"avgt","forks":1,
      |"primaryMetric":{"score":2.5,"scoreError":1.0,"scorePercentiles":{"50.0":2.5},"scoreUnit":"us/op","rawData":[[1.0,2.0,3.0,4.0]]},
      |"secondaryMetrics":{
      |  "gc.count":{"score":0.5,"scoreError":"NaN","scoreUnit":"counts","rawData":[[1.0,1.0,0.0,0.0]]},
      |  "threads":{"score":11.0,"scoreError":"NaN","scoreUnit":"threads","rawData":[[11.0]]}}}]""".stripMargin

  test("the dropped iterations leave the primary metric and every per-iteration metric; scores are of what is left") {
    val dir = Files.createTempDirectory("jmh-merge")
    val f = dir.resolve("cell.round-1.json")
    Files.write(f, written.getBytes(StandardCharsets.UTF_8))
    JmhMerge.dropIterations(f, Set(1, 3), Some(dir.resolve("cell.round-1.all-turns.json")))
    val r = RunFiles.readJmh(f).head
    assertEquals(r.primaryMetric.rawData, Vector(Vector(1.0, 3.0)))
    assertEqualsDouble(r.primaryMetric.score, 2.0, 1e-12)
    assertEquals(r.secondaryMetrics.get("gc.count").map(_.rawData), Some(Vector(Vector(1.0, 0.0))))
    assertEquals(r.secondaryMetrics.get("threads").map(_.rawData), Some(Vector(Vector(11.0))), "one value a fork: untouched")
    assert(!new String(Files.readAllBytes(f), StandardCharsets.UTF_8).contains("scorePercentiles"), "no percentile of iterations gone")
    assertEquals(RunFiles.readJmh(dir.resolve("cell.round-1.all-turns.json")).head.primaryMetric.rawData,
      Vector(Vector(1.0, 2.0, 3.0, 4.0)))
  }
}
