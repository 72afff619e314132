package effectbench.lab

import effectbench.runner._
import effectbench.cli.JvmChoice
import effectbench.{Catalog, Mode, Settings}
import effectbench.report.TerminalTable
import effectbench.stats.{ForkStats, Format}
import effectbench.analysis.LaunchStates
import effectbench.store.RunFiles
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}
import scala.util.Random

/** `bench lab states`: where a cell's launch states come from. A benchmark of the suite, run alone on a
  * quiet machine. Each cell is launched many times under each change to the measuring JVM (JIT,
  * heap and GC, core placement, the result wait), the launches of every change interleaved in a
  * shuffled order so that machine drift falls on all alike, one fork per launch, each recording
  * the counters that tell states apart: context switches, JIT compilation time, GC. A launch is
  * slow when its mean lies above the geometric middle of the cell's fastest and slowest launch
  * states (LaunchStates.of over every launch of the cell); the table gives, per cell and
  * change, the share of slow launches and the counters of each state. */
object StatesStudy {
  /** A change to the measuring JVM: flags added to it, or (cpus) the JVM pinned to fewer cores. */
  final case class Change(id: String, what: String, flags: Vector[String] = Vector.empty, cpus: Option[Int] = None)

  val changes: Vector[Change] = Vector(
    Change("none", "as measured"),
    Change("xbatch", "compile in the foreground (-Xbatch: a method waits for its compilation)", Vector("-Xbatch")),
    Change("c2-only", "tiered compilation off (-XX:-TieredCompilation)", Vector("-XX:-TieredCompilation")),
    Change("heap", "heap touched at start and a fixed young generation (-XX:+AlwaysPreTouch -Xmn256m)",
      Vector("-XX:+AlwaysPreTouch", "-Xmn256m")),
    Change("parallel-gc", "the parallel collector instead of G1 (-XX:+UseParallelGC)", Vector("-XX:+UseParallelGC")),
    Change("spin-wait", "the measuring thread spins for the result (-Deffectbench.wait=spin)", Vector("-Deffectbench.wait=spin")),
    Change("one-cpu", "the JVM on one core (taskset, -XX:ActiveProcessorCount=1)", cpus = Some(1))
  )

  /** The cells seen in two states on 2 cores (scenario:runtime). */
  val defaultCells: Vector[String] = Vector("ping-pong:future", "ping-pong:loom", "ping-pong:monix", "fork-many:cats-effect")

  /** One launch: its cell, change, order, steady mean and counters. */
  final case class Launch(
      cell: String, change: String, order: Int, mean: Double, counters: Map[String, Double],
      raw: Vector[Double] = Vector.empty, unit: String = ""
  )

  val counterNames: Vector[(String, String)] = Vector(
    "proc.cs.voluntary.norm" -> "cs/op v", "proc.cs.involuntary.norm" -> "cs/op i", "proc.jit.ms" -> "JIT ms",
    "gc.count" -> "GCs", "proc.threads.peak" -> "threads", "proc.steal.ms" -> "steal ms"
  )

  /** `--fork 2x0.5+4x0.25`: warm-up iterations × seconds + measured iterations × seconds, one fork a launch. */
  def forkShape(t: String): MeasureProfile = effectbench.cli.EngineFlags.fork(Profiles.quick.copy(id = "states", forks = 1), t)

