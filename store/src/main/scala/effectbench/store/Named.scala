package effectbench.store

/** An ordered JSON object of named values (read-back settings, library versions, counted work):
  * the order written is the order read, which a Map would not keep. */
final case class Named[V](entries: Vector[(String, V)]) {
  def get(key: String): Option[V] = entries.collectFirst { case (k, v) if k == key => v }
  def isEmpty: Boolean = entries.isEmpty
}

object Named {
  def empty[V]: Named[V] = Named(Vector.empty)
  def of[V](entries: Iterable[(String, V)]): Named[V] = Named(entries.toVector)
}
