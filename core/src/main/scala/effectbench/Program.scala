package effectbench

/** One operation of a cell, prepared outside the timed region. `run` is what JMH times. */
trait Program {
  def run(): Any
  /** The canonical text of a result, compared with the catalog's oracle. */
  def summarize(result: Any): String = String.valueOf(result)
  /** What the oracle check compares: one run's summary, unless the program's oracle is judged over
    * runs (a latency program: WindowProgram). */
  def checkedSummary(): String = summarize(run())
}

object Program {
  def apply(body: => Any): Program = new Program { def run(): Any = body }
  def summarized(body: => Any)(summary: Any => String): Program = new Program {
    def run(): Any = body
    override def summarize(result: Any): String = summary(result)
  }
}
