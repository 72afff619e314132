package effectbench.cli

import effectbench.ScenarioDoc
import java.nio.file.Path

/** `bench spec`: docs/scenarios.md from the catalog (core's ScenarioDoc), or with `--check` only
  * whether the committed file is the catalog rendered now. */
object SpecCommand {
  def apply(root: Path, check: Boolean): Int = ScenarioDoc.write(root, check)
}
