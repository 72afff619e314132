package effectbench.store

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import scala.util.control.NonFatal
import upickle.default.{ReadWriter, read, write}
import Codecs.given

/** A run-format file that cannot be read as its type: the message names the file, and the field
  * where there is one. */
final class FormatError(msg: String, cause: Throwable = null) extends RuntimeException(msg, cause)

/** Reading and writing the run directory's files as their types. */
object RunFiles {
  def text(path: Path): String = new String(Files.readAllBytes(path), StandardCharsets.UTF_8)

  /** `json` decoded as an `A`, or a FormatError naming `where` and the field (JSON path) at fault. */
  def decode[A: ReadWriter](json: String, where: String): A =
    try read[A](json, trace = true)
    catch {
      case e: upickle.core.TraceVisitor.TraceException => e.getCause match {
          case p: ujson.ParsingFailedException => throw new FormatError(s"$where: not JSON (${p.asInstanceOf[Exception].getMessage})", e)
          case cause => throw new FormatError(s"$where: ${problem(field(e.jsonPath), cause)}", e)
        }
      case e: ujson.ParsingFailedException =>
        throw new FormatError(s"$where: not JSON (${e.asInstanceOf[Exception].getMessage})", e.asInstanceOf[Exception])
      case NonFatal(e) => throw new FormatError(s"$where: unreadable (${e.getMessage})", e)
    }

  /** upickle's JSON path (`$['plan'][1]['jvm']`) as a field name (`plan[1].jvm`). */
  private def field(jsonPath: String): String =
    jsonPath.stripPrefix("$").replaceAll("""\['([^']*)'\]""", ".$1").stripPrefix(".")

  private val missingKeys = """missing keys in dictionary: (.*?)(?: at index \d+)?""".r

  /** upickle's cause, in words: "missing field 'plan[1].jvm'" rather than "missing keys in dictionary: jvm". */
  private def problem(at: String, e: Throwable): String = {
    val msg = Option(e).flatMap(c => Option(c.getMessage)).getOrElse("unreadable").replaceAll(" at index \\d+$", "")
    msg match {
      case missingKeys(keys) =>
        val names = keys.split(", ").toVector.map(k => s"'${if (at.isEmpty) k else s"$at.$k"}'")
        s"missing field${if (names.size > 1) "s" else ""} ${names.mkString(", ")}"
      case other => s"field '$at' is unreadable ($other)"
    }
  }

  /** run.json. A directory written before the format had a version (format 1) is refused in one
    * line: its statuses were prose that this version no longer parses. */
  def readMeta(path: Path): RunMeta = {
    val json =
      try text(path)
      catch { case e: java.io.IOException => throw new FormatError(s"$path: unreadable (${e.getMessage})", e) }
    val tree =
      try ujson.read(json)
      catch {
        // ujson.read traces the path to the fault (upickle.core.TraceVisitor), the parse error is its cause
        case e: upickle.core.TraceVisitor.TraceException =>
          throw new FormatError(s"$path: not JSON (${Option(e.getCause).map(_.getMessage).getOrElse("")})", e)
        case e: ujson.ParsingFailedException =>
          throw new FormatError(s"$path: not JSON (${e.asInstanceOf[Exception].getMessage})", e.asInstanceOf[Exception])
      }
    val version = tree.objOpt.getOrElse(throw new FormatError(s"$path: not a JSON object")).get("formatVersion")
      .map(v => v.numOpt.map(_.toInt).getOrElse(throw new FormatError(s"$path: field 'formatVersion' is not a number")))
    version match {
      case None => throw new FormatError(
          s"$path was written by an older effect-bench (format 1): this one reads format ${Codecs.FormatVersion}; run it again, or read it with the version that wrote it"
        )
      case Some(v) if v > Codecs.FormatVersion =>
        throw new FormatError(s"$path was written by a newer effect-bench (format $v; this one reads format ${Codecs.FormatVersion})")
      case Some(_) => decode[RunMeta](json, path.toString)
    }
  }

  def metaJson(meta: RunMeta): String = write(meta, indent = 2)

  def cellLine(record: CellRecord): String = write(record)

  /** One cells.jsonl line; `where` names the file and line. */
  def readCell(line: String, where: String): CellRecord = decode[CellRecord](line, where)

  /** JMH's JSON result file. */
  def readJmh(path: Path): Vector[JmhResult] = {
    val json =
      try text(path)
      catch { case e: java.io.IOException => throw new FormatError(s"$path: unreadable (${e.getMessage})", e) }
    decode[Vector[JmhResult]](json, path.toString)
  }

  def jmhJson(results: Vector[JmhResult]): String = write(results, indent = 2)
}
