package effectbench

import java.io.{File, PrintWriter}

/** Writes the module's implementations, one JSON object per line, for the runner's `list`
  * (run at build time, so that `list` starts no JVM of any module). */
object ListImpls {
  def main(args: Array[String]): Unit = {
    val lines = Harness.registry.impls.map { i =>
      Json.obj("scenario" -> Json.str(i.scenario), "variant" -> Json.str(i.variant), "runtime" -> Json.str(i.runtime),
        "source" -> Json.str(i.source), "syntax" -> Json.str(i.syntax)).render
    }
    val out = new File(args(0))
    out.getParentFile.mkdirs()
    val w = new PrintWriter(out, "UTF-8")
    try lines.foreach(w.println) finally w.close()
  }
}
