package effectbench

import scala.collection.mutable

/** A small JSON model, parser and printer. The core is compiled by Scala 2.12, 2.13 and 3, and
  * every group must read and write the same records, so it carries its own instead of a library. */
sealed trait Json {
  def render: String = Json.render(this)
  def apply(key: String): Json = this match {
    case Json.Obj(fields) => fields.collectFirst { case (k, v) if k == key => v }.getOrElse(Json.Null)
    case _ => Json.Null
  }
  def get(key: String): Option[Json] = this match {
    case Json.Obj(fields) => fields.collectFirst { case (k, v) if k == key => v }
    case _ => None
  }
  def str: String = this match {
    case Json.Str(s) => s
    case Json.Num(n) => Json.formatNumber(n)
    case Json.Bool(b) => b.toString
    case Json.Null => ""
    case other => other.render
  }
  def strOpt: Option[String] = this match {
    case Json.Null => None
    case other => Some(other.str)
  }
  def num: Double = this match {
    case Json.Num(n) => n
    case Json.Str(s) => try s.toDouble catch { case _: NumberFormatException => Double.NaN }
    case _ => Double.NaN
  }
  def arr: Vector[Json] = this match {
    case Json.Arr(items) => items
    case _ => Vector.empty
  }
  def fields: Vector[(String, Json)] = this match {
    case Json.Obj(fs) => fs
    case _ => Vector.empty
  }
}

object Json {
  final case class Str(value: String) extends Json
  final case class Num(value: Double) extends Json
  final case class Bool(value: Boolean) extends Json
  final case class Arr(items: Vector[Json]) extends Json
  final case class Obj(entries: Vector[(String, Json)]) extends Json
  case object Null extends Json

  final class ParseError(msg: String) extends RuntimeException(msg)

  def obj(entries: (String, Json)*): Obj = Obj(entries.toVector)
  def arr(items: Json*): Arr = Arr(items.toVector)
  def str(s: String): Json = Str(s)
  def num(d: Double): Json = Num(d)
  def strMap(m: Iterable[(String, String)]): Obj = Obj(m.toVector.map { case (k, v) => k -> (Str(v): Json) })

  def formatNumber(d: Double): String =
    if (d.isNaN || d.isInfinite) "null"
    else if (d == math.rint(d) && math.abs(d) < 1e15) d.toLong.toString
    else d.toString

  def quote(s: String): String = {
    val sb = new StringBuilder("\"")
    s.foreach {
      case '"' => sb.append("\\\"")
      case '\\' => sb.append("\\\\")
      case '\n' => sb.append("\\n")
      case '\r' => sb.append("\\r")
      case '\t' => sb.append("\\t")
      case c if c < ' ' || c == '\u2028' || c == '\u2029' => sb.append("\\u%04x".format(c.toInt))
      case c => sb.append(c)
    }
    sb.append('"').toString
  }

  def render(j: Json): String = {
    val sb = new StringBuilder
    def go(j: Json): Unit = j match {
      case Str(s) => sb.append(quote(s))
      case Num(n) => sb.append(formatNumber(n))
      case Bool(b) => sb.append(b)
      case Null => sb.append("null")
      case Arr(items) =>
        sb.append('[')
        items.zipWithIndex.foreach { case (it, i) => if (i > 0) sb.append(','); go(it) }
        sb.append(']')
      case Obj(entries) =>
        sb.append('{')
        entries.zipWithIndex.foreach { case ((k, v), i) =>
          if (i > 0) sb.append(',')
          sb.append(quote(k)).append(':'); go(v)
        }
        sb.append('}')
    }
    go(j)
    sb.toString
  }

  /** Pretty printing with two-space indentation, for files people open. */
  def pretty(j: Json): String = {
    val sb = new StringBuilder
    def go(j: Json, ind: String): Unit = j match {
      case Arr(items) if items.nonEmpty =>
        sb.append("[\n")
        items.zipWithIndex.foreach { case (it, i) =>
          if (i > 0) sb.append(",\n")
          sb.append(ind + "  "); go(it, ind + "  ")
        }
        sb.append("\n" + ind + "]")
      case Obj(entries) if entries.nonEmpty =>
        sb.append("{\n")
        entries.zipWithIndex.foreach { case ((k, v), i) =>
          if (i > 0) sb.append(",\n")
          sb.append(ind + "  " + quote(k) + ": "); go(v, ind + "  ")
        }
        sb.append("\n" + ind + "}")
      case other => sb.append(render(other))
    }
    go(j, "")
    sb.toString
  }

