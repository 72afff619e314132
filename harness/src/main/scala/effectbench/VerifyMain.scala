package effectbench

import java.util.concurrent.{Callable, FutureTask, TimeUnit, TimeoutException}

/** Runs the oracles of the cells named on the command line, in this module's JVM, and prints
  * one JSON line per cell: status (ok, invalid, failed, timed-out), the expected and actual
  * results, and the settings read back from the live runtime.
  *
  * Usage: VerifyMain [--settings levelled|defaults] [--timeout SECONDS] CELL_KEY... */
object VerifyMain {
  def main(args: Array[String]): Unit = {
    Watchdog.start()
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
    // A program that calls System.exit ends this JVM mid-check: say so for the cell in flight
    // ("fatal": the runner checks the cells after it in a new JVM).
    Runtime.getRuntime.addShutdownHook(new Thread(new Runnable {
      def run(): Unit = inFlight.foreach { case (key, started) =>
        println(record(key, Outcome.Failed, "", "", "failed: the program ended the JVM (System.exit) during the oracle check", started,
            Vector.empty, fatal = true))
        System.out.flush()
      }
    }))
    keys.result().foreach { key =>
      val started = System.nanoTime()
      inFlight = Some((key, started))
      val line =
        try {
          val id = Harness.cellId(key)
          val impl = Harness.impl(id)
          val live = lives.getOrElseUpdate(id.runtime, impl.setup.start(settings))
          val program = impl.prepare(live, Harness.scenario(id).complete(id.params), id.mode)
          val want = Harness.expected(id)
          val task = new FutureTask[String](new Callable[String] { def call(): String = program.summarize(program.run()) })
          Threads.startDaemon("verify-" + id.runtime)(task)
          val got =
            try task.get(timeoutS, TimeUnit.SECONDS)
            catch {
              case _: TimeoutException =>
                inFlight = None
                println(record(key, Outcome.TimedOut, want, "", s"timed out after $timeoutS s", started, live.readBack, fatal = true))
                System.out.flush()
                Runtime.getRuntime.halt(3)
                ""
              case e: java.util.concurrent.ExecutionException => throw e.getCause
            }
          if (got == want) record(key, Outcome.Ok, want, got, "", started, live.readBack, work = counted(impl, live, id, timeoutS))
          else record(key, Outcome.Invalid, want, got, s"invalid: expected $want got $got", started, live.readBack)
        } catch {
          case thrown: Throwable => unwrap(thrown) match {
              case _: StackOverflowError => record(key, Outcome.Failed, "", "", "failed: stack overflow", started, Vector.empty)
              case e => record(key, Outcome.Failed, "", "", s"failed: ${e.getClass.getName}: ${String.valueOf(e.getMessage).take(500)}",
                  started, Vector.empty)
            }
        }
      inFlight = None
      println(line)
      System.out.flush()
    }
    lives.values.foreach(l =>
      try l.close()
      catch { case _: Throwable => () }
    )
    System.out.flush()
    // Some runtimes keep non-daemon pools alive; the verdicts are printed, so end here.
    Runtime.getRuntime.halt(0)
  }

  /** The program's own error, without the wrappers of the pools it ran on. */
  @annotation.tailrec
  private def unwrap(e: Throwable): Throwable = e match {
    case w @ (_: java.util.concurrent.ExecutionException | _: java.util.concurrent.CompletionException) if w.getCause != null =>
      unwrap(w.getCause)
    case other => other
  }

  /** The work of a family-S cell, counted inside its programs by one more run with counting
    * hooks (the module's `countedImpls`): recorded with the verdict so reports show the work
    * beside the score. Empty when the module has no counted form of the cell, or the counted
    * run does not finish in time or fails (the verdict itself is the uncounted run's). */
  private def counted(impl: Impl[_ <: Live], live: Live, id: CellId, timeoutS: Long): Vector[(String, Long)] = {
    val w = Work.counter()
    Harness.registry.countedImpls(w).find(_.key == impl.key) match {
      case None => Vector.empty
      case Some(c) =>
        try {
          val program = c.prepare(live, Harness.scenario(id).complete(id.params), id.mode)
          val task = new FutureTask[Any](new Callable[Any] { def call(): Any = program.run() })
          Threads.startDaemon("count-" + id.runtime)(task)
          task.get(timeoutS, TimeUnit.SECONDS)
          DeclaredWork.of(w.count)
        } catch { case _: Throwable => Vector.empty }
    }
  }

  @volatile private var inFlight: Option[(String, Long)] = None

  private def record(
      key: String, status: Outcome, want: String, got: String, reason: String, started: Long,
      readBack: Vector[(String, String)], fatal: Boolean = false, work: Vector[(String, Long)] = Vector.empty
  ): String =
    Wire.write(VerifyRecord(key, status, want, got, reason, (System.nanoTime() - started) / 1000000L, readBack, fatal, work))
}
