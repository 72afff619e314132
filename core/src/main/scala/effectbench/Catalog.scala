package effectbench

import ParamKind._

/** The scenario catalog: the single source of truth that the CLI, the tests, the reports and
  * docs/scenarios.md (generated from it by `./bench spec`) all read. Implementations live in the
  * runtime modules and must match it. */
object Catalog {
  // Which runtimes each family is defined for is the runtime table's `families` column.
  private val allRuntimes = Runtimes.ids
  private val fiberRuntimes = Runtimes.inFamily(Family.Scheduler)
  private val errorRuntimes = Runtimes.inFamily(Family.Errors)

  /** The style every other style of an error-family style scenario is compared with. */
  val referenceStyle = "either"

  /** Whether a scenario is one of the error family's style scenarios (business-flow): its styles are set
    * side by side, each against the same runtime's `referenceStyle`, and they share one machine
    * when a run is split into shards. */
  def isStyleScenario(s: Scenario): Boolean = s.family == Family.Errors && s.variants.contains(referenceStyle)

  private val executedIn = ParamDef("executed-in", "current-thread", Choice(Vector("current-thread", "thread-pool")),
    "where each task runs: on the current thread, or each on the runtime's pool", Vector("current-thread", "thread-pool"))
  private val tasksParam = ParamDef("tasks", "immediate", Choice(Vector("immediate", "forked")),
    "whether each task starts with a hop onto the pool", Vector("immediate", "forked"))
  private def count(name: String, default: Long, max: Long, doc: String, sweep: Vector[String] = Vector.empty) =
    ParamDef(name, default.toString, IntRange(1, max), doc, sweep)

  private val sumOracle: (String, Params) => String = (_, p) => Oracles.triangle(p.long("n")).toString
  private val sumOracleDoc = "N(N - 1)/2, the sum 0 + 1 + ... + (N - 1)"
  private val sumTasks = "N tasks, task k producing k, "
  private def sumScenario(
      id: String, title: String, syntaxNote: String, notApplicable: Vector[NotApplicable], program: String,
      stackExempt: Set[String] = Set.empty
  ) = Scenario(
    id = id, family = Family.RunLoop, title = title, origin = "Dsl.scala's benchmarks",
    stresses = s"the cost of binding N results in the runtime's usual syntax ($syntaxNote)",
    variants = Vector("default"),
    params = Vector(count("n", 1000, 10000000, "number of tasks"), executedIn),
    runtimes = allRuntimes, notApplicable = notApplicable,
    oracle = sumOracle,
    paramSets = Vector(Params.of("executed-in" -> "current-thread"), Params.of("executed-in" -> "thread-pool")),
    stackParams = Some(Params.of("n" -> "100000")), stackExempt = stackExempt, singleFiber = true,
    quickParams = NaReasons.quickSums, quickModes = NaReasons.quickModes,
    work = p => Vector("binds" -> p.long("n")),
    program = sumTasks + program, oracleDoc = sumOracleDoc
  )

  /** deep-bind's default depth: at least DeepBindYields forced yields under levelled on every
    * runtime, so no runtime's budget falls between one runtime's yield and another's none. */
  val DeepBindDepth = 100000
  val DeepBindYields = 5

  val deepBind: Scenario = Scenario(
    id = "deep-bind", family = Family.RunLoop, title = "deep flatMap chain", origin = "Cats Effect's benchmarks; Monix's benchmarks",
    stresses = "the run loop's flatMap on one fiber; unfair if one runtime fuses the chain or runs it with tracing on",
    variants = Vector("default"),
    params = Vector(count("d", DeepBindDepth, 100000000, "depth of the chain")),
    runtimes = allRuntimes, notApplicable = NaReasons.deepBind,
    oracle = (_, p) => (p.long("d") + 1).toString,
    stackParams = Some(Params.of("d" -> "100000")), singleFiber = true,
    work = p => Vector("binds" -> (p.long("d") + 1)),
    program = "One fiber runs `loop(0)`, where `loop(i) = unit.flatMap(_ => if (i > D) pure(i) else loop(i + 1))`: " +
      "a chain of D + 1 binds of a step that does nothing, and the index where the chain stopped as the result. " +
      "D defaults to 100,000 so that every runtime with an auto-yield budget takes several forced yields in one chain " +
      "(at least 9 under levelled: 10,240 binds per yield, Monix 8,191), none lying between the budgets.",
    oracleDoc = "D + 1"
  )

