package effectbench.runner

import java.nio.channels.FileChannel
import java.nio.file.{Path, Paths, StandardOpenOption}

/** One measurement at a time on a machine. JMH itself refuses to start while another JMH holds
  * `<tmpdir>/jmh.lock`, which would make the second of two concurrent runs fail every cell.
  * Instead the runner takes that same lock around each cell it times (waiting, and saying why,
  * when another run holds it) and starts JMH with -Djmh.ignoreLock=true: two runs at once
  * both complete, their measurements never overlap, and other JMH users are still kept out. */
object MeasureLock {
  def file: Path = Paths.get(System.getProperty("java.io.tmpdir")).resolve("jmh.lock")

  def holding[A](events: EngineEvent.Sink)(body: => A): A = {
    val ch =
      try Some(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE))
      catch {
        case e: java.io.IOException =>
          events(EngineEvent.Warning(s"cannot open $file (${e.getMessage}); measuring without the machine-wide lock")); None
      }
    try {
      val lock = ch.map { c =>
        Option(c.tryLock()).getOrElse {
          events(EngineEvent.Waiting(s"another benchmark on this machine is measuring (it holds $file); this cell starts when it is done"))
          c.lock()
        }
      }
      try body
      finally lock.foreach(l =>
          try l.release()
          catch { case _: java.io.IOException => () }
        )
    } finally {
      ch.foreach(_.close())
      // A fork, or a relay group, is done: the status line counts it.
      events(EngineEvent.ForkEnded)
    }
  }
}
