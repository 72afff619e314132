package effectbench

/** The identity of a cell within one run: scenario x variant x runtime x params x mode.
  * (The settings profile and the JVM are properties of the run and are recorded beside it.) */
final case class CellId(scenario: String, variant: String, runtime: String, params: Params, mode: Mode) {
  def key: String = s"$scenario/$variant/$runtime/${Params.encode(params)}/${mode.id}"
  /** A file-name-safe form of the key. */
  def slug: String = key.map(c => if (c.isLetterOrDigit || c == '-' || c == '.' || c == '_') c else '_')
  /** Scenario, variant and params: the cells compared with each other in one table. */
  def group: String = s"$scenario/$variant/${Params.encode(params)}/${mode.id}"
  override def toString: String = key
}

object CellId {
  def parse(key: String): Either[String, CellId] = key.split('/').toList match {
    case s :: v :: r :: p :: m :: Nil =>
      Mode.get(m) match {
        case Some(mode) =>
          try Right(CellId(s, v, r, Params.decode(p), mode))
          catch { case e: IllegalArgumentException => Left(e.getMessage) }
        case None => Left(s"unknown mode '$m' in cell '$key'")
      }
    case _ => Left(s"a cell is scenario/variant/runtime/params/mode, got '$key'")
  }
}
