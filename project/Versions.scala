import sbt._

// Every library version of the build, in one place, and the libraries of the runtime groups. The
// runner reads the versions back from the generated `effectbench.BuildInfo` so that every run
// records what it measured.
object Versions {
  val scala3 = "3.3.7"
  val scala213 = "2.13.18"
  val scala212 = "2.12.21"
  // Scala Continuations' compiler plugin is published only for this exact patch version.
  val scala212Continuations = "2.12.2"

  val jmh = "1.37"
  val catsEffect = "3.7.1"
  val zio = "2.1.26"
  val zioInteropCats = "23.1.0.13"
  val catsMtl = "1.7.0"
  val monix = "3.4.1"
  val scalaz = "7.2.30"
  val scalaAsync = "1.0.1"
  val dsl = "1.5.2"
  val continuations = "1.0.3"
  val ox = "1.0.0"
  // munit 1.3.6 is served without its munit-diff and junit-interface here; 1.2.4 resolves whole.
  val munit = "1.2.4"
  val munit212 = "1.1.0" // the newest munit for Scala 2.12 served whole here
  val upickle = "4.4.3" // the run format's JSON codecs (store)
  val sqliteJdbc = "3.54.1.0"
  val echarts = "6.0.0"
  // Rank tests and distributions of the report (Mann–Whitney U, normal, Student t).
  val commonsStatistics = "1.1"
  /** Digamma and trigamma for the launch prior (stats LaunchPrior); the version commons-statistics 1.1 itself brings. */
  val commonsNumbers = "1.2"
  val sourcecode = "0.4.4" // com.lihaoyi::sourcecode, published for 2.12, 2.13 and 3
  val asyncProfiler = "4.6" // tools.profiler:async-profiler, for `bench profile`
  val mainargs = "0.7.8" // com.lihaoyi:mainargs: the runner's commands and flags, declared
  val osLib = "0.11.8" // com.lihaoyi::os-lib: the runner's child processes
  val scalatags = "0.13.1" // com.lihaoyi::scalatags: the HTML report, every text escaped
  // org.scalameta::scalameta: where each program is in its Scala file (tokens and definitions);
  // 4.17.0 is built with Scala 3.3.7 and sourcecode 0.4.4, the versions of this build.
  val scalameta = "4.17.0"
  // org.hdrhistogram:HdrHistogram: the latency histograms of the latency family (recorded in every runtime group's
  // measuring JVM, read back by the report) and their log format in the run directory.
  val hdrHistogram = "2.2.2"

  /** The libraries of each runtime group's module (build.sbt adds them): a runtime added to an
    * existing group adds its library to its group's list here, beside its version. */
  val modernLibraries: Seq[ModuleID] = Seq(
    "org.typelevel" %% "cats-effect" % catsEffect,
    "org.typelevel" %% "cats-mtl" % catsMtl,
    "dev.zio" %% "zio" % zio,
    "dev.zio" %% "zio-interop-cats" % zioInteropCats
  )
  val monixLibraries: Seq[ModuleID] = Seq("io.monix" %% "monix-eval" % monix)
  val loomLibraries: Seq[ModuleID] = Seq("com.softwaremill.ox" %% "core" % ox)
  val scala213Libraries: Seq[ModuleID] = Seq(
    "org.scalaz" %% "scalaz-concurrent" % scalaz,
    "org.scala-lang.modules" %% "scala-async" % scalaAsync
  )
  val scala212Libraries: Seq[ModuleID] = Seq("com.thoughtworks.dsl" %% "keywords-shift" % dsl)
  val continuationsLibraries: Seq[ModuleID] = Seq("org.scala-lang.plugins" %% "scala-continuations-library" % continuations)

  /** A library `bench run --lib NAME=V1,V2` measures at other versions: the runtime it is, the
    * group that compiles it, and the modules released with it (their names without the `_3`
    * suffix of the Scala 3 groups), which an extra build pins all to the version asked
    * (dependencyOverrides), so that no other library's dependency moves one of them to another
    * version. The modules are what the library's own jar depends on at that version (its POM):
    * cats-effect_3 on cats-effect-kernel_3 and cats-effect-std_3; zio_3 on zio-stacktracer_3 and
    * zio-internal-macros_3; monix-eval_3 on monix-execution_3, monix-catnap_3 and
    * monix-internal-jctools_3. zio-managed and zio-streams come with zio-interop-cats at their own
    * version in every build (zio-managed_3 is not served at 2.1.26). */
  final case class LibAxis(runtime: String, group: String, organization: String, modules: Seq[String], default: String)

  val versionAxis: Seq[LibAxis] = Seq(
    LibAxis("cats-effect", "modern", "org.typelevel", Seq("cats-effect", "cats-effect-kernel", "cats-effect-std"), catsEffect),
    LibAxis("zio", "modern", "dev.zio", Seq("zio", "zio-stacktracer", "zio-internal-macros"), zio),
    LibAxis("monix", "monix", "io.monix", Seq("monix-eval", "monix-execution", "monix-catnap", "monix-internal-jctools"), monix)
  )

  /** Library versions by the `versionKey` of core's runtime table (effectbench.Runtimes), as
    * recorded in run.json; RuntimesSuite checks that the keys and the table agree. */
  def forRuntimes: Seq[(String, String)] = Seq(
    "cats-effect" -> catsEffect,
    "zio" -> zio,
    "future" -> s"scala-library $scala3",
    "cps" -> "effect-bench (this repository)",
    "baseline" -> s"scala-library $scala3",
    "monix" -> monix,
    "scalaz" -> scalaz,
    "scala-async" -> scalaAsync,
    "dsl" -> dsl,
    "continuations" -> continuations,
    "ox" -> ox,
    "loom" -> "JDK virtual threads",
    "jmh" -> jmh
  )
}
