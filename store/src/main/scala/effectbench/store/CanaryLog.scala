package effectbench.store

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, StandardOpenOption}

/** The machine canary's record of a run (the runner's MachineCanary): one JSON line per fork measured
  * by the rounds engine (in a relay round, one per cell, each with the round's readings), in
  * `canary.jsonl` beside `cells.jsonl`. */
object CanaryLog {
  /** What happened around one fork: the canary's readings before and after it (a relay round: before
    * its first measured cycle, and the slowest after that) and its usual reading then (the lower
    * quartile of the run's readings so far), in `unit` per part (the cache-to-cache round trip in ns;
    * runs of the canary's earlier forms read ms of a walk on every core and of handoffs between two
    * threads), and the verdict: `clean`; `set aside` (a reading over twice the usual: its files moved
    * aside, the fork in no estimate); `slow` (kept though the machine was away: its cell had fewer than
    * three forks without it, runner's Rounds.MinKeptForks); `kept, unmoved` (a latency fork with a
    * reading over twice the usual, kept: see MachineCanary.Guard.fork); `turns set aside` (a relay
    * round's fork kept without the turns measured with the machine away); `remeasured` only in runs of
    * the canary's earlier forms, which waited and measured such a fork again. */
  final case class ForkCheck(
      table: String, cell: String, round: Int, nth: Int, attempt: Int, before: Vector[Double], after: Vector[Double],
      reference: Vector[Double], verdict: String, waitedSeconds: Double,
      /** The fork's JMH file, relative to the run directory (a fork set aside: where it was moved). */
      file: String = "",
      unit: String = "ms",
      /** A relay round kept without some of its turns (`turns set aside`): the cycles whose turns were
        * taken out, every cell's turn of each. */
      awayCycles: Vector[Int] = Vector.empty
  ) {
    /** How much slower than usual the slowest part of the two readings was (0.3 = 30%). */
    def excess: Double = {
      val xs = Seq(before, after).flatMap(_.zip(reference).map { case (x, r) => x / r - 1 }).filterNot(_.isNaN)
      if (xs.isEmpty) Double.NaN else xs.max
    }
  }

  object Verdict {
    val Clean = "clean"
    val Remeasured = "remeasured"
    val Slow = "slow"
    /** Measured with the machine away from its usual state: its files set aside, the fork in no estimate. */
    val SetAside = "set aside"
    /** A relay round measured in part with the machine away: kept without the turns of the cycles read
      * in that state (`awayCycles`), the JMH file as written kept beside as `*.all-turns.json`. */
    val TurnsAside = "turns set aside"
    /** Measured with the machine away, and kept: a latency fork, whose p99 and hog time that state was
      * measured not to move (runner's MachineCanary.Guard.fork). */
    val Unmoved = "kept, unmoved"
  }

  def file(runDir: Path): Path = runDir.resolve("canary.jsonl")

