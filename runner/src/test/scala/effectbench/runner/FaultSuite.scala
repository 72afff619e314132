package effectbench.runner

import effectbench.Outcome
import effectbench.Outcome.{Failed, Invalid, Ok, TimedOut}
import effectbench.store.{RunFiles, RunStatus}
import java.nio.file.Files
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

/** Injects every fault of the test-only `fault` scenario for real, through the real runner:
  * each is recorded with its reason, the run goes on, and it ends with a summary and exit 1.
  * `after=0` faults in the oracle check (the verifier JVM); `after=1` passes the check and
  * faults only inside JMH's measuring JVM. */
class FaultSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 10.minutes

  /** The hanging run's time limit, waited out twice (the verifier's check, then the measuring JVM): it
    * holds nothing but the two hanging cells, whose JVMs start and check in about 4 s on a loaded machine. */
  private val timeout = 10

  /** variant -> (status, a piece of the reason) for after=0 and after=1. */
  private val expected: Map[String, ((Outcome, String), (Outcome, String))] = Map(
    "ok" -> ((Ok, ""), (Ok, "")),
    "hang" -> ((TimedOut, s"timed out after $timeout s"), (TimedOut, s"timed out after $timeout s")),
    "throw" -> ((Failed, "java.lang.IllegalStateException: injected fault"), (Failed, "java.lang.IllegalStateException: injected fault")),
    "exit" -> ((Failed, "System.exit"), (Failed, "the measuring JVM ended")),
    "overflow" -> ((Failed, "stack overflow"), (Failed, "java.lang.StackOverflowError")),
    "oom" -> ((Failed, "java.lang.OutOfMemoryError"), (Failed, "java.lang.OutOfMemoryError")),
    "wrong" -> ((Invalid, "invalid: expected 42 got 41"), (Invalid, "invalid: expected 42 got 41"))
  )

  /** Two runs at once (they share nothing but the results directory): the hanging cells with a
    * short time limit, the others with a long one, so a loaded machine cannot time out an `ok`. */
  test("every injected fault is recorded with its reason, the run goes on and ends with a summary and exit 1") {
    val out = Cli.tempDir("faults")
    def start(variants: String, limit: Int) = Cli.start("run", "--test-only", "--scenario", "fault", "--variant", variants,
      "--profile", "smoke", "--timeout", limit.toString, "--out", out.toString)
    val hanging = start("hang", timeout)
    val others = start("ok,throw,exit,overflow,oom,wrong", 300)
    for ((running, cells) <- Vector(hanging -> 2, others -> 12)) {
      val r = running.await()
      assertEquals(r.exit, 1, r.all)
      assert(!r.hasStackTrace, s"a stack trace reached the user:\n${r.all}")
      val dir = Cli.runDirs(out).find(d => r.out.trim.split('\n').last == d.toString).getOrElse(
        fail(s"the run does not name its directory:\n${r.out}")
      )
      val records = Cli.cellRecords(dir)
      val keys = records.map(_.cell)
      assertEquals(keys.distinct.size, keys.size, s"a cell is recorded twice: $keys")
      assertEquals(keys.size, cells, s"every planned cell is recorded: $keys")
      records.foreach { rec =>
        val key = rec.cell
        val Array(_, variant, _, params, _) = key.split('/')
        val (status, reason) = if (params == "after=0") expected(variant)._1 else expected(variant)._2
        assertEquals(rec.status, status, s"$key: $rec")
        assert(rec.reason.contains(reason), s"$key: reason '${rec.reason}' does not say '$reason'")
        if (status == Ok) {
          val jmh = dir.resolve(rec.jmh.get)
          assert(RunFiles.readJmh(jmh).nonEmpty, s"$key: $jmh has no JMH result")
          if (params == "after=1") measuredAsAFork(dir, key)
        } else {
          assert(r.out.contains(s"  $key: ${rec.reason}"), s"the summary does not list $key:\n${r.out}")
          assertEquals(rec.jmh, None, key)
        }
        if (status == Invalid) assertEquals((rec.expected, rec.got), ("42", "41"), key)
      }
      assert(r.out.contains(s"${records.count(_.status != Ok)} cells did not produce a score"), r.out)
      assertEquals(Cli.runMeta(dir).status, RunStatus.Complete)
      assert(Cli.childrenOf(running.pid).isEmpty, "a JVM of the run outlived it")
    }
  }

  /** One fork (the smoke profile) is measured in a JVM the runner launches itself: it must get the
    * flags JMH gives a JVM it forks — compiler blackholes on, and a compile-command file with JMH's
    * Blackhole hints and the benchmark's own (a JVM JMH runs in gets neither). */
  private def measuredAsAFork(dir: java.nio.file.Path, key: String): Unit = {
    val logs = {
      val s = Files.list(dir.resolve("logs"))
      try s.iterator().asScala.toVector.filter(_.getFileName.toString.contains(RunDir.safe(key)))
      finally s.close()
    }
    val vmOptions = logs.flatMap(l => RunFiles.text(l).split('\n').find(_.startsWith("# VM options:"))).headOption.getOrElse(
      fail(s"$key: no JMH log with its VM options among $logs")
    )
    assert(vmOptions.contains("-DcompilerBlackholesEnabled=true"), s"$key: $vmOptions")
    val file = "-XX:CompileCommandFile=(\\S+)".r.findFirstMatchIn(vmOptions).map(_.group(1)).getOrElse(fail(s"$key: $vmOptions"))
    val hints = RunFiles.text(java.nio.file.Paths.get(file))
    assert(hints.contains("blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler"), hints)
    assert(hints.contains("effectbench/Bench.run"), hints)
  }
}
