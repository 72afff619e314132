package effectbench

/** What the harness tells the runner, one JSON object per line: the verifier's verdict on a cell
  * (VerifyMain), a result found wrong inside the measuring JVM (Bench, in the file named by
  * `EFFECTBENCH_FAILURE_FILE`), a module's implementation (ListImpls). The runner reads them with
  * codecs derived from these very classes (effectbench.store.Codecs), so the field names are
  * shared by type; `Wire` writes them where no JSON library is available (Scala 2.12.2). */
final case class VerifyRecord(
    cell: String, status: Outcome, expected: String, got: String, reason: String, millis: Long,
    readBack: Vector[(String, String)], fatal: Boolean, work: Vector[(String, Long)]
)

final case class BenchFailure(cell: String, status: Outcome, expected: String, got: String, reason: String)

final case class ImplLine(scenario: String, variant: String, runtime: String, source: String, syntax: String)

/** The small JSON writer the harness needs: objects of strings, numbers, booleans and flat
  * string/number maps. Reading is the runner's, with a JSON library. */
object Wire {
  /** The environment variable naming the file where a measuring JVM records a wrong result
    * (BenchFailure). JMH's forks inherit the host's environment (jmh-core 1.37,
    * org/openjdk/jmh/runner/Runner.java: the fork is `new ProcessBuilder(command).start()`, its
    * environment untouched); a system property would travel in
    * `-jvmArgsAppend`, which JMH splits at spaces, so a path with a space would not arrive whole. */
  val failureFileVariable = "EFFECTBENCH_FAILURE_FILE"

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

  private def obj(fields: (String, String)*): String = fields.map { case (k, v) => quote(k) + ":" + v }.mkString("{", ",", "}")
  private def strs(m: Vector[(String, String)]): String = obj(m.map { case (k, v) => k -> quote(v) }: _*)

  def write(v: VerifyRecord): String = obj(
    "cell" -> quote(v.cell), "status" -> quote(v.status.id), "expected" -> quote(v.expected), "got" -> quote(v.got),
    "reason" -> quote(v.reason), "millis" -> v.millis.toString, "readBack" -> strs(v.readBack), "fatal" -> v.fatal.toString,
    "work" -> obj(v.work.map { case (k, n) => k -> n.toString }: _*)
  )

  def write(f: BenchFailure): String = obj(
    "cell" -> quote(f.cell), "status" -> quote(f.status.id), "expected" -> quote(f.expected), "got" -> quote(f.got),
    "reason" -> quote(f.reason)
  )

  def write(i: ImplLine): String = obj(
    "scenario" -> quote(i.scenario), "variant" -> quote(i.variant), "runtime" -> quote(i.runtime),
    "source" -> quote(i.source), "syntax" -> quote(i.syntax)
  )
}
