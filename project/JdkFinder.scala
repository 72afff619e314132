import java.io.File

/** Finds an installed JDK of at least a given feature version, at build time. */
object JdkFinder {
  private def feature(home: File): Option[Int] = {
    val release = new File(home, "release")
    if (!release.isFile || !new File(home, "bin/java").canExecute) None
    else {
      val src = scala.io.Source.fromFile(release)
      try {
        src.getLines().collectFirst {
          case l if l.startsWith("JAVA_VERSION=") =>
            val v = l.stripPrefix("JAVA_VERSION=").replace("\"", "")
            val first = v.takeWhile(_ != '.')
            if (first == "1") v.split('.')(1).toInt else first.toInt
        }
      } finally src.close()
    }
  }

  def candidates: Seq[File] = {
    val fromEnv = Seq("EFFECTBENCH_JDK21", "JAVA_HOME").flatMap(sys.env.get).map(new File(_))
    val dirs = Seq("/usr/lib/jvm", "/usr/local/lib/jvm", "/opt/java")
      .map(new File(_)).filter(_.isDirectory)
      .flatMap(d => Option(d.listFiles()).toSeq.flatten.sortBy(_.getName).reverse)
    fromEnv ++ dirs
  }

  def atLeast(v: Int): Option[String] =
    candidates.find(h => feature(h).exists(_ >= v)).map(_.getCanonicalPath)
}
