package effectbench

import java.io.File
import java.nio.charset.StandardCharsets
import java.util.concurrent.TimeUnit

/** No runtime leaks into another: for each runtime of this module, a fresh JVM (ThreadProbe)
  * runs that runtime's scheduler-family cells at test sizes, under each profile, and lists its live
  * threads; none may carry the thread-name signature of another runtime. As a control, the
  * runtime's own signature must be seen (otherwise the probe would prove nothing).
  *
  * A thread is foreign when it carries another runtime's prefix and none of this runtime's own:
  * ox and loom share the JDK's virtual-thread scheduler (ForkJoinPool-N-worker-M carriers), and
  * Monix's `Scheduler.global` (the defaults profile) runs on Scala's global execution context, the
  * pool of `future` (and of the runtimes that run on it), so those cannot be told apart by names. */
abstract class ThreadLeakChecks extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  /** Thread-name prefixes of each runtime's own pools: the runtime table's `threadNames`. */
  val signatures: Map[String, Vector[String]] =
    Runtimes.all.filter(_.threadNames.nonEmpty).map(r => r.id -> r.threadNames).toMap

  private val runtimes = Harness.registry.impls.filter(_.scenarioDef.family == Family.Scheduler).map(_.runtime).distinct

  test("this module has scheduler-family runtimes to probe") { assert(runtimes.nonEmpty) }

  for {
    rt <- runtimes
    settings <- Settings.all
  } test(s"running $rt's scheduler-family cells [${settings.id}] starts no other runtime's threads") {
    val java = new File(System.getProperty("java.home"), "bin/java").getPath
    val cmd = Vector(java, "-Xss4m", "-Xmx1g") ++ Settings.jvmProperties(settings, rt) ++
      sys.props.get("effectbench.probe.jvmArgs").toVector.flatMap(_.split(' ').filter(_.nonEmpty)) ++
      Vector("-cp", System.getProperty("java.class.path"), "effectbench.ThreadProbe", rt, settings.id)
    val pb = new ProcessBuilder(cmd: _*).redirectErrorStream(true)
    val p = pb.start()
    val out = new String(p.getInputStream.readAllBytes(), StandardCharsets.UTF_8)
    assert(p.waitFor(4, TimeUnit.MINUTES), "the probe JVM did not end")
    assertEquals(p.exitValue(), 0, s"probe failed:\n$out")
    val threads = out.split('\n').toVector.filter(_.startsWith("THREAD ")).map(_.stripPrefix("THREAD "))
    val ran = out.split('\n').toVector.filter(_.startsWith("RAN "))
    assert(ran.nonEmpty, s"the probe ran no cell:\n$out")
    val own = signatures.getOrElse(rt, Vector.empty)
    val foreign = for {
      (other, prefixes) <- signatures.toVector.sortBy(_._1) if other != rt
      t <- threads if prefixes.exists(t.startsWith) && !own.exists(t.startsWith)
    } yield s"$t (looks like $other)"
    assert(foreign.isEmpty, s"$rt started threads of other runtimes: ${foreign.mkString(", ")}\nall threads: ${threads.mkString(", ")}")
    signatures.get(rt).foreach { own =>
      assert(threads.exists(t => own.exists(t.startsWith)),
        s"control: none of $rt's own threads (${own.mkString(", ")}) seen; threads: ${threads.mkString(", ")}")
    }
  }
}

/** Runs one runtime's scheduler-family cells at test sizes in this JVM, then prints every live thread. */
object ThreadProbe {
  def main(args: Array[String]): Unit = {
    val rt = args(0)
    val settings = Settings(args(1))
    val impls = Harness.registry.impls.filter(i => i.runtime == rt && i.scenarioDef.family == Family.Scheduler)
    val live = impls.head.setup.start(settings)
    impls.foreach { i =>
      val s = i.scenarioDef
      s.testSets.foreach { params =>
        val program = i.prepare(live, params, Mode.Fork)
        val got = program.summarize(program.run())
        val want = s.oracle(i.variant, params)
        if (got != want) { println(s"INVALID ${i.key} $params: expected $want got $got"); System.exit(2) }
        println(s"RAN ${i.key} $params")
      }
    }
    Thread.getAllStackTraces.keySet.toArray(new Array[Thread](0)).map(_.getName).toVector.sorted
      .foreach(n => println(s"THREAD $n"))
    System.out.flush()
    Runtime.getRuntime.halt(0)
  }
}
