package effectbench.cli

import effectbench.runner._
import effectbench._
import effectbench.report.{ProfilerDiff, TerminalTable}
import effectbench.stats.Format
import effectbench.store.{CellRecord, Named, ProfilerInfo, RunData, RunStatus, Sources}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths, StandardCopyOption}
import scala.jdk.CollectionConverters._

/** `bench profile [selectors]`: each selected cell, verified first like `run`, measured again
  * under async-profiler through JMH's `-prof async` — once sampling CPU (wall-clock or itimer where
  * asked or where perf events are not allowed) and once sampling allocations. The flame graphs go
  * to `profiles/<cell>/` in the run directory and are named in cells.jsonl, so the HTML report
  * links them. `--diff` takes exactly two cells of one table and also writes where their CPU
  * samples differ (`profiles/diff.html`, `profiles/diff.txt`).
  *
  * Profile runs are kept apart from measured runs (default `results/profiles/`, not indexed):
  * a profiled JVM is slower, so its scores are for reading the profile, not for comparing. */
object ProfilerCommand {
  val events: Vector[String] = Vector("cpu", "wall", "itimer", "ctimer")

  /** Tests only: cells whose key matches this glob get a library path nothing can load. */
  val unreadableEnv = "EFFECTBENCH_PROFILER_UNREADABLE"

  private def glob(p: String): scala.util.matching.Regex = ("\\Q" + p.replace("*", "\\E.*\\Q") + "\\E").r

  def apply(
      root: Path, modules: Modules, flags: CellFlags, measure: MeasureFlags, eventFlag: Option[String], diff: Boolean,
      argv: Vector[String]
  ): Int = {
    val profile = measure.chosen(Profiles.quick)
    val settings = measure.setup.chosenSettings
    val timeoutArg = measure.setup.seconds
    val askedEvent = eventFlag.map(e => if (events.contains(e)) e else UsageError.unknown("event", e, events))
    val sel = Plan.selection(flags.sel.asked, None, flags.testOnly.value, flags.libs)
    val (found, notes) = EngineFlags.jvms(flags.jvms.jvm)
    // The same wait as run: each JVM gives it to its forks (Jvm.waitProperty).
    val jvms = found.map(j => measure.resultWait.fold(j)(w => j.copy(resultWait = w)))
    val cells = Plan.cells(sel, jvms, modules, Some(profile))
    val runnable = cells.filter(_.status.runnable)
    if (runnable.isEmpty) {
      cells.take(20).foreach(c => Console.err.println(s"  ${c.id.key}: ${c.status.text}"))
      UsageError("nothing to profile: no selected cell is available (see above, or ./bench list)")
    }
    if (diff && (runnable.size != 2 || runnable.map(c => (c.id.group, c.jvm.label)).distinct.size != 1))
      UsageError(
        s"--diff needs exactly two cells of one table (same scenario, variant, params, mode and JVM); the selection has ${runnable.size}" +
          (if (runnable.size <= 6) s": ${runnable.map(c => c.id.key).mkString(", ")}" else "")
      )

    LibPrep(root, sel, cells, Console.err.println, build = true)
    val out = EngineFlags.out(measure.out, Workspace.results.resolve("profiles"))
    val scope = if (sel.scenarios.size == 1) sel.scenarios.head.id else "many"
    val dir = RunDir.fresh(out, s"profile-${profile.id}-$scope")
    dir.lockOrFail()
    val (event, eventNote) = askedEvent match {
      case Some(e) => (e, None)
      case None => AsyncProfiler.cpuEvent()
    }
    val library = AsyncProfiler.library(root)
    notes.foreach(Console.err.println)
    eventNote.foreach(n => Console.err.println(s"profile: $n"))
    library.left.foreach(why => Console.err.println(s"profile: $why; recording JFR files (-prof jfr) instead of flame graphs"))
    val timeout = timeoutArg.getOrElse(math.max(120L, (3 * (profile.measuredSeconds + 2.0 * (profile.forks + 1))).toLong + 60L))

    var meta = Metadata.header(dir.dir.getFileName.toString, "profile", argv, root, jvms, profile, settings, cells).copy(
      kind = Some("profile"),
      profiler = Some(ProfilerInfo(AsyncProfiler.version, event, library.fold(identity, _.toString), eventNote.getOrElse(""))),
      testOnly = flags.testOnly.value,
      libs = LibPrep.entries(sel.libs)
    )
    dir.writeMeta(meta)

    // Every line of a profile run is shown (its cells are few); on a terminal under a status line.
    val progress = new Progress(runnable.size, 2 * (profile.measuredSeconds + 2.0 * (profile.forks + 1)),
      Progress.Display.detect(verbose = true, plain = false))
    progress.logTo(dir.runLog)
    progress.startTicking()
    progress(EngineEvent.Note(
        s"${runnable.size} cells to profile · ${if (library.isRight) s"async-profiler ${AsyncProfiler.version}, $event and alloc"
          else "JFR"} · settings ${settings.id} · profile ${profile.id}: ${profile.describe}"
      ))
    val broken = sys.env.get(unreadableEnv).filter(_.nonEmpty).map(glob)
    val profiled = new CellRoutine.Measure {
      def batch(verified: Vector[PlannedCell]): PlannedCell => CellRoutine.Measured = cell => {
        val lib = library.map(l =>
          if (broken.exists(_.pattern.matcher(cell.id.key).matches())) dir.dir.resolve("no-such-dir").resolve("libasyncProfiler.so") else l
        )
        val p = profileCell(cell, settings, profile, modules, dir, lib, event, timeout, progress)
        CellRoutine.Measured(p.status, p.reason, p.jmh, p.seconds, profiles = p.files, notes = p.notes)
      }
      def okText(record: CellRecord, m: CellRoutine.Measured): String =
        s"profiles: ${m.profiles.map(f => dir.dir.relativize(f._2)).mkString(", ")}"
    }
    // Profile runs are not indexed: only the source is kept beside the cell.
    CellRoutine(dir, Vector(runnable), settings, modules, timeout, progress, jvms.size > 1, profiled,
      record =>
        Option(record.source).filter(_.nonEmpty).foreach(s =>
          try Sources.snapshot(root, dir.dir, s)
          catch { case _: Exception => () }
        ))
    progress.close()

