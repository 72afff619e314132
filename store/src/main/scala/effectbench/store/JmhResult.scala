package effectbench.store

/** One benchmark of a JMH JSON result file: what the report reads of it. */
final case class JmhResult(
    benchmark: String,
    mode: String,
    forks: Option[Int] = None,
    params: Named[String] = Named.empty,
    primaryMetric: JmhMetric,
    secondaryMetrics: Named[JmhMetric] = Named.empty
) {
  /** The name of the metric a cell is scored by: the latency family's hogs' time per step, a secondary
    * metric of JMH's (`effectbench.LatencyModel.ScoreMetric`; the primary is the window's length),
    * or else JMH's primary metric (None). */
  def scoredName: Option[String] = secondaryMetrics.get(effectbench.LatencyModel.ScoreMetric).map(_ => effectbench.LatencyModel.ScoreMetric)

  /** The metric a cell is scored by (see scoredName). */
  def scored: JmhMetric = scoredName.flatMap(secondaryMetrics.get).getOrElse(primaryMetric)
}

/** A JMH metric as JMH's JSON writes it (`"NaN"` for an error it could not compute). */
final case class JmhMetric(score: Double, scoreError: Double, scoreUnit: String, rawData: Vector[Vector[Double]] = Vector.empty)
