package effectbench

import java.util.Locale

/** Every number a program of the suite prints reads alike on every machine: Scala's `f"..."` and
  * `String.format` follow the JVM's default locale (on a de_DE machine `f"${0.5}%.1f"` is `0,5`),
  * which would change the report texts and break what the runner reads back from its JVMs. Each
  * entry point sets the default to `Locale.ROOT` before anything else. */
object RootLocale {
  def set(): Unit = Locale.setDefault(Locale.ROOT)
}
