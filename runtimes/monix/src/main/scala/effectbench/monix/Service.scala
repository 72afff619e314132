package effectbench.monix

import effectbench.{Catalog, Impl, Live, LoadWindow, MonixRow, Scenario, ScenarioImpls, ServiceModel, ServiceTarget, WindowProgram}
import effectbench.Cover.runs
import java.util.concurrent.TimeUnit
import monix.catnap.Semaphore
import monix.eval.Task
import monix.execution.Scheduler
import org.openjdk.jmh.infra.Blackhole
import scala.concurrent.duration.FiniteDuration

/** service in this group: the program, its oracle and its same-work rules are the catalog's
  * (Catalog.service; the modern group's Service says what keeps the cells the same work). Monix's
  * own pieces, read in the monix 3.4.1 jars with javap:
  *   - the backends are `Task.sleep`, whose wake is a `scheduleOnce` on the scheduler the Task
  *     runs on, cancelled with the Task's connection (internal.TaskSleep$Register, monix-eval_3);
  *   - the pairwise parallel combinator is `Task.parZip2` (twice, as Cats Effect's `IO.both`):
  *     `Task$.parZip2` calls `mapBoth`, i.e. `internal.TaskMapBoth`, whose Register starts both
  *     tasks with `Task.unsafeStartEnsureAsync`, each on a connection of its own (monix-eval_3);
  *   - the timeout is `Task#timeoutTo(d, fallback)`: `timeoutToL` races the task against
  *     `Task.sleep` of what is left of `d` with `Task.race`, and runs `fallback` when the sleep won
  *     (Task.class: `timeoutToL`, its lambdas `$anonfun$5` and `timeoutToL$$anonfun$1`);
  *     `internal.TaskRace` starts both sides, and the first to finish (an `AtomicBoolean` getAndSet)
  *     cancels the other's connection and completes the race once that cancel has run
  *     (TaskRace$$anon$1.onSuccess: `connB.cancel.map(...).runAsyncAndForget`);
  *   - the connection pool is `monix.catnap.Semaphore[Task]`, whose `withPermit` is
  *     `Async.bracket(acquire)(use)(release)` (Semaphore.class: `withPermitN`) and whose waiters
  *     queue in order (internal.GenericSemaphore$State.awaitPermits, a `Queue`, in
  *     monix-execution_3). `monix.eval.TaskSemaphore` also exists in 3.4.1 but is deprecated and
  *     makes a Cats Effect 2 `cats.effect.concurrent.Semaphore` (package$TaskSemaphore$.apply,
  *     flagged Deprecated), so it is not Monix's own.
  * Every request starts with `Task.shift` onto the scheduler, as the group's HogProbe starts its
  * probes: Monix runs a Task on the calling thread until its first async boundary, which here
  * would be the client's thread. */
object Service extends ScenarioImpls[MonixRow] {
  val scenario: Scenario = Catalog.service
  val row: MonixRow = MonixRow(monix = runs(MonixSetup))

  private def nanos(n: Long): FiniteDuration = FiniteDuration(n, TimeUnit.NANOSECONDS)

  def request(w: LoadWindow, s: ServiceModel.Schedule, k: Int, base: Long, timeout: FiniteDuration, pool: Semaphore[Task]): Task[Unit] =
    Task.eval(Blackhole.consumeCPU(base))
      .flatMap(_ =>
        Task.parZip2(
          Task.parZip2(Task.eval(w.backendIn(k)).flatMap(_ => Task.sleep(nanos(s.a(k)))).flatMap(_ => Task.eval(w.backendOut(k))),
            Task.eval(w.backendIn(k)).flatMap(_ => Task.sleep(nanos(s.b(k)))).flatMap(_ => Task.eval(w.backendOut(k)))),
          Task.eval(w.backendStarted(k)).flatMap(_ => Task.sleep(nanos(s.c(k)))).timeoutTo(timeout, Task.eval(w.timedOut(k)))
        )
      )
      .flatMap(_ =>
        pool.withPermit(
          Task.eval(w.permitIn()).flatMap(_ => Task.eval(Blackhole.consumeCPU(base))).flatMap(_ => Task.eval(w.permitOut()))
        )
      )
      .flatMap(_ => Task.eval(w.answer(k)))

  /** The window's semaphore is made by `Semaphore.unsafe` on the client thread (the library's own
    * constructor outside the effect; it is acquired only inside each request). */
  final class MonixTarget(sch: Scheduler, opts: Task.Options, base: Long, timeout: FiniteDuration) extends ServiceTarget {
    @volatile private var pool: Semaphore[Task] = null
    def startWindow(permits: Int): Unit = pool = Semaphore.unsafe[Task](permits.toLong)
    def submit(w: LoadWindow, s: ServiceModel.Schedule, k: Int): Unit =
      Task.shift.flatMap(_ => request(w, s, k, base, timeout, pool)).runAsyncAndForgetOpt(sch, opts)
  }

  val impls: Vector[Impl[? <: Live]] = Vector(
    new Impl(Catalog.service, "default", MonixSetup, "parZip2, timeoutTo, catnap.Semaphore; Tasks by runAsyncAndForget after shift")(
      (live, p, _) =>
        WindowProgram.service(new MonixTarget(live.scheduler, live.options, p.long("base"), nanos(ServiceModel.timeoutNanos(p))), p,
          live.budgetReadBack(live.scheduler))
    )
  )
}