  val rawSum: Scenario = sumScenario("raw-sum", "sum of N tasks, hand-written recursive bind", "explicit flatMap, accumulator passed along",
    NaReasons.rawSum,
    "added up by a recursive bind written out by hand, the running total handed along: " +
      "`loop(head :: tail, acc) = head.flatMap(k => loop(tail, acc + k))`.")
  val leftSum: Scenario = sumScenario("left-sum", "sum of N tasks, left-associated", "head + loop(tail)", NaReasons.leftSum,
    "added up in the runtime's everyday syntax (a for-comprehension, async/await or direct style) as `head + loop(tail)`: " +
      "every addition waits for the sum of the rest of the list.",
    stackExempt = NaReasons.leftSumStackExempt)
  val rightSum: Scenario = sumScenario("right-sum", "sum of N tasks, right-associated", "loop(tail, head + acc) in a for-comprehension",
    NaReasons.rightSum,
    "added up in the everyday syntax as `loop(tail, head + acc)` inside a for-comprehension, the total carried forward; " +
      "where the syntax appends a trailing `map` to the comprehension, the map stays.")

  val cartesian: Scenario = Scenario(
    id = "cartesian", family = Family.RunLoop, title = "all pairs of two task lists", origin = "Dsl.scala's benchmarks",
    stresses = "nested traversal; unfair if one runtime builds the pairs outside the effect",
    variants = Vector("traverse", "list-transformer"),
    params = Vector(count("s", 50, 2000, "size of each list"), executedIn),
    runtimes = allRuntimes, notApplicable = NaReasons.cartesian,
    oracle = (_, p) => Oracles.cartesian(p.long("s")),
    paramSets = Vector(Params.of("executed-in" -> "current-thread"), Params.of("executed-in" -> "thread-pool")),
    singleFiber = true, quickParams = NaReasons.quickSums, quickModes = NaReasons.quickModes,
    work = p => Vector("pairs" -> p.long("s") * p.long("s")),
    program = "Two lists of S tasks each, task k producing k; the program builds every pair [x, y], rows before columns, " +
      "flattened into one list. `traverse` writes it with the runtime's traverse (or flatTraverse); `list-transformer` " +
      "with a ListT-style transformer, or a direct-style `Each`, and only where the runtime's ecosystem ships one.",
    oracleDoc = "the flattened list of pairs itself, in row-major order (length 2·S²), checked by its length, its sum " +
      "and a digest that changes when any element moves"
  )

  val ackermann: Scenario = Scenario(
    id = "ackermann", family = Family.RunLoop, title = "Ackermann function", origin = "the trampolining write-up on Scalaz Task",
    stresses = "deep non-tail recursion; unfair if one runtime suspends at every call and another only sometimes",
    variants = Vector("plain", "pool-per-step", "trampolined", "stack-aware"),
    params = Vector(ParamDef("m", "2", IntRange(0, 3), "first argument", Vector("2", "3")),
      ParamDef("n", "100", IntRange(0, 100000), "second argument", Vector("100", "5"))),
    runtimes = allRuntimes, notApplicable = NaReasons.ackermann,
    oracle = (_, p) => Oracles.ackermann(p.int("m"), p.long("n")).toString,
    paramSets = Vector(Params.of("m" -> "2", "n" -> "100"), Params.of("m" -> "3", "n" -> "5")),
    // A(1, 20000) nests 20,000 calls A(0, A(1, n - 1)) deep, through the same non-tail call as
    // every A(m, n): plain recursion overflows a 256 KiB stack there even JIT-compiled (RunLoopSuite
    // checks it; A(3, 9), about 4,100 deep, did not once warm), in 40,002 calls. A(3, 10), about
    // 8,200 deep, needs ~44M calls, minutes for the pool-per-step variants.
    stackParams = Some(Params.of("m" -> "1", "n" -> "20000")), stackExempt = NaReasons.ackermannStackExempt, singleFiber = true,
    quickParams = NaReasons.quickAckermann, quickModes = NaReasons.quickModes,
    work = p => Vector("calls" -> DeclaredWork.ackermannCalls(p.int("m"), p.long("n"))),
    program = "Ackermann's function A(m, n), computed four ways. `plain`: direct recursion with no effect at all, the " +
      "floor. `pool-per-step`: every call is a new task on the pool, the naive Future way. `trampolined`: a suspension " +
      "at every call. `stack-aware`: nested calls run eagerly with a depth counter, and the program suspends only " +
      "every 512 levels.",
    oracleDoc = "A(m, n): 2n + 3 when m = 2, 2^(n+3) - 3 when m = 3"
  )

  private def collection(
      id: String, title: String, origin: String, stresses: String, notApplicable: Vector[NotApplicable],
      oracle: (String, Params) => String, program: String, oracleDoc: String
  ) = Scenario(
    id = id, family = Family.Collections, title = title, origin = origin, stresses = stresses,
    variants = Vector("default"),
    params = Vector(count("n", 1000, 10000000, "number of tasks"), tasksParam),
    runtimes = allRuntimes, notApplicable = notApplicable, oracle = oracle,
    paramSets = Vector(Params.of("tasks" -> "immediate"), Params.of("tasks" -> "forked")),
    quickParams = NaReasons.quickCollections,
    work = p => Vector("tasks" -> p.long("n")),
    program = program, oracleDoc = oracleDoc
  )

