package effectbench

/** Starts one runtime of this module under a profile and prints, as a java.util.Properties block
  * between `ReadBackMain.begin` and `ReadBackMain.end` lines (a format both Scala 2.12 and 3 read
  * with the JDK alone), the processor count this JVM sees and what the live runtime reads back. ReadBackSuite runs it in a child JVM
  * configured like the measuring one (the profile's system properties are read before any of a
  * runtime's classes load, so they cannot be set from inside an already-running test JVM).
  *
  * Usage: ReadBackMain RUNTIME levelled|defaults */
object ReadBackMain {
  val begin = "--- effectbench read-back ---"
  val end = "--- end of read-back ---"

  private def print(entries: Vector[(String, String)]): Unit = {
    val p = new java.util.Properties()
    entries.foreach { case (k, v) => p.setProperty(k, v) }
    val w = new java.io.StringWriter()
    p.store(w, null)
    println(begin)
    println(w.toString.trim)
    println(end)
  }

  /** The block printed by `print`, from a child JVM's whole output. */
  def parse(output: String): Option[java.util.Properties] = {
    val from = output.lastIndexOf(begin)
    val to = output.indexOf(end, math.max(from, 0))
    if (from < 0 || to < 0) None
    else {
      val p = new java.util.Properties()
      p.load(new java.io.StringReader(output.substring(from + begin.length, to)))
      Some(p)
    }
  }
  def main(args: Array[String]): Unit = {
    RootLocale.set()
    val code =
      try {
        val runtime = args(0)
        val settings = Settings(args(1))
        val setup = Harness.registry.setups.find(_.runtime == runtime)
          .getOrElse(throw new IllegalArgumentException(s"no runtime $runtime in this module"))
        val live = setup.start(settings)
        val rb =
          try live.readBack
          finally live.close()
        print(Vector("runtime" -> runtime, "processors" -> Runtime.getRuntime.availableProcessors().toString) ++
          rb.map { case (k, v) => s"readBack.$k" -> v })
        0
      } catch {
        case e: Throwable =>
          print(Vector("error" -> s"${e.getClass.getName}: ${e.getMessage}"))
          1
      }
    System.out.flush()
    // Some runtimes keep non-daemon pools alive after close; the answer is printed.
    Runtime.getRuntime.halt(code)
  }
}
