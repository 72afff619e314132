package effectbench.cli

import effectbench.runner._
import effectbench.report.{Html, Markdown, TerminalTable}
import effectbench.stats.ForkStats
import effectbench.store.RunData
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** `bench report` formats. */
object Reports {
  def text(format: String, data: RunData, confidence: Double = ForkStats.DefaultConfidence): String = format match {
    case "terminal" => TerminalTable.render(data, confidence)
    case "markdown" => Markdown.render(data, confidence)
    case "html" => Html.render(data, Some(Workspace.root), confidence)
    case other => UsageError.unknown("format", other, ReportFormat.all)
  }

  def render(format: String, data: RunData, out: Option[Path], confidence: Double = ForkStats.DefaultConfidence): Int = {
    if (!ReportFormat.all.contains(format)) UsageError.unknown("format", format, ReportFormat.all)
    val target = out.orElse(if (format == "html") Some(data.dir.resolve("report.html")) else None)
    val s = text(format, data, confidence)
    target match {
      case Some(f) =>
        write(f, s)
        println(if (format == "html") s"wrote ${f.toAbsolutePath} (open file://${f.toAbsolutePath})" else s"wrote ${f.toAbsolutePath}")
      case None => print(s)
    }
    0
  }

  def write(f: Path, s: String): Unit = {
    val abs = f.toAbsolutePath
    Option(abs.getParent).foreach(Files.createDirectories(_))
    val tmp = abs.resolveSibling(abs.getFileName.toString + ".tmp")
    Files.write(tmp, s.getBytes(StandardCharsets.UTF_8))
    Files.move(tmp, abs, java.nio.file.StandardCopyOption.REPLACE_EXISTING)
  }
}
