package effectbench.stats

/** A text resource of the stats tests (recorded fork data). */
object TestResource {
  def text(path: String): String = {
    val in = getClass.getResourceAsStream(path)
    assert(in != null, s"$path is a test resource")
    try new String(in.readAllBytes(), "UTF-8")
    finally in.close()
  }
}
