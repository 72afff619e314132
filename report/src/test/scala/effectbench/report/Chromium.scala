package effectbench.report

import java.io.{BufferedReader, InputStreamReader}
import java.net.URI
import java.net.http.{HttpClient, HttpRequest, HttpResponse, WebSocket}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, Paths}
import java.util.concurrent.{CompletableFuture, CompletionStage, ConcurrentHashMap, TimeUnit, TimeoutException}
import java.util.concurrent.atomic.AtomicInteger

/** Headless Chromium for the browser tests: opens a page and returns its DOM after scripts ran, or,
  * for many pages, keeps one browser open and reads each page's self-test over the DevTools protocol. */
object Chromium {
  /** $CHROMIUM, else the usual install paths. */
  lazy val binary: Option[Path] =
    (sys.env.get("CHROMIUM").toVector ++ Vector("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
      "/usr/bin/google-chrome-stable"))
      .map(Paths.get(_)).find(p => Files.isExecutable(p))

  /** What a browser test does with the Chromium found: runs on it, or, with none, is skipped on a
    * developer's machine and fails under CI (`CI=true`, as GitHub Actions sets it), where an image
    * without a browser would otherwise pass unseen. */
  enum Need {
    case Found(bin: Path)
    case Skip(why: String)
    case Fail(why: String)
  }

  val Missing =
    "no chromium found (/usr/bin/chromium, chromium-browser, google-chrome or $CHROMIUM); CI installs it with apt-get install chromium"

  def need(found: Option[Path], env: Map[String, String]): Need = found match {
    case Some(bin) => Need.Found(bin)
    case None if env.get("CI").exists(_.equalsIgnoreCase("true")) => Need.Fail(s"$Missing, and CI=true: a browser test may not skip in CI")
    case None => Need.Skip(s"SKIPPED: $Missing")
  }

  /** The Chromium of a browser test, as `need` decides for this machine: skips or fails the test without one. */
  def required(t: munit.Assertions): Path = need(binary, sys.env) match {
    case Need.Found(bin) => bin
    case Need.Skip(why) => t.assume(false, why); throw new IllegalStateException(why)
    case Need.Fail(why) => t.fail(why)
  }

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

  /** Runs `f` with one browser open for all its pages, and closes the browser after, also when `f` throws. */
  def browser[A](bin: Path, window: Option[(Int, Int)] = None)(f: Browser => A): A = {
    val b = Browser.open(bin, window)
    try f(b)
    finally b.close()
  }

  /** One headless Chromium driven over the DevTools protocol (the JDK's WebSocket, one tab): a start
    * of Chromium costs about a second, more than checking a page does. Every wait has a limit, so a
    * hung browser fails the test instead of hanging it. */
  final class Browser private (
      process: Process, stderr: StringBuffer, ws: WebSocket, replies: ConcurrentHashMap[Int, CompletableFuture[ujson.Value]]
  ) {
    private val ids = new AtomicInteger()

    /** Sends one command to the tab and waits for its result; a protocol error throws. */
    private def call(method: String, params: ujson.Obj = ujson.Obj(), timeoutSeconds: Long = 30): ujson.Value = {
      val id = ids.incrementAndGet()
      val reply = new CompletableFuture[ujson.Value]()
      replies.put(id, reply)
      try {
        ws.sendText(ujson.write(ujson.Obj("id" -> id, "method" -> method, "params" -> params)), true).get(timeoutSeconds, TimeUnit.SECONDS)
        val r = reply.get(timeoutSeconds, TimeUnit.SECONDS)
        r.obj.get("error").foreach(e => throw new RuntimeException(s"chromium: $method failed: $e"))
        r("result")
      } catch {
        case _: TimeoutException =>
          throw new RuntimeException(s"chromium did not answer $method in ${timeoutSeconds}s; stderr: ${stderr.toString.takeRight(2000)}")
      } finally { replies.remove(id); () }
    }

    private def evaluate(expression: String): ujson.Value =
      call("Runtime.evaluate", ujson.Obj("expression" -> expression, "returnByValue" -> true))("result").obj.getOrElse("value", ujson.Null)

    /** Opens `url` (its `#selftest` included) and returns the text of its `#selftest-result` once its
      * self-test wrote it, None when it wrote none within `settleSeconds` of the page's load (the
      * pages write it 200 ms after); and what Chromium wrote to stderr meanwhile. The tab goes to
      * about:blank first, so that the next page loads even when it differs from the last in its hash only. */
    def selftest(url: String, loadSeconds: Long = 30, settleSeconds: Long = 3): (Option[String], String) =
      try check(url, loadSeconds, settleSeconds)
      catch { case e: Exception => throw new RuntimeException(s"$url: ${e.getMessage}", e) }

    private def check(url: String, loadSeconds: Long, settleSeconds: Long): (Option[String], String) = {
      val logFrom = stderr.length
      def log = stderr.substring(logFrom.min(stderr.length))
      call("Page.navigate", ujson.Obj("url" -> "about:blank"))
      val nav = call("Page.navigate", ujson.Obj("url" -> url))
      nav.obj.get("errorText").map(_.str).filter(_.nonEmpty) match {
        case Some(e) => (None, s"navigation failed: $e\n$log")
        case None =>
          val start = System.nanoTime()
          var loaded = Option.empty[Long]
          var result = Option.empty[String]
          def seconds(from: Long) = (System.nanoTime() - from) / 1e9
          while (result.isEmpty && loaded.forall(t => seconds(t) < settleSeconds)) {
            if (loaded.isEmpty && seconds(start) > loadSeconds)
              throw new RuntimeException(s"did not finish loading in ${loadSeconds}s; stderr: ${log.takeRight(2000)}")
            val state = evaluate(
              "JSON.stringify({href: location.href, ready: document.readyState, " +
                "result: document.getElementById('selftest-result') && document.getElementById('selftest-result').textContent})"
            )
            val s = ujson.read(state.str)
            if (s("href").str != "about:blank") {
              result = s("result").strOpt
              if (loaded.isEmpty && s("ready").str == "complete") loaded = Some(System.nanoTime())
            }
            if (result.isEmpty) Thread.sleep(20)
          }
          (result, log)
      }
    }

    def close(): Unit =
      try ws.abort()
      finally Browser.stop(process)
  }

