package effectbench

/** Why cells do not exist on some runtimes: the per-runtime n/a reasons of the catalog that are
  * shared (one wording over several groups or scenarios), one value per scenario (its
  * `notApplicable` field names it: `Catalog.cartesian` reads `NaReasons.cartesian`). A reason of one
  * runtime is written in its scenario object instead, `na("why")`, and reaches the catalog through
  * the build (WrittenNa). Each group's scenario object names the value beside its programs
  * (`cps = na(NaReasons.gather)`), and the group refuses to load when the two disagree
  * (GroupCells.problems). Runtimes are their rows of the runtime table, so a misspelt one does not
  * compile. Each reason is one line and printed in reports. */
object NaReasons {
  import Runtimes._
  private def na(runtime: RuntimeInfo, variant: String, why: String) = NotApplicable(runtime, Some(variant), why)

  /** The direct-style rule of docs/scenarios.md ("Direct style"), one wording for every runtime: where
    * the syntax turns the program into plain code with no bind — a loop or recursion over plain
    * calls, or awaits of finished futures that the state machine continues inline — the cell is
    * n/a with this reason, followed by what the program became. (Steps made opaque the way
    * baseline's are would still not be binds: they would time the baseline floor again.) */
  def noBind(what: String): String = "direct style has no bind to measure here: " + what
  private val vtCalls = "on a virtual thread the program is plain calls of the tasks"
  /** The direct-style reason on both virtual-thread runtimes, ox and loom. */
  private def onVirtualThreads(why: String) = Vector(NotApplicable(Ox, None, noBind(why)), NotApplicable(Loom, None, noBind(why)))

  val deepBind: Vector[NotApplicable] =
    onVirtualThreads("a loop over a no-op step, which the JIT may delete (baseline is the opaque-step floor)") :+
      NotApplicable(ScalaAsync, None,
        noBind("in one async block an await of a finished future continues inline in the state machine, with no callback"))
  val rawSum: Vector[NotApplicable] = onVirtualThreads(vtCalls + ", a loop (a Thread.yield per task on the pool)") :+
    NotApplicable(ScalaAsync, None, "async/await has no bind to write by hand: its form of the sum is left-sum/right-sum")
  val leftSum: Vector[NotApplicable] = onVirtualThreads(vtCalls + ", plain recursion (a Thread.yield per task on the pool)")
  val rightSum: Vector[NotApplicable] = onVirtualThreads(vtCalls + ", a loop (a Thread.yield per task on the pool)")

  val cartesian: Vector[NotApplicable] =
    onVirtualThreads(vtCalls + ", List.flatMap (a Thread.yield per task on the pool)").map(_.copy(variant = Some("traverse"))) ++ Vector(
      NotApplicable(ScalaAsync, Some("traverse"),
        noBind(
          "the nested loops of awaits sit in one async block (await cannot sit in a List.flatMap closure), and an await of a finished future continues inline"
        )),
      na(CatsEffect, "list-transformer", "Cats has no ListT (removed from cats; fs2 Stream is a stream, not a list transformer)"),
      na(Zio, "list-transformer", "ZIO has no ListT-style transformer (ZStream is a stream, not a list transformer)"),
      na(Future, "list-transformer", "the standard library has no list transformer over Future"),
      na(Cps, "list-transformer", "the vanilla CPS task has no library, hence no list transformer"),
      na(Baseline, "list-transformer", "baseline has no effect to transform: see its traverse cell (nested loops)"),
      na(Monix, "list-transformer", "Monix has no ListT-style transformer (Observable is a stream, not a list transformer)"),
      na(Ox, "list-transformer", "Ox has no list transformer or Each: direct style traverses with List.flatMap"),
      // Dsl's is written in its scenario object (scala212/Cartesian.scala).
      na(Continuations, "list-transformer", "Scala Continuations has no list transformer or Each"),
      na(ScalaAsync, "list-transformer", "Scala Async has no list transformer (await cannot sit inside a List.flatMap closure)"),
      na(Loom, "list-transformer", "plain virtual threads have no list transformer: direct style traverses with List.flatMap")
    )

  /** Findings, not bugs: cells that are not stack-safe at the stack-safety size, so the oracle
    * tests skip them there (they pass at the measured sizes). left-sum: the continuations plugin's CPS transform of `h + loop(tail)` nests each pending
    * `h + _` in the continuation, and running that continuation recurses (found by the oracle tests). */
  val leftSumStackExempt: Set[String] = Set(Continuations.id + "/default")

