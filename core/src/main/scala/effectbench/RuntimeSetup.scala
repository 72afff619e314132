package effectbench

/** How one runtime starts. */
trait RuntimeSetup[L <: Live] {
  /** The runtime's row of the runtime table. */
  def info: RuntimeInfo
  final def runtime: String = info.id
  def start(settings: Settings): L
}
