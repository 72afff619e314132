package effectbench.runner

import effectbench.Json
import java.nio.file.Files
import scala.concurrent.duration._

/** Injects every fault of the test-only `fault` scenario for real, through the real runner:
  * each is recorded with its reason, the run goes on, and it ends with a summary and exit 1.
  * `after=0` faults in the oracle check (the verifier JVM); `after=1` passes the check and
  * faults only inside JMH's measuring JVM. */
class FaultSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 10.minutes

  private val timeout = 20

  /** variant -> (status, a piece of the reason) for after=0 and after=1. */
  private val expected: Map[String, ((String, String), (String, String))] = Map(
    "ok" -> (("ok", ""), ("ok", "")),
    "hang" -> (("timed-out", s"timed out after $timeout s"), ("timed-out", s"timed out after $timeout s")),
    "throw" -> (("failed", "java.lang.IllegalStateException: injected fault"), ("failed", "java.lang.IllegalStateException: injected fault")),
    "exit" -> (("failed", "System.exit"), ("failed", "the measuring JVM ended")),
    "overflow" -> (("failed", "stack overflow"), ("failed", "java.lang.StackOverflowError")),
    "oom" -> (("failed", "java.lang.OutOfMemoryError"), ("failed", "java.lang.OutOfMemoryError")),
    "wrong" -> (("invalid", "invalid: expected 42 got 41"), ("invalid", "invalid: expected 42 got 41"))
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
      val dir = Cli.runDirs(out).find(d => r.out.trim.split('\n').last == d.toString).getOrElse(fail(s"the run does not name its directory:\n${r.out}"))
      val records = Cli.cellRecords(dir)
      val keys = records.map(_("cell").str)
      assertEquals(keys.distinct.size, keys.size, s"a cell is recorded twice: $keys")
      assertEquals(keys.size, cells, s"every planned cell is recorded: $keys")
      records.foreach { rec =>
        val key = rec("cell").str
        val Array(_, variant, _, params, _) = key.split('/')
        val (status, reason) = if (params == "after=0") expected(variant)._1 else expected(variant)._2
        assertEquals(rec("status").str, status, s"$key: ${rec.render}")
        assert(rec("reason").str.contains(reason), s"$key: reason '${rec("reason").str}' does not say '$reason'")
        if (status == "ok") {
          val jmh = dir.resolve(rec("jmh").str)
          assert(Json.parse(Cli.read(jmh)).arr.nonEmpty, s"$key: $jmh has no JMH result")
        } else assert(r.out.contains(s"  $key: ${rec("reason").str}"), s"the summary does not list $key:\n${r.out}")
        if (status == "invalid") assertEquals((rec("expected").str, rec("got").str), ("42", "41"), key)
      }
      assert(r.out.contains(s"${records.count(_("status").str != "ok")} cells did not produce a score"), r.out)
      assertEquals(Cli.runJson(dir)("status").str, "complete")
      assert(Cli.childrenOf(running.pid).isEmpty, "a JVM of the run outlived it")
    }
  }
}
