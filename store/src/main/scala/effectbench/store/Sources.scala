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
  private def siblings(base: Path, path: String): Vector[(String, String)] =
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
    * expression is there. */
  def atLine(text: String, line: Int): Option[String] = atLineWith(text, line, Vector.empty).map(_._1)

  /** atLine, where an `Owner.member` not defined in `text` is looked up in `others` (repository
    * path, text: the files of the same directory); with the paths of the files used. */
  def atLineWith(text: String, line: Int, others: => Vector[(String, String)]): Option[(String, Vector[String])] = {
    lazy val besides = others
    val lines = text.split("\n", -1).toVector
    if (line < 1 || line > lines.length || lines(line - 1).trim.isEmpty) None
    else {
      val (ds, de) = depths(lines)
      val i = line - 1
      def continued(j: Int) = lines.lift(j + 1).map(_.trim).exists(t => t.startsWith(".") || t.startsWith("("))
      val (first, last) =
        if (de(i) > ds(i)) {
          // The line opens the expression: it ends where its brackets close.
          var j = i
          while (j < lines.length - 1 && (de(j) > ds(i) || continued(j))) j += 1
          (i, j)
        } else if (de(i) < ds(i)) {
          // The line closes it: it starts on the last line that begins at the depth it closes to.
          var j = i
          while (j > 0 && ds(j) > de(i)) j -= 1
          (j, i)
        } else (i, i)
      val indent = lines(first).takeWhile(_.isWhitespace).length
      val expr = lines.slice(first, last + 1).map(l => if (l.take(indent).forall(_.isWhitespace)) l.drop(indent) else l)
        .mkString("\n").trim.stripSuffix(",")
      if (!expr.contains("(") || ds(first) > de(last)) None
      else {
        val named = identifierPath.findAllMatchIn(withoutStrings(expr)).map(_.matched).toVector.distinct
        val found = named.flatMap { n =>
          // `rt.run`, `p.int`: a dotted name resolves only if its first part is an object here or
          // in a file beside this one (`BaselineSum.program` of Tasks.scala).
          definition(text, n, "def").orElse(definition(text, n, ownerKinds)).orElse(if (n.contains('.')) method(text, n) else None)
            .map(d => (d, Option.empty[String]))
            .orElse(
              if (n.contains('.')) besides.iterator.flatMap { case (p, t) => method(t, n).map(d => (d, Option(p))) }.nextOption() else None
            )
        }.distinctBy(_._1).filterNot(_._1 == expr)
        Some(((expr +: found.map(_._1)).mkString("\n\n"), found.flatMap(_._2).distinct))
      }
    }
  }

  private val identifierPath = """(?<![\w.$])[A-Za-z_][\w$]*(?:\.[A-Za-z_][\w$]*)*""".r

  /** The text with the contents of string literals blanked, so words in them are not names. */
  private def withoutStrings(s: String): String = {
    val b = new StringBuilder
    var inString = false
    var i = 0
    while (i < s.length) {
      val c = s.charAt(i)
      if (inString) { if (c == '\\') i += 1 else if (c == '"') { inString = false; b += c } }
      else { if (c == '"') inString = true; b += c }
      i += 1
    }
    b.toString
  }

  /** The bracket depth ((, [, {) at the start and at the end of every line, outside strings,
    * character literals and comments. */
  private def depths(lines: Vector[String]): (Vector[Int], Vector[Int]) = {
    var depth = 0
    var inBlockComment = false
    val starts = Vector.newBuilder[Int]
    val ends = Vector.newBuilder[Int]
    lines.foreach { l =>
      starts += depth
      inBlockComment = codeChars(l, inBlockComment) { c =>
        if (c == '(' || c == '{' || c == '[') depth += 1
        else if (c == ')' || c == '}' || c == ']') depth -= 1
      }
      ends += depth
    }
    (starts.result(), ends.result())
  }

  /** The text a reference names in Scala source: `name` is a method (`def`, also nested), an
    * object, class or trait, a `val`, or a dotted path `Owner.member` (the member inside the
    * owner's body). The text is the definition's doc comment and annotations, then every line up
    * to the end of its body (brace matching, ignoring braces in strings, chars and comments;
    * for a body without braces, the lines indented deeper than the definition). */
  def method(text: String, name: String): Option[String] = {
    val dot = name.indexOf('.')
    if (dot > 0 && dot < name.length - 1) {
      // `Owner.member`: the member as defined inside the owner's body. A reference written from
      // inside Owner may name an object of the enclosing scope (`CatsEffect.Tagless.plain` for the
      // top-level `Tagless` that CatsEffect's code uses): as Scala's own lookup does, an owner
      // path not found in Owner is looked up in the enclosing text.
      val rest = name.substring(dot + 1)
      definition(text, name.substring(0, dot), ownerKinds).flatMap { owner =>
        method(owner, rest).orElse(if (rest.contains('.')) method(text, rest) else None)
      }
    } else definition(text, name, "def").orElse(definition(text, name, ownerKinds)).orElse(definition(text, name, valKinds))
  }

  private val ownerKinds = "(?:case\\s+)?(?:object|class|trait)"
  private val valKinds = "(?:val|var|given)"

  private def definition(text: String, name: String, kinds: String): Option[String] = {
    val lines = text.split("\n", -1).toVector
    val defRx =
      ("""^(\s*)(?:(?:@[\w.]+(?:\([^)]*\))?|private|protected|final|override|inline|implicit|lazy|sealed|abstract|case)(?:\[\w+\])?\s+)*""" + kinds + """\s+""" +
        java.util.regex.Pattern.quote(name) + """(?![\w$]).*""").r
    lines.indexWhere(l => defRx.pattern.matcher(l).matches()) match {
      case -1 => None
      case start =>
        val indent = lines(start).takeWhile(_.isWhitespace).length
        // Include the doc comment / annotations directly above.
        var first = start
        while (
          first > 0 && {
            val t = lines(first - 1).trim;
            t.startsWith("@") || t.startsWith("*") || t.startsWith("/**") || t.startsWith("//") || t.endsWith("*/")
          }
        ) first -= 1
        val end = bodyEnd(lines, start, indent)
        val body = lines.slice(first, end + 1).map(l => if (l.take(indent).forall(_.isWhitespace)) l.drop(indent) else l)
        Some(body.reverse.dropWhile(_.trim.isEmpty).reverse.mkString("\n"))
    }
  }

  private def bodyEnd(lines: Vector[String], start: Int, indent: Int): Int = {
    var depth = 0
    var seenBrace = false
    var inBlockComment = false
    var i = start
    while (i < lines.length) {
      val l = lines(i)
      inBlockComment = codeChars(l, inBlockComment) { c =>
        if (c == '{') { depth += 1; seenBrace = true }
        else if (c == '}') depth -= 1
      }
      if (seenBrace && depth <= 0) return i
      // A brace-less body: stop before the next line at or left of the def's indentation.
      if (!seenBrace && i > start) {
        val next = if (i + 1 < lines.length) Some(lines(i + 1)) else None
        if (next.forall(n => n.trim.nonEmpty && n.takeWhile(_.isWhitespace).length <= indent && !closesBracket(n))) return i
      }
      if (!seenBrace && i == start) {
        val next = if (i + 1 < lines.length) Some(lines(i + 1)) else None
        // A one-line def (`def f = x`) ends here unless the next line continues it, deeper.
        if (next.forall(n => n.trim.isEmpty || (n.takeWhile(_.isWhitespace).length <= indent && !closesBracket(n)))) return i
      }
      i += 1
    }
    lines.length - 1
  }

  /** Calls `onCode` for every character of `l` that is code: outside strings, character literals
    * and comments; `inBlockComment` says whether the line starts inside a block comment, and the
    * result whether it ends inside one. */
  private def codeChars(l: String, inBlockComment: Boolean)(onCode: Char => Unit): Boolean = {
    var inBlock = inBlockComment
    var inString = false
    var j = 0
    while (j < l.length) {
      val c = l.charAt(j)
      if (inBlock) { if (c == '*' && j + 1 < l.length && l.charAt(j + 1) == '/') { inBlock = false; j += 1 } }
      else if (inString) { if (c == '\\') j += 1 else if (c == '"') inString = false }
      else if (c == '/' && j + 1 < l.length && l.charAt(j + 1) == '/') j = l.length
      else if (c == '/' && j + 1 < l.length && l.charAt(j + 1) == '*') { inBlock = true; j += 1 }
      else if (c == '"') inString = true
      else if (c == '\'' && j + 2 < l.length && l.charAt(j + 2) == '\'') j += 2
      else if (c == '\'' && j + 3 < l.length && l.charAt(j + 1) == '\\' && l.charAt(j + 3) == '\'') j += 3
      else onCode(c)
      j += 1
    }
    inBlock
  }

  /** A line that closes a bracket opened above it (`) =` after a signature split over lines)
    * continues the definition even at the definition's own indentation. */
  private def closesBracket(line: String): Boolean = { val t = line.trim; t.startsWith(")") || t.startsWith("]") }

  /** The file's leading comment (each scenario file says what it stresses and what would be unfair). */
  def headerComment(text: String): Option[String] = {
    val lines = text.split("\n").toVector.dropWhile(l => l.trim.isEmpty || l.startsWith("package") || l.startsWith("import"))
    if (lines.headOption.exists(l => l.trim.startsWith("/**") || l.trim.startsWith("//")))
      Some(lines.takeWhile(l => l.trim.startsWith("/**") || l.trim.startsWith("*") || l.trim.startsWith("//")).mkString("\n"))
    else None
  }
}
