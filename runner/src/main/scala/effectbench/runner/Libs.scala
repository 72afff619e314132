package effectbench.runner

import effectbench.BuildInfo
import effectbench.BuildInfo.LibAxis
import java.net.{HttpURLConnection, URI}
import java.nio.file.{Files, Path, Paths}

/** One version `--lib` asks for: the runtime, the label its cells carry (the version as asked,
  * `#2` after a repeat), the version, and whether it comes from a local repository (`local:`). */
final case class LibVersion(runtime: String, label: String, version: String, local: Boolean) {
  def axis: LibAxis = Libs.axis(runtime)
  /** The version as asked on the command line. */
  def asked: String = (if (local) "local:" else "") + version
  /** Whether the build's own group module is this version (a release equal to project/Versions.scala's). */
  def isBuildOwn: Boolean = !local && version == axis.default
  /** The build (module) its cells run on: the group's own, or the extra build of this version. */
  def build: String = if (isBuildOwn) axis.group else LibBuild.id(this)
  /** The Maven artifact names of its modules (the Scala 3 groups' `_3`). */
  def artifacts: Seq[String] = axis.modules.map(_ + "_3")
}

/** Library versions (`--lib`): a runtime measured at several library versions in one run, each
  * version's cells rows of the same tables, in the same paired rounds. Checked here before anything
  * is built or measured: a version the registry (or the local repositories, for `local:`) does not
  * have is refused (Refused.Lib), which the command line words as bad input. */
object Libs {
  val all: Vector[LibAxis] = BuildInfo.libraryAxis.toVector

  def axis(runtime: String): LibAxis = all.find(_.runtime == runtime).getOrElse(throw new NoSuchElementException(runtime))

  /** The versions asked, as (runtime, version, local) in the order given, each with its label: the
    * version as asked, and `<version>#2` for the same version asked again (an A/A control: two cells
    * of one build). */
  def versions(asked: Vector[(String, String, Boolean)]): Vector[LibVersion] = {
    val seen = scala.collection.mutable.Map.empty[(String, String, Boolean), Int]
    asked.map { case (name, v, local) =>
      val n = seen.getOrElse((name, v, local), 0) + 1
      seen((name, v, local)) = n
      val label = (if (local) "local:" else "") + v + (if (n > 1) s"#$n" else "")
      LibVersion(name, label, v, local)
    }
  }

  /** The runtimes a selection measures with `--lib`: without `--runtime`, the libraries' runtimes
    * alone (a maintainer's question); with it, those given, which must include every `--lib` one. */
  def runtimes(libs: Vector[LibVersion], asked: Option[Set[String]]): Option[Set[String]] =
    if (libs.isEmpty) asked
    else asked match {
      case None => Some(libs.map(_.runtime).toSet)
      case Some(rs) =>
        libs.map(_.runtime).distinct.filterNot(rs.contains).foreach(r => throw Refused.LibOutsideRuntimes(r, rs.toVector.sorted))
        Some(rs)
    }

  // ---- where versions come from ----

  /** The registry the build resolves from: `maven-central` of project/repositories (sbt's
    * predefined Maven Central). `-Deffectbench.registry=URL` points the check elsewhere (tests). */
  def registry: String = sys.props.getOrElse("effectbench.registry", "https://repo1.maven.org/maven2").stripSuffix("/")

  /** The local repositories `local:` versions are looked for in, in order: `-Deffectbench.localRepos`
    * or `EFFECTBENCH_LOCAL_REPOS` (directories, separated by the path separator) when set, else the
    * Ivy repository `sbt publishLocal` writes (`~/.ivy2/local`, or `sbt.ivy.home`/local) and the
    * Maven one `sbt publishM2` writes (`~/.m2/repository`). */
  def localRepos: Vector[Path] = {
    val asked = sys.props.get("effectbench.localRepos").orElse(sys.env.get("EFFECTBENCH_LOCAL_REPOS")).filter(_.trim.nonEmpty)
    asked match {
      case Some(s) => s.split(java.io.File.pathSeparatorChar).toVector.filter(_.nonEmpty).map(Paths.get(_).toAbsolutePath.normalize())
      case None =>
        val home = Paths.get(sys.props("user.home"))
        Vector(sys.props.get("sbt.ivy.home").map(Paths.get(_)).getOrElse(home.resolve(".ivy2")).resolve("local"),
          home.resolve(".m2").resolve("repository"))
    }
  }

