package effectbench.cli

import effectbench.runner.UsageError
import effectbench.stats.ChangePoints

/** The flags of change-point detection (`history --changes`, `site`), read into its settings. */
object ChangeFlags {
  def config(alpha: Option[String], minChange: Option[String], seed: Option[String]): ChangePoints.Config = {
    val a = alpha.map(s =>
      ChangePoints.parseShare(s).filter(x => x > 0 && x < 1).getOrElse(
        UsageError(s"--alpha must be a level in (0, 1), e.g. 0.01, got '$s'")
      )
    ).getOrElse(0.01)
    val m = minChange.map(s =>
      ChangePoints.parseShare(s).filter(x => x >= 0 && x < 10).getOrElse(
        UsageError(s"--min-change must be a fraction or a percentage, e.g. 5%, got '$s'")
      )
    ).getOrElse(0.05)
    val sd = seed.map(s => s.toLongOption.getOrElse(UsageError(s"--seed must be a whole number, got '$s'"))).getOrElse(1L)
    // The level must be reachable: 1/alpha shuffles at least.
    val perms = math.max(999, math.ceil(2 / a).toInt - 1)
    ChangePoints.Config(alpha = a, minChange = m, permutations = perms, seed = sd)
  }
}
