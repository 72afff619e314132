package effectbench.analysis

/** What compare says beside its rows, as typed values: the cells it could not compare or judge, the
  * ways the two runs differ, and what a cell's launch states showed. The report words each
  * (CompareReport). `cells` lists the keys a note is about, in the run's order. */
sealed trait CompareNote

object CompareNote {
  /** The two single-JVM runs used different JVMs: cells are matched by key, so differences include the JVM. */
  final case class AcrossJvms(jvmA: String, jvmB: String) extends CompareNote
  /** Cells of one run with no cell of the other to compare with (`inA`: of A; else of B). */
  final case class OnlyIn(inA: Boolean, cells: Vector[String]) extends CompareNote
  /** The runs differ in a setting of the whole run (`what`: "profile" or "settings"). */
  final case class RunsDiffer(what: String, a: String, b: String) extends CompareNote
  /** A runtime ran one library version in A and another in B. */
  final case class LibraryVersions(runtime: String, a: String, b: String) extends CompareNote
  /** Common cells without a score on one side. */
  final case class NoScore(cells: Vector[String]) extends CompareNote
  /** Common cells the runner chose not to measure on a side (a stopped service sweep): no failure. */
  final case class SweepStopped(cells: Vector[String]) extends CompareNote
  /** Cells with fewer than `minForks` forks a side measured with the machine in its usual state (the
    * others were kept though the machine canary read it away): no verdict. */
  final case class FewUsualForks(cells: Vector[String], minForks: Int) extends CompareNote
  /** Cells with fewer than `minForks` forks a side: no verdict. */
  final case class FewForks(cells: Vector[String], minForks: Int) extends CompareNote
  /** Cells of `of` whose JMH error is above `noisyError` of the score on a side. */
  final case class Noisy(cells: Vector[String], of: Int, noisyError: Double) extends CompareNote

  /** A cell whose two runs used different units: not compared. */
  final case class UnitsDiffer(key: String, unitA: String, unitB: String) extends CompareNote
  /** A cell with fewer than `min` samples on a side for a significant verdict. */
  final case class TooFewSamples(key: String, samplesA: Int, samplesB: Int, min: Int) extends CompareNote
  /** A cell whose forks of A and B sit in different modes, too few to tell a launch-chosen state
    * from a change (Verdict.Unstable): run both with at least `minForks` forks a side. */
  final case class ModesDiffer(key: String, forksA: Int, forksB: Int, minForks: Int) extends CompareNote
  /** A cell multi-modal in A, in B or in both: its ratio is not a verdict. */
  final case class MultiModal(key: String, inA: Boolean, inB: Boolean) extends CompareNote
  /** A cell whose forks of both runs fall in `states` launch states `factor` apart, with each run's
    * forks per state (`shares`, fastest first): the chance of its share test (`chance`), as adjusted
    * over the `tested` cells of the compare (`adjusted`, Holm), and what was read from them. */
  final case class LaunchStates(
      key: String, states: Int, factor: Double, shares: Vector[(Int, Int)], reading: SharesReading, chance: Double, adjusted: Double,
      tested: Int
  ) extends CompareNote

  /** What a cell's launch-state shares decide. */
  enum SharesReading {
    /** Shares this far apart are unlikely from the launches' draw: a change in which state launches land in, judged on the means. */
    case SharesMoved
    /** Shares as likely from the draw, and the state at `mean` moved by itself: its B/A is the verdict. */
    case StateMoved(mean: Double)
    /** Shares as likely from the draw and no state moved on its own: not counted. */
    case NotCounted
  }
}