  /** A local repository that has a module at a version: Maven layout (a POM) or Ivy (an ivy.xml). */
  final case class LocalRepo(dir: Path, maven: Boolean) {
    def versionDir(org: String, artifact: String, version: String): Path =
      if (maven) dir.resolve(org.replace('.', '/')).resolve(artifact).resolve(version)
      else dir.resolve(org).resolve(artifact).resolve(version)
    def has(org: String, artifact: String, version: String): Boolean = {
      val d = versionDir(org, artifact, version)
      if (maven) Files.isRegularFile(d.resolve(s"$artifact-$version.pom")) else Files.isRegularFile(d.resolve("ivys").resolve("ivy.xml"))
    }
  }

  /** The local repository holding every module of a `local:` version, if one does. */
  def localRepoOf(lv: LibVersion, repos: Vector[Path] = Libs.localRepos): Option[LocalRepo] =
    repos.flatMap(d => Vector(LocalRepo(d, maven = true), LocalRepo(d, maven = false)))
      .find(r => lv.artifacts.forall(a => r.has(lv.axis.organization, a, lv.version)))

  /** Whether the registry serves a module at a version (its POM), or None when it cannot be asked. */
  def served(org: String, artifact: String, version: String, registry: String = Libs.registry): Option[Boolean] = {
    val url = s"$registry/${org.replace('.', '/')}/$artifact/$version/$artifact-$version.pom"
    if (url.startsWith("file:")) Some(Files.isRegularFile(Paths.get(URI.create(url))))
    else
      try {
        val c = URI.create(url).toURL.openConnection().asInstanceOf[HttpURLConnection]
        c.setRequestMethod("HEAD")
        c.setConnectTimeout(15000)
        c.setReadTimeout(15000)
        val code = c.getResponseCode
        c.disconnect()
        if (code == 200) Some(true) else if (code == 404) Some(false) else None
      } catch { case _: java.io.IOException => None }
  }

  /** The versions the registry lists for a module (its maven-metadata.xml), newest last; empty
    * when it cannot be read. Said beside a version it lacks. */
  def listed(org: String, artifact: String, registry: String = Libs.registry): Vector[String] = {
    val url = s"$registry/${org.replace('.', '/')}/$artifact/maven-metadata.xml"
    val text =
      try {
        if (url.startsWith("file:")) {
          val p = Paths.get(URI.create(url))
          if (Files.isRegularFile(p)) new String(Files.readAllBytes(p), "UTF-8") else ""
        } else {
          val c = URI.create(url).toURL.openConnection()
          c.setConnectTimeout(15000)
          c.setReadTimeout(15000)
          val in = c.getInputStream
          try new String(in.readAllBytes(), "UTF-8")
          finally in.close()
        }
      } catch { case _: java.io.IOException => "" }
    "<version>([^<]+)</version>".r.findAllMatchIn(text).map(_.group(1).trim).toVector.filter(_.nonEmpty)
  }

  /** Every asked version that is not built yet must exist where it comes from, each of its modules;
    * a missing one is refused (Refused.Lib) naming it. Returns notes (a registry that could not be asked:
    * the build will say). A version built before is not asked about again. */
  def check(
      libs: Vector[LibVersion], isBuilt: LibVersion => Boolean, registry: String = Libs.registry, repos: Vector[Path] = Libs.localRepos
  ): Vector[String] =
    libs.distinctBy(l => (l.runtime, l.version, l.local)).filterNot(l => l.isBuildOwn || isBuilt(l)).flatMap { lv =>
      val org = lv.axis.organization
      if (lv.local) {
        if (localRepoOf(lv, repos).isEmpty) {
          val missing = lv.artifacts.find(a =>
            !repos.exists(d => LocalRepo(d, true).has(org, a, lv.version) || LocalRepo(d, false).has(org, a, lv.version))
          )
          throw Refused.Lib(s"${lv.runtime}=${lv.asked}",
            s"no local repository has $org:${missing.getOrElse(lv.artifacts.head)}:${lv.version}" +
              s" with the rest of ${lv.runtime}'s modules (looked in ${repos.mkString(", ")}; `sbt publishLocal` in the library's checkout puts it there)")
        }
        Vector.empty
      } else {
        val answers = lv.artifacts.map(a => a -> served(org, a, lv.version, registry))
        answers.collectFirst { case (a, Some(false)) => a } match {
          case Some(a) =>
            val near = listed(org, a, registry).filter(_.count(_ == '.') >= 1).takeRight(8)
            throw Refused.Lib(s"${lv.runtime}=${lv.version}",
              s"the registry has no $org:$a:${lv.version}" +
                (if (near.nonEmpty) s" (its index lists ${near.mkString(", ")})" else ""))
          case None =>
            if (answers.exists(_._2.isEmpty))
              Vector(s"${lv.runtime}=${lv.version}: could not ask the registry ($registry); the build will resolve it")
            else Vector.empty
        }
      }
    }
}
