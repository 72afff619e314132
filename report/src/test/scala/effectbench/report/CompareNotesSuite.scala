package effectbench.report

import effectbench.analysis.CompareNote.*

/** The words of each note compare gives beside its rows. */
class CompareNotesSuite extends munit.FunSuite {
  private val four = Vector("a", "b", "c", "d")

  test("the run's notes name up to three cells, and an ellipsis for more") {
    assertEquals(CompareNotes.text(OnlyIn(inA = true, four)), "4 cells only in A, not compared (a, b, c, ...)")
    assertEquals(CompareNotes.text(OnlyIn(inA = false, Vector("x"))), "1 cells only in B, not compared (x)")
    assertEquals(CompareNotes.text(NoScore(Vector("a", "b", "c"))), "3 common cells lack a score on one side (a, b, c)")
    assertEquals(CompareNotes.text(AcrossJvms("temurin-17", "temurin-21")),
      "the runs used different JVMs (A: temurin-17, B: temurin-21); cells are matched by key, so differences include the JVM")
    assertEquals(CompareNotes.text(RunsDiffer("profile", "quick", "standard")), "the runs differ in profile (A: quick, B: standard)")
    assertEquals(CompareNotes.text(Noisy(four, 10, 0.5)),
      "4 of 10 cells are noisy (a 99.9% interval wider than ±50% of the score on at least one side: a, b, c, ...); " +
        "was the machine busy? Their verdicts reflect the conditions of each run as much as the code")
    assert(CompareNotes.text(FewForks(Vector("a"), 3)).endsWith(
        "they get no verdict (measure both with --rounds 3 or more, or --profile standard)"
      ))
  }

  test("a cell's notes: modes, multi-modal sides and launch states with their chances") {
    assertEquals(CompareNotes.text(MultiModal("k", inA = true, inB = true)), "k: multi-modal in both runs; its ratio is not a verdict")
    assertEquals(CompareNotes.text(MultiModal("k", inA = false, inB = true)), "k: multi-modal in B; its ratio is not a verdict")
    assertEquals(CompareNotes.text(ModesDiffer("k", 2, 3, 3)),
      "k: A and B sit in different modes (A 2, B 3 forks): a state chosen per JVM launch cannot be told from a code change; " +
        "run both with more forks (at least 3 a side, e.g. --rounds 4) to decide")
    val states = LaunchStates("k", 2, 2.04, Vector((4, 0), (0, 4)), SharesReading.SharesMoved, 0.0286, 0.0571, 2)
    assertEquals(CompareNotes.text(states),
      "k: the forks of both runs fall in 2 launch states (2.0× apart; A 4+0, B 0+4 forks); shares this far apart arise by the launches' " +
        "draw with chance 0.029 (0.057 over 2 cells' tests, Holm) at most: a change in which state launches land in, judged on the means")
    assert(CompareNotes.text(states.copy(reading = SharesReading.NotCounted, tested = 1))
        .endsWith("shares as likely from the launches' draw (chance 0.03) and no state moved on its own: not counted"))
  }
}
