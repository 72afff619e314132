package effectbench

/** The implementation of one scenario variant on one runtime.
  *
  * The scenario is the catalog's value and the runtime its setup's table row, so a misspelt one
  * does not compile. Where the code is comes from the compiler (`file` and `line` of the
  * `new Impl` expression, or of the call of a helper that passes its caller's on): `source` is
  * `path/in/repo.scala#L<line>`, and the reports show that expression and the definitions it calls.
  *
  * @param syntax  how it is written ("for-comprehension", "async/await", ...), for reports */
final class Impl[L <: Live](
    val scenarioDef: Scenario,
    val variant: String,
    val setup: RuntimeSetup[L],
    val syntax: String
)(prepareFn: (L, Params, Mode) => Program)(implicit file: sourcecode.File, line: sourcecode.Line) {
  def scenario: String = scenarioDef.id
  def runtime: String = setup.runtime
  def key: String = s"$scenario/$variant/$runtime"
  val source: String = Impl.sourceRef(file.value, line.value)
  def prepare(live: Live, params: Params, mode: Mode): Program = prepareFn(live.asInstanceOf[L], params, mode)

  /** The class of the function that builds this implementation's program: a lambda's class is
    * named after the class it is written in. */
  def preparerClass: String = prepareFn.getClass.getName

  /** This implementation, its program built by `other` instead (the same cell, compiled apart)
    * when `useOther` holds for the live runtime; its key, syntax and source stay this one's. */
  def routed(other: Impl[_ <: Live], useOther: Live => Boolean): Impl[L] = {
    require(other.key == key, s"routed to ${other.key}, not $key")
    val own = prepareFn
    val r =
      new Impl[L](scenarioDef, variant, setup, syntax)((l, p, m) => if (useOther(l)) other.prepare(l, p, m) else own(l, p, m))(file, line)
    r.alternative = Some(other)
    r
  }

  /** The implementation `routed` builds the program by when its condition holds; None when not routed. */
  def routedTo: Option[Impl[_ <: Live]] = alternative
  private var alternative: Option[Impl[_ <: Live]] = None
}

object Impl {
  /** `path#L<line>` with the path relative to the repository: the compiler gives an absolute
    * path, and every implementation lives under the repository's `runtimes/` directory. A path
    * outside it stays absolute, which the report's extractor refuses (and its test then fails). */
  def sourceRef(path: String, line: Int): String = {
    val p = path.replace('\\', '/')
    val at = p.lastIndexOf("/runtimes/")
    val rel = if (p.startsWith("runtimes/")) p else if (at >= 0) p.substring(at + 1) else p
    s"$rel#L$line"
  }
}
