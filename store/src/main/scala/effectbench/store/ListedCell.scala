package effectbench.store

/** One cell of `bench list --format json`. */
final case class ListedCell(
    scenario: String, variant: String, runtime: String, params: Named[String], mode: String, jvm: String,
    status: CellStatus,
    /** `--lib`: the version label of the cell. */
    version: Option[String] = None
)
