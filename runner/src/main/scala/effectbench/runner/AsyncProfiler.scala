package effectbench.runner

import java.nio.file.{Files, Path, StandardCopyOption}

/** async-profiler for `bench profile`: its native library comes from the Maven Central jar
  * `tools.profiler:async-profiler` (a runner dependency, see build.sbt), which carries
  * `linux-x64/`, `linux-arm64/` and `macos/libasyncProfiler.so`; the one for this platform is
  * extracted at run time into `target/async-profiler/<version>/` (never committed).
  * JMH attaches it through `-prof async:libPath=...` (org/openjdk/jmh/profile/AsyncProfiler.java). */
object AsyncProfiler {
  /** The jar's own resource directory for this OS and CPU; None where it ships no library. */
  def platformDir: Option[String] = {
    val os = sys.props.getOrElse("os.name", "").toLowerCase
    val arch = sys.props.getOrElse("os.arch", "").toLowerCase
    if (os.contains("linux") && (arch == "amd64" || arch == "x86_64")) Some("linux-x64")
    else if (os.contains("linux") && (arch == "aarch64" || arch == "arm64")) Some("linux-arm64")
    else if (os.contains("mac")) Some("macos")
    else None
  }

  def version: String = {
    val in = getClass.getResourceAsStream("/META-INF/maven/tools.profiler/async-profiler/pom.properties")
    if (in == null) "unknown"
    else
      try {
        val p = new java.util.Properties()
        p.load(in)
        p.getProperty("version", "unknown")
      } finally in.close()
  }

  /** The extracted library, or why there is none (one line). */
  def library(root: Path): Either[String, Path] = platformDir match {
    case None => Left(s"async-profiler ships no native library for ${sys.props("os.name")}/${sys.props("os.arch")}")
    case Some(dir) =>
      val res = s"/$dir/libasyncProfiler.so"
      val in = getClass.getResourceAsStream(res)
      if (in == null) Left(s"the async-profiler jar is not on the runner's classpath (no $res); run ./bench build")
      else
        try {
          val target = root.resolve("target").resolve("async-profiler").resolve(version).resolve(dir).resolve("libasyncProfiler.so")
          if (!Files.isRegularFile(target)) {
            Files.createDirectories(target.getParent)
            // Another runner may extract at the same moment: write aside, then rename.
            val tmp = Files.createTempFile(target.getParent, "lib", ".so.tmp")
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING)
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
          }
          Right(target)
        } catch {
          case e: java.io.IOException => Left(s"cannot extract async-profiler's library under ${root.resolve("target")}: ${e.getMessage}")
        } finally in.close()
  }

  /** Whether a library file can be loaded at all: it exists, is a readable file and starts like
    * a shared object (ELF on Linux, Mach-O on macOS). None when it looks loadable. */
  def unloadable(lib: Path): Option[String] = {
    if (!Files.exists(lib)) Some(s"the async-profiler library $lib does not exist")
    else if (!Files.isRegularFile(lib) || !Files.isReadable(lib)) Some(s"the async-profiler library $lib is not a readable file")
    else {
      val head =
        try {
          val in = Files.newInputStream(lib)
          try in.readNBytes(4)
          finally in.close()
        } catch { case e: java.io.IOException => return Some(s"the async-profiler library $lib cannot be read (${e.getMessage})") }
      val elf = head.length == 4 && head(0) == 0x7f && head(1) == 'E' && head(2) == 'L' && head(3) == 'F'
      val machO = head.length == 4 && (head(0) & 0xff) == 0xcf && (head(1) & 0xff) == 0xfa
      if (elf || machO) None else Some(s"the async-profiler library $lib is not a shared library")
    }
  }

  /** The CPU event to ask for, and a note when it is not `cpu`. async-profiler's `cpu` uses perf
    * events where the kernel allows them and falls back to `ctimer` by itself (src/profiler.cpp,
    * Profiler::selectEngine); a paranoid level above 2 forbids perf events to unprivileged users
    * outright (Debian and Android kernels), so `itimer` is asked for directly there. */
  def cpuEvent(paranoidFile: Path = java.nio.file.Paths.get("/proc/sys/kernel/perf_event_paranoid")): (String, Option[String]) = {
    val level =
      try Some(new String(Files.readAllBytes(paranoidFile)).trim.toInt)
      catch { case _: Exception => None }
    level match {
      case Some(l) if l > 2 => ("itimer", Some(s"perf events are not allowed here (perf_event_paranoid=$l): CPU profiles use itimer"))
      case None if platformDir.exists(_.startsWith("linux")) => ("itimer", Some(s"cannot read $paranoidFile: CPU profiles use itimer"))
      case _ => ("cpu", None)
    }
  }

  /** JMH's `-prof async:` options: flame graph and collapsed stacks, forward only. */
  def jmhOption(lib: Path, event: String, dir: Path): String =
    s"async:libPath=$lib;event=$event;output=flamegraph,collapsed;direction=forward;dir=$dir"

  /** A line of JMH's log that says the profiler did not start. */
  def startFailure(lines: Vector[String]): Option[String] =
    lines.find(_.contains("Unable to load async-profiler")).map(_.trim.take(240)).orElse(lines.find(l =>
        l.contains("Unable to load async-profiler") || l.contains("Profilers failed to initialize") ||
          (l.contains("[ERROR]") && l.toLowerCase.contains("profiler")) || l.contains("Can't load profiler") ||
          (l.contains("UnsatisfiedLinkError") && l.contains("syncProfiler"))
      ).map(_.trim.take(240)))
}
