package effectbench

/** The identity of a cell within one run: scenario x variant x runtime x params x mode, and, for a
  * runtime measured at several library versions in one run (`--lib`), the version's label.
  * (The settings profile and the JVM are properties of the run and are recorded beside it.)
  *
  * The label is the version as asked (`3.6.3`, `local:3.8.0-SNAPSHOT`); the same version asked
  * twice (an A/A control) gets `#2`, `#3` after it, so that each is a cell of its own. In the key
  * it follows the runtime after an `@` (`deep-bind/default/cats-effect@3.6.3/d=10000/fork`); a cell
  * with no label has the key it always had. */
final case class CellId(scenario: String, variant: String, runtime: String, params: Params, mode: Mode, lib: Option[String] = None) {
  def key: String = s"$scenario/$variant/$runtimeKey/${Params.encode(params)}/${mode.id}"
  /** The runtime with its version label: one row of a table. */
  def runtimeKey: String = runtime + lib.fold("")("@" + _)
  /** A file-name-safe form of the key. */
  def slug: String = key.map(c => if (c.isLetterOrDigit || c == '-' || c == '.' || c == '_') c else '_')
  /** Scenario, variant and params: the cells compared with each other in one table. */
  def group: String = s"$scenario/$variant/${Params.encode(params)}/${mode.id}"
  override def toString: String = key
}

object CellId {
  def parse(key: String): Either[String, CellId] = key.split('/').toList match {
    case s :: v :: rl :: p :: m :: Nil =>
      val (r, lib) = rl.indexOf('@') match {
        case -1 => (rl, None)
        case at => (rl.substring(0, at), Some(rl.substring(at + 1)))
      }
      Mode.get(m) match {
        case Some(_) if lib.exists(_.isEmpty) => Left(s"an empty version label in cell '$key'")
        case Some(mode) =>
          try Right(CellId(s, v, r, Params.decode(p), mode, lib))
          catch { case e: IllegalArgumentException => Left(e.getMessage) }
        case None => Left(s"unknown mode '$m' in cell '$key'")
      }
    case _ => Left(s"a cell is scenario/variant/runtime/params/mode, got '$key'")
  }
}