  val sequence: Scenario = collection("sequence", "sequential sequence of N tasks", "Monix's benchmarks",
    "the runtime's sequential collectAll; unfair if one side pre-sizes or fuses", NaReasons.sequence,
    (_, p) => Oracles.ordered(p.long("n")),
    "N tasks, task k producing k, run one after the other by the runtime's own sequential combinator " +
      "(`sequence`, `collectAll`, ...; where there is none, a fold of binds by hand that builds the list and reverses it " +
      "once); the resulting list, in input order, is summed.", "N(N - 1)/2, and the list in input order")
  /** gather's runtimes whose combinator starts a fiber or thread per task even when every task is
    * already a value (`tasks=immediate`); the others start none there (the runtimes' Gather cells). */
  val gatherStartsPerTask: Set[String] = Set("cats-effect", "zio", "monix", "ox", "loom")

  val gather: Scenario = collection("gather", "parallel, order-keeping gather of N tasks", "Monix's benchmarks",
    "the runtime's parallel combinator; unfair if one side runs sequentially", NaReasons.gather, (_, p) => Oracles.ordered(p.long("n")),
    "The same N tasks, run at once by the runtime's parallel combinator that keeps the input order (`parSequence`, " +
      "`collectAllPar`, `Future.sequence` of futures already started, ...); the resulting list is summed. With " +
      "`tasks=immediate` the cells do not start the same: Cats Effect, ZIO, Monix, Ox and loom start a fiber or virtual " +
      "thread per task, Future, baseline and Scalaz none; each cell declares what it starts (`started`). A ratio across " +
      "runtimes is the same work only at `tasks=forked`, where every cell starts N; the `tasks=immediate` table shows " +
      "each combinator as shipped, with the fibers it starts or not.",
    "N(N - 1)/2, and the list in input order").copy(cellWork = Some((rt: String, p: Params) =>
    Vector("tasks" -> p.long("n"),
      "started" -> (if (p("tasks") == "forked" || gatherStartsPerTask.contains(rt)) p.long("n") else 0L))
  ))
  val gatherUnordered: Scenario = collection("gather-unordered", "parallel gather in completion order", "Monix's benchmarks",
    "native unordered parallel combinators only; emulating one is not the same work", NaReasons.gatherUnordered, sumOracle,
    "The same N tasks run in parallel, their results collected in the order they finish, by a combinator the runtime " +
      "ships for that; the resulting list is summed.", sumOracleDoc)

