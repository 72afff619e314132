package effectbench

/** The rules of the catalog that are prose rather than data: the vocabulary, the same-work and
  * direct-style rules, the entry modes, each family's conventions and what every report carries.
  * docs/scenarios.md is generated from this, the catalog, the runtime table and the n/a reasons
  * (`./bench spec`), so each fact is written once, here or there. Plain Scala shared by every
  * classpath group (Scala 2.12 included). */
object CatalogText {
  val intro: String =
    """This is what effect-bench measures. Every scenario is a program that the Scala community already
      |benchmarks and argues about; effect-bench writes it once per runtime, in that runtime's own idiom,
      |runs every implementation under the same rules, and checks every result against the scenario's
      |oracle before timing it.""".stripMargin

  /** Terms used throughout the reports and this catalog, in the order a reader meets them. */
  val vocabulary: Vector[(String, String)] = Vector(
    "runtime" -> "an effect system, or a plain baseline with none (the runtime table below).",
    "scenario" -> "one program, defined once in the catalog and implemented idiomatically per runtime.",
    "variant" -> "a named way of writing the same scenario, such as `either` against `eithert`.",
    "cell" -> ("one scenario × variant × runtime × parameters × entry mode × settings × JVM: " +
      "one cell gives one number."),
    "oracle" -> ("the result every implementation must return. A cell that returns anything else is " +
      "reported as failed and is never timed."),
    "n/a" -> ("a (variant, runtime) pair that has no cell, with a one-line reason printed in every report " +
      "and listed below.")
  )

  val sameWork: String =
    """All implementations of one scenario do the same work: the same number of effect steps (binds), forks,
      |yields, queue operations and allocations of user data. Where a runtime cannot express a scenario
      |faithfully, its cell is n/a with a one-line reason; an approximation is never shown as the same
      |program. In the scheduler family the work is counted inside the running programs by the tests (forks, joins,
      |yields, offers, takes, counter updates, signals and awaits must equal what the scenario prescribes),
      |and in every family a cell whose time per unit of declared work is below the plain-code baseline's
      |is flagged, since the JIT may have removed its work.""".stripMargin

  val directStyle: String =
    """A direct-style syntax (Ox, plain virtual threads, Scala Async, Scala Continuations) measures the same
      |program when it takes the same steps: an `await` of a task that has not finished, a suspension, a
      |callback. Where the syntax turns the program into plain code with no bind — a loop over a no-op
      |step, plain calls of the tasks, an `await` of a future that has already finished — the cell is n/a,
      |with the same rule for every runtime and a reason that begins "direct style has no bind to measure
      |here". Making each step opaque the way the baseline does would not help: it would time the
      |baseline's floor a second time.""".stripMargin

  /** Each entry mode, in words; where a runtime has no `sync` entry, the runtime table says why. */
  def mode(m: Mode): String = m match {
    case Mode.Fork =>
      "The program begins with one yield (cede, shift) onto the runtime's own pool, so every runtime pays the " +
        "same entry cost. Always available; the only mode of the multi-fiber scenarios."
    case Mode.Sync =>
      "The runtime's ordinary run loop, entered on the calling thread without the leading yield (ZIO's " +
        "`unsafe.run`, Monix's `runToFutureOpt`). It must be the interpreter the `fork` cell uses: a " +
        "separate synchronous interpreter, such as Cats Effect's `syncStep` over SyncIO, is another program and " +
        "is not used. Cats Effect 3.7 has no entry to its run loop on the calling thread (the fiber is handed to " +
        "the compute pool), so its `sync` cells are n/a with that reason. Single-fiber scenarios " +
        "only; each runtime's settings read-back names its entry (`syncEntry`), and reports never put the two " +
        "modes in one comparison."
  }

  /** Each settings profile beyond its one-line summary (`Settings.summary`). */
  def settings(s: Settings): String = s match {
    case Settings.Levelled =>
      s"""The default. Tracing and stack-trace enrichment are off: switched at run time in Cats Effect and Monix
         |(and ZIO's runtime flags); ZIO's auto-trace, a `Trace` value a macro builds at every call site at compile
         |time, can only be left out when compiling, so the ZIO programs are compiled a second time with the
         |empty trace given at every call site, and a ZIO cell runs that copy under `levelled` and the programs as
         |written (auto-trace on, as shipped) under `defaults`; its read-back says which (`tracing`). One
         |auto-yield budget for all, counted in what a program does:
         |${ScenarioDoc.number(Settings.AutoYield)} binds of `unit.flatMap` between two forced yields of one fiber, which is
         |ZIO 2's budget (one operation per such bind) and fixed in its run loop. Cats Effect counts run-loop
         |iterations, two per such bind, so its threshold is ${ScenarioDoc.number(Settings.CatsEffectAutoYield)} (multiplier 40 × 512).
         |Monix takes ${ScenarioDoc.number(Settings.MonixBatch)}, the nearest batch size it accepts (it rounds to powers of two):
         |${ScenarioDoc.number(Settings.MonixBatch - 1)} binds, 20% short, so its levelled read-back says its slice is
         |not levelled. Every runtime with a budget measures its binds per yield (a chain of
         |binds on one fiber, its yields counted) and reports it beside the budget (`bindsPerYield`,
         |`sliceLevelled`). Compute pools are sized to the available processors, and fiber-root tracking is off
         |where a runtime has it. Task types with no pool of their own (cps, Dsl.scala, Scala Continuations, Scalaz's
         |`fork`) run on the pool `future` uses, the global ForkJoinPool sized to the processors. The levelling
         |follows the CE3-vs-ZIO2 comparative analysis.""".stripMargin
    case Settings.Defaults => "Every library exactly as shipped: no JVM property and no setting is changed."
  }