    var code = 0
    if (diff) {
      val Vector(a, b) = runnable
      val files = runnable.map(c => dir.dir.resolve("profiles").resolve(RunDir.safe(c.id.slug)).resolve("cpu.collapsed"))
      if (files.forall(Files.isRegularFile(_))) {
        // Two versions of one runtime (`--lib`) are told apart by their labels.
        val r = ProfilerDiff.of(a.id.runtimeKey, RunData.read(files(0)), b.id.runtimeKey, RunData.read(files(1)))
        val text = ProfilerDiff.text(r)
        Files.write(dir.dir.resolve("profiles").resolve("diff.txt"), text.getBytes(StandardCharsets.UTF_8))
        Files.write(dir.dir.resolve("profiles").resolve("diff.html"),
          ProfilerDiff.html(r, s"CPU profile diff: ${a.id.group} — ${a.id.runtimeKey} vs ${b.id.runtimeKey}").getBytes(
            StandardCharsets.UTF_8
          ))
        meta = meta.copy(profileDiff = Some("profiles/diff.html"))
        dir.writeMeta(meta)
        println(s"\nwhere the CPU samples go (${a.id.group}):\n$text")
      } else {
        Console.err.println(s"profile: no diff: the CPU profile of ${runnable.filterNot(c =>
            Files.isRegularFile(dir.dir.resolve("profiles").resolve(RunDir.safe(c.id.slug)).resolve("cpu.collapsed"))
          ).map(_.id.key).mkString(", ")} is missing")
        code = 1
      }
    }
    Subprocess.recording(dir.writeMeta(meta.copy(status = RunStatus.Complete, finished = Some(java.time.Instant.now().toString))))
    val data = RunData.load(dir.dir)
    println(TerminalTable.render(data))
    val failed = data.cells.filterNot(_.status.ok)
    if (failed.nonEmpty) {
      println(s"${failed.size} cells were not profiled:")
      failed.foreach(c => println(s"  ${c.key}: ${c.reason}"))
    }
    println(
      s"profiled ${runnable.size} cells in ${Format.duration(progress.elapsed)}; flame graphs under ${dir.dir.resolve("profiles")}; ./bench report ${dir.dir} --format html links them"
    )
    println(dir.dir.toString)
    if (failed.nonEmpty) 1 else code
  }

  final case class Profiled(
      status: Outcome, reason: String, jmh: Option[Path], seconds: Double, files: Vector[(String, Path)], notes: Vector[String]
  )

  /** Measures one verified cell twice under the profiler (CPU event, then allocations). */
  def profileCell(
      cell: PlannedCell, settings: Settings, profile: MeasureProfile, modules: Modules, dir: RunDir,
      lib: Either[String, Path], event: String, timeout: Long, progress: Progress
  ): Profiled = {
    val home = dir.dir.resolve("profiles").resolve(RunDir.safe(cell.id.slug))
    Files.createDirectories(home)
    def jmh(tag: String, prof: Path => String): (JmhCell.Outcome, Path, Vector[String]) = {
      val raw = home.resolve(s"raw-$tag")
      val log = dir.logFile(s"${cell.jvm.label}--${cell.id.slug}--$tag")
      val o = JmhCell.run(cell, settings, profile, modules, dir.jmhFile(s"${cell.id.slug}--$tag", cell.jvm), log, timeout, progress,
        Vector("-prof", prof(raw)))
      val lines =
        if (Files.isRegularFile(log)) new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split('\n').toVector else Vector.empty
      (o, raw, lines)
    }
    lib match {
      case Left(_) =>
        // No native library for this platform: JDK Flight Recorder through JMH, CPU and allocation in one file.
        val (o, raw, _) = jmh("jfr", raw => s"jfr:dir=$raw")
        val jfr = files(raw).find(_.getFileName.toString.endsWith(".jfr")).map(f => move(f, home.resolve("profile.jfr")))
        deleteTree(raw)
        Profiled(o.status, o.reason, o.jmhFile, o.seconds, jfr.map("jfr" -> _).toVector,
          Vector("no async-profiler for this platform: JFR recording (open it with JDK Mission Control)"))
      case Right(l) =>
        AsyncProfiler.unloadable(l) match {
          case Some(why) =>
            val line = s"profiler cannot start: $why"
            Profiled(Outcome.Failed, line, None, 0.0, Vector.empty, Vector.empty)
          case None =>
            var notes = Vector.empty[String]
            var seconds = 0.0
            def attempt(tag: String, ev: String): (JmhCell.Outcome, Path, Option[String]) = {
              val (o, raw, lines) = jmh(tag, raw => AsyncProfiler.jmhOption(l, ev, raw))
              seconds += o.seconds
              (o, raw, if (o.status.ok) None else AsyncProfiler.startFailure(lines))
            }
            // CPU: the event asked for; where the profiler starts but not with that event, itimer, then
            // wall-clock (a library that does not load fails every event alike: no retries then).
            var cpu = attempt("cpu", event)
            var used = event
            for (ev <- Vector("itimer", "wall").filterNot(_ == event) if cpu._3.exists(!_.contains("Unable to load"))) {
              notes :+= s"the profiler did not start with event=$used (${cpu._3.get}); trying event=$ev"
              cpu = attempt("cpu", ev)
              used = ev
            }
            val (cpuO, cpuRaw, cpuFail) = cpu
            val (allocO, allocRaw, allocFail) = attempt("alloc", "alloc")
            var found = Vector.empty[(String, Path)]
            flame(cpuRaw).foreach(f => found :+= "cpu" -> move(f, home.resolve("cpu.html")))
            collapsed(cpuRaw).foreach(t => found :+= "cpu stacks" -> write(home.resolve("cpu.collapsed"), t))
            flame(allocRaw).foreach(f => found :+= "alloc" -> move(f, home.resolve("alloc.html")))
            collapsed(allocRaw).foreach(t => found :+= "alloc stacks" -> write(home.resolve("alloc.collapsed"), t))
            Vector(cpuRaw, allocRaw).foreach(deleteTree)
            if (cpuFail.isEmpty && used != event) notes :+= s"CPU profile with event=$used"
            if (cpuFail.isDefined && allocFail.isEmpty) notes :+= s"no CPU profile (${cpuFail.get}); allocation profile only"
            val forks = profile.forks
            if (forks > 1 && found.nonEmpty)
              notes :+= s"flame graphs show the last of $forks forks; the .collapsed stacks add up every fork"
            (cpuFail, allocFail) match {
              case (Some(c), Some(_)) => Profiled(Outcome.Failed, s"profiler cannot start: $c", None, seconds, found, notes)
              case _ =>
                val best = if (cpuO.status.ok || !allocO.status.ok) cpuO else allocO
                Profiled(best.status, best.reason, best.jmhFile.orElse(allocO.jmhFile), seconds, found, notes)
            }
        }
    }
  }

  private def files(dir: Path): Vector[Path] =
    if (!Files.isDirectory(dir)) Vector.empty
    else {
      val s = Files.walk(dir);
      try s.iterator().asScala.filter(Files.isRegularFile(_)).toVector
      finally s.close()
    }

  /** The flame graph JMH leaves beside the per-fork copies (`flame-<event>-forward.<pid>.html`): the last fork's. */
  private def flame(raw: Path): Option[Path] =
    files(raw).find(f => f.getFileName.toString.matches("flame-[a-z]+-forward\\.html"))

  /** Every fork's collapsed stacks added up (JMH keeps one `collapsed-<event>.<pid>.csv` per fork). */
  private def collapsed(raw: Path): Option[String] = {
    val all = files(raw).filter(_.getFileName.toString.startsWith("collapsed-"))
    val perFork = all.filter(_.getFileName.toString.matches("collapsed-[a-z]+\\.\\d+\\.csv"))
    val use = if (perFork.nonEmpty) perFork else all
    if (use.isEmpty) None
    else {
      val sum = use.map(f => ProfilerDiff.parseCollapsed(RunData.read(f))).foldLeft(Map.empty[String, Long]) { (acc, m) =>
        m.foldLeft(acc) { case (a, (k, n)) => a.updated(k, a.getOrElse(k, 0L) + n) }
      }
      Some(sum.toVector.sortBy(-_._2).map { case (k, n) => s"$k $n" }.mkString("", "\n", "\n"))
    }
  }

  private def move(from: Path, to: Path): Path = Files.move(from, to, StandardCopyOption.REPLACE_EXISTING)
  private def write(to: Path, text: String): Path = Files.write(to, text.getBytes(StandardCharsets.UTF_8))
  private def deleteTree(p: Path): Unit = if (Files.exists(p)) {
    val s = Files.walk(p)
    try s.iterator().asScala.toVector.reverse.foreach(f => Files.deleteIfExists(f))
    finally s.close()
  }
}