  object Browser {
    private val Listening = """DevTools listening on (ws://\S+)""".r.unanchored

    /** The tab's timers run on time even if Chromium counts it as in the background. */
    private val timers =
      Vector("--disable-background-timer-throttling", "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows")

    /** Starts Chromium on a free port (it prints the port on stderr), opens a tab and connects to it. */
    def open(bin: Path, window: Option[(Int, Int)]): Browser = {
      val profile = Files.createTempDirectory("chromium-profile")
      val size = window.map { case (w, h) => s"--window-size=$w,$h" }.toVector
      val process =
        new ProcessBuilder((Vector(bin.toString) ++ flags(profile) ++ size ++ Vector("--remote-debugging-port=0") ++ timers): _*)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
      try {
        val stderr = new StringBuffer()
        val endpoint = new CompletableFuture[String]()
        val reader = new Thread(
          () => {
            val in = new BufferedReader(new InputStreamReader(process.getErrorStream, StandardCharsets.UTF_8))
            Iterator.continually(in.readLine()).takeWhile(_ != null).foreach { line =>
              stderr.append(line).append('\n')
              line match {
                case Listening(ws) => endpoint.complete(ws)
                case _ => ()
              }
            }
            endpoint.completeExceptionally(new RuntimeException(s"chromium exited before it listened: $stderr"))
            ()
          }, "chromium-stderr"
        )
        reader.setDaemon(true)
        reader.start()
        val browserWs = URI.create(endpoint.get(30, TimeUnit.SECONDS))
        val http = HttpClient.newHttpClient()
        val tab = http.send(
          HttpRequest.newBuilder(URI.create(s"http://${browserWs.getAuthority}/json/new?about:blank"))
            .PUT(HttpRequest.BodyPublishers.noBody()).timeout(java.time.Duration.ofSeconds(30)).build(),
          HttpResponse.BodyHandlers.ofString()
        )
        if (tab.statusCode() != 200) throw new RuntimeException(s"chromium opened no tab: ${tab.statusCode()} ${tab.body()}")
        val replies = new ConcurrentHashMap[Int, CompletableFuture[ujson.Value]]()
        val listener = new WebSocket.Listener {
          private val text = new java.lang.StringBuilder()
          override def onText(ws: WebSocket, data: CharSequence, last: Boolean): CompletionStage[?] = {
            text.append(data)
            if (last) {
              val m = ujson.read(text.toString)
              text.setLength(0)
              // Events (no id) are not asked for and not needed.
              m.obj.get("id").foreach(id => Option(replies.get(id.num.toInt)).foreach(_.complete(m)))
            }
            ws.request(1)
            null
          }
          override def onError(ws: WebSocket, e: Throwable): Unit = replies.values.forEach(_.completeExceptionally(e))
          override def onClose(ws: WebSocket, code: Int, reason: String): CompletionStage[?] = {
            replies.values.forEach(_.completeExceptionally(new RuntimeException(s"chromium closed the connection: $code $reason")))
            null
          }
        }
        val ws = http.newWebSocketBuilder().connectTimeout(java.time.Duration.ofSeconds(30))
          .buildAsync(URI.create(ujson.read(tab.body())("webSocketDebuggerUrl").str), listener).get(30, TimeUnit.SECONDS)
        new Browser(process, stderr, ws, replies)
      } catch {
        case e: Throwable =>
          stop(process)
          throw e
      }
    }

    /** Ends Chromium and the processes it started, giving it a few seconds before killing it. */
    private def stop(process: Process): Unit = {
      val children = process.descendants().toArray(n => new Array[ProcessHandle](n)).toVector
      process.destroy()
      if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly()
      children.foreach(_.destroyForcibly())
    }
  }
}