  val businessFlow: Scenario = Scenario(
    id = "business-flow", family = Family.Errors, title = "typical service call with validation and failures",
    origin = "the functional error-handling study",
    stresses = "error-handling styles around real CPU work; unfair if one style skips the async boundary or the bookkeeping",
    // tagless-syntax/-plain are the `either` flow written against an abstract F, tagless-eithert-*
    // the `eithert` flow (docs/scenarios.md asks for both flows in the tagless style).
    variants = Vector("eithert", "either", "exceptions", "typed", "tagless-syntax", "tagless-plain", "tagless-eithert-syntax",
      "tagless-eithert-plain"),
    params = Vector(
      ParamDef("tf", "5", IntRange(0, 100000), "work factor: each later step burns tf x base tokens", BusinessFlowModel.tfValues),
      ParamDef("base", "10", IntRange(0, 100000), "CPU tokens of the transform step"),
      ParamDef("failure", "0.1:80", Choice(BusinessFlowModel.failureValues),
        "rate:valid-below: probability that the outside call fails, and the bound below which inputs are valid (the pairs sweep together)",
        BusinessFlowModel.failureValues),
      count("k", 100, 1000000, "operations per benchmark invocation, seeded 0..K-1")
    ),
    runtimes = errorRuntimes,
    notApplicable = NaReasons.businessFlow,
    oracle = (_, p) => BusinessFlowModel.reference(p),
    // Every combination of the swept values, so that verify and the oracle tests cover them all;
    // the quick profile pins the defaults (quickParams), --param and --sweep pick others.
    paramSets = for {
      f <- BusinessFlowModel.failureValues
      tf <- BusinessFlowModel.tfValues.sortBy(v => if (v == "5") 0 else 1)
    } yield Params.of("tf" -> tf, "failure" -> f),
    quickParams = Vector("tf" -> "5", "failure" -> "0.1:80"),
    // 20 combinations x 34 cells would be 680 cells per run: a run measures the defaults,
    // `--sweep tf` / `--sweep failure` or `--param` choose the others.
    runsDefaultsOnly = true,
    syntax = Vector(
      Syntax(Runtimes.Future, None,
        "Future per step: every step is a Future { } and every callback a pool task, so an operation crosses about ten async boundaries, not one (the style's real cost)"),
      Syntax(Runtimes.Baseline, None, "plain sequential code with no effect and no async boundary: the cost of the work alone")
    ),
    timeUnit = "us",
    work = p => Vector("operations" -> p.long("k")),
    program = """K operations, seeded with their index 0..K-1; one operation is a service call in seven steps:
      |1. draw an input i in [0, 100) from a generator seeded with the operation's index;
      |2. validate it: an input at or above the `failure` parameter's valid-below bound is the error `Invalid(i)`;
      |3. transform: burn `base` CPU tokens (JMH's `Blackhole.consumeCPU`);
      |4. cross one async boundary: continue on the runtime's pool;
      |5. fetch data: burn `tf × base` tokens;
      |6. call the outside world: burn `tf × base` tokens, failing with `UhOh(reason)` (a 10-letter reason) with
      |   the probability the `failure` parameter's rate names, drawn from the same generator;
      |7. on a failure, book-keep (`tf × base` tokens) and let the error propagate; on success, burn `tf × base`
      |   tokens and return `Result(i)`.
      |
      |The styles: `eithert` (Cats' `EitherT` over the effect), `either` (`F[Either[E, A]]` handled by hand),
      |`exceptions` (errors thrown into the effect's error channel as ordinary `RuntimeException` subclasses that fill
      |in their stack trace, as application code writes them), `typed` (the runtime's own typed error channel: ZIO's
      |`E`, Ox's `either`), and `tagless-syntax` / `tagless-plain` (the `either` and `eithert` flows written once
      |against an abstract `F[_]` with Cats type classes, with and without extension syntax).""".stripMargin,
    oracleDoc = "for K operations, the number of `Invalid`, `UhOh` and `Result` outcomes and the sum of the results, " +
      "the same for every style and runtime and equal to a pure reference function's"
  )

  val transformerStack: Scenario = Scenario(
    id = "transformer-stack", family = Family.Errors, title = "reader, state and typed error over N steps",
    origin = "the functional error-handling study",
    stresses = "monad-transformer layers versus the runtime's native environment, state and error",
    variants = Vector("transformers", "native"),
    params = Vector(count("n", 1000, 10000000, "number of steps"),
      ParamDef("fail-at", "never", IntOrNever, "the step (0-based) that fails with a typed error, or never"),
      ParamDef("config", "3", IntRange(1, 1000), "the config value read at every step")),
    runtimes = errorRuntimes,
    notApplicable = NaReasons.transformerStack,
    oracle = (_, p) =>
      p("fail-at") match {
        case at if at != "never" && at.toLong < p.long("n") => s"error at $at"
        case _ => s"state=${p.long("n") * p.long("config")}"
      },
    paramSets = Vector(Params.empty, Params.of("fail-at" -> "500")),
    stackParams = Some(Params.of("n" -> "100000")),
    // Single-fiber, so it has sync cells; the quick profile measures fork entry only, as for the
    // the run-loop and collection families (deep-bind alone keeps both modes at quick: its sync table is the one
    // comparison of entries a quick run makes).
    singleFiber = true, quickModes = NaReasons.quickModes,
    work = p =>
      Vector("steps" -> (p("fail-at") match {
        case at if at != "never" && at.toLong < p.long("n") => at.toLong + 1
        case _ => p.long("n")
      })),
    program = "N steps; each reads a config value from an environment, adds it to a running state, and fails with a " +
      "typed error at step `fail-at` (by default never). `transformers` stacks Reader, State and Either over the effect " +
      "(Cats' `ReaderT`/`StateT`/`EitherT`); `native` uses the runtime's own environment, `Ref` and typed error; " +
      "baseline is a plain loop over a `var`.",
    oracleDoc = "the final state N × config, or the typed error at `fail-at` when it falls before N"
  )

  /** A scheduler-family scenario. `expected` is the work the program must do, counted in every
    * implementation by the tests and the verifier; `primary` the unit of it that the report divides
    * by; `testSizes` the small sizes of the tests (the oracle tests, the work counts with a hook on
    * every fork and yield, and the thread-leak probe, which runs every cell in one JVM, all run
    * these, so the three check the same programs; `verify` checks the full sizes before a run
    * times them). */
  private def fiberScenario(
      id: String, title: String, origin: String, stresses: String, params: Vector[ParamDef],
      oracle: Params => Long, program: String, oracleDoc: String,
      expected: Params => WorkCount, primary: WorkUnit, testSizes: Vector[(String, String)],
      paramSets: Vector[Params] = Vector(Params.empty), quick: Vector[(String, String)] = Vector.empty
  ) =
    Scenario(id = id, family = Family.Scheduler, title = title, origin = origin, stresses = stresses, variants = Vector("default"),
      params = params, runtimes = fiberRuntimes, notApplicable = NaReasons.fiber, oracle = (_, p) => oracle(p).toString,
      paramSets = paramSets, quickParams = quick, testParams = testSizes, timeUnit = "ms",
      work = p => DeclaredWork.primaryFirst(expected(p), primary), expectedWork = Some(expected),
      program = program, oracleDoc = oracleDoc)

