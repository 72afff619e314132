package effectbench

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters._

/** Every link of the documentation resolves to a file of this repository, and nothing in the
  * repository points outside it: a clone alone is the whole project. */
class DocLinksSuite extends munit.FunSuite {
  private val root = RepoRoot.path

  private def read(p: Path): String = new String(Files.readAllBytes(p), UTF_8)

  /** README.md, CONTRIBUTING.md and every Markdown file under docs/. */
  private def docs: Vector[Path] = {
    val dir = root.resolve("docs")
    val inDocs = if (!Files.isDirectory(dir)) Vector.empty[Path]
    else {
      val s = Files.walk(dir)
      try s.iterator.asScala.filter(p => Files.isRegularFile(p) && p.toString.endsWith(".md")).toVector.sorted
      finally s.close()
    }
    Vector("README.md", "CONTRIBUTING.md").map(root.resolve(_)) ++ inDocs
  }

  /** The repository's own text files: sources, build, docs, launcher and CI, not build output. */
  private def sources: Vector[Path] = {
    val skip = Set("target", ".git", ".bsp", ".idea", "results")
    val s = Files.walk(root)
    try s.iterator.asScala
        .filter(p => !root.relativize(p).iterator.asScala.exists(part => skip.contains(part.toString)))
        .filter(Files.isRegularFile(_))
        .filter { p =>
          val n = p.getFileName.toString
          Seq(".scala", ".sbt", ".md", ".yml", ".conf", ".java").exists(n.endsWith) || Set("bench", "sbt", "run").contains(n)
        }
        .toVector.sorted
    finally s.close()
  }

  private val markdownLink = """\]\(([^)\s]+)(?:\s+"[^"]*")?\)""".r
  private val mdName = """(?<![\w./-])([\w./-]*[\w-]\.md)\b""".r

  /** A relative target resolved against the file that holds it: inside the repository and present. */
  private def problem(file: Path, target: String): Option[String] = {
    val path = target.takeWhile(_ != '#')
    if (path.isEmpty || target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) None // an anchor of the same page, or a URL
    else {
      val resolved = file.getParent.resolve(path).normalize()
      if (!resolved.startsWith(root)) Some(s"$target leaves the repository")
      else if (!Files.exists(resolved)) Some(s"$target does not exist (${root.relativize(resolved)})")
      else None
    }
  }

  test("every relative link in README.md, CONTRIBUTING.md and docs/*.md resolves to a file of the repository") {
    val files = docs
    assert(files.exists(_.endsWith("docs/scenarios.md")), files.toString)
    val bad = for {
      f <- files
      m <- markdownLink.findAllMatchIn(read(f)).toVector
      why <- problem(f, m.group(1))
    } yield s"${root.relativize(f)}: $why"
    assert(bad.isEmpty, bad.mkString("\n"))
  }

  test("every Markdown file a document or a source names exists in the repository, and nothing points at ../") {
    // A name in a source comment or a document (`docs/scenarios.md`, `README.md`) is read from the
    // repository root or from the file's own directory.
    val bad = sources.flatMap { f =>
      val text = read(f)
      val outside = if (text.contains(parentShared)) Vector(s"${root.relativize(f)}: points at $parentShared") else Vector.empty
      val missing = mdName.findAllMatchIn(text).map(_.group(1)).toVector.distinct.filterNot { name =>
        Files.exists(root.resolve(name).normalize()) || Files.exists(f.getParent.resolve(name).normalize()) ||
        generated.contains(name)
      }.map(n => s"${root.relativize(f)}: names $n, which is not in the repository")
      outside ++ missing
    }
    assert(bad.isEmpty, bad.mkString("\n"))
  }

  /** A directory beside the clone, where the spec once lived (spelt in two parts so that this file
    * does not name it). */
  private val parentShared = "../" + "shared"

  /** Files that commands write, named by the CI workflow that writes them. */
  private val generated = Set("report/report.md")
}
