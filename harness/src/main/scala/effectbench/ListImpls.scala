package effectbench

import java.io.{File, PrintWriter}

/** Writes the module's implementations, one JSON object per line, for the runner's `list`
  * (run at build time, so that `list` starts no JVM of any module). */
object ListImpls {
  def main(args: Array[String]): Unit = {
    RootLocale.set()
    val lines = Harness.registry.impls.map { i =>
      Wire.write(ImplLine(i.scenario, i.variant, i.runtime, i.source, i.syntax))
    }
    val out = new File(args(0))
    out.getParentFile.mkdirs()
    val w = new PrintWriter(out, "UTF-8")
    try lines.foreach(w.println)
    finally w.close()
  }
}
