package effectbench.store

import scala.meta._
import scala.meta.tokens.Token

/** Where a program's code is in a Scala file, read with scalameta: its tokens (brackets, strings,
  * comments and interpolations known for what they are) and its definitions (`def`, `object`,
  * `class`, `trait`, `val`...) with their extents. The text handed back is the file's own lines,
  * from the first line of a definition's doc comment or annotations to the last of its body,
  * less the definition's indentation. */
final class SourceExtents private (text: String, tokens: Vector[Token], parsed: => Option[Tree]) {
  private lazy val tree: Option[Tree] = parsed

  private val lines: Vector[String] = text.split("\n", -1).toVector

  /** The bracket depth ((, [, {) at the start and at the end of every line. */
  private lazy val depths: (Vector[Int], Vector[Int]) = {
    val delta = Array.fill(lines.length)(0)
    val before = Array.fill(lines.length + 1)(0)
    tokens.foreach {
      case t @ (_: Token.LeftParen | _: Token.LeftBracket | _: Token.LeftBrace) => delta(t.pos.startLine) += 1
      case t @ (_: Token.RightParen | _: Token.RightBracket | _: Token.RightBrace) => delta(t.pos.startLine) -= 1
      case _ => ()
    }
    var d = 0
    val starts = Vector.newBuilder[Int]
    val ends = Vector.newBuilder[Int]
    lines.indices.foreach { i =>
      starts += d
      d += delta(i)
      ends += d
    }
    (starts.result(), ends.result())
  }

  /** The lines `first..last`, less the indentation of `indentOf`, as one text. */
  private def slice(first: Int, last: Int, indentOf: Int): Vector[String] = {
    val indent = lines(indentOf).takeWhile(_.isWhitespace).length
    lines.slice(first, last + 1).map(l => if (l.take(indent).forall(_.isWhitespace)) l.drop(indent) else l)
  }

  /** The expression at `line` (0-based) as `Sources.atLine` describes it: (first, last) line. */
  def expressionAt(line: Int): Option[(Int, Int)] =
    if (line < 0 || line >= lines.length || lines(line).trim.isEmpty) None
    else {
      val (ds, de) = depths
      val i = line
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
      if (ds(first) > de(last)) None else Some((first, last))
    }

  /** The expression's text (indentation of its first line removed, a trailing comma dropped). */
  def expressionText(first: Int, last: Int): String = slice(first, last, first).mkString("\n").trim.stripSuffix(",")

  /** The names an expression's code uses, in order: identifiers and dotted paths of identifiers
    * (`catsEffect`, `CatsEffect.eitherT`), outside string literals and interpolated strings. */
  def namesIn(first: Int, last: Int): Vector[String] = {
    val in = tokens.filter(t =>
      t.pos.startLine >= first && t.pos.endLine <= last && !t.isInstanceOf[Token.Whitespace] && !t.isInstanceOf[Token.Comment]
    )
    def dot(j: Int) = in(j).isInstanceOf[Token.Dot]
    val out = Vector.newBuilder[String]
    var i = 0
    var interpolation = 0
    while (i < in.length) {
      in(i) match {
        case _: Token.Interpolation.Start => interpolation += 1
        case _: Token.Interpolation.End => interpolation -= 1
        case id: Token.Ident if interpolation == 0 && word(id.value) && !(i > 0 && dot(i - 1)) =>
          val path = new StringBuilder(id.value)
          while (i + 2 < in.length && dot(i + 1) && (in(i + 2) match { case n: Token.Ident => word(n.value); case _ => false })) {
            path.append('.').append(in(i + 2).asInstanceOf[Token.Ident].value)
            i += 2
          }
          out += path.toString
        case _ => ()
      }
      i += 1
    }
    out.result().distinct
  }

  /** An alphanumeric name (operators such as `*>` or `::` are not looked up). */
  private def word(s: String): Boolean =
    s.nonEmpty && (s.head.isLetter || s.head == '_') && s.forall(c => c.isLetterOrDigit || c == '_' || c == '$')

  private def named(t: Tree): Option[String] = t match {
    case d: Defn.Def => Some(d.name.value)
    case d: Decl.Def => Some(d.name.value)
    case d: Defn.Object => Some(d.name.value)
    case d: Defn.Class => Some(d.name.value)
    case d: Defn.Trait => Some(d.name.value)
    case d: Defn.Val => d.pats.collectFirst { case Pat.Var(n) => n.value }
    case d: Defn.Var => d.pats.collectFirst { case Pat.Var(n) => n.value }
    case d: Defn.Given => Some(d.name.value)
    case d: Defn.GivenAlias => Some(d.name.value)
    case _ => None
  }

