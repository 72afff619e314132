package effectbench.runner

/** A parsed command line: flags with values, boolean switches and positional arguments.
  * Each command declares the flags it takes; anything else is a usage error. */
final case class Args(values: Map[String, Vector[String]], switches: Set[String], positional: Vector[String]) {
  def one(flag: String): Option[String] = values.get(flag).map(_.last)
  def many(flag: String): Vector[String] = values.getOrElse(flag, Vector.empty).flatMap(_.split(',').map(_.trim).filter(_.nonEmpty))
  def raw(flag: String): Vector[String] = values.getOrElse(flag, Vector.empty)
  def has(switch: String): Boolean = switches.contains(switch)
}

object Args {
  /** @param valued flags that take a value; @param bool flags that do not */
  def parse(command: String, argv: Seq[String], valued: Set[String], bool: Set[String], maxPositional: Int): Args = {
    var values = Map.empty[String, Vector[String]]
    var switches = Set.empty[String]
    val pos = Vector.newBuilder[String]
    var i = 0
    while (i < argv.length) {
      val a = argv(i)
      if (a.startsWith("--")) {
        val (name, inline) = a.indexOf('=') match {
          case -1 => (a, None)
          case at => (a.substring(0, at), Some(a.substring(at + 1)))
        }
        if (valued(name)) {
          val v = inline.getOrElse {
            i += 1
            if (i >= argv.length || argv(i).startsWith("--")) UsageError(s"$command: $name needs a value")
            argv(i)
          }
          values = values.updated(name, values.getOrElse(name, Vector.empty) :+ v)
        } else if (bool(name)) {
          if (inline.isDefined) UsageError(s"$command: $name takes no value")
          switches += name
        } else UsageError.unknown(s"option for '$command'", name, (valued ++ bool).toVector.sorted)
      } else pos += a
      i += 1
    }
    val p = pos.result()
    if (p.length > maxPositional)
      UsageError(s"$command: unexpected argument '${p(maxPositional)}'" + (if (maxPositional == 0) " (this command takes only options)" else ""))
    Args(values, switches, p)
  }
}
