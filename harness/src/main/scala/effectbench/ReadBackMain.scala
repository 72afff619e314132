package effectbench

/** Starts one runtime of this module under a profile and prints, as one JSON line, the processor
  * count this JVM sees and what the live runtime reads back. ReadBackSuite runs it in a child JVM
  * configured like the measuring one (the profile's system properties are read before any of a
  * runtime's classes load, so they cannot be set from inside an already-running test JVM).
  *
  * Usage: ReadBackMain RUNTIME levelled|defaults */
object ReadBackMain {
  def main(args: Array[String]): Unit = {
    val code = try {
      val runtime = args(0)
      val settings = Settings(args(1))
      val setup = Harness.registry.setups.find(_.runtime == runtime)
        .getOrElse(throw new IllegalArgumentException(s"no runtime $runtime in this module"))
      val live = setup.start(settings)
      val rb = try live.readBack finally live.close()
      println(Json.obj("runtime" -> Json.str(runtime), "processors" -> Json.num(Runtime.getRuntime.availableProcessors().toDouble),
        "readBack" -> Json.strMap(rb)).render)
      0
    } catch {
      case e: Throwable =>
        println(Json.obj("error" -> Json.str(s"${e.getClass.getName}: ${e.getMessage}")).render)
        1
    }
    System.out.flush()
    // Some runtimes keep non-daemon pools alive after close; the answer is printed.
    Runtime.getRuntime.halt(code)
  }
}
