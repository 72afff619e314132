package effectbench.store

import java.nio.charset.StandardCharsets
import java.nio.file.Files

/** The extents read with scalameta are the extents the line scanner found: for every
  * implementation of every group, the same expression and the same definitions it names, except
  * where the scanner cut a definition short. */
class SourceExtentsSuite extends munit.FunSuite {
  private val impls = new ImplRefs
  override val munitTimeout = scala.concurrent.duration.Duration(10, "min")

  test("scalameta's extents equal the line scanner's for every implementation, or show whole what it cut short") {
    val root = impls.root
    val all = impls.groups.flatMap(impls.refs)
    val compared = all.flatMap { case (cell, src) =>
      Sources.parse(src).filter(_.line > 0).map { ref =>
        val text = new String(Files.readAllBytes(root.resolve(ref.path)), StandardCharsets.UTF_8)
        lazy val others = Sources.siblings(root, ref.path)
        val scanned = Sources.atLineWith(text, ref.line, others)
        val read = SourceExtents.atLineWith(text, ref.line, others)
        (cell, src, scanned, read)
      }
    }
    assert(compared.size > 100, s"only ${compared.size} implementations found")
    // Where they differ, the scanner cut a brace-less body short (an if/else or an argument list
    // going on below the definition's first lines): scalameta's text holds every line the scanner
    // showed, in order, and the files used are the same.
    def holds(scanned: String, read: String): Boolean = {
      val rest = read.linesIterator
      scanned.linesIterator.forall(l => rest.exists(_ == l))
    }
    val differ = compared.filter(c => c._3 != c._4)
    val worse = differ.filterNot { case (_, _, a, b) =>
      (a, b) match {
        case (Some((ta, fa)), Some((tb, fb))) => fa == fb && tb.length > ta.length && holds(ta, tb)
        case _ => false
      }
    }
    assert(
      worse.isEmpty,
      worse.take(3).map { case (cell, src, a, b) => s"$cell ($src)\n--- scanner:\n$a\n--- scalameta:\n$b" }.mkString("\n\n") +
        s"\n${worse.size} of ${compared.size} differ: ${worse.map(_._2).distinct.take(40).mkString(", ")}"
    )
    println(s"  scalameta and the scanner agree on ${compared.size - differ.size} of ${compared.size} implementations; " +
      s"on ${differ.size} scalameta shows whole a definition the scanner cut short: ${differ.map(_._2).distinct.mkString(", ")}")
  }
}