  private val plainNa = "plain is direct recursion with no effect: measured once, on baseline"
  /** `plain` exists on baseline only: every other runtime that can run (an unavailable one keeps
    * its own reason) is n/a for it. */
  val ackermann: Vector[NotApplicable] = Runtimes.all.filter(r => r != Runtimes.Baseline && r.unavailable.isEmpty)
    .map(r => na(r, "plain", plainNa)) ++ Vector(
    na(ScalaAsync, "trampolined",
      "every async block starts with a callback on the execution context (FutureStateMachine.start): it cannot suspend without a hop, which is pool-per-step"),
    na(ScalaAsync, "stack-aware",
      "every bind written with await is an async block, which starts with a hop (FutureStateMachine.start): binding without one is Future.flatMap, the future cell"),
    na(Ox, "trampolined", "direct style has no suspension to trampoline on (its stack-safe form is pool-per-step)"),
    na(Loom, "trampolined", "direct style has no suspension to trampoline on (its stack-safe form is pool-per-step)"),
    na(Ox, "stack-aware",
      noBind("between its hops every 512 calls the recursion is plain calls, where every other runtime binds each call")),
    na(Loom, "stack-aware",
      noBind("between its hops every 512 calls the recursion is plain calls, where every other runtime binds each call")),
    na(Future, "trampolined", "Future is eager: it cannot suspend a call without a hop onto the pool (that is pool-per-step)"),
    na(Baseline, "pool-per-step", "baseline has no task type to chain per call; the naive pool-per-step is the future cell"),
    na(Baseline, "stack-aware", "baseline has no suspension to fall back on; its stack-safe form is the trampolined cell (heap stack)")
  )

  /** plain is the unprotected floor by design. stack-aware is a finding: its 512 eager nested
    * calls (the budget the catalog fixes) take about 256 KiB of interpreted frames (~0.5 KiB each
    * measured), so on a 256 KiB stack it overflows on every runtime before its first suspension:
    * ZIO exits the JVM on the fatal error, a Future never completes. It is safe on default stacks
    * (and never reaches the budget at the measured sizes, A(2,100) and A(3,5) are ~200 calls deep). */
  val ackermannStackExempt: Set[String] = Set("plain", "stack-aware")

  private val noPar =
    NotApplicable(Cps, None, "the vanilla CPS task has no parallel combinator (writing one here would not be the runtime's)")
  private val asyncOnly = NotApplicable(ScalaAsync, None,
    "Scala Async adds only async/await, no collection combinators: its sequence and gather are Future's, the future cells")
  private val contNoPar = NotApplicable(Continuations, None, "Scala Continuations has no parallel combinator")
  private val dslNoPar =
    NotApplicable(Dsl, None, "Dsl.scala's parallel keywords live in domains-task/keywords-fork, not served by the registry")
  private val unordered = "has no native combinator returning results in completion order"
  val sequence: Vector[NotApplicable] = onVirtualThreads(vtCalls + ", List.map (a Thread.yield per task on the pool)") :+ asyncOnly
  val gather: Vector[NotApplicable] = Vector(noPar, asyncOnly, dslNoPar, contNoPar)
  val gatherUnordered: Vector[NotApplicable] = Vector(
    noPar, asyncOnly, dslNoPar, contNoPar,
    NotApplicable(CatsEffect, None, "Cats Effect " + unordered + " (parSequence keeps input order)"),
    NotApplicable(Future, None, "Future " + unordered + " (only firstCompletedOf)"),
    NotApplicable(Ox, None, "Ox " + unordered + " (par keeps input order)")
  )

  /** The quick profile of the run-loop and collection families: one param set and the fork mode only. A quick cell
    * costs ~14 s on the 2-core machine (verifier, JMH host, 2 forks), and these families plan
    * ~250 cells in full; quick keeps ~85 (about 20 minutes). Reports name these overrides.
    * transformer-stack (the error family, single-fiber) takes the same fork-only quick mode. */
  val quickModes: Vector[Mode] = Vector(Mode.Fork)
  val quickSums: Vector[(String, String)] = Vector("executed-in" -> "current-thread")
  val quickAckermann: Vector[(String, String)] = Vector("m" -> "2", "n" -> "100")
  val quickCollections: Vector[(String, String)] = Vector("tasks" -> "forked")

  // ---- error handling ----
  private val bfNoTyped = "its error channel is Throwable only: no typed error channel (typed errors are the either and eithert styles)"
  private val bfBaseline = "plain sequential code has no effect type to wrap in EitherT or abstract over"
  private val bfOx = "direct style has no effect type F[_] to wrap in EitherT or abstract over"
  val businessFlow: Vector[NotApplicable] =
    Vector(Future, CatsEffect, Monix).map(r => NotApplicable(r, Some("typed"), bfNoTyped)) ++
      Vector("eithert", "typed", "tagless-syntax", "tagless-plain", "tagless-eithert-syntax", "tagless-eithert-plain").map(v =>
        NotApplicable(Baseline, Some(v),
          if (v == "typed") "plain code has no error channel besides exceptions and Either" else bfBaseline)
      ) ++
      Vector("eithert", "tagless-syntax", "tagless-plain", "tagless-eithert-syntax", "tagless-eithert-plain").map(v =>
        NotApplicable(Ox, Some(v), bfOx)
      )

