package effectbench

import java.util.jar.{Attributes, JarFile}

/** The version of a library as the live classpath has it: the `Implementation-Version` of the
  * manifest of the jar a class of the library was loaded from. Cats Effect, ZIO and Monix write it
  * (sbt's package task adds it; seen in the META-INF/MANIFEST.MF of cats-effect_3-3.7.1.jar,
  * zio_3-2.1.26.jar and monix-eval_3-3.4.1.jar), so `--lib` cells record the version that ran, not
  * the version asked for. The manifest of the class's own jar is read, not `Package`'s, because a
  * package can be defined by whichever jar of a split package loads first. */
object LibraryVersion {
  /** The read-back key under which a runtime's live version is reported (see `Live.readBack`). */
  val ReadBackKey = "library"

  def of(cls: Class[_]): String = {
    val fromJar =
      try {
        val src = Option(cls.getProtectionDomain.getCodeSource).flatMap(s => Option(s.getLocation))
        src.map(u => new java.io.File(u.toURI)).filter(_.isFile).flatMap { f =>
          val jar = new JarFile(f)
          try Option(jar.getManifest).flatMap(m => Option(m.getMainAttributes.getValue(Attributes.Name.IMPLEMENTATION_VERSION)))
          finally jar.close()
        }
      } catch { case _: Exception => None }
    fromJar.orElse(Option(cls.getPackage).flatMap(p => Option(p.getImplementationVersion))).getOrElse("unreadable")
  }
}
