package effectbench.runner

import effectbench.store.{CellRecord, Index, Sources}

/** What happens after each finished cell is on disk: its source file is snapshotted into the run
  * directory (so reports show the code that was measured) and the cell is indexed in
  * `<results>/index.db`. Neither may fail the run: problems are reported and the run goes on. */
object Hooks {
  def onCellRecorded(dir: RunDir, record: CellRecord): Unit = {
    val source = record.source
    if (source.nonEmpty)
      try Sources.snapshot(Workspace.root, dir.dir, source)
      catch { case e: Exception => Console.err.println(s"warning: could not snapshot $source into ${dir.dir}/sources (${e.getMessage})") }
    val results = dir.dir.toAbsolutePath.getParent
    try new Index(results).indexCell(dir.dir, record)
    catch {
      case e: Exception =>
        Console.err.println(s"warning: ${record.cell} is recorded in ${dir.cellsFile} but not indexed in ${results.resolve("index.db")} " +
          s"(${e.getClass.getSimpleName}: ${e.getMessage}); ./bench reindex rebuilds the index")
    }
  }
}
