import java.io.File
import scala.io.Source

/** The extra builds of `bench run --lib`: one sbt project per (library, version) that is not the
  * build's own, listed by the runner in `target/bench/lib/builds.tsv` before it runs
  * `sbt <id>/libBuild`. Each line is `id<TAB>runtime<TAB>version`. A build with no such file (every
  * plain build) has no extra project, so the default build is what it always was. */
object LibBuilds {
  final case class Build(id: String, runtime: String, version: String)

  /** The file the runner writes, under the build's root (the directory sbt was started in). */
  def requestFile(root: File): File = new File(root, "target/bench/lib/builds.tsv")

  def read(root: File): Seq[Build] = {
    val f = requestFile(root)
    if (!f.isFile) Nil
    else {
      val src = Source.fromFile(f, "UTF-8")
      try src.getLines().map(_.trim).filter(_.nonEmpty).map { line =>
          line.split('\t') match {
            case Array(id, runtime, version) => Build(id, runtime, version)
            case _ => sys.error(s"$f: a line is id<TAB>runtime<TAB>version, got '$line'")
          }
        }.toVector
      finally src.close()
    }
  }
}