  private def fibers(p: Params): Long = p.long("f")
  import WorkUnit.{Forks, Offers, Yields}

  private val zioTokio = "ZIO's benchmarks, Tokio's runtime benches"
  val forkMany: Scenario = fiberScenario("fork-many", "start F fibers that count down to a signal", zioTokio,
    "fiber start and completion; unfair if the main fiber does not wait for every fiber",
    Vector(count("f", 10000, 10000000, "number of fibers")), _ => 0L,
    "Start F fibers; each decrements the counter, and the one that brings it to zero completes the signal, " +
      "which the main fiber awaits.", "0, the counter's final value",
    expected = p => WorkCount.zero.copy(forks = fibers(p), updates = fibers(p), signals = 1, awaits = 1), primary = Forks,
    testSizes = Vector("f" -> "300"))
  val chainedFork: Scenario = fiberScenario("chained-fork", "a chain of F fibers, each starting the next", zioTokio,
    "fiber start latency along a chain", Vector(count("f", 1000, 10000000, "length of the chain")), p => p.long("f"),
    "A chain of F fibers: each starts the next one and ends; the last completes the signal with the chain's length.", "F",
    expected = p => WorkCount.zero.copy(forks = fibers(p), signals = 1, awaits = 1), primary = Forks,
    testSizes = Vector("f" -> "300"))
  val pingPong: Scenario = fiberScenario("ping-pong", "F fibers hand an item through a queue of capacity 1", zioTokio,
    "queue hand-off between fibers; unfair with a single-producer channel on one side",
    Vector(count("f", 1000, 10000000, "number of fibers")), _ => 0L,
    "One queue of capacity 1. Each of F fibers starts a helper fiber that offers `()` to the queue, then itself takes " +
      "one item and decrements the counter; the one that brings it to zero completes the signal.", "0, the counter's final value",
    expected = p =>
      WorkCount.zero.copy(forks = 2 * fibers(p), offers = fibers(p), takes = fibers(p), updates = fibers(p), signals = 1, awaits = 1),
    primary = Forks, testSizes = Vector("f" -> "300"))
  val yieldMany: Scenario = fiberScenario("yield-many", "F fibers each yield Y times", zioTokio,
    "the cost of a yield; unfair if one runtime's yield is a no-op",
    Vector(count("f", 200, 1000000, "number of fibers", Vector("200", "2000")), count("y", 1000, 100000000, "yields per fiber")),
    _ => 0L, "F fibers each yield Y times, then decrement the counter; the last one completes the signal.",
    "0, the counter's final value",
    expected = p => WorkCount.zero.copy(forks = fibers(p), yields = fibers(p) * p.long("y"), updates = fibers(p), signals = 1, awaits = 1),
    primary = Yields, testSizes = Vector("f" -> "20", "y" -> "50"),
    paramSets = Vector(Params.of("f" -> "200"), Params.of("f" -> "2000")), quick = Vector("y" -> "100"))
  val enqueueDequeue: Scenario = fiberScenario("enqueue-dequeue", "one fiber offers then takes N times",
    "the CE3-vs-ZIO2 comparative analysis",
    "queue operations without contention; unfair with an unbounded or single-producer queue",
    Vector(count("n", 10000, 100000000, "offer/take pairs")), p => p.long("n"),
    "One fiber and one queue of capacity 1: N times, offer an item and take it back.", "N, the items taken",
    expected = p => WorkCount.zero.copy(offers = p.long("n"), takes = p.long("n")), primary = Offers,
    testSizes = Vector("n" -> "500"))
  val schedulerStress: Scenario = fiberScenario("scheduler-stress", "F fibers that yield three times per step", "Cats Effect's benchmarks",
    "the scheduler under many runnable fibers",
    Vector(count("f", 1000000, 100000000, "number of fibers"),
      count("limit", 10000, 100000000, "each fiber continues with j + 1 until j > limit")),
    p => Oracles.schedulerStress(p.long("f"), p.long("limit")),
    "F fibers, fiber i running step(i): yield, read the value j = i, yield; if j > limit, yield and return j, else " +
      "yield and go on with step(j + 1). Start them all, join them all, sum their results.",
    "the sum over i in [0, F) of max(i, limit + 1)",
    expected = p =>
      WorkCount.zero.copy(forks = fibers(p), joins = fibers(p), yields = 3 * FiberWork.totalStressSteps(fibers(p), p.long("limit"))),
    primary = Yields, testSizes = Vector("f" -> "200", "limit" -> "100"),
    quick = Vector("f" -> "100000", "limit" -> "300"))
  val alloc: Scenario = fiberScenario("alloc", "2,500 fibers that allocate between yields", "Cats Effect's benchmarks",
    "the scheduler with garbage to collect",
    Vector(count("f", 2500, 10000000, "number of fibers"),
      count("limit", 1000, 100000000, "each fiber continues with i + 1 until i > limit")),
    p => p.long("f") * (p.long("limit") + 1),
    "F fibers, each running fiber(0): yield, allocate an array of max(100, min(i, 2,000)) new objects, yield, sum " +
      "their hash codes; if i > limit return i, else yield and go on with i + 1. Join them all, sum their results.",
    "F × (limit + 1)",
    expected = { p =>
      val steps = fibers(p) * (p.long("limit") + 2)
      WorkCount.zero.copy(forks = fibers(p), joins = fibers(p), yields = 3 * steps, allocs = steps)
    },
    primary = Yields, testSizes = Vector("f" -> "20", "limit" -> "50"), quick = Vector("f" -> "500", "limit" -> "200"))
  val forkJoin: Scenario = fiberScenario("fork-join", "start F fibers returning 1, join all, sum", zioTokio,
    "fork and join", Vector(count("f", 10000, 10000000, "number of fibers")), p => p.long("f"),
    "Start F fibers that each return 1, join them all, sum their results.", "F",
    expected = p => WorkCount.zero.copy(forks = fibers(p), joins = fibers(p)), primary = Forks, testSizes = Vector("f" -> "300"))

