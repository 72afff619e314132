package effectbench

import java.io.File
import java.nio.charset.StandardCharsets

/** Every runtime of this module, started under each profile in a child JVM configured like the
  * measuring one (the profile's system properties and the measuring heap), reads its settings
  * back (docs/scenarios.md: results record the concrete settings read back from the live runtime);
  * under `levelled` every claim of `Settings.levelledClaims` is there with the claimed value, so
  * what a report prints as the profile is what the runtime ran with. */
class ReadBackSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  /** The flags of the measuring JVM (runner's JmhCell) that decide what a runtime reads back. */
  def childCommand(runtime: String, settings: Settings): Vector[String] = {
    val java = new File(new File(System.getProperty("java.home"), "bin"), "java").getPath
    val unsafe = if (Runtime.version().feature() >= 24) Vector("--sun-misc-unsafe-memory-access=allow") else Vector.empty[String]
    Vector(java) ++ unsafe ++ MeasuringJvm.heap ++ Settings.jvmProperties(settings, runtime) ++
      Vector("-cp", System.getProperty("java.class.path"), "effectbench.ReadBackMain", runtime, settings.id)
  }

  /** The processors the child JVM saw and what its live runtime read back. */
  def readBackOf(runtime: String, settings: Settings): (Int, Vector[(String, String)]) = {
    val pb = new ProcessBuilder(childCommand(runtime, settings): _*)
    pb.redirectErrorStream(true)
    val p = pb.start()
    val out = new String(p.getInputStream.readAllBytes(), StandardCharsets.UTF_8)
    p.waitFor()
    val props = ReadBackMain.parse(out)
      .getOrElse(fail(s"$runtime [${settings.id}]: the child JVM printed no read-back (exit ${p.exitValue}):\n${out.take(2000)}"))
    Option(props.getProperty("error")).foreach(e => fail(s"$runtime [${settings.id}] did not start: $e\n${out.take(2000)}"))
    val names = props.stringPropertyNames().toArray.toVector.map(_.toString).filter(_.startsWith("readBack.")).sorted
    (props.getProperty("processors").toInt, names.map(n => n.stripPrefix("readBack.") -> props.getProperty(n)))
  }

  /** Why a read-back does not prove the claims, one line per claim (empty when it does). */
  def mismatches(runtime: String, claims: Vector[Claim], rb: Vector[(String, String)]): Vector[String] =
    claims.flatMap { c =>
      rb.find(_._1 == c.key) match {
        case None => Some(s"$runtime claims ${c.key}=${c.expected} but reads no ${c.key} back")
        case Some((_, v)) if v != c.expected => Some(s"$runtime claims ${c.key}=${c.expected} but reads back ${c.key}=$v")
        case _ => None
      }
    }

  test("the claim check names a claim the read-back does not carry or contradicts") {
    val claims = Vector(Claim(Claim.AutoYield, "10240"), Claim(Claim.Tracing, "off"))
    assertEquals(mismatches("x", claims, Vector(Claim.AutoYield -> "10240", Claim.Tracing -> "off")), Vector.empty[String])
    assertEquals(mismatches("x", claims, Vector(Claim.AutoYield -> "1024")),
      Vector("x claims autoYieldBudget=10240 but reads back autoYieldBudget=1024", "x claims tracing=off but reads no tracing back"))
  }

  for {
    setup <- Harness.registry.setups
    settings <- Settings.all
  } test(s"${setup.runtime} [${settings.id}] reads its settings back" + (if (settings == Settings.Levelled)
                                                                           ", proving every claim of the profile"
                                                                         else "")) {
    val (processors, rb) = readBackOf(setup.runtime, settings)
    // Shown in the test log: what this runtime reads back, as a report prints it.
    println(s"${setup.runtime} [${settings.id}] reads back: ${rb.map { case (k, v) => s"$k=$v" }.mkString(", ")}")
    assert(rb.nonEmpty, s"${setup.runtime} reads nothing back")
    val keys = rb.map(_._1)
    assertEquals(keys.distinct.size, keys.size, s"a key is read back twice: $keys")
    rb.foreach { case (k, v) =>
      assert(k.trim.nonEmpty, s"a blank key in $rb")
      assert(v.trim.nonEmpty, s"$k is blank")
      assert(v != "unknown", s"$k could not be read from the live runtime")
    }
    // A runtime whose library is a version axis (`--lib`) reads back the version of the jar it
    // runs: in this module, the build's own version.
    BuildInfo.libraryAxis.find(_.runtime == setup.runtime).foreach { axis =>
      assertEquals(rb.find(_._1 == LibraryVersion.ReadBackKey).map(_._2), Some(axis.default), s"${setup.runtime}'s library version")
    }
    if (settings == Settings.Levelled) {
      val claims = Settings.levelledClaims(setup.runtime, processors)
      assert(claims.nonEmpty, s"the levelled profile claims nothing for ${setup.runtime}")
      val bad = mismatches(setup.runtime, claims, rb)
      assert(bad.isEmpty, bad.mkString("the live runtime does not have the settings the profile claims:\n  ", "\n  ", ""))
      // A runtime with an auto-yield budget measures its slice; it is levelled unless declared not.
      if (claims.exists(_.key == Claim.AutoYield)) {
        val levelled = rb.find(_._1 == Claim.SliceLevelled).map(_._2)
        if (Settings.unlevelledSlice.contains(setup.runtime))
          assert(levelled.exists(_.startsWith("no")), s"${setup.runtime} is declared unlevelled but reads back $levelled")
        else assertEquals(levelled, Some("yes"), s"${setup.runtime}'s measured slice: ${rb.find(_._1 == Claim.BindsPerYield)}")
      }
    }
  }
}
