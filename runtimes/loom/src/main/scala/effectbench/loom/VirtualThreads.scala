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

  def jdk: String = s"${sys.props.getOrElse("java.vendor", "?")} ${sys.props.getOrElse("java.version", "?")}"
}
