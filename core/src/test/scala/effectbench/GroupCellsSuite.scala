package effectbench

import effectbench.Cover.{na, notDefined, runs}
import java.nio.file.Files
import scala.jdk.CollectionConverters.*

/** GroupCells.problems on a made-up scala212 group: what it refuses, each with the scenario's name. */
class GroupCellsSuite extends munit.FunSuite {
  private final class NoLive extends Live {
    def readBack: Vector[(String, String)] = Vector.empty
    def close(): Unit = ()
  }
  private object DslLike extends RuntimeSetup[NoLive] {
    val info: RuntimeInfo = Runtimes.Dsl
    def start(settings: Settings): NoLive = new NoLive
  }
  private object OtherSetup extends RuntimeSetup[NoLive] {
    val info: RuntimeInfo = Runtimes.Continuations
    def start(settings: Settings): NoLive = new NoLive
  }
  private def impl(s: Scenario, setup: RuntimeSetup[NoLive]): Impl[NoLive] =
    new Impl(s, "default", setup, "a test")((_, _, _) => Program(0))
  private final class Obj(val scenario: Scenario, val row: Scala212Row, val impls: Vector[Impl[_ <: Live]])
      extends ScenarioImpls[Scala212Row]

  private val deepBind = new Obj(Catalog.deepBind, Scala212Row(dsl = runs(DslLike)), Vector(impl(Catalog.deepBind, DslLike)))
  private val gather = new Obj(Catalog.gather, Scala212Row(dsl = na(NaReasons.gather)), Vector.empty)
  private val scenarios = Vector(Catalog.deepBind, Catalog.gather)
  private def problems(objects: ScenarioImpls[_ <: GroupRow]*): Vector[String] =
    GroupCells.problems("scala212", objects.toVector, scenarios)

  test("a table that agrees with the catalog has no problem") {
    assertEquals(problems(deepBind, gather), Vector.empty[String])
  }

  test("a scenario of the group's runtimes with no object is named") {
    assertEquals(problems(deepBind), Vector("gather: the group has no scenario object for it"))
  }

  test("an n/a entry where the catalog plans a cell, and a planned cell with no program, are named") {
    val noReason = new Obj(Catalog.deepBind, Scala212Row(dsl = na(NaReasons.leftSum)), Vector.empty)
    assertEquals(
      problems(noReason, gather),
      Vector("deep-bind/dsl: its entry is n/a, but the reasons it names have none for it",
        "deep-bind/default/dsl: planned, with neither a program nor an n/a reason")
    )
    val otherReason = new Obj(Catalog.deepBind, Scala212Row(dsl = na(NaReasons.gather)), Vector.empty)
    assertEquals(
      problems(otherReason, gather),
      Vector("deep-bind/dsl: its n/a reasons are not the catalog's",
        "deep-bind/default/dsl: planned, with neither a program nor an n/a reason")
    )
  }

  test("a cell the catalog calls n/a, written as running, is named") {
    val wrong = new Obj(Catalog.gather, Scala212Row(dsl = runs(DslLike)), Vector(impl(Catalog.gather, DslLike)))
    assertEquals(problems(deepBind, wrong),
      Vector(s"gather/dsl: the catalog declares it n/a (${Catalog.gather.naReason("default", "dsl", Mode.Fork).get}), its entry does not"))
  }

  test("an entry on another runtime's setup, programs not in the row, and another scenario's programs are named") {
    val onOther = new Obj(Catalog.deepBind, Scala212Row(dsl = runs(OtherSetup)), Vector(impl(Catalog.deepBind, DslLike)))
    assertEquals(problems(onOther, gather), Vector("deep-bind/dsl: its entry runs on continuations's setup"))
    val unsaid = new Obj(Catalog.deepBind, Scala212Row(dsl = notDefined), Vector(impl(Catalog.deepBind, DslLike)))
    assert(problems(unsaid, gather).contains("deep-bind/dsl: the object has programs on it, but its entry does not say `runs`"))
    val stray =
      new Obj(Catalog.deepBind, Scala212Row(dsl = runs(DslLike)), Vector(impl(Catalog.deepBind, DslLike), impl(Catalog.rawSum, DslLike)))
    assert(problems(stray, gather).contains("deep-bind: holds programs of other scenarios: raw-sum/default/dsl"))
  }

  private val dslEach =
    "Dsl.scala's Each needs the `!` compiler plugin and domains-task's join, neither served by the registry"

  test("a reason written in a scenario object is the catalog's, read with no group's classpath") {
    // scala212/Cartesian.scala writes it beside its code; the build collected it into core.
    assertEquals(Catalog.cartesian.naReason("list-transformer", "dsl", Mode.Fork), Some(dslEach))
    assertEquals(Catalog.cartesian.naReason("traverse", "dsl", Mode.Fork), None)
    val cartesian = new Obj(Catalog.cartesian, Scala212Row(dsl = runs(DslLike) ++ na("list-transformer", dslEach)),
      Vector(new Impl(Catalog.cartesian, "traverse", DslLike, "a test")((_, _, _) => Program(0))))
    assertEquals(GroupCells.problems("scala212", Vector(cartesian), Vector(Catalog.cartesian)), Vector.empty[String])
  }

  test("a written reason the catalog has not read is named, with how to write it") {
    val unread = new Obj(Catalog.gather, Scala212Row(dsl = na("a reason no scenario object writes")), Vector.empty)
    assertEquals(
      problems(deepBind, unread),
      Vector(
        "gather/dsl: the catalog has not read its reason \"a reason no scenario object writes\": write it as one string literal, na(\"why\"), in its scenario object"
      )
    )
  }

  test("no group's Cells.scala writes a row: a runtime added to a group fills its entries in the scenario files only") {
    val dir = RepoRoot.path.resolve("runtimes")
    val groups = Files.list(dir)
    val cells =
      try groups.iterator.asScala.toVector.map(_.resolve("src/main/scala/effectbench/Cells.scala")).filter(Files.isRegularFile(_))
      finally groups.close()
    assert(cells.size >= 6, s"found only ${cells.size} groups' Cells.scala under $dir")
    val rowNew = "\\b\\w+Row\\s*\\(".r
    val writing = cells.filter(f => rowNew.findFirstIn(new String(Files.readAllBytes(f), "UTF-8")).isDefined)
    assertEquals(writing.map(f => RepoRoot.path.relativize(f).toString), Vector.empty[String])
  }

  test("a row field names its runtime's id in camelCase") {
    assertEquals(Runtimes.all.map(r => WrittenNa.camel(r.id)).take(2), Vector("catsEffect", "zio"))
    assertEquals(WrittenNa.camel("gather-unordered"), "gatherUnordered")
  }
}
