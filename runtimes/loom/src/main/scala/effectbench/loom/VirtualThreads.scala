package effectbench.loom

import java.util.concurrent.ExecutorService

/** The JDK 21 virtual-thread API, reached reflectively: sbt compiles this module on JDK 17, the
  * cells and the oracle tests run it on JDK 21+. */
object VirtualThreads {
  /** `Executors.newVirtualThreadPerTaskExecutor()`: one new virtual thread per submitted task. */
  def perTaskExecutor(): ExecutorService =
    classOf[java.util.concurrent.Executors].getMethod("newVirtualThreadPerTaskExecutor").invoke(null).asInstanceOf[ExecutorService]

  private lazy val isVirtualMethod = classOf[Thread].getMethod("isVirtual")

  /** `Thread.isVirtual()` of a thread. */
  def isVirtual(t: Thread): Boolean = isVirtualMethod.invoke(t).asInstanceOf[Boolean]

  /** The carrier pool's parallelism as configured (the JDK defaults it to the processors). */
  def schedulerParallelism: String =
    sys.props.get("jdk.virtualThreadScheduler.parallelism")
      .getOrElse(s"default (processors: ${java.lang.Runtime.getRuntime.availableProcessors()})")

  /** The live carrier pool's parallelism, from the JDK's VirtualThreadSchedulerMXBean
    * (jdk.management, JDK 24+: `getParallelism` of the running scheduler); earlier JDKs expose no
    * way to read it without opening java.lang, and say so. */
  def liveParallelism: String =
    try {
      val bean = Class.forName("jdk.management.VirtualThreadSchedulerMXBean")
      val mx =
        java.lang.management.ManagementFactory.getPlatformMXBean(bean.asInstanceOf[Class[java.lang.management.PlatformManagedObject]])
      bean.getMethod("getParallelism").invoke(mx).toString
    } catch {
      case _: ClassNotFoundException =>
        s"not readable on JDK ${sys.props.getOrElse("java.version", "?")} (VirtualThreadSchedulerMXBean is JDK 24+)"
    }

  def jdk: String = s"${sys.props.getOrElse("java.vendor", "?")} ${sys.props.getOrElse("java.version", "?")}"
}
