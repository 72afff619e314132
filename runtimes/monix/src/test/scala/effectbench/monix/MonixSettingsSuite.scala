package effectbench.monix

import effectbench.Settings
import java.io.File
import java.nio.charset.StandardCharsets
import java.util.concurrent.TimeUnit

/** The levelled profile really applies Monix's settings. Monix reads its tracing flags and default
  * batch size once, from JVM properties, when its classes load: so each profile is read back in a
  * fresh JVM given that profile's Settings.jvmProperties, as the measuring JVM is, and every claim
  * of Settings.levelledClaims must be what the live classes and scheduler report. */
class MonixSettingsSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  private def readBack(s: Settings): Map[String, String] = {
    val java = new File(System.getProperty("java.home"), "bin/java").getPath
    val cmd = Vector(java, "-Xmx256m") ++ Settings.jvmProperties(s, "monix") ++
      Vector("-cp", System.getProperty("java.class.path"), "effectbench.monix.MonixReadBackProbe", s.id)
    val p = new ProcessBuilder(cmd: _*).redirectErrorStream(true).start()
    val out = new String(p.getInputStream.readAllBytes(), StandardCharsets.UTF_8)
    assert(p.waitFor(2, TimeUnit.MINUTES), "the probe JVM did not end")
    assertEquals(p.exitValue(), 0, out)
    out.split('\n').toVector.filter(_.startsWith("RB ")).map { l =>
      val Array(k, v) = l.stripPrefix("RB ").split("=", 2); k -> v
    }.toMap
  }

  private val processors = java.lang.Runtime.getRuntime.availableProcessors()

  test("levelled: every claim of the profile is what the live runtime reads back") {
    val rb = readBack(Settings.Levelled)
    Settings.levelledClaims("monix", processors).foreach { c =>
      assertEquals(rb.get(c.key), Some(c.expected), s"${c.key}; read back: $rb")
    }
    assertEquals(rb("autoYieldBudget"), "8192")
    assertEquals(rb("default.batchSize"), Settings.MonixBatch.toString, "the JVM property sets Monix's own default too")
    assertEquals(rb("localContextPropagation"), "false")
  }

  test("defaults: as shipped — stack tracing cached, enhanced exceptions on, batches of 1024, the global pool") {
    val rb = readBack(Settings.Defaults)
    assertEquals(rb("tracing"), "cached")
    assertEquals(rb("enhancedExceptions"), "on")
    assertEquals(rb("autoYieldBudget"), "1024")
    assertEquals(rb("computeThreads"), effectbench.LivePools.global.getParallelism.toString)
  }
}

/** Prints a profile's read-back, one `RB key=value` line each (run in a fresh JVM by the suite). */
object MonixReadBackProbe {
  def main(args: Array[String]): Unit = {
    val live = MonixSetup.start(Settings(args(0)))
    try live.readBack.foreach { case (k, v) => println(s"RB $k=$v") }
    finally live.close()
  }
}
