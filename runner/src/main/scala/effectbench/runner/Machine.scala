package effectbench.runner

import effectbench.store.MachineInfo
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Paths}

/** The machine a run (or a shard of one) was measured on. The fingerprint hashes what makes two
  * machines measure alike — CPU model, core count, memory, kernel and the JVMs — so a merged run
  * can say which tables came from which kind of machine; the hostname is kept for people only. */
object Machine {
  private def read(path: String): Option[String] =
    try {
      val p = Paths.get(path)
      if (Files.isRegularFile(p)) Some(new String(Files.readAllBytes(p), StandardCharsets.UTF_8)) else None
    } catch { case _: Exception => None }

  /** The first "model name" of /proc/cpuinfo (x86), else its "Model"/"CPU part" (ARM), else the architecture. */
  def cpuModel: String = read("/proc/cpuinfo").flatMap { text =>
    val lines = text.split('\n').toVector
    Vector("model name", "Model", "CPU part").iterator.flatMap(k =>
      lines.find(_.startsWith(k)).map(_.dropWhile(_ != ':').drop(1).trim)
    ).find(_.nonEmpty)
  }.getOrElse(System.getProperty("os.arch"))

  def kernel: String = read("/proc/sys/kernel/osrelease").map(_.trim).filter(_.nonEmpty)
    .map(r => s"${System.getProperty("os.name")} $r").getOrElse(s"${System.getProperty("os.name")} ${System.getProperty("os.version")}")

  def memoryBytes: Long = java.lang.management.ManagementFactory.getOperatingSystemMXBean match {
    case os: com.sun.management.OperatingSystemMXBean => os.getTotalMemorySize
    case _ => -1L
  }

  def cores: Int = Runtime.getRuntime.availableProcessors()

  def hostname: String =
    sys.env.get("HOSTNAME").filter(_.nonEmpty).orElse(read("/etc/hostname").map(_.trim).filter(_.nonEmpty)).getOrElse("")

  def sha256(s: String): String =
    java.security.MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)).map(b => f"${b & 0xff}%02x").mkString

  /** run.json's "machine": the parts, a fingerprint of them and a short label for reports. */
  def describe(jvms: Vector[Jvm]): MachineInfo = {
    val jvmLabels = jvms.map(j => s"${j.version} ${j.vendor}".trim).distinct
    val gib = if (memoryBytes > 0) f"${memoryBytes / math.pow(1024, 3)}%.0f GiB" else "? GiB"
    val parts = Vector(cpuModel, cores.toString, memoryBytes.toString, kernel) ++ jvmLabels
    MachineInfo(sha256(parts.mkString("\n")).take(12), cpuModel, cores, memoryBytes, kernel, jvmLabels, hostname,
      s"$cpuModel, $cores cores, $gib, $kernel")
  }
}