  def main(
      cellsFlag: Option[String], changesFlag: Option[String], launchesFlag: Option[String], outFlag: Option[String], jvms: JvmChoice,
      smoke: Boolean, forkFlag: Option[String] = None
  ): Int = {
    val launches = launchesFlag.map(t =>
      t.toIntOption.filter(n => n >= 2 && n <= 200).getOrElse(
        UsageError(s"--launches must be a whole number from 2 to 200, got '$t'")
      )
    ).getOrElse(if (smoke) 2 else 20)
    val chosen = changesFlag.map(_.split(',').map(_.trim).filter(_.nonEmpty).toVector.map(id =>
        changes.find(_.id == id).getOrElse(UsageError.unknown("change", id, changes.map(_.id)))
      )).getOrElse(changes)
    val cellSpecs = cellsFlag.map(_.split(',').map(_.trim).filter(_.nonEmpty).toVector).getOrElse(defaultCells)
    val modules = Workspace.modules
    val (jvmList, notes) = effectbench.cli.EngineFlags.jvms(jvms.jvm)
    notes.foreach(n => Console.err.println(n))
    val jvm = jvmList.head
    val profile =
      if (smoke) Profiles.smoke else forkFlag.map(forkShape).getOrElse(Profiles.quick.copy(id = "states", forks = 1))
    val cells = cellSpecs.map { spec =>
      val (sc, rt) = spec.split(':') match {
        case Array(a, b) => (a, b)
        case _ => UsageError(s"--cells takes scenario:runtime pairs, e.g. ping-pong:future, got '$spec'")
      }
      val scenario = Catalog.get(sc).getOrElse(UsageError.unknown("scenario", sc, Catalog.scenarios.map(_.id)))
      if (!effectbench.Runtimes.ids.contains(rt)) UsageError.unknown("runtime", rt, effectbench.Runtimes.ids)
      val sel = Selection(Vector(scenario), Some(Set(rt)), None, Vector.empty, Some(Set(Mode.Fork)), None)
      Plan.cells(sel, Vector(jvm), modules, Some(Profiles.quick)).find(_.status.runnable)
        .getOrElse(UsageError(s"$spec: no runnable cell (see ./bench list --scenario $sc --runtime $rt)"))
    }
    val out = outFlag.fold(Workspace.results.resolve("states-study"))(Paths.get(_)).toAbsolutePath
    val dir = RunDir.fresh(out, "states")
    val settings = Settings.Levelled
    val verdicts = Verifier.all(cells, settings, modules, dir, 120L, EngineEvent.Sink.stderr)
    val ok = cells.filter(c => verdicts((c.id.key, c.jvm.label)).ok)
    cells.filterNot(ok.contains).foreach(c => Console.err.println(s"${c.id.key}: failed its oracle, left out"))
    // Every (cell, change) launched `launches` times, in a shuffled order.
    val plan = new Random(7).shuffle(for (c <- ok; ch <- chosen; i <- 1 to launches) yield (c, ch, i))
    val csv = dir.dir.resolve("launches.csv")
    Files.write(csv, ("cell,change,order,mean," + counterNames.map(_._1).mkString(",") + "\n").getBytes(StandardCharsets.UTF_8))
    Console.err.println(
      s"states study: ${ok.size} cells × ${chosen.size} changes × $launches launches = ${plan.size} JVMs, " +
        f"about ${plan.size * (profile.warmups * profile.warmupSeconds + profile.iterations * profile.iterationSeconds + 1.2) / 60}%.0f min; writing $csv"
    )
    val results = plan.zipWithIndex.flatMap { case ((cell, ch, i), order) =>
      val studied = cell.copy(jvm = cell.jvm.copy(studyFlags = ch.flags, cpus = ch.cpus.orElse(cell.jvm.cpus)))
      val tag = s"${cell.id.slug}.${ch.id}.$i"
      val f = dir.jmhFile(tag, cell.jvm)
      val o = JmhCell.run(studied, settings, profile, modules, f, dir.logFile(tag), 120L, _ => ())
      if (!o.status.ok) { Console.err.println(s"  $tag: ${o.reason}"); None }
      else RunFiles.readJmh(f).headOption.map { b =>
        val e = LaunchStates.estimate(b.scored.rawData)
        val cs = counterNames.flatMap { case (k, _) => b.secondaryMetrics.get(k).map(m => k -> m.score) }.toMap
        val l = Launch(cell.id.key, ch.id, order, e.mean, cs, b.scored.rawData.flatten, b.scored.scoreUnit)
        Files.write(csv,
          (s"${l.cell},${l.change},$order,${l.mean}," + counterNames.map(n => cs.get(n._1).map(_.toString).getOrElse(""))
            .mkString(",") + "\n").getBytes(StandardCharsets.UTF_8), java.nio.file.StandardOpenOption.APPEND)
        Console.err.println(f"  [${order + 1}/${plan.size}] ${cell.id.scenario}/${cell.runtime} ${ch.id}: ${Format.num(e.mean)}")
        l
      }
    }
    // Every launch's iterations per cell and change, in launch order: the fork data the interval
    // coverage test resamples (ForkCoverageSuite keeps a copy under its test resources).
    val forksJson = ujson.Arr.from(results.groupBy(l => (l.cell, l.change)).toVector.sortBy(_._1).map { case ((c, ch), ls) =>
      ujson.Obj("cell" -> c, "change" -> ch, "unit" -> ls.head.unit,
        "forks" -> ujson.Arr.from(ls.sortBy(_.order).map(l => ujson.Arr.from(l.raw.map(ujson.Num(_))))))
    })
    Files.write(dir.dir.resolve("forks.json"), ujson.write(forksJson).getBytes(StandardCharsets.UTF_8))
    println()
    print(TerminalTable.table(Vector("cell", "change", "launches", "spread", "slow share", "fast state", "slow state") ++
          counterNames.map(n => s"${n._2} fast/slow"), table(results, chosen)))
    println(
      "spread: standard deviation of the launches' log means (≈ their coefficient of variation) and slowest / fastest; slow: a launch above the geometric middle of the cell's fastest and slowest launch states, found over every launch of the cell " +
        s"(LaunchStates.of); a cell with one state has no slow launches. Launches: $csv"
    )
    // Launches measured from their first iteration hold every shorter fork: the fork shapes' table.
    val rows = shapeRows(results, profile.iterationSeconds, Rounds.ForkOverheadSeconds)
    if (profile.warmups == 0 && rows.nonEmpty) {
      println()
      print(TerminalTable.table(shapeHeader, rows))
      println(
        f"fork shapes: each launch cut afterwards to a warm-up and a measurement; spread over the cells (and changes) of the launches' spread; " +
          f"per s: spread² × (${Rounds.ForkOverheadSeconds}%.1f s of JVM start + the fork), the variance of a cell's mean per machine second, least is best"
      )
      Files.write(dir.dir.resolve("shapes.csv"),
        (shapeHeader.mkString(",") + "\n" + rows.map(_.mkString(",")).mkString("\n") + "\n")
          .getBytes(StandardCharsets.UTF_8))
    }
    0
  }