  def parse(text: String): Json = new Parser(text).parseDocument()

  private final class Parser(s: String) {
    private var i = 0
    private def fail(msg: String): Nothing = {
      val line = s.substring(0, math.min(i, s.length)).count(_ == '\n') + 1
      throw new ParseError(s"$msg at line $line (offset $i)")
    }
    private def ws(): Unit = while (i < s.length && Character.isWhitespace(s.charAt(i))) i += 1
    private def peek: Char = if (i < s.length) s.charAt(i) else fail("unexpected end of input")

    def parseDocument(): Json = {
      ws(); val v = value(); ws()
      if (i != s.length) fail("trailing characters")
      v
    }

    private def value(): Json = {
      ws()
      peek match {
        case '{' => objectValue()
        case '[' => arrayValue()
        case '"' => Str(string())
        case 't' => literal("true", Bool(true))
        case 'f' => literal("false", Bool(false))
        case 'n' => literal("null", Null)
        case 'N' => literal("NaN", Num(Double.NaN)) // JMH writes NaN for missing errors
        case c if c == '-' || c.isDigit => number()
        case c => fail(s"unexpected character '$c'")
      }
    }

    private def literal(word: String, v: Json): Json =
      if (s.startsWith(word, i)) { i += word.length; v } else fail(s"expected $word")

    private def number(): Json = {
      val start = i
      if (peek == '-') i += 1
      if (s.startsWith("Infinity", i)) { i += 8; return Num(if (s.charAt(start) == '-') Double.NegativeInfinity else Double.PositiveInfinity) }
      while (i < s.length && "0123456789.eE+-".indexOf(s.charAt(i).toInt) >= 0) i += 1
      try Num(s.substring(start, i).toDouble) catch { case _: NumberFormatException => fail("bad number") }
    }

    private def string(): String = {
      i += 1
      val sb = new StringBuilder
      var done = false
      while (!done) {
        if (i >= s.length) fail("unterminated string")
        val c = s.charAt(i)
        if (c == '"') { done = true; i += 1 }
        else if (c == '\\') {
          if (i + 1 >= s.length) fail("unterminated escape")
          s.charAt(i + 1) match {
            case 'n' => sb.append('\n')
            case 'r' => sb.append('\r')
            case 't' => sb.append('\t')
            case 'b' => sb.append('\b')
            case 'f' => sb.append('\f')
            case 'u' =>
              if (i + 6 > s.length) fail("bad unicode escape")
              sb.append(Integer.parseInt(s.substring(i + 2, i + 6), 16).toChar)
              i += 4
            case other => sb.append(other)
          }
          i += 2
        } else { sb.append(c); i += 1 }
      }
      sb.toString
    }

    private def arrayValue(): Json = {
      i += 1
      val items = Vector.newBuilder[Json]
      ws()
      if (peek == ']') { i += 1; return Arr(items.result()) }
      var more = true
      while (more) {
        items += value(); ws()
        peek match {
          case ',' => i += 1
          case ']' => i += 1; more = false
          case c => fail(s"expected , or ] but got '$c'")
        }
      }
      Arr(items.result())
    }

    private def objectValue(): Json = {
      i += 1
      val entries = mutable.ArrayBuffer.empty[(String, Json)]
      ws()
      if (peek == '}') { i += 1; return Obj(entries.toVector) }
      var more = true
      while (more) {
        ws()
        if (peek != '"') fail("expected a key")
        val k = string(); ws()
        if (peek != ':') fail("expected :")
        i += 1
        entries += (k -> value()); ws()
        peek match {
          case ',' => i += 1
          case '}' => i += 1; more = false
          case c => fail(s"expected , or } but got '$c'")
        }
      }
      Obj(entries.toVector)
    }
  }
}
