package effectbench

/** Why cells of families R and C do not exist on some runtimes (issue 4), kept beside the catalog
  * so that the catalog stays readable. Each reason is one line and printed in reports. */
object RunLoopNa {
  private def na(runtime: String, variant: String, why: String) = NotApplicable(runtime, Some(variant), why)

  val cartesian: Vector[NotApplicable] = Vector(
    na("cats-effect", "list-transformer", "Cats has no ListT (removed from cats; fs2 Stream is a stream, not a list transformer)"),
    na("zio", "list-transformer", "ZIO has no ListT-style transformer (ZStream is a stream, not a list transformer)"),
    na("future", "list-transformer", "the standard library has no list transformer over Future"),
    na("cps", "list-transformer", "the vanilla CPS task has no library, hence no list transformer"),
    na("baseline", "list-transformer", "baseline has no effect to transform: see its traverse cell (nested loops)"),
    na("monix", "list-transformer", "Monix has no ListT-style transformer (Observable is a stream, not a list transformer)"),
    na("ox", "list-transformer", "Ox has no list transformer or Each: direct style traverses with List.flatMap (the traverse cell)"),
    na("dsl", "list-transformer", "Dsl.scala's Each needs the `!` compiler plugin and domains-task's join, neither served by the registry"),
    na("continuations", "list-transformer", "Scala Continuations has no list transformer or Each"),
    na("scala-async", "list-transformer", "Scala Async has no list transformer (await cannot sit inside a List.flatMap closure)"),
    na("loom", "list-transformer", "plain virtual threads have no list transformer: direct style traverses with List.flatMap (the traverse cell)")
  )

  /** Findings, not bugs: cells that are not stack-safe at the stack-safety size, so the oracle
    * tests skip them there (they pass at the measured sizes). */
  val rawSum: Vector[NotApplicable] = Vector(
    NotApplicable("scala-async", None, "async/await has no bind to write by hand: its form of the sum is left-sum/right-sum"))

  def sumStackExempt(id: String): Set[String] = id match {
    // direct style `head + loop(tail)` is plain recursion on the virtual thread's stack; the
    // continuations plugin's CPS transform of `h + loop(tail)` nests each pending `h + _` in the
    // continuation, and running that continuation recurses (found by the oracle tests)
    case "left-sum" => Set("ox/default", "loom/default", "continuations/default")
    case _ => Set.empty
  }

  private val plainNa = "plain is direct recursion with no effect: measured once, on baseline"
  val ackermann: Vector[NotApplicable] = Vector(
    na("cats-effect", "plain", plainNa), na("zio", "plain", plainNa), na("future", "plain", plainNa),
    na("cps", "plain", plainNa), na("monix", "plain", plainNa), na("ox", "plain", plainNa), na("loom", "plain", plainNa),
    na("scalaz", "plain", plainNa), na("scala-async", "plain", plainNa), na("dsl", "plain", plainNa),
    na("continuations", "plain", plainNa),
    na("scala-async", "pool-per-step", "scala-async is measured on the left/right sums and cartesian only (issue 4); its Future form is the future cell"),
    na("scala-async", "trampolined", "scala-async is measured on the left/right sums and cartesian only; Future cannot suspend without a hop"),
    na("scala-async", "stack-aware", "scala-async is measured on the left/right sums and cartesian only (issue 4)"),
    na("ox", "trampolined", "direct style has no suspension to trampoline on (its stack-safe forms are pool-per-step and stack-aware)"),
    na("loom", "trampolined", "direct style has no suspension to trampoline on (its stack-safe forms are pool-per-step and stack-aware)"),
    na("future", "trampolined", "Future is eager: it cannot suspend a call without a hop onto the pool (that is pool-per-step)"),
    na("baseline", "pool-per-step", "baseline has no task type to chain per call; the naive pool-per-step is the future cell"),
    na("baseline", "stack-aware", "baseline has no suspension to fall back on; its stack-safe form is the trampolined cell (heap stack)")
  )

  /** plain is the unprotected floor by design. stack-aware is a finding: its 512 eager nested
    * calls (the budget SCENARIOS.md fixes) take about 256 KiB of interpreted frames (~0.5 KiB each
    * measured), so on a 256 KiB stack it overflows on every runtime before its first suspension:
    * ZIO exits the JVM on the fatal error, a Future never completes. It is safe on default stacks
    * (and never reaches the budget at the measured sizes, A(2,100) and A(3,5) are ~200 calls deep). */
  val ackermannStackExempt: Set[String] = Set("plain", "stack-aware")

  def collections(id: String): Vector[NotApplicable] = {
    val noPar = "the vanilla CPS task has no parallel combinator (writing one here would not be the runtime's)"
    val asyncOnly = NotApplicable("scala-async", None, "scala-async is measured on the left/right sums and cartesian only (issue 4); its Future combinators are the future cells")
    val contNoPar = NotApplicable("continuations", None, "Scala Continuations has no parallel combinator")
    val dslNoPar = NotApplicable("dsl", None, "Dsl.scala's parallel keywords live in domains-task/keywords-fork, not served by the registry")
    val unordered = "has no native combinator returning results in completion order"
    id match {
      case "sequence" => Vector(asyncOnly)
      case "gather" => Vector(NotApplicable("cps", None, noPar), asyncOnly, dslNoPar, contNoPar)
      case "gather-unordered" => Vector(
        NotApplicable("cps", None, noPar), asyncOnly, dslNoPar, contNoPar,
        NotApplicable("cats-effect", None, "Cats Effect " + unordered + " (parSequence keeps input order)"),
        NotApplicable("future", None, "Future " + unordered + " (only firstCompletedOf)"),
        NotApplicable("ox", None, "Ox " + unordered + " (par keeps input order)"))
      case _ => Vector.empty
    }
  }

  /** The quick profile of families R and C: one param set and the fork mode only. A quick cell
    * costs ~14 s on the 2-core machine (verifier, JMH host, 2 forks), and these families plan
    * ~250 cells in full; quick keeps ~85 (about 20 minutes). Reports name these overrides. */
  val quickModes: Vector[Mode] = Vector(Mode.Fork)
  val quickSums: Vector[(String, String)] = Vector("executed-in" -> "current-thread")
  val quickAckermann: Vector[(String, String)] = Vector("m" -> "2", "n" -> "100")
  val quickCollections: Vector[(String, String)] = Vector("tasks" -> "forked")
}