  // ---- Latency and fairness under load (LatencyModel holds the shared rules) ----
  private val latencyRuntimes = Runtimes.inFamily(Family.Latency)
  /** The family's runtimes and those whose n/a reason for the whole scenario is declared, so that
    * docs/scenarios.md prints the reason (no scheduler, Ox's scope) instead of "not defined". */
  private def latencyRuntimesWith(na: Vector[NotApplicable]): Vector[String] =
    Runtimes.ids.filter(id => latencyRuntimes.contains(id) || na.exists(n => n.runtime.id == id && n.variant.isEmpty))
  private val hogsPerCpu = ParamDef("hogs-per-cpu", "2", IntRange(1, 64), "hog fibers per processor of the measuring JVM")
  private val windowMs = ParamDef("window-ms", "2000", IntRange(10, 600000),
    "length of one window of load (one JMH iteration), in milliseconds")
  /** A latency window at the quick size (a quick iteration long) and at the tests' size. */
  private val quickWindow = Vector("window-ms" -> "250")
  private val testWindow = Vector("window-ms" -> "100")
  private val chainLength = ParamDef("chain", "1000", IntRange(1, 10000000), "binds of one hog chain, between two checks of the stop flag")
  private val budgetText = "`levelled` (10,240 binds between yields: Cats Effect at 20,480 run-loop iterations, two a bind, ZIO's " +
    "fixed 10,240), `shipped` (Cats Effect as shipped: 1,024 iterations, 512 binds), `budget-128` (Cats Effect at 256 iterations, " +
    "128 binds) and `yield-off` (ZIO with cooperative yielding off; Cats Effect at 2,147,483,136 iterations, the largest " +
    "threshold its config accepts, which no fiber reaches within a window); the budget is set on the runtime the cell runs on, whatever " +
    "the settings profile, and read back from it (`cellAutoYieldBudget`) with the binds per yield measured on it (`cellBindsPerYield`)"
  private val hogText = "H = hogs-per-cpu × processors hog fibers each run, for the whole window, chains of binds with no explicit " +
    "yield: `step(i, n) = unit.flatMap(_ => if (i == 0) pure(n) else step(i - 1, n + 1))` from `step(chain, 0)`, one chain " +
    "after another, reading a stop flag (inside the effect) between chains and counting chains and the steps the chains return"

