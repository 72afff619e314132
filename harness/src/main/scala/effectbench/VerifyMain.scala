package effectbench

import java.util.concurrent.{Callable, FutureTask, TimeUnit, TimeoutException}

/** Runs the oracles of the cells named on the command line, in this module's JVM, and prints
  * one JSON line per cell: status (ok, invalid, failed, timed-out), the expected and actual
  * results, and the settings read back from the live runtime.
  *
  * Usage: VerifyMain [--settings levelled|defaults] [--timeout SECONDS] CELL_KEY... */
object VerifyMain {
  def main(args: Array[String]): Unit = {
    var settings: Settings = Settings.Levelled
    var timeoutS = 60L
    val keys = Vector.newBuilder[String]
    var i = 0
    while (i < args.length) {
      args(i) match {
        case "--settings" => settings = Settings(args(i + 1)); i += 1
        case "--timeout" => timeoutS = args(i + 1).toLong; i += 1
        case k => keys += k
      }
      i += 1
    }
    val lives = scala.collection.mutable.LinkedHashMap.empty[String, Live]
    keys.result().foreach { key =>
      val started = System.nanoTime()
      val line = try {
        val id = Harness.cellId(key)
        val impl = Harness.impl(id)
        val live = lives.getOrElseUpdate(id.runtime, impl.setup.start(settings))
        val program = impl.prepare(live, Harness.scenario(id).complete(id.params), id.mode)
        val want = Harness.expected(id)
        val task = new FutureTask[String](new Callable[String] { def call(): String = program.summarize(program.run()) })
        val t = new Thread(null, task, "verify-" + id.runtime)
        t.setDaemon(true)
        t.start()
        val got = try task.get(timeoutS, TimeUnit.SECONDS) catch {
          case _: TimeoutException =>
            emit(key, "timed-out", want, "", s"timed out after $timeoutS s", started, live.readBack)
            System.out.flush()
            Runtime.getRuntime.halt(3)
            ""
          case e: java.util.concurrent.ExecutionException => throw e.getCause
        }
        if (got == want) record(key, "ok", want, got, "", started, live.readBack)
        else record(key, "invalid", want, got, s"invalid: expected $want got $got", started, live.readBack)
      } catch {
        case e: StackOverflowError => record(key, "failed", "", "", "failed: stack overflow", started, Vector.empty)
        case e: Throwable => record(key, "failed", "", "", s"failed: ${e.getClass.getName}: ${String.valueOf(e.getMessage).take(500)}", started, Vector.empty)
      }
      println(line)
      System.out.flush()
    }
    lives.values.foreach(l => try l.close() catch { case _: Throwable => () })
    System.out.flush()
    // Some runtimes keep non-daemon pools alive; the verdicts are printed, so end here.
    Runtime.getRuntime.halt(0)
  }

  private def record(key: String, status: String, want: String, got: String, reason: String, started: Long,
      readBack: Vector[(String, String)]): String =
    Json.obj(
      "cell" -> Json.str(key),
      "status" -> Json.str(status),
      "expected" -> Json.str(want),
      "got" -> Json.str(got),
      "reason" -> Json.str(reason),
      "millis" -> Json.num(((System.nanoTime() - started) / 1000000L).toDouble),
      "readBack" -> Json.strMap(readBack)
    ).render

  private def emit(key: String, status: String, want: String, got: String, reason: String, started: Long,
      readBack: Vector[(String, String)]): Unit = println(record(key, status, want, got, reason, started, readBack))
}