  val shapeHeader: Vector[String] = Vector("warm-up s", "measured s", "fork s", "spread median", "spread p75", "per s median")

  /** The fork shapes table: for every cut (ForkShape.cuts) that every (cell, change) group's launches
    * are long enough for, the median and 75th percentile over the groups of the launches' spread, and
    * the median of its variance per machine second (ForkShape.costedVariance). Empty when no cut fits. */
  def shapeRows(results: Vector[Launch], iterationSeconds: Double, overheadSeconds: Double): Vector[Vector[String]] = {
    val groups = results.groupBy(l => (l.cell, l.change)).toVector.sortBy(_._1).map(_._2.sortBy(_.order).map(_.raw))
    def quantile(xs: Vector[Double], q: Double) = effectbench.stats.Describe.quantile(xs, q)
    effectbench.stats.ForkShape.cuts.flatMap { cut =>
      val spreads = groups.map(g => effectbench.stats.ForkShape.cutSpread(g, iterationSeconds, cut))
      if (groups.isEmpty || spreads.exists(_.isNaN)) None
      else {
        val perSecond = spreads.map(sd => effectbench.stats.ForkShape.costedVariance(sd * 100, cut, overheadSeconds))
        Some(Vector(f"${cut.warmupSeconds}%.1f", f"${cut.measuredSeconds}%.1f", f"${cut.seconds + overheadSeconds}%.1f",
            f"${quantile(spreads, 0.5) * 100}%.1f%%", f"${quantile(spreads, 0.75) * 100}%.1f%%", f"${quantile(perSecond, 0.5)}%.0f"))
      }
    }
  }

  /** The geometric middle between a cell's fastest and slowest launch state; None with one state. */
  def threshold(means: Vector[Double]): Option[Double] = {
    val states = LaunchStates.of(means.zipWithIndex.map { case (m, i) =>
        effectbench.stats.ForkSteady(i + 1, Vector(m), 0, settled = true)
      }, minLaunches = 1)
    if (states.size < 2) None else Some(math.sqrt(states.map(_.mean).min * states.map(_.mean).max))
  }

  /** The spread of launches: the standard deviation of their log means (≈ the coefficient of
    * variation), and the slowest over the fastest. */
  def spreadText(means: Vector[Double]): String = {
    val ls = means.filter(_ > 0).map(math.log)
    if (ls.size < 2) "—"
    else {
      val sd = effectbench.stats.Describe.sd(ls)
      f"${sd * 100}%.0f%% (${math.exp(ls.max - ls.min)}%.2f×)"
    }
  }

  def table(results: Vector[Launch], chosen: Vector[Change]): Vector[Vector[String]] =
    results.map(_.cell).distinct.flatMap { cell =>
      val mine = results.filter(_.cell == cell)
      val cut = threshold(mine.map(_.mean))
      chosen.filter(ch => mine.exists(_.change == ch.id)).map { ch =>
        val ls = mine.filter(_.change == ch.id)
        val (slow, fast) = ls.partition(l => cut.exists(l.mean > _))
        def avg(xs: Vector[Launch], f: Launch => Option[Double]) = {
          val v = xs.flatMap(f)
          if (v.isEmpty) "—" else Format.num(v.sum / v.size)
        }
        val share = f"${slow.size * 100.0 / ls.size}%.0f%% (${slow.size}/${ls.size})"
        Vector(cell, ch.id, ls.size.toString, spreadText(ls.map(_.mean)), share, avg(fast, l => Some(l.mean)),
          avg(slow, l => Some(l.mean))) ++
          counterNames.map { case (k, _) => s"${avg(fast, _.counters.get(k))}/${avg(slow, _.counters.get(k))}" }
      }
    }
}