  val hogProbe: Scenario = Scenario(
    id = "hog-probe", family = Family.Latency, title = "probe latency while hog fibers run CPU-bound binds",
    origin = "the auto-yield trade-off in the CE3-vs-ZIO2 comparative analysis; Tokio's write-up on preemption",
    stresses = "how long a fiber waits for a worker that hogs hold; the auto-yield budget trades the hogs' throughput for it",
    variants = LatencyModel.budgetVariants,
    params = Vector(hogsPerCpu, ParamDef("interval-us", "1000", IntRange(50, 1000000), "time between two probes, in microseconds"),
      windowMs, chainLength),
    runtimes = latencyRuntimesWith(NaReasons.latency), notApplicable = NaReasons.latency,
    oracle = (_, p) => LatencyModel.hogProbeOracle(LatencyModel.probes(p), p.long("chain")),
    // A quick window is a quick iteration long (6 of them measured); the tests' window is shorter still.
    quickParams = quickWindow, testParams = testWindow, timeUnit = "ns",
    program = hogText + ". Meanwhile one client thread outside the runtime (the harness's, the same for every runtime) " +
      "submits one probe every `interval-us` on a fixed schedule: a fiber on the runtime that reads the clock and completes " +
      "the probe's signal. A probe's latency is its completion minus its scheduled time. The hogs run until every probe is " +
      "answered or the last one is 1 s late, then stop. The score is the hogs' time per step; the latency percentiles and " +
      "the starved probes are reported beside it. Variants are the auto-yield budget: " + budgetText + ". Monix starves " +
      "nearly every probe at every budget while the hogs are at least its workers, and that is its scheduler's queue " +
      "order, not the program: at the end of a batch its run loop re-submits the fiber with a plain `scheduler.execute` " +
      "(monix-eval 3.4.1, TaskRunLoop.scala l.199-202 and l.222), which from a worker of its fork-join pool is a " +
      "`fork()` onto that worker's own deque (monix-execution 3.4.1, AdaptedForkJoinPool.scala l.31-43), while the " +
      "client's probe goes to the pool's submission queue, and a worker runs its own deque until it is empty before it " +
      "looks there again (JDK 25, ForkJoinPool.WorkQueue.topLevelExec, ForkJoinPool.java l.1448-1453); a hog's next " +
      "batch is always in it.",
    oracleDoc = "every probe answered exactly once (window-ms × 1000 / interval-us probes a window) by the runtime, none on " +
      "the client's thread, and every hog's steps equal to its chains × chain; on a runtime that yields on its own (every " +
      "budget but yield-off, and Future) every hog ran at least one chain in most of the check's windows: a window in which " +
      "a hog ran none is followed by more, up to five, and the check passes once most of them ran every hog (the hogs are " +
      "started anew each window, so a fair runtime behind on a loaded machine may reach one only after its window ended, " +
      "and a pool that never returns to a hog misses it in every window; Cats Effect's, Future's and Monix's hogs are " +
      "started by one fiber or task on the pool, since a fork-join worker whose own queue is never empty takes nothing from outside)"
  )

  val sleepDrift: Scenario = Scenario(
    id = "sleep-drift", family = Family.Latency, title = "oversleep of timer sleeps while hog fibers run",
    origin = "Cats Effect's SleepDrift benchmark",
    stresses = "the runtime's timer and how soon a woken fiber gets a worker from the hogs; unfair with a timer of this repository's",
    variants = LatencyModel.budgetVariants,
    params = Vector(ParamDef("sleepers", "100", IntRange(1, 100000), "sleeping fibers"),
      ParamDef("sleep-us", "1000", IntRange(10, 1000000), "length of each sleep, in microseconds"), hogsPerCpu, windowMs, chainLength),
    runtimes = latencyRuntimesWith(NaReasons.sleepDrift), notApplicable = NaReasons.sleepDrift,
    oracle = (_, p) => LatencyModel.sleepDriftOracle(p.int("sleepers"), LatencyModel.maxWakes(p), p.long("chain")),
    quickParams = quickWindow, testParams = testWindow, timeUnit = "ns",
    program = "The hogs of hog-probe (" + hogText + ") run while F sleepers each sleep `sleep-us` with the runtime's own timer, one " +
      "sleep after another, until the window is over (at least once). A sleep's latency is its oversleep: the time the sleeper " +
      "runs again minus the time it asked to wake (the clock read just before the sleep, plus the sleep), where a sleep asks " +
      "no later than one sleep after it was due to start: the first one sleep after the window began (the sleepers are " +
      "started then), each later one one sleep after the previous wake, so a runtime that cannot run a sleeper is charged " +
      "for the wait. The hogs run until " +
      "every sleep has woken or the last one is 1 s late, then stop. The score is the hogs' time per step; the oversleep " +
      "percentiles and the starved sleeps (woken more than 1 s late) are reported beside it. Variants are the auto-yield " +
      "budget, as for hog-probe: " + budgetText + ".",
    oracleDoc = "every sleep woke exactly once, by the runtime, and none before the wake it asked for, every sleeper slept " +
      "at least once and no slot was issued twice (at most window-ms × 1000 / sleep-us + 1 sleeps a sleeper), and every " +
      "hog's steps equal to its chains × chain; the hogs are hog-probe's, started by the same code as there, and on a " +
      "runtime that yields on its own (every budget but yield-off) every hog ran a chain in most of the check's windows, " +
      "as for hog-probe"
  )

