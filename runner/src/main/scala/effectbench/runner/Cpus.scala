package effectbench.runner

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}

/** The core-count axis (`run --cpus 1,2`): each count is a JVM environment of its own. The
  * measuring JVM is told the count with `-XX:ActiveProcessorCount=N` (HotSpot's product flag,
  * `src/hotspot/share/runtime/globals.hpp` in openjdk/jdk: it overrides the processor count the JVM
  * computes, which `Runtime.availableProcessors()` returns), so every pool sized "to the processors"
  * is sized from the JVM's own view; where `taskset` exists it is also pinned to N cores, so the
  * count is real and not only believed. */
object Cpus {
  def labelSuffix(cpus: Option[Int]): String = cpus.fold("")(n => s", $n cpu" + (if (n == 1) "" else "s"))

  def jvmFlags(cpus: Option[Int]): Vector[String] = cpus.toVector.map(n => s"-XX:ActiveProcessorCount=$n")

  lazy val taskset: Option[Path] =
    Vector("/usr/bin/taskset", "/bin/taskset", "/usr/local/bin/taskset").map(Paths.get(_)).find(Files.isExecutable(_))

  /** The CPUs this process may run on (Linux `Cpus_allowed_list`), e.g. "0-3,6" -> 0,1,2,3,6. */
  lazy val allowed: Vector[Int] = {
    val status = Paths.get("/proc/self/status")
    val fromProc =
      try {
        if (!Files.isRegularFile(status)) Vector.empty
        else new String(Files.readAllBytes(status), StandardCharsets.UTF_8).split('\n').toVector
          .find(_.startsWith("Cpus_allowed_list:")).toVector
          .flatMap(l => parseList(l.stripPrefix("Cpus_allowed_list:").trim))
      } catch { case _: Exception => Vector.empty }
    if (fromProc.nonEmpty) fromProc else (0 until Runtime.getRuntime.availableProcessors()).toVector
  }

  def parseList(s: String): Vector[Int] = s.split(',').toVector.map(_.trim).filter(_.nonEmpty).flatMap { part =>
    part.split('-') match {
      case Array(a) => a.toIntOption.toVector
      case Array(a, b) => (for (x <- a.toIntOption; y <- b.toIntOption) yield (x to y).toVector).getOrElse(Vector.empty)
      case _ => Vector.empty
    }
  }

  /** The N cores a JVM of `--cpus N` runs on: the last N this process may use, since Linux routes
    * device interrupts to the first CPU unless told otherwise (on the 2-core guest every virtio
    * interrupt in /proc/interrupts lands on CPU0). */
  def pinned(n: Int): Vector[Int] = allowed.takeRight(n)

  /** The disjoint sets of `n` cores that a relay's warm-up turns may take at once: the measuring cores
    * (`pinned(n)`) first, then the next `n` down, as many whole sets as the run's cores hold; only the
    * measuring cores where taskset is missing (a JVM could not be moved). On the 2-core guest a one-core
    * table has two, (1) and (0); a two-core table one. */
  def lanes(n: Int): Vector[Vector[Int]] =
    if (taskset.isEmpty || n <= 0 || n > allowed.size) Vector(pinned(math.max(1, n)))
    else allowed.reverse.grouped(n).filter(_.size == n).map(_.reverse).toVector

  /** Moves every thread of `pid` and of its descendants (a JMH fork under its host JVM) to `cores`
    * (`taskset -a -p`); a stopped process is moved as well. False when taskset is missing or failed. */
  def pin(pid: Long, cores: Vector[Int]): Boolean = taskset.exists { ts =>
    Freezer.tree(pid).forall { p =>
      try {
        val proc = new ProcessBuilder(ts.toString, "-a", "-p", "-c", cores.mkString(","), p.toString)
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
        proc.waitFor() == 0 || !ProcessHandle.of(p).isPresent
      } catch { case _: java.io.IOException => false }
    }
  }

  /** `taskset -c <the last N allowed CPUs>` before the java command, where taskset exists. */
  def launcher(cpus: Option[Int]): Vector[String] = (cpus, taskset) match {
    case (Some(n), Some(ts)) if n <= allowed.size => Vector(ts.toString, "-c", pinned(n).mkString(","))
    case _ => Vector.empty
  }

  /** The cores a relayed table measures on when `--cpus` does not say: every core this process may
    * use. A JVM waiting for its turn is stopped whole (Freezer), so a turn has every core to itself and
    * the referee, and a multi-fiber cell measures its runtime's scheduler on the cores a program would
    * have (docs/lessons/one-core-turns.md). */
  def relayCount: Int = math.max(1, allowed.size)

  /** The families whose programs run one fiber: their relayed turns take one core. Why: a second core
    * adds only the wake-up of a pool thread across cores to each operation; on the nested 2-core guest
    * left-sum's ratios were ±2.4–15.4% wide on one core and ±27.9–85.2% on two, both in one run
    * (docs/lessons/one-core-turns.md). */
  val SingleFiber: Set[effectbench.Family] = Set(effectbench.Family.RunLoop, effectbench.Family.Errors)

  /** A relayed table's cores: one for a single-fiber family, else `all` (relayCount). */
  def relayCores(family: effectbench.Family, all: Int = relayCount): Int = if (SingleFiber(family)) 1 else all
}

object CpusAxis {
  /** Every JVM once per `--cpus` count (none given: the JVMs as they are). */
  def expand(jvms: Vector[Jvm], counts: Vector[Int]): Vector[Jvm] = {
    if (counts.isEmpty) jvms else for (j <- jvms; n <- counts) yield j.copy(cpus = Some(n))
  }
}
