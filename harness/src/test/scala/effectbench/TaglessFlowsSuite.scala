package effectbench

/** docs/scenarios.md's tagless style is both the `either` and the `eithert` flows written once against
  * an abstract F: every runtime of this module with a tagless cell has both flows, each with and
  * without syntax. */
class TaglessFlowsSuite extends munit.FunSuite {
  private val taglessVariants = Vector("tagless-syntax", "tagless-plain", "tagless-eithert-syntax", "tagless-eithert-plain")

  test("business-flow declares the tagless form of both flows") {
    assert(taglessVariants.forall(Catalog.businessFlow.variants.contains), Catalog.businessFlow.variants)
  }

  test("every runtime of this module with a tagless cell implements both flows, with and without syntax") {
    val bf = CellRegistry.load().impls.filter(_.scenario == "business-flow")
    val missing = for {
      rt <- bf.filter(_.variant.startsWith("tagless")).map(_.runtime).distinct
      v <- taglessVariants
      if !bf.exists(i => i.runtime == rt && i.variant == v)
    } yield s"$rt/$v"
    assert(missing.isEmpty, s"missing: ${missing.mkString(", ")}")
  }
}