  val service: Scenario = Scenario(
    id = "service", family = Family.Latency, title = "open-loop requests to a service, and its capacity",
    origin = "this suite's own: a small service under open-loop load",
    stresses = "the runtime's timer, race, semaphore and scheduler together under a rising arrival rate; the capacity is " +
      "the highest rate it serves within the latency target",
    variants = Vector("default"),
    params = Vector(
      ParamDef("rate", "1000", IntRange(1, 1000000), "requests per second (seeded Poisson arrivals)", ServiceModel.rates),
      ParamDef("base", "50000", IntRange(0, 100000000), "CPU tokens of the parse step, and again of the respond step"),
      ParamDef("timeout-us", "100000", IntRange(100, 1000000), "the timeout the third backend is raced against, in microseconds"),
      ParamDef("permits", "4", IntRange(1, 10000), "permits of the semaphore (the connection pool)"),
      ParamDef("target-p99-ms", "10", IntRange(1, 1000), "the p99 a rate must stay under to count towards the capacity"),
      windowMs
    ),
    runtimes = latencyRuntimesWith(NaReasons.service), notApplicable = NaReasons.service,
    oracle = (_, p) => ServiceModel.oracleAt(p),
    // Every rate of the sweep is a param set: a plain run plans them all, and stops a runtime's sweep
    // once its capacity can no longer rise (runner's SweepStop).
    paramSets = ServiceModel.rates.map(r => Params.of("rate" -> r)),
    quickParams = quickWindow, testParams = testWindow, timeUnit = "ns",
    program = "One client thread outside the runtime (the harness's, the same for every runtime) submits requests on a " +
      "seeded Poisson schedule at `rate` per second for the window: exponential inter-arrival times from one generator " +
      "of fixed seed, the same for every runtime. A request is one fiber: parse (burn `base` tokens with JMH's " +
      "`Blackhole.consumeCPU`); fan out to three backends at once with the runtime's parallel combinator, each a sleep " +
      "of the runtime's own timer: two of 1..3 ms, and a third raced against `timeout-us` with the runtime's own " +
      "timeout (`timeout-us`, 100 ms) — its sleep is 0.5..1.5 ms, or, for a seeded 0.5% of the requests, 1 s, so that " +
      "those time out whatever the load (fewer than 1%: the timeouts show in p99.9, the p99 is the other requests'; a " +
      "fast backend that loses to the timeout all the same, the runtime having run it more than 98.5 ms late, is a late " +
      "timeout, counted apart); take one of `permits` permits of the runtime's own semaphore (the connection pool), burn `base` tokens, " +
      "release it; respond. A request's latency is its response minus its scheduled time (metered: no coordinated " +
      "omission); one not answered within 1 s is starved, counted apart and never in a percentile. The rates of the " +
      "sweep are each a cell; the capacity of a runtime is the highest rate whose p99 stays under `target-p99-ms` with " +
      "every lower rate under it too, computed per round of forks and reported with its range over the rounds; a runtime's sweep " +
      "stops once in every round some rate up to the current one is over the target (its higher rates, which could not " +
      "change the capacity, are reported as not measured). The " +
      "score is the window's time per request answered. On `baseline` a request is a task of its fixed pool, its sleeps and " +
      "its timeout tasks of a `ScheduledExecutorService` that complete `CompletableFuture`s; on `loom` a request and each " +
      "backend are virtual threads, and the timeout is `Future.get` with a timeout.",
    oracleDoc = "every request of the window answered exactly once, by the runtime, and every one of the seeded schedule's " +
      "slow third backends timed out (their number is the schedule's); every request started its three backends, in some " +
      "request two of them were in flight at once (a fan-out, not one after the other), every request took one permit, " +
      "and never more were held at once than the pool has"
  )

  /** Every public scenario, in the order of docs/scenarios.md. */
  val scenarios: Vector[Scenario] = Vector(
    deepBind, rawSum, leftSum, rightSum, cartesian, ackermann,
    sequence, gather, gatherUnordered,
    businessFlow, transformerStack,
    forkMany, chainedFork, pingPong, yieldMany, enqueueDequeue, schedulerStress, alloc, forkJoin,
    hogProbe, sleepDrift, service
  )

  /** Scenarios only the fault-injection tests ask for; never listed or reported otherwise. */
  val testOnly: Vector[Scenario] = Vector(Faults.scenario)

  def get(id: String, includeTestOnly: Boolean = false): Option[Scenario] =
    (if (includeTestOnly) scenarios ++ testOnly else scenarios).find(_.id == id)
}
