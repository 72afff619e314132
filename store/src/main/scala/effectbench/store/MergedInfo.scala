package effectbench.store

final case class MergedInfo(
    plan: String, split: String, n: Int, missing: Vector[Int], missingBlocks: Vector[String],
    shards: Vector[MergedShard]
)

final case class MergedShard(
    k: Int, id: String, dir: String, status: RunStatus, started: String,
    finished: Option[String] = None, machine: Option[MachineInfo] = None, host: Host
)
