package effectbench

import java.util.concurrent.{Callable, FutureTask, TimeUnit, TimeoutException}

/** Runs the oracles of the cells named on the command line, in this module's JVM, and prints
  * one JSON line per cell: status (ok, invalid, failed, timed-out), the expected and actual
  * results, and the settings read back from the live runtime.
  *
  * Usage: VerifyMain [--settings levelled|defaults] [--timeout SECONDS] CELL_KEY... */
object VerifyMain {
  def main(args: Array[String]): Unit = {
    RootLocale.set()
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
        println(Wire.write(record(key, Outcome.Failed, "", "", "failed: the program ended the JVM (System.exit) during the oracle check",
              started, Vector.empty, fatal = true)))
        System.out.flush()
      }
    }))
    keys.result().foreach { key =>
      val line = Wire.write(check(key, settings, timeoutS, lives))
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

  /** One cell's verdict: the oracle at the given params, then (the scheduler family) the work
    * counted at the same params against the scenario's expectedWork. `registry` is the module's (a test
    * passes another to see a wrong count refused). */
  def check(
      key: String, settings: Settings, timeoutS: Long, lives: scala.collection.mutable.Map[String, Live],
      registry: CellRegistry = Harness.registry
  ): VerifyRecord = {
    val started = System.nanoTime()
    inFlight = Some((key, started))
    try {
      val id = Harness.cellId(key)
      val impl = Harness.impl(id)
      val live = lives.getOrElseUpdate(id.runtime, impl.setup.start(settings))
      val program = impl.prepare(live, Harness.scenario(id).complete(id.params), id.mode)
      // A latency budget variant runs on a runtime of its own: its budget is read back from that one.
      val readBack = live.readBack ++ (program match {
        case w: WindowProgram => w.cellReadBack
        case _ => Vector.empty
      })
      val want = Harness.expected(id)
      val task = new FutureTask[String](new Callable[String] { def call(): String = program.checkedSummary() })
      Threads.startDaemon("verify-" + id.runtime)(task)
      val got =
        try task.get(timeoutS, TimeUnit.SECONDS)
        catch {
          case _: TimeoutException =>
            inFlight = None
            println(Wire.write(record(key, Outcome.TimedOut, want, "", s"timed out after $timeoutS s", started, readBack,
                  fatal = true)))
            System.out.flush()
            Runtime.getRuntime.halt(3)
            throw new IllegalStateException("halted")
          case e: java.util.concurrent.ExecutionException => throw e.getCause
        }
      if (got != want) record(key, Outcome.Invalid, want, got, s"invalid: expected $want got $got", started, readBack)
      else counted(registry, impl, live, id, timeoutS) match {
        case Right(work) => record(key, Outcome.Ok, want, got, "", started, readBack, work = work)
        case Left(why) => record(key, Outcome.Invalid, want, got, why, started, readBack)
      }
    } catch {
      case thrown: Throwable => unwrap(thrown) match {
          case _: StackOverflowError => record(key, Outcome.Failed, "", "", "failed: stack overflow", started, Vector.empty)
          case e => record(key, Outcome.Failed, "", "", s"failed: ${e.getClass.getName}: ${String.valueOf(e.getMessage).take(500)}",
              started, Vector.empty)
        }
    }
  }

  /** The program's own error, without the wrappers of the pools it ran on. */
  @annotation.tailrec
  private def unwrap(e: Throwable): Throwable = e match {
    case w @ (_: java.util.concurrent.ExecutionException | _: java.util.concurrent.CompletionException) if w.getCause != null =>
      unwrap(w.getCause)
    case other => other
  }

  /** The work of a scheduler-family cell, counted inside its programs by one more run with counting
    * hooks (the module's `countedImpls`), at the size that is measured, and checked against the
    * work docs/scenarios.md prescribes (the scenario's `expectedWork`) before the cell is timed: the oracles of
    * fork-many, ping-pong and yield-many are `0` whatever happened, so the count is their check. A
    * count that differs, or a counted run that fails or does not finish, makes the cell invalid
    * (`Left`); the count is recorded with the verdict so reports show it beside the score. Empty
    * when the module has no counted form of the cell (outside the scheduler family). */
  private def counted(
      registry: CellRegistry, impl: Impl[_ <: Live], live: Live, id: CellId, timeoutS: Long
  ): Either[String, Vector[(String, Long)]] = {
    val w = Work.counter()
    registry.countedImpls(w).find(_.key == impl.key) match {
      case None => Right(Vector.empty)
      case Some(c) =>
        val params = Harness.scenario(id).complete(id.params)
        try {
          val program = c.prepare(live, params, id.mode)
          val task = new FutureTask[Any](new Callable[Any] { def call(): Any = program.run() })
          Threads.startDaemon("count-" + id.runtime)(task)
          task.get(timeoutS, TimeUnit.SECONDS)
          workVerdict(Harness.scenario(id), params, w.count)
        } catch {
          case _: TimeoutException => Left(s"invalid: its work count did not finish in $timeoutS s")
          case t: Throwable =>
            Left(s"invalid: its work count failed: ${unwrap(t).getClass.getName}: ${String.valueOf(unwrap(t).getMessage).take(300)}")
        }
    }
  }

  /** The counted work of a scheduler-family cell against its scenario's `expectedWork` at the same params. */
  def workVerdict(scenario: Scenario, params: Params, got: WorkCount): Either[String, Vector[(String, Long)]] = {
    val want = scenario.expectedWorkAt(params)
    if (got == want) Right(DeclaredWork.of(got)) else Left(s"invalid: work counted $got, docs/scenarios.md prescribes $want")
  }

  @volatile private var inFlight: Option[(String, Long)] = None

  private def record(
      key: String, status: Outcome, want: String, got: String, reason: String, started: Long,
      readBack: Vector[(String, String)], fatal: Boolean = false, work: Vector[(String, Long)] = Vector.empty
  ): VerifyRecord =
    VerifyRecord(key, status, want, got, reason, (System.nanoTime() - started) / 1000000L, readBack, fatal, work)
}
