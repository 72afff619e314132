package effectbench.report

import effectbench.analysis.{CompareNote, RunComparison}
import effectbench.stats.Format

/** What compare says beside its rows, in words: one sentence per note of analysis's comparison. */
object CompareNotes {
  import CompareNote.*

  /** The notes of a comparison, in its order. */
  def texts(c: RunComparison): Vector[String] = c.warnings.map(text)

  /** "a, b, c, ...": the first three keys, and an ellipsis when there are more. */
  private def sample(keys: Vector[String]): String = keys.take(3).mkString(", ") + (if (keys.size > 3) ", ..." else "")

  /** "A 2+1, B 1+2 forks": each launch state's forks in each run. */
  def sharesText(fs: Vector[(Int, Int)]): String = s"A ${fs.map(_._1).mkString("+")}, B ${fs.map(_._2).mkString("+")} forks"

  /** "2 forks each" or "A 2, B 3 forks". */
  def forksText(a: Int, b: Int): String = if (a == b) s"$a forks each" else s"A $a, B $b forks"

  def text(n: CompareNote): String = n match {
    case AcrossJvms(ja, jb) =>
      s"the runs used different JVMs (A: $ja, B: $jb); cells are matched by key, so differences include the JVM"
    case OnlyIn(inA, cells) => s"${cells.size} cells only in ${if (inA) "A" else "B"}, not compared (${sample(cells)})"
    case RunsDiffer(what, a, b) => s"the runs differ in $what (A: $a, B: $b)"
    case LibraryVersions(rt, va, vb) => s"$rt ran $va in A and $vb in B: its differences include the library version"
    case NoScore(cells) => s"${cells.size} common cells lack a score on one side (${sample(cells)})"
    case SweepStopped(cells) =>
      s"${cells.size} common cells were not measured on one side or both, their service sweep having stopped " +
        s"below their rate (${sample(cells)}); not compared"
    case FewUsualForks(cells, min) =>
      s"${cells.size} cells have fewer than $min forks on a side measured with the machine in its usual state " +
        s"(${sample(cells)}): the others were kept though the machine canary read it away around them (canary.jsonl's 'slow'), " +
        "in the estimates but not enough for a verdict; they get none"
    case FewForks(cells, min) =>
      s"${cells.size} cells have fewer than $min forks on a side (${sample(cells)}): a cell whose state is chosen " +
        s"per JVM launch can put all of one run's forks in one state and all of the other's in the other, which no interval from so few forks can tell from a code change; " +
        s"they get no verdict (measure both with --rounds $min or more, or --profile standard)"
    case Noisy(cells, of, noisyError) =>
      s"${cells.size} of $of cells are noisy (a 99.9% interval wider than ±${(noisyError * 100).round}% of the score on at least one side: " +
        s"${sample(cells)}); was the machine busy? Their verdicts reflect the conditions of each run as much as the code"
    case UnitsDiffer(key, ua, ub) => s"$key: units differ ($ua vs $ub); not compared"
    case TooFewSamples(key, a, b, min) => s"$key: too few samples (A $a, B $b; want at least $min a side) for a significant verdict"
    case ModesDiffer(key, a, b, min) =>
      s"$key: A and B sit in different modes (${forksText(a, b)}): a state chosen per JVM launch cannot be told from a code change; " +
        s"run both with more forks (at least $min a side, e.g. --rounds 4) to decide"
    case MultiModal(key, inA, inB) =>
      s"$key: multi-modal in ${if (inA && inB) "both runs" else if (inA) "A" else "B"}; its ratio is not a verdict"
    case LaunchStates(key, states, factor, shares, reading, chance, adjusted, tested) =>
      // "chance 0.039 (0.312 over 8 cells' tests, Holm)": the cell's own test, and as judged.
      def chanceText(digits: Int) =
        s"%.${digits}f".format(chance) + (if (tested > 1) s" (%.${digits}f over $tested cells' tests, Holm)".format(adjusted) else "")
      f"$key: the forks of both runs fall in $states launch states (${factor}%.1f× apart; ${sharesText(shares)}); " + (reading match {
        case SharesReading.SharesMoved =>
          s"shares this far apart arise by the launches' draw with chance ${chanceText(3)} at most: a change in which state launches land in, judged on the means"
        case SharesReading.StateMoved(mean) =>
          s"shares as likely from the launches' draw (chance ${chanceText(2)}); the state at ${Format.num(mean)} moved by itself, its B/A is the verdict"
        case SharesReading.NotCounted =>
          s"shares as likely from the launches' draw (chance ${chanceText(2)}) and no state moved on its own: not counted"
      })
  }
}
