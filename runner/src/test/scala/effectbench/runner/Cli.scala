package effectbench.runner

import effectbench.store.{CellRecord, RunFiles, RunMeta}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}
import java.util.concurrent.TimeUnit
import scala.jdk.CollectionConverters._

/** Launches the real runner (the classpath `./bench build` wrote) as a child process, the way
  * `./bench` does, so the tests see exactly what a user sees: exit code, stdout, stderr. */
object Cli {
  val root: Path = Paths.get(".").toAbsolutePath.normalize()

  /** The CLI's entry point, in the `cli` module. */
  val mainClass = "effectbench.cli.Main"

  lazy val runnerClasspath: String = {
    val f = root.resolve("target/bench/cli.classpath")
    assert(Files.isRegularFile(f), s"$f is missing: run ./bench build (./bench test does) before these tests")
    new String(Files.readAllBytes(f), StandardCharsets.UTF_8).trim
  }

  /** The runners of these tests take JMH's machine-wide lock (MeasureLock) in a directory of their
    * own, so they wait for each other but not for benchmarks other people run on this machine. One
    * directory for every test JVM of this tree: the runner's suites run in two JVMs side by side
    * (build.sbt, testGrouping), and their measurements must not overlap. */
  lazy val lockDir: Path = Files.createDirectories(root.resolve("target/bench-test-tmp"))

  private val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString

  final case class Result(exit: Int, out: String, err: String) {
    def errLines: Vector[String] = err.split('\n').toVector.filter(_.trim.nonEmpty)
    def all: String = out + "\n" + err
    /** What a stack trace looks like on a terminal. */
    def hasStackTrace: Boolean = all.split('\n').exists(l => l.startsWith("\tat ") || l.contains("Exception in thread"))
  }

  /** A running runner: its process and where its output goes. */
  final class Running(val process: Process, outFile: Path, errFile: Path) {
    def pid: Long = process.pid()
    def await(seconds: Long = 600): Result = {
      assert(process.waitFor(seconds, TimeUnit.SECONDS), s"the runner did not end within $seconds s")
      Result(process.exitValue(), read(outFile), read(errFile))
    }
    def err: String = read(errFile)
  }

  def start(args: String*): Running = startWith(Vector.empty, args.toVector)

  /** As `start`, with system properties (`-Dk=v`) given to the runner's JVM. */
  def startWith(props: Vector[String], args: Vector[String]): Running = {
    val out = Files.createTempFile("bench-out", ".txt")
    val err = Files.createTempFile("bench-err", ".txt")
    val cmd = Vector(java, "-Xss4m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", s"-Deffectbench.root=$root",
      s"-Djava.io.tmpdir=$lockDir") ++ props ++ Vector("-cp", runnerClasspath, mainClass) ++ args
    val pb = new ProcessBuilder(cmd.asJava).directory(root.toFile).redirectOutput(out.toFile).redirectError(err.toFile)
    pb.environment().remove("EFFECTBENCH_DEBUG")
    new Running(pb.start(), out, err)
  }

  def run(args: String*): Result = start(args: _*).await()

  def runWith(props: Vector[String], args: String*): Result = startWith(props, args.toVector).await()

  def read(p: Path): String = if (Files.isRegularFile(p)) new String(Files.readAllBytes(p), StandardCharsets.UTF_8) else ""

  /** The run directories under a results directory. */
  def runDirs(out: Path): Vector[Path] =
    if (!Files.isDirectory(out)) Vector.empty
    else Files.list(out).iterator().asScala.toVector.filter(d => Files.isRegularFile(d.resolve("run.json"))).sortBy(_.toString)

  def cellRecords(dir: Path): Vector[CellRecord] =
    read(dir.resolve("cells.jsonl")).split('\n').toVector.filter(_.trim.nonEmpty).map(l =>
      RunFiles.readCell(l, dir.resolve("cells.jsonl").toString)
    )

  def runMeta(dir: Path): RunMeta = RunFiles.readMeta(dir.resolve("run.json"))

  /** Java processes started by the runner with this pid (children carry -Deffectbench.runnerPid). */
  def childrenOf(runnerPid: Long): Vector[ProcessHandle] =
    ProcessHandle.allProcesses().iterator().asScala.toVector.filter { h =>
      h.isAlive && h.info().commandLine().orElse("").contains(s"-Deffectbench.runnerPid=$runnerPid")
    }

  /** Waits until `cond` holds, polling; false when `seconds` passed first. */
  def eventually(seconds: Int)(cond: => Boolean): Boolean = {
    val until = System.nanoTime() + seconds * 1000000000L
    var ok = cond
    while (!ok && System.nanoTime() < until) { Thread.sleep(200); ok = cond }
    ok
  }

  def tempDir(prefix: String): Path = Files.createTempDirectory(prefix)
}