  val readBack: String =
    """Every result records its settings profile and the concrete settings read back from the live runtime,
      |never restated from the request; a setting that cannot be read back is shown as such, and a report
      |flags any value that differs from what the profile claims. The claims of the levelled profile, per
      |runtime (n is the processor count the measuring JVM sees):""".stripMargin

  /** A family's heading and the conventions its scenarios share. */
  def family(f: Family): (String, String) = f match {
    case Family.RunLoop => ("run loop and stack (one fiber)",
        """Stack safety is part of correctness: the oracle tests run every effectful variant of deep-bind,
          |left-sum, right-sum and ackermann at a size where plain recursion overflows a 256 KiB thread stack, and
          |require the right answer there. A cell known not to be stack-safe at that size is listed as exempt
          |below: a finding the reports show, not a hidden skip.""".stripMargin)
    case Family.Collections => ("collections and parallel combinators",
        "Each scenario uses the runtime's own combinator; one written here for a runtime that lacks it would " +
          "measure this repository's code, so such a cell is n/a.")
    case Family.Errors => ("error handling",
        "Ordinary application code around real CPU work: the styles of handling an error are the variants, " +
          "and the work between them is the same.")
    case Family.Scheduler => ("scheduler and fibers",
        """"Counter" below is the runtime's atomic reference (`Ref` and its kin), decremented with its `modify`;
          |"signal" is its one-shot promise (`Deferred`, `Promise`). Every queue is bounded and serves many
          |producers and many consumers in every runtime: no single-producer shortcut. On `future` the fibers are
          |Futures started on the global execution context, the counter an `AtomicInteger` or `AtomicReference`,
          |the signal a `Promise`; on `baseline` they are tasks on a fixed thread pool of the processor count with
          |`java.util.concurrent` primitives (the fixed-thread-pool reference point); on `loom` each fiber is one
          |virtual thread. The tests run these programs at small sizes (listed per scenario) and count their
          |work; `verify` checks the full sizes before a run times them.""".stripMargin)
    case Family.Latency => ("latency and fairness under load",
        """The families above measure throughput; a runtime's auto-yield budget, its pool and its timer trade
          |throughput for fairness and latency, and the levelled profile raises Cats Effect's budget tenfold, so
          |this family measures the other side. A cell runs windows of load (one JMH iteration each) and records
          |the latency of many timed events inside each: every event has a scheduled time on a fixed schedule,
          |and its latency is its completion minus that time (metered, so a stalled runtime is charged for
          |every event it delays: no coordinated omission). The events are submitted by one client thread
          |outside the runtime and stamped by one clock, the same code for every runtime (the harness's
          |`LoadWindow`); each fork records one HdrHistogram, kept in the run directory in HdrHistogram's own
          |log format. An event not answered within 1 s of its scheduled time is counted as **starved** and
          |never enters a percentile. The cell's score is the hogs' time per step (its throughput); the
          |reports add p50, p99, p99.9 and max per fork with intervals over forks, and the starved counts.
          |The auto-yield budget is the variant where a runtime lets it be set, read back from the runtime the
          |cell ran on (`cellAutoYieldBudget`); runtimes without a scheduler of their own are n/a. Virtual
          |threads (and a fixed pool) have no preemption: starved probes there are a finding, not a failure.
          |`service` has no hogs: its events are requests on a seeded Poisson schedule (the same for every
          |runtime), its score the window's time per request answered, and each rate of its sweep a cell; the
          |report adds its capacity, the highest rate whose p99 stays under the target with every lower rate
          |under it too, per round of forks and as a median with its interval over the rounds (order statistics).""".stripMargin)
    case Family.Faults => ("faults (tests only)", "Programs that fail on purpose, for the runner's tests; never listed.")
  }

  val reports: String =
    """Every cell carries its score with an interval and its unit; its ratio to the fastest runtime of its
      |table and to `baseline`, each with its own interval and whether it is decided; bytes allocated per
      |operation; the work it was counted or declared doing; the settings profile and the settings read back;
      |the entry mode, the JVM, the library versions and the machine; and the origin of the scenario.""".stripMargin
}
