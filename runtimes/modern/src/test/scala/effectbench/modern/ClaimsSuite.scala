package effectbench.modern

import effectbench.{Claim, Live, RuntimeSetup, Settings}

/** Prints a runtime's levelled read-back, one `key=value` a line: run by ClaimsSuite in a child
  * JVM started with `Settings.jvmProperties`, because some settings (CE's tracing) are system
  * properties a library reads once when its classes load. */
object LevelledReadBack {
  def main(args: Array[String]): Unit = {
    val live = ClaimsSuite.setups(args(0)).start(Settings.Levelled)
    try live.readBack.foreach { case (k, v) => println(s"$k=$v") } finally live.close()
  }
}

/** Every claim the levelled profile makes for a runtime of this group is in its read-back, with
  * the claimed value, as read from the live runtime. */
class ClaimsSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")
  private val processors = java.lang.Runtime.getRuntime.availableProcessors()

  /** The read-back of a runtime in a JVM configured for it like the measuring one. */
  private def readBackInChildJvm(runtime: String): Map[String, String] = {
    val javaBin = java.nio.file.Paths.get(System.getProperty("java.home"), "bin", "java").toString
    val cmd = Vector(javaBin) ++ Settings.jvmProperties(Settings.Levelled, runtime) ++
      Vector("-cp", System.getProperty("java.class.path"), "effectbench.modern.LevelledReadBack", runtime)
    val p = new ProcessBuilder(cmd: _*).redirectErrorStream(true).start()
    val out = scala.io.Source.fromInputStream(p.getInputStream).getLines().toVector
    assertEquals(p.waitFor(), 0, out.mkString("\n"))
    out.flatMap { l => l.split("=", 2) match { case Array(k, v) => Some(k -> v); case _ => None } }.toMap
  }

  for (runtime <- ClaimsSuite.setups.keys.toVector.sorted) {
    test(s"$runtime under levelled reads back every claim of the profile") {
      val got = readBackInChildJvm(runtime)
      val claims = Settings.levelledClaims(runtime, processors)
      assert(claims.nonEmpty, s"no claims for $runtime")
      claims.foreach { case Claim(k, v) => assertEquals(got.get(k), Some(v), s"$runtime $k; read back: $got") }
    }
    test(s"$runtime under defaults reads back the same keys") {
      val live = ClaimsSuite.setups(runtime).start(Settings.Defaults)
      val got = try live.readBack.toMap finally live.close()
      Settings.levelledClaims(runtime, processors).foreach { c => assert(got.contains(c.key), s"$runtime defaults lacks ${c.key}: $got") }
    }
  }

  test("cats-effect's sync entry is its run loop, not syncStep") {
    val live = CatsEffectSetup.start(Settings.Levelled)
    try {
      // The IOFiber run loop runs on the compute pool; SyncIO's syncStep would run here.
      val thread = live.run(cats.effect.IO(Thread.currentThread), effectbench.Mode.Sync)
      assertNotEquals(thread, Thread.currentThread)
    } finally live.close()
  }

  test("zio's sync entry starts the fiber on the calling thread") {
    val live = ZioSetup.start(Settings.Levelled)
    try assertEquals(live.run(zio.ZIO.succeed(Thread.currentThread), effectbench.Mode.Sync), Thread.currentThread)
    finally live.close()
  }
}

object ClaimsSuite {
  val setups: Map[String, RuntimeSetup[? <: Live]] =
    Vector(CatsEffectSetup, ZioSetup, FutureSetup, CpsSetup, BaselineSetup).map(s => s.runtime -> s).toMap
}
