package effectbench

/** A runtime of SCENARIOS.md: an effect system or a plain baseline.
  *
  * @param group   the classpath group (sbt module) that implements it, or "none"
  * @param minJdk  the lowest JDK feature version its cells run on
  * @param syncNa  why it has no `sync` entry mode, when it has none
  * @param unavailable why none of its cells can run here, when none can */
final case class RuntimeInfo(
    id: String,
    what: String,
    group: String,
    minJdk: Int,
    syncNa: Option[String],
    unavailable: Option[String]
)

object Runtimes {
  val all: Vector[RuntimeInfo] = Vector(
    RuntimeInfo("cats-effect", "Cats Effect 3 IO", "modern", 17, None, None),
    RuntimeInfo("zio", "ZIO 2", "modern", 17, None, None),
    RuntimeInfo("future", "scala.concurrent.Future", "modern", 17,
      Some("Future callbacks always run on an ExecutionContext; there is no calling-thread run"), None),
    RuntimeInfo("cps", "plain continuation-passing Task written in this repository", "modern", 17, None, None),
    RuntimeInfo("baseline", "plain Scala, loops, callbacks and java.util.concurrent", "modern", 17, None, None),
    RuntimeInfo("monix", "Monix 3.4 Task (Cats Effect 2 classpath)", "monix", 17, None, None),
    RuntimeInfo("scalaz", "Scalaz 7.2 scalaz.concurrent.Task", "scala213", 17, None, None),
    RuntimeInfo("scala-async", "Future written with Scala Async async/await", "scala213", 17,
      Some("async blocks run on an ExecutionContext; there is no calling-thread run"), None),
    RuntimeInfo("dsl", "Dsl.scala continuation Task", "scala212", 17, None, None),
    RuntimeInfo("continuations", "Scala Continuations (@cps, shift/reset)", "continuations", 17, None, None),
    RuntimeInfo("ox", "Ox direct style on virtual threads", "loom", 21,
      Some("direct style always runs on a virtual thread inside a supervised scope"), None),
    RuntimeInfo("loom", "plain virtual threads and java.util.concurrent", "loom", 21,
      Some("the program is a virtual thread; there is no calling-thread run"), None),
    RuntimeInfo("kyo", "Kyo", "none", 21, None,
      Some("Kyo is not served by the package registry this project builds from"))
  )

  val ids: Vector[String] = all.map(_.id)
  def get(id: String): Option[RuntimeInfo] = all.find(_.id == id)
  def apply(id: String): RuntimeInfo = get(id).getOrElse(throw new NoSuchElementException(s"unknown runtime $id"))

  /** The classpath groups, each an sbt module under runtimes/. */
  val groups: Vector[String] = all.map(_.group).filterNot(_ == "none").distinct
}
