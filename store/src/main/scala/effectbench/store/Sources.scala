package effectbench.store

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, StandardCopyOption}

/** The source code behind each cell. A cell's `source` is `path/in/repo.scala#L<line>`, the line of
  * the expression that builds the implementation as the compiler saw it (runs recorded before
  * that name a definition instead, `path#method`, and still load); the file is snapshotted into
  * `<run>/sources/<path>` when the cell is recorded, so a report renders the code that was
  * measured even after the repository moves on. */
object Sources {
  /** `line` > 0 for a line reference (then `method` is empty). */
  final case class Ref(path: String, method: String, line: Int = 0)

  private val LineFragment = "L([0-9]+)".r

  def parse(source: String): Option[Ref] = source.split('#') match {
    case Array(p, LineFragment(n)) if p.nonEmpty && safePath(p) && n.length < 9 && n.toInt > 0 => Some(Ref(p, "", n.toInt))
    case Array(p, m) if p.nonEmpty && m.nonEmpty && safePath(p) => Some(Ref(p, m))
    case Array(p) if p.nonEmpty && safePath(p) => Some(Ref(p, ""))
    case _ => None
  }

  /** Only plain relative paths inside the repository: no absolute paths, no `..`. */
  private def safePath(p: String): Boolean = !p.startsWith("/") && !p.split('/').contains("..") && !p.contains('\\')

  /** Copies the referenced file into the run directory, once (the first copy of a run wins), and
    * for a line reference the files of the same directory whose objects its code names. */
  def snapshot(repoRoot: Path, runDir: Path, source: String): Option[Path] = parse(source).flatMap { ref =>
    val main = copyOnce(repoRoot, runDir, ref.path)
    if (ref.line > 0) main.foreach { f =>
      val text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8)
      val others = siblings(repoRoot, ref.path)
      atLineWith(text, ref.line, others).foreach(_._2.foreach(p => copyOnce(repoRoot, runDir, p)))
    }
    main
  }

  private def copyOnce(repoRoot: Path, runDir: Path, path: String): Option[Path] = {
    val from = repoRoot.resolve(path)
    val to = runDir.resolve("sources").resolve(path)
    if (Files.isRegularFile(to)) Some(to)
    else if (!Files.isRegularFile(from)) None
    else {
      Files.createDirectories(to.getParent)
      val tmp = to.resolveSibling(to.getFileName.toString + s".tmp-${ProcessHandle.current().pid()}")
      Files.copy(from, tmp, StandardCopyOption.REPLACE_EXISTING)
      Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
      Some(to)
    }
  }

  /** Source folders compiled into several groups (build.sbt's `withCatsSources`): an object
    * defined there is looked up as if it were beside the file that names it. */
  val sharedDirs: Vector[String] = Vector("harness/src/cats/scala/effectbench/")

  /** The other Scala files of `path`'s directory under `base`, then those of the shared folders,
    * as (repository path, text). */
  private[store] def siblings(base: Path, path: String): Vector[(String, String)] =
    (path.substring(0, path.lastIndexOf('/') + 1) +: sharedDirs).distinct.flatMap(dir => filesOf(base, dir, path))

  private def filesOf(base: Path, dir: String, path: String): Vector[(String, String)] = {
    val d = base.resolve(dir)
    if (!Files.isDirectory(d)) Vector.empty
    else {
      val it = Files.list(d)
      try it.toArray.toVector.map(_.asInstanceOf[Path])
          .filter(f => Files.isRegularFile(f) && f.getFileName.toString.endsWith(".scala") && dir + f.getFileName != path)
          .sortBy(_.getFileName.toString)
          .map(f => (dir + f.getFileName, new String(Files.readAllBytes(f), StandardCharsets.UTF_8)))
      finally it.close()
    }
  }

  /** The code of a cell, with where it was read from: the run's snapshot, or else the working
    * tree (said so, since it may have changed since the run). */
  final case class Code(ref: Ref, text: String, origin: String)

  def load(runDir: Path, repoRoot: Option[Path], source: String): Either[String, Code] = parse(source) match {
    case None => Left(if (source.isEmpty) "no source recorded for this cell" else s"unreadable source reference '$source'")
    case Some(ref) =>
      val snap = runDir.resolve("sources").resolve(ref.path)
      val (file, origin) =
        if (Files.isRegularFile(snap)) (Some(snap), "snapshot taken with the run")
        else repoRoot.map(_.resolve(ref.path)).filter(Files.isRegularFile(_)) match {
          case Some(f) => (Some(f), "working tree (no snapshot in the run directory; the code may have changed since)")
          case None => (None, "")
        }
      file match {
        case None => Left(s"${ref.path}: not in the run directory's sources/ nor in the repository")
        case Some(f) =>
          val text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8)
          // Objects of the same directory the code names: the run's copies first, then the tree's.
          lazy val others = {
            val snapped = siblings(runDir.resolve("sources"), ref.path)
            snapped ++ repoRoot.toVector.flatMap(siblings(_, ref.path)).filterNot(o => snapped.exists(_._1 == o._1))
          }
          if (ref.line > 0) atLineWith(text, ref.line, others).map(_._1) match {
            case Some(code) => Right(Code(ref, code, origin))
            case None => Left(s"${ref.path}: no implementation expression at line ${ref.line} (${origin})")
          }
          else if (ref.method.isEmpty) Right(Code(ref, text, origin))
          else method(text, ref.method) match {
            case Some(m) => Right(Code(ref, m, origin))
            case None => Left(s"${ref.path}: no method '${ref.method}' found (${origin})")
          }
      }
  }

  /** The code of the implementation built at `line` (1-based): the expression on that line —
    * the compiler names its first line (Scala 2) or its last (Scala 3: the position of the implicit
    * arguments) — that is `new Impl(...)(...)` or the call of a helper that builds one, then the
    * definition of every method or object of the same file it names (`catsEffect(d)`,
    * `CatsEffect.eitherT(s, i)`, the helper itself), each once, in the order named. None when no
    * expression is there. Read with scalameta (SourceExtents). */
  def atLine(text: String, line: Int): Option[String] = atLineWith(text, line, Vector.empty).map(_._1)

  /** atLine, where an `Owner.member` not defined in `text` is looked up in `others` (repository
    * path, text: the files of the same directory); with the paths of the files used. */
  def atLineWith(text: String, line: Int, others: => Vector[(String, String)]): Option[(String, Vector[String])] =
    SourceExtents.atLineWith(text, line, others)

  /** The text a reference names in Scala source: `name` is a method (`def`, also nested), an
    * object, class or trait, a `val`, or a dotted path `Owner.member` (the member inside the
    * owner's body). The text is the definition's doc comment and annotations, then every line to
    * the end of its body. */
  def method(text: String, name: String): Option[String] = SourceExtents.method(text, name)
}
