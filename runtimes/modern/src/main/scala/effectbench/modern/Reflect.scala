package effectbench.modern

/** Reading settings that a library keeps in non-public places, for the read-back record only. */
object Reflect {
  def staticBoolean(className: String, field: String): Option[Boolean] =
    try {
      val f = Class.forName(className).getDeclaredField(field)
      f.setAccessible(true)
      Some(f.getBoolean(null))
    } catch { case _: Throwable => None }

  def intField(obj: AnyRef, field: String): Option[Int] = {
    var c: Class[?] = obj.getClass
    while (c != null) {
      try {
        val f = c.getDeclaredField(field)
        f.setAccessible(true)
        return Some(f.getInt(obj))
      } catch { case _: Throwable => c = c.getSuperclass }
    }
    None
  }
}