  private def kindOf(t: Tree): Int = t match {
    case _: Defn.Def | _: Decl.Def => 0
    case _: Defn.Object | _: Defn.Class | _: Defn.Trait => 1
    case _ => 2
  }

  /** The first definition of `name` of a kind (0: def, 1: object/class/trait, 2: val/var/given)
    * inside `scope`, in the order of the file. */
  private def definitionIn(scope: Tree, name: String, kind: Int): Option[Tree] = {
    var found: Option[Tree] = None
    scope.traverse {
      case t if found.isEmpty && (t ne scope) && named(t).contains(name) && kindOf(t) == kind => found = Some(t)
    }
    found
  }

  /** A definition's text: its doc comment and annotations, then every line to the end of its body. */
  private def textOf(d: Tree): String = {
    val start = d.pos.startLine
    var first = start
    while (
      first > 0 && {
        val t = lines(first - 1).trim
        t.startsWith("@") || t.startsWith("*") || t.startsWith("/**") || t.startsWith("//") || t.endsWith("*/")
      }
    ) first -= 1
    val body = slice(first, d.pos.endLine, start)
    body.reverse.dropWhile(_.trim.isEmpty).reverse.mkString("\n")
  }

  private def definitionTree(scope: Tree, name: String): Option[Tree] = {
    val dot = name.indexOf('.')
    if (dot > 0 && dot < name.length - 1) {
      // `Owner.member`: the member as defined inside the owner's body; an owner path not found in
      // Owner is looked up in the enclosing scope, as Scala's own lookup does.
      val rest = name.substring(dot + 1)
      definitionIn(scope, name.substring(0, dot), 1).flatMap { owner =>
        definitionTree(owner, rest).orElse(if (rest.contains('.')) definitionTree(scope, rest) else None)
      }
    } else definitionIn(scope, name, 0).orElse(definitionIn(scope, name, 1)).orElse(definitionIn(scope, name, 2))
  }

  /** See `Sources.method`. */
  def method(name: String): Option[String] = tree.flatMap(t => definitionTree(t, name)).map(textOf)

  /** A plain (undotted) name as a method first, then an object, class or trait (as `atLine` resolves names). */
  def defOrOwner(name: String): Option[String] =
    tree.flatMap(t => definitionIn(t, name, 0).orElse(definitionIn(t, name, 1))).map(textOf)
}

object SourceExtents {
  /** The code of the implementation built at `line` (1-based), with the definitions it names, and
    * the repository paths of the files of `others` used (see `Sources.atLine`). */
  def atLineWith(text: String, line: Int, others: => Vector[(String, String)]): Option[(String, Vector[String])] = {
    lazy val besides = others.map { case (p, t) => (p, SourceExtents(t)) }
    val here = SourceExtents(text)
    here.expressionAt(line - 1).flatMap { case (first, last) =>
      val expr = here.expressionText(first, last)
      if (!expr.contains("(")) None
      else {
        val found = here.namesIn(first, last).flatMap { n =>
          // `rt.run`, `p.int`: a dotted name resolves only if its first part is an object here or
          // in a file beside this one (`BaselineSum.program` of Tasks.scala).
          (if (n.contains('.')) here.method(n) else here.defOrOwner(n)).map(d => (d, Option.empty[String]))
            .orElse(
              if (n.contains('.')) besides.iterator.flatMap { case (p, e) => e.method(n).map(d => (d, Option(p))) }.nextOption() else None
            )
        }.distinctBy(_._1).filterNot(_._1 == expr)
        Some(((expr +: found.map(_._1)).mkString("\n\n"), found.flatMap(_._2).distinct))
      }
    }
  }

  /** See `Sources.method`. */
  def method(text: String, name: String): Option[String] = SourceExtents(text).method(name)

  /** The dialects a file is read with, in order: the repository holds Scala 3, 2.13 and 2.12 code. */
  private val dialectsTried = Vector(dialects.Scala3, dialects.Scala213, dialects.Scala212)

  /** A file's extents, read once: a report or a comparison asks for the same few files again and again. */
  def apply(text: String): SourceExtents = cache.synchronized {
    Option(cache.get(text)).getOrElse {
      val e = read(text)
      cache.put(text, e)
      e
    }
  }

  private val cache = new java.util.LinkedHashMap[String, SourceExtents](64, 0.75f, true) {
    override def removeEldestEntry(e: java.util.Map.Entry[String, SourceExtents]): Boolean = size() > 64
  }

  private def read(text: String): SourceExtents = {
    val input = Input.String(text)
    val tokens = dialectsTried.iterator.flatMap(d => d(input).tokenize.toOption).nextOption().map(_.toVector).getOrElse(Vector.empty)
    new SourceExtents(text, tokens, dialectsTried.iterator.flatMap(d => d(input).parse[Source].toOption).nextOption())
  }
}
