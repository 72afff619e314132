package effectbench.store

final case class ShardInfo(
    k: Int, n: Int, plan: String, split: String, estimates: String, units: Vector[ShardUnit],
    tables: Vector[String]
)

final case class ShardUnit(unit: String, shard: Int, cells: Int, seconds: Double)
