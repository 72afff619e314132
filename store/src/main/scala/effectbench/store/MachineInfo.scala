package effectbench.store

final case class MachineInfo(
    fingerprint: String, cpuModel: String, cores: Int, memoryBytes: Long, kernel: String,
    jvms: Vector[String], hostname: String, label: String
)
