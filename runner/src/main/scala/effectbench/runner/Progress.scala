package effectbench.runner

import effectbench.stats.Format

/** Progress on stderr: cells done of total, the current cell, elapsed time and an ETA from the
  * cells measured so far (or the profile's estimate before the first one). */
final class Progress(total: Int, estimatePerCell: Double) {
  private val started = System.nanoTime()
  private var done = 0
  private var measuredSeconds = 0.0
  private var measuredCells = 0

  def elapsed: Double = (System.nanoTime() - started) / 1e9

  private def eta: Double = {
    val per = if (measuredCells > 0) measuredSeconds / measuredCells else estimatePerCell
    per * (total - done)
  }

  def starting(what: String): Unit =
    Console.err.println(f"[${done + 1}%3d/$total] ${Format.duration(elapsed)} elapsed, ETA ${Format.duration(eta)} · $what")

  def finished(seconds: Double, measured: Boolean, outcome: String): Unit = {
    done += 1
    if (measured) { measuredSeconds += seconds; measuredCells += 1 }
    Console.err.println(s"          $outcome (${f"$seconds%.1f"} s)")
  }

  def note(msg: String): Unit = Console.err.println(msg)
}
