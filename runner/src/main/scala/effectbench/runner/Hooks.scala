package effectbench.runner

import effectbench.Json

/** What happens after each finished cell is on disk (the store indexes it). */
object Hooks {
  def onCellRecorded(dir: RunDir, record: Json): Unit = ()
}
