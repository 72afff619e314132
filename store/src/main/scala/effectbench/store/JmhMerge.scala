package effectbench.store

import effectbench.LatencyModel
import effectbench.stats.{Describe, MeanInterval}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** One cell's JMH result from the one-fork files of its rounds: the run directory's combined file. */
object JmhMerge {
  /** A one-fork JMH file without its measured iterations `drop` (indices from 0), in place; the file as
    * it was is kept beside it as `whole` first (None: the file as JMH wrote it is kept there already). Every metric whose raw data has one value per
    * measured iteration loses the same ones, and each score is recomputed over what is left (JMH's
    * mean and its 99.9% interval), so the file reads as a fork of fewer iterations. Used for the turns
    * of a relay round measured with the machine away (runner's MachineCanary.Guard.relayRound) and for
    * the spare iterations a relay round's JVMs ran freely after its measured turns (Rounds.measure). */
  def dropIterations(file: Path, drop: Set[Int], whole: Option[Path]): Unit = {
    val json = ujson.read(RunData.read(file))
    val result = json.arr.head
    val n = result("primaryMetric")("rawData").arr.headOption.map(_.arr.size).getOrElse(0)
    def trimmed(metric: ujson.Value): Unit = {
      val raw = metric("rawData").arr
      if (raw.size == 1 && raw.head.arr.size == n) {
        val left = raw.head.arr.toVector.zipWithIndex.collect { case (v, i) if !drop(i) => v.num }
        metric("rawData") = ujson.Arr(ujson.Arr.from(left.map(ujson.Num(_))))
        // JMH's percentiles were of every iteration; nothing reads them, and stale they would mislead.
        metric.obj.remove("scorePercentiles")
        if (left.nonEmpty) {
          metric("score") = ujson.Num(Describe.mean(left))
          val err = MeanInterval.halfWidth(left, 0.999)
          metric("scoreError") = if (err.isNaN) ujson.Str("NaN") else ujson.Num(err)
        }
      }
    }
    trimmed(result("primaryMetric"))
    result.obj.get("secondaryMetrics").foreach(_.obj.values.foreach(trimmed))
    whole.foreach(w => Files.copy(file, w, java.nio.file.StandardCopyOption.REPLACE_EXISTING))
    val tmp = file.resolveSibling(file.getFileName.toString + ".tmp")
    Files.write(tmp, ujson.write(json, indent = 2).getBytes(StandardCharsets.UTF_8))
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING)
  }

  /** A latency fork's latency log: beside its JMH file, the `.json` replaced by the log's suffix. */
  def logOf(out: Path): Path = {
    val name = out.getFileName.toString
    out.resolveSibling((if (name.endsWith(".json")) name.dropRight(5) else name) + LatencyModel.LogSuffix)
  }

  /** One JMH result from several one-fork files: the forks' raw data side by side (in round order),
    * JMH's own score and 99.9% interval of the metric the cell is scored by recomputed over every
    * iteration as JMH would, the other metrics' scores averaged over the rounds (their raw data side
    * by side too); and, for a latency cell, its forks' latency logs one after the other. */
  def combine(files: Vector[Path], target: Path): Unit = {
    // Read as JSON trees (ujson), not as the typed summary: the combined file keeps every field JMH wrote.
    val typed = files.map(f => RunFiles.readJmh(f).head)
    val results = files.map(f => ujson.read(RunData.read(f)).arr.head)
    val first = results.head
    def put(o: ujson.Value, entries: (String, ujson.Value)*): ujson.Value = {
      val c = ujson.copy(o)
      entries.foreach { case (k, v) => c(k) = v }
      c
    }
    def rawJson(raw: Vector[Vector[Double]]) = ujson.Arr.from(raw.map(f => ujson.Arr.from(f.map(ujson.Num(_)))))
    /** The forks' raw data side by side, with JMH's score and 99.9% interval over every iteration. */
    def pooled(metric: ujson.Value, rawAll: Vector[Vector[Double]]): ujson.Value = {
      val xs = rawAll.flatten
      val m = Describe.mean(xs)
      val err = MeanInterval.halfWidth(xs, 0.999)
      put(metric, "score" -> ujson.Num(m), "scoreError" -> (if (err.isNaN) ujson.Str("NaN") else ujson.Num(err)),
        "rawData" -> rawJson(rawAll))
    }
    val pm =
      if (typed.head.scoredName.isDefined) put(first("primaryMetric"), "rawData" -> rawJson(typed.flatMap(_.primaryMetric.rawData)))
      else pooled(first("primaryMetric"), typed.flatMap(_.primaryMetric.rawData))
    // Each secondary metric keeps every fork's iterations, aligned with the primary's forks (an
    // empty fork where a round lacks the metric), so a launch state's counters can be read back.
    val secondary = ujson.Obj.from(typed.head.secondaryMetrics.entries.map { case (name, _) =>
      val raw = typed.flatMap(t =>
        t.secondaryMetrics.get(name).map(_.rawData).filter(_.size == t.primaryMetric.rawData.size)
          .getOrElse(t.primaryMetric.rawData.map(_ => Vector.empty[Double]))
      )
      val metric = first("secondaryMetrics")(name)
      if (typed.head.scoredName.contains(name)) name -> pooled(metric, raw)
      else {
        val scores = typed.flatMap(_.secondaryMetrics.get(name)).map(_.score).filterNot(_.isNaN)
        val withRaw = put(metric, "rawData" -> rawJson(raw))
        name -> (if (scores.isEmpty) withRaw else put(withRaw, "score" -> ujson.Num(scores.sum / scores.size)))
      }
    })
    val combined = put(first, "forks" -> ujson.Num(results.size), "primaryMetric" -> pm, "secondaryMetrics" -> secondary)
    combineLogs(files, target)
    val tmp = target.resolveSibling(target.getFileName.toString + ".tmp")
    Files.write(tmp, ujson.write(ujson.Arr(combined), indent = 2).getBytes(StandardCharsets.UTF_8))
    Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING)
  }

  /** The latency logs of latency forks (logOf each JMH file) concatenated in fork order
    * into the log of `target`: each fork's windows carry its tag, and HdrHistogram's log reader
    * takes the repeated header lines as comments. */
  def combineLogs(files: Vector[Path], target: Path): Unit = {
    val logs = files.map(logOf).filter(Files.isRegularFile(_))
    if (logs.nonEmpty) {
      val out = logOf(target)
      val tmp = out.resolveSibling(out.getFileName.toString + ".tmp")
      Files.write(tmp, logs.map(l => RunData.read(l)).mkString.getBytes(StandardCharsets.UTF_8))
      Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING)
    }
  }
}
