package effectbench

import BusinessFlowModel._

/** The business-flow oracle: a pure function of (K, failure), checked for every combination of
  * docs/scenarios.md against properties that do not restate its code. */
class BusinessFlowModelSuite extends munit.FunSuite {
  private val failures = failureValues.map(parseFailure)

  test("the failure parameter reads rate:valid-below and names exactly the pairs of docs/scenarios.md") {
    assertEquals(failures, Vector(Failure(0.1, 80), Failure(0.25, 70), Failure(0.45, 70), Failure(0.45, 50), Failure(0.0, 100)))
    intercept[IllegalArgumentException](parseFailure("0.1"))
  }

  test("the catalog plans every tf x failure combination, the default first, and quick pins the default") {
    val s = Catalog.businessFlow
    val planned = s.paramSets.map(s.complete).map(p => (p("tf"), p("failure"))).toSet
    assertEquals(planned, (for (tf <- tfValues; f <- failureValues) yield (tf, f)).toSet)
    assertEquals(s.paramSets.size, 20)
    assertEquals(s.complete(s.paramSets.head), s.defaults)
    assertEquals(s.quickParams.toMap, Map("tf" -> "5", "failure" -> "0.1:80"))
  }

  for (f <- failures; k <- Vector(0, 1, 37, 1000))
    test(s"k=$k rate=${f.rate} valid-below=${f.validBelow}: every operation has one outcome") {
      val t = referenceTally(k, f.rate, f.validBelow)
      assertEquals(t.invalid + t.uhOh + t.results, k.toLong)
      if (f.rate == 0) assertEquals(t.uhOh, 0L)
      if (f.validBelow == 100) assertEquals(t.invalid, 0L)
      assert(t.sum >= 0 && t.sum <= t.results * (f.validBelow - 1).max(0), s"every result is a valid input: $t")
      assertEquals(reference(k, f), t.toString)
    }

  test("the same seed gives the same draw, whatever asks for it") {
    (0 until 200).foreach(i => assertEquals(draw(i.toLong, 0.45, 70), draw(i.toLong, 0.45, 70)))
  }

  test("a higher failure rate or a lower bound only adds failures: the draws are shared across params") {
    val k = 2000
    val low = referenceTally(k, 0.25, 70)
    val high = referenceTally(k, 0.45, 70)
    assertEquals(low.invalid, high.invalid)
    assert(high.uhOh > low.uhOh, s"$high vs $low")
    val narrow = referenceTally(k, 0.45, 50)
    assert(narrow.invalid > high.invalid, s"$narrow vs $high")
  }

  test("over 10,000 seeds the outcomes follow the configured rates") {
    val k = 10000
    failures.foreach { f =>
      val t = referenceTally(k, f.rate, f.validBelow)
      val invalidShare = t.invalid.toDouble / k
      val uhOhShare = t.uhOh.toDouble / k
      assert(math.abs(invalidShare - (100 - f.validBelow) / 100.0) < 0.02, s"$f: invalid share $invalidShare")
      assert(math.abs(uhOhShare - f.rate * f.validBelow / 100.0) < 0.02, s"$f: uh-oh share $uhOhShare")
    }
  }

  test("transformer-stack: the state after N steps, or the error when fail-at is within N") {
    val s = Catalog.transformerStack
    assertEquals(s.oracle("native", s.complete(Params.empty)), "state=3000")
    assertEquals(s.oracle("native", s.complete(Params.of("fail-at" -> "500"))), "error at 500")
    assertEquals(s.oracle("native", s.complete(Params.of("fail-at" -> "1000"))), "state=3000")
  }
}