  /** One line on a run's checks, for the report's header and the run's last lines; None without any. */
  def summary(checks: Vector[ForkCheck]): Option[String] =
    if (checks.isEmpty) None
    else {
      val kept = checks.filterNot(c => c.verdict == Verdict.Remeasured || c.verdict == Verdict.SetAside)
      val again = checks.filter(_.verdict == Verdict.Remeasured)
      // A fork set aside and then kept after all (its cell had no other) counts once, as kept.
      val keptAfterAll = kept.filter(_.verdict == Verdict.Slow).map(c => (c.cell, c.file)).toSet
      val aside = checks.filter(c => c.verdict == Verdict.SetAside && !keptAfterAll.contains((c.cell, c.file)))
      val slow = checks.filter(_.verdict == Verdict.Slow)
      val unmoved = checks.filter(_.verdict == Verdict.Unmoved)
      val turnsAside = checks.filter(_.verdict == Verdict.TurnsAside)
      val refs = checks.map(_.reference).filter(r => r.nonEmpty && !r.exists(_.isNaN))
      val usual = if (refs.isEmpty) ""
      else {
        val last = refs.last
        " (its usual reading " + last.map(x => f"$x%.1f").mkString(" + ") + s" ${checks.last.unit})"
      }
      def range(cs: Vector[ForkCheck]) = {
        val e = cs.map(_.excess).filterNot(_.isNaN).map(x => math.round(x * 100))
        if (e.isEmpty) "" else if (e.min == e.max) s" by +${e.min}%" else s" by +${e.min}% to +${e.max}%"
      }
      val waited = checks.map(_.waitedSeconds).filterNot(_.isNaN).sum
      val parts = Vector(
        if (aside.isEmpty) ""
        else s"${aside.size} set aside, the machine away from its usual state around them${range(aside)} (in no estimate)",
        if (again.isEmpty) "" else s"${again.size} set aside and measured again (the machine slowed${range(again)} during them)",
        if (slow.isEmpty) "" else s"${slow.size} kept though the machine was slow around them${range(slow)}",
        if (turnsAside.isEmpty) ""
        else s"${turnsAside.size} forks of relay rounds kept without their turns of " +
          s"${turnsAside.flatMap(c => c.awayCycles.map(x => (c.table, c.round, x))).distinct.size} cycles measured with the machine away" +
          range(turnsAside),
        if (unmoved.isEmpty) ""
        else s"${unmoved.size} latency forks kept though the machine was away${range(unmoved)} (that state was measured not to move them)",
        if (waited <= 0) "" else f"$waited%.0f s waited for the machine to come back"
      ).filter(_.nonEmpty)
      Some(s"${kept.size + aside.size} forks checked by the machine canary$usual: " +
        (if (parts.isEmpty) "the machine held its speed around every fork" else parts.mkString("; ")))
    }

  def append(runDir: Path, c: ForkCheck): Unit = synchronized {
    def num(d: Double) = if (d.isNaN || d.isInfinite) ujson.Null else ujson.Num(math.rint(d * 1000) / 1000)
    def nums(xs: Vector[Double]) = ujson.Arr.from(xs.map(num))
    val line = ujson.write(ujson.Obj(
        "table" -> c.table, "cell" -> c.cell, "round" -> c.round, "nth" -> c.nth, "attempt" -> c.attempt, "before" -> nums(c.before),
        "after" -> nums(c.after), "reference" -> nums(c.reference), "verdict" -> c.verdict, "waited" -> num(c.waitedSeconds),
        "file" -> c.file, "unit" -> c.unit, "awayCycles" -> ujson.Arr.from(c.awayCycles.map(ujson.Num(_)))
      )) + "\n"
    Files.write(file(runDir), line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE, StandardOpenOption.APPEND)
  }

  /** The checks a run recorded (none when it ran without the canary); a torn line is skipped. */
  def read(runDir: Path): Vector[ForkCheck] = {
    val f = file(runDir)
    if (!Files.isRegularFile(f)) Vector.empty
    else RunData.read(f).split('\n').toVector.filter(_.trim.nonEmpty).flatMap { line =>
      try {
        val o = ujson.read(line).obj
        def d(v: ujson.Value) = v.numOpt.getOrElse(Double.NaN)
        // Runs of the first canary (one part, a number) read as one part.
        def ds(k: String) = o.get(k).map(v => v.arrOpt.map(_.toVector.map(d)).getOrElse(Vector(d(v)))).getOrElse(Vector.empty)
        Some(ForkCheck(o("table").str, o("cell").str, o("round").num.toInt, o("nth").num.toInt, o("attempt").num.toInt, ds("before"),
            ds("after"), ds("reference"), o("verdict").str, o.get("waited").map(d).getOrElse(Double.NaN),
            o.get("file").flatMap(_.strOpt).getOrElse(""), o.get("unit").flatMap(_.strOpt).getOrElse("ms"),
            o.get("awayCycles").flatMap(_.arrOpt).map(_.toVector.map(_.num.toInt)).getOrElse(Vector.empty)))
      } catch { case _: Exception => None }
    }
  }
}
