package effectbench.runner

import effectbench.report.{RunData, TerminalTable}
import java.nio.file.Path

/** `bench report` formats. */
object Reports {
  val formats: Vector[String] = Vector("terminal")

  def render(format: String, data: RunData, out: Option[Path]): Int = format match {
    case "terminal" => print(TerminalTable.render(data)); 0
    case other => UsageError.unknown("format", other, formats)
  }
}
