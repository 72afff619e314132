package effectbench

/** Where a program starts: `fork` pays one yield onto the runtime's pool, `sync` runs on the
  * calling thread where the runtime allows it. */
sealed abstract class Mode(val id: String)

object Mode {
  case object Fork extends Mode("fork")
  case object Sync extends Mode("sync")
  val all: Vector[Mode] = Vector(Fork, Sync)
  def get(id: String): Option[Mode] = all.find(_.id == id)
  def apply(id: String): Mode = get(id).getOrElse(throw new NoSuchElementException(s"unknown mode $id"))
}
