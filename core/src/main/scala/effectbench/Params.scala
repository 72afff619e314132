package effectbench

/** The kind of a scenario parameter, used to validate values before anything is measured. */
sealed trait ParamKind {
  /** None when the value is acceptable, otherwise why not. */
  def check(value: String): Option[String]
  def describe: String
}

object ParamKind {
  final case class IntRange(min: Long, max: Long) extends ParamKind {
    def check(value: String): Option[String] =
      try {
        val v = value.replace("_", "").toLong
        if (v < min || v > max) Some(s"must be between $min and $max") else None
      } catch { case _: NumberFormatException => Some("must be a whole number") }
    def describe = s"integer in [$min, $max]"
  }
  case object IntOrNever extends ParamKind {
    def check(value: String): Option[String] =
      if (value == "never") None
      else
        try { if (value.toLong < 0) Some("must be a step number or never") else None }
        catch { case _: NumberFormatException => Some("must be a step number or never") }
    def describe = "a step number, or never"
  }
  final case class Choice(values: Vector[String]) extends ParamKind {
    def check(value: String): Option[String] =
      if (values.contains(value)) None else Some("must be one of " + values.mkString(", "))
    def describe = "one of " + values.mkString(", ")
  }
}

/** A scenario parameter. `sweep` lists the values docs/scenarios.md names, for sweeps and columns. */
final case class ParamDef(name: String, default: String, kind: ParamKind, doc: String, sweep: Vector[String] = Vector.empty)

/** Concrete parameter values of one cell, in the scenario's declaration order. */
final case class Params(values: Vector[(String, String)]) {
  def apply(name: String): String =
    values.collectFirst { case (k, v) if k == name => v }
      .getOrElse(throw new NoSuchElementException(s"no parameter $name in ${Params.encode(this)}"))
  def get(name: String): Option[String] = values.collectFirst { case (k, v) if k == name => v }
  def int(name: String): Int = apply(name).replace("_", "").toInt
  def long(name: String): Long = apply(name).replace("_", "").toLong
  def double(name: String): Double = apply(name).toDouble
  def updated(name: String, value: String): Params =
    if (values.exists(_._1 == name)) Params(values.map { case (k, v) => if (k == name) (k, value) else (k, v) })
    else Params(values :+ (name -> value))
  override def toString: String = Params.encode(this)
}

object Params {
  val empty: Params = Params(Vector.empty)
  def of(kv: (String, String)*): Params = Params(kv.toVector)

  /** `k=v&k2=v2`, or `-` for none. No commas: JMH splits `-p` values on them. */
  def encode(p: Params): String = if (p.values.isEmpty) "-" else p.values.map { case (k, v) => s"$k=$v" }.mkString("&")
  def decode(s: String): Params =
    if (s == "-" || s.isEmpty) empty
    else Params(s.split('&').toVector.map { kv =>
      val at = kv.indexOf('=')
      if (at < 0) throw new IllegalArgumentException(s"bad parameter '$kv' in '$s'")
      kv.substring(0, at) -> kv.substring(at + 1)
    })
}
