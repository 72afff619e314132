package effectbench.report

/** Where two cells' samples go, from async-profiler's collapsed stacks (`output=collapsed`:
  * one line per distinct stack, frames root first separated by `;`, then a space and the count).
  * Self time is the count of samples whose top frame is that frame; shares are of each cell's
  * own total, so two cells of different speed compare by where their time goes, not how much. */
object ProfilerDiff {
  /** stack -> samples; lines that are not `stack count` are skipped. */
  def parseCollapsed(text: String): Map[String, Long] = {
    val m = scala.collection.mutable.HashMap.empty[String, Long]
    text.split('\n').foreach { raw =>
      val line = raw.trim
      val sp = line.lastIndexOf(' ')
      if (sp > 0) line.substring(sp + 1).toLongOption.foreach(n => m(line.substring(0, sp)) = m.getOrElse(line.substring(0, sp), 0L) + n)
    }
    m.toMap
  }

  /** async-profiler writes Java frames as `pkg/Class.method` (and may annotate them `_[j]`, `_[i]`,
    * `_[k]`); readers know classes by their dotted names. */
  def frameName(f: String): String = f.replaceAll("_\\[[a-z0-9]+\\]$", "").replace('/', '.')

  /** The class of a Java frame (`cats.effect.IOFiber.runLoop` -> `cats.effect.IOFiber`); native
    * and kernel frames stay as they are. */
  def className(frame: String): String = {
    val f = frameName(frame)
    val paren = f.indexOf('(')
    val plain = if (paren >= 0) f.substring(0, paren) else f
    val dot = plain.lastIndexOf('.')
    if (dot > 0 && plain.contains('.') && !plain.contains(' ') && !plain.startsWith("[")) plain.substring(0, dot) else plain
  }

  /** The JVM's own threads, lumped together: the JIT compilers and the GC/VM threads are not
    * the runtime under test, yet on 2 cores they take samples that would drown its frames. */
  def jvmThreads(stack: String): Option[String] =
    if (stack.contains("CompileBroker::")) Some("[JIT compiler threads]")
    else if (
      stack.contains("ConcurrentGCThread::") || stack.contains("WorkerThread::run") || stack.contains("VMThread::") || stack.contains(
        "GCTaskThread"
      )
    ) Some("[GC and VM threads]")
    else None

  def self(stacks: Map[String, Long], key: String => String): Map[String, Long] =
    stacks.toVector.map { case (s, n) => (jvmThreads(s).getOrElse(key(s.substring(s.lastIndexOf(';') + 1))), n) }
      .groupBy(_._1).map { case (k, vs) => k -> vs.map(_._2).sum }

  final case class Row(name: String, a: Double, b: Double) {
    def diff: Double = a - b
  }

  /** The `top` names with the largest difference of self-time share (a minus b), in percent. */
  def compare(a: Map[String, Long], b: Map[String, Long], top: Int): Vector[Row] = {
    val ta = math.max(1L, a.values.sum).toDouble
    val tb = math.max(1L, b.values.sum).toDouble
    (a.keySet ++ b.keySet).toVector
      .map(k => Row(k, 100.0 * a.getOrElse(k, 0L) / ta, 100.0 * b.getOrElse(k, 0L) / tb))
      .sortBy(r => (-math.abs(r.diff), r.name)).take(top)
  }

  final case class Result(labelA: String, labelB: String, samplesA: Long, samplesB: Long, frames: Vector[Row], classes: Vector[Row])

  def of(labelA: String, collapsedA: String, labelB: String, collapsedB: String, top: Int = 20): Result = {
    val a = parseCollapsed(collapsedA)
    val b = parseCollapsed(collapsedB)
    Result(labelA, labelB, a.values.sum, b.values.sum,
      compare(self(a, frameName), self(b, frameName), top), compare(self(a, className), self(b, className), top))
  }

  private def pct(d: Double): String = f"$d%.1f%%"
  private def signed(d: Double): String = f"$d%+.1f"

  def text(r: Result): String = {
    def block(title: String, rows: Vector[Row]): String =
      s"$title (share of each cell's samples; difference in points, ${r.labelA} minus ${r.labelB})\n" +
        TerminalTable.table(Vector(r.labelA, r.labelB, "diff", "frame"), rows.map(x => Vector(pct(x.a), pct(x.b), signed(x.diff), x.name)))
    s"A = ${r.labelA} (${r.samplesA} samples), B = ${r.labelB} (${r.samplesB} samples)\n\n" +
      block("top frames by self time", r.frames) + "\n" + block("by class", r.classes)
  }

  /** A self-contained page: both tables, each row with bars for A and B. */
  def html(r: Result, pageTitle: String): String = {
    import scalatags.Text.all.{html => htmlTag, _}
    import scalatags.Text.tags2
    def block(heading: String, rows: Vector[Row]): Frag = {
      val max = math.max(1e-9, rows.map(x => math.max(x.a, x.b)).maxOption.getOrElse(1.0))
      def bar(v: Double, side: String): Frag = frag(span(cls := s"bar $side", style := f"width:${v / max * 160}%.0fpx"), pct(v))
      frag(
        h2(heading),
        table(
          tr(th(s"A: ${r.labelA}"), th(s"B: ${r.labelB}"), th("A − B (points)"), th("frame")),
          rows.map(x =>
            tr(td(cls := "n")(bar(x.a, "a")), td(cls := "n")(bar(x.b, "b")),
              td(cls := s"n ${if (x.diff > 0) "more" else "less"}")(signed(x.diff)),
              td(code(x.name)))
          )
        )
      )
    }
    val page = htmlTag(lang := "en")(
      head(
        meta(charset := "utf-8"),
        tags2.title(pageTitle),
        tags2.style(raw(
            "body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #eee;text-align:left}" +
              "td.n{white-space:nowrap}.bar{display:inline-block;height:10px;margin-right:6px;vertical-align:middle}.bar.a{background:#1677ff}.bar.b{background:#fa8c16}" +
              ".more{color:#c00}.less{color:#080}code{font-size:12px}"
          ))
      ),
      body(
        h1(pageTitle),
        p("A = ", b(r.labelA), s" (${r.samplesA} samples), B = ", b(r.labelB),
          s" (${r.samplesB} samples). Self time: samples whose " +
            "top frame is the frame (or a method of the class), as a share of each cell's own samples. A positive difference is where A spends " +
            "more of its time than B."),
        block("Top frames by self time", r.frames),
        block("By class", r.classes)
      )
    )
    "<!DOCTYPE html>" + page.render + "\n"
  }
}
