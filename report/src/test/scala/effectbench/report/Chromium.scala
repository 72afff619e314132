package effectbench.report

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}
import java.util.concurrent.TimeUnit

/** Headless Chromium for the browser tests: opens a page and returns its DOM after scripts ran. */
object Chromium {
  /** $CHROMIUM, else the usual install paths. */
  lazy val binary: Option[Path] =
    (sys.env.get("CHROMIUM").toVector ++ Vector("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
      "/usr/bin/google-chrome-stable"))
      .map(Paths.get(_)).find(p => Files.isExecutable(p))

  def flags(profile: Path): Vector[String] = Vector("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--no-first-run", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", s"--user-data-dir=$profile")

  private def run(args: Vector[String], timeoutSeconds: Long): (Int, String, String) = {
    val out = Files.createTempFile("chromium", ".out")
    val err = Files.createTempFile("chromium", ".err")
    val p = new ProcessBuilder(args: _*).redirectOutput(out.toFile).redirectError(err.toFile).start()
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly(); throw new RuntimeException(s"chromium did not finish in ${timeoutSeconds}s: ${args.mkString(" ")}")
    }
    (p.exitValue(), new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
      new String(Files.readAllBytes(err), StandardCharsets.UTF_8))
  }

  /** The serialized DOM of `url` after its scripts ran (virtual time lets timers fire first), in a
    * window of the given size (Chromium's default when none). */
  def dumpDom(bin: Path, url: String, window: Option[(Int, Int)] = None): (String, String) = {
    val profile = Files.createTempDirectory("chromium-profile")
    val size = window.map { case (w, h) => s"--window-size=$w,$h" }.toVector
    val (code, out, err) =
      run(Vector(bin.toString) ++ flags(profile) ++ size ++ Vector("--virtual-time-budget=10000", "--dump-dom", url), 120)
    if (code != 0) throw new RuntimeException(s"chromium exited with $code: $err")
    (out, err)
  }

  def screenshot(bin: Path, url: String, png: Path, width: Int = 1280, height: Int = 2400): Unit = {
    val profile = Files.createTempDirectory("chromium-profile")
    val (code, _, err) = run(
      Vector(bin.toString) ++ flags(profile) ++
        Vector("--virtual-time-budget=10000", "--hide-scrollbars", s"--window-size=$width,$height", s"--screenshot=$png", url), 120
    )
    if (code != 0) throw new RuntimeException(s"chromium exited with $code: $err")
  }
}