  private val tsTransformersOnly =
    "its native encoding of environment, state and error is the transformer stack (it has no environment or typed error of its own)"
  val transformerStack: Vector[NotApplicable] = Vector(
    NotApplicable(CatsEffect, Some("native"), tsTransformersOnly),
    NotApplicable(Monix, Some("native"), tsTransformersOnly),
    NotApplicable(Future, Some("native"), "Future has no environment, state or typed error of its own"),
    NotApplicable(Baseline, Some("transformers"), "plain code has no effect to stack transformers over"),
    NotApplicable(Ox, Some("transformers"), "direct style has no effect type to stack transformers over")
  )

  // ---- the scheduler family ----
  /** Scalaz 7.2's Task has no fiber handle (Task.fork only shifts; nothing to start and join), no
    * Ref, no promise and no queue: these programs would need a fiber runtime written over
    * unsafePerformAsync, which would measure that code, not scalaz. */
  val fiber: Vector[NotApplicable] = Vector(NotApplicable(Scalaz, None,
      "scalaz 7.2 Task has no start/join fiber handle, Ref, promise or queue to express this program with"))

  /** Latency under load: the budget variants a runtime cannot set, and the runtimes with no scheduler. */
  private val noScheduler =
    "no scheduler of its own: its tasks run on future's global pool, so its cell would measure that pool again"
  private val oxScope = "Ox forks only from inside a structured scope: an event from a client outside the runtime would enter " +
    "through a channel, a hop no other runtime's event makes; loom runs the same virtual threads"
  private val noBudget = "no auto-yield budget to set: its program is the same in every budget variant (see `levelled`)"
  private def onlyBudgets(rt: RuntimeInfo, variants: Vector[String], why: String): Vector[NotApplicable] =
    variants.map(v => na(rt, v, why))
  /** The variants of runtimes whose budget is not a setting (a fixed pool, the global pool). */
  private def budgetless(rt: RuntimeInfo): Vector[NotApplicable] =
    onlyBudgets(rt, Vector(LatencyModel.Shipped, LatencyModel.Budget128, LatencyModel.YieldOff), noBudget)
  /** The budget variants ZIO cannot set: hog-probe's and sleep-drift's alike. */
  private val budgetVariantsNa: Vector[NotApplicable] = Vector(
    na(Zio, LatencyModel.Shipped,
      "ZIO ships the levelled budget (10,240 binds, fixed in its run loop): its cell is the one of `levelled`"),
    na(Zio, LatencyModel.Budget128, "ZIO's budget is a constant of its run loop (FiberRuntime.MaxOperationsBeforeYield): only on or off")
  )
  /** Scalaz 7.2 (scalaz-concurrent_2.13-7.2.30.jar, checked with javap): `Task.fork(t)(pool)` runs
    * the task's trampolined run loop on the ExecutorService it is given (ScalazLive.pool: future's
    * global pool under `levelled`) and the loop never yields on its own; `Task.schedule(a, d)(timer)`
    * is `Future.schedule`, whose Callable (Future$$anon$4.call) runs the woken continuation on the
    * timer's own thread (Strategy.DefaultTimeoutScheduler), after `d.toMillis`. */
  private val scalazLatency = NotApplicable(Scalaz, None,
    "scalaz 7.2 Task has no scheduler of its own: Task.fork runs it on the pool it is given (levelled: future's global pool) " +
      "and it never yields, so its cell would measure that pool again")
  private val scalazSleep = NotApplicable(Scalaz, None,
    "scalaz 7.2 Task has no scheduler of its own (Task.fork runs it on the pool it is given) and Task.schedule resumes the " +
      "sleeper on its timer's own thread, never on a worker the hogs hold: a fork back to the pool would be a program written here")
  val latency: Vector[NotApplicable] = Vector(Cps, ScalaAsync, Dsl, Continuations).map(r => NotApplicable(r, None, noScheduler)) ++
    budgetless(Future) ++ budgetless(Baseline) ++ budgetless(Loom) ++ budgetVariantsNa ++
    Vector(NotApplicable(Ox, None, oxScope), scalazLatency)
  val sleepDrift: Vector[NotApplicable] = Vector(Cps, ScalaAsync, Dsl, Continuations).map(r => NotApplicable(r, None, noScheduler)) ++
    budgetless(Baseline) ++ budgetless(Loom) ++ budgetVariantsNa ++
    Vector(NotApplicable(Future, None,
        "Future has no timer of its own: a sleep would be a blocked pool thread or a scheduler written here"),
      NotApplicable(Ox, None, oxScope), scalazSleep)
  /** service: the runtimes with no scheduler as for hog-probe, Future with no timer as for
    * sleep-drift, Ox as for the family, and Scalaz with no semaphore. */
  val service: Vector[NotApplicable] = Vector(Cps, ScalaAsync, Dsl, Continuations).map(r => NotApplicable(r, None, noScheduler)) ++
    Vector(
      NotApplicable(Future, None,
        "Future has no timer, timeout or semaphore of its own: a sleep would be a blocked pool thread or a scheduler written here"),
      NotApplicable(Ox, None, oxScope),
      NotApplicable(Scalaz, None,
        "scalaz-concurrent 7.2.30 ships no semaphore (its jar has no Semaphore class): the connection pool would be one " +
          "written here; and scalaz has no latency cells (its row of the runtime table)")
    )
}
