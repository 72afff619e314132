package effectbench.runner

/** Bad input from the user: one clear line, exit code 2, nothing measured is lost. */
final class UsageError(msg: String) extends RuntimeException(msg)

/** A setting the engine refuses, raised in its own terms: the command line words each with the flag
  * that gave it, so the engine names no flag. */
sealed abstract class Refused(detail: String) extends RuntimeException(detail)

object Refused {
  /** A parameter value its scenario refuses (its kind's check says `why`). */
  final case class ParamValue(name: String, value: String, why: String) extends Refused(s"$name=$value: $name $why")
  /** A library version asked for a runtime the selection does not measure (`runtimes`, the ones it does). */
  final case class LibOutsideRuntimes(runtime: String, runtimes: Vector[String])
      extends Refused(s"$runtime is not among ${runtimes.mkString(",")}")
  /** A library version (`what`: runtime=version as asked) that cannot be had: not where it comes from
    * (bad input), or its build failed (`failure`: not the input's fault). */
  final case class Lib(what: String, why: String, failure: Boolean = false) extends Refused(s"$what: $why")
}

object UsageError {
  def apply(msg: String): Nothing = throw new UsageError(msg)

  /** "unknown runtime 'zoi'; valid: cats-effect, zio, ..." with a did-you-mean when one is close. */
  def unknown(what: String, name: String, valid: Seq[String]): Nothing = apply(unknownMessage(what, name, valid))

  def unknownMessage(what: String, name: String, valid: Seq[String]): String = {
    val close = valid.filter(v => distance(v, name) <= math.max(1, name.length / 3))
    val hint = close.headOption.map(c => s" (did you mean '$c'?)").getOrElse("")
    s"unknown $what '$name'$hint; valid: ${valid.mkString(", ")}"
  }

  private def distance(a: String, b: String): Int = {
    val d = Array.tabulate(a.length + 1, b.length + 1)((i, j) => if (i == 0) j else if (j == 0) i else 0)
    for (i <- 1 to a.length; j <- 1 to b.length)
      d(i)(j) = math.min(math.min(d(i - 1)(j) + 1, d(i)(j - 1) + 1), d(i - 1)(j - 1) + (if (a(i - 1) == b(j - 1)) 0 else 1))
    d(a.length)(b.length)
  }
}
