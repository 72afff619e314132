package effectbench.modern

/** Reading settings that a library keeps in non-public places, for the read-back record only. */
object Reflect {
  def staticBoolean(className: String, field: String): Option[Boolean] =
    staticField(className, field).collect { case b: java.lang.Boolean => b.booleanValue }

  def staticField(className: String, field: String): Option[AnyRef] =
    try {
      val f = Class.forName(className).getDeclaredField(field)
      f.setAccessible(true)
      Option(f.get(null))
    } catch { case _: Throwable => None }

  def intField(obj: AnyRef, field: String): Option[Int] = fieldValue(obj, field).collect { case i: java.lang.Integer => i.intValue }

  /** A field's value, looked up in the object's class and its superclasses. */
  def fieldValue(obj: AnyRef, field: String): Option[AnyRef] = {
    var c: Class[?] = obj.getClass
    while (c != null) {
      try {
        val f = c.getDeclaredField(field)
        f.setAccessible(true)
        return Option(f.get(obj))
      } catch { case _: Throwable => c = c.getSuperclass }
    }
    None
  }

  /** The values `n` of every `iinc v, 1; iload v; sipush n; if_icmple` in a class's bytecode: how a
    * Scala `final val` budget compared against an incremented counter is compiled, the constant
    * inlined (it has no field to read). Read from the class file the given class was loaded from. */
  def counterLimits(cls: Class[?]): Vector[Int] = {
    val in = cls.getResourceAsStream("/" + cls.getName.replace('.', '/') + ".class")
    if (in == null) Vector.empty
    else {
      val b =
        try in.readAllBytes()
        finally in.close()
      def u(i: Int) = b(i) & 0xff
      (0 until b.length - 10).flatMap { i =>
        val v = u(i + 1)
        val iinc = u(i) == 0x84 && u(i + 2) == 1
        val iload = u(i + 3) == 0x15 && u(i + 4) == v
        if (iinc && iload && u(i + 5) == 0x11 && u(i + 8) == 0xa4) Some((u(i + 6) << 8) | u(i + 7)) else None
      }.toVector
    }
  }
}
