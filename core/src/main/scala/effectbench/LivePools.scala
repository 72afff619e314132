package effectbench

import java.util.concurrent.{ExecutorService, ForkJoinPool}

/** Reading pools back from live objects, for the settings read-back: the pool a runtime runs on
  * is found in the running object's fields, never inferred from a configuration property. Shared
  * by the Scala 3, 2.13 and 2.12 modules (plain Java reflection). */
object LivePools {
  /** The ForkJoinPool behind Scala's global ExecutionContext, as the running JVM built it: Scala
    * 2.12, 2.13 and 3 all wrap a ForkJoinPool in an ExecutionContextImpl
    * (`src/library/scala/concurrent/impl/ExecutionContextImpl.scala`), whose field holds it. */
  lazy val global: ForkJoinPool = find(scala.concurrent.ExecutionContext.global, 3).getOrElse(
    throw new IllegalStateException("no ForkJoinPool found behind ExecutionContext.global: " +
      scala.concurrent.ExecutionContext.global.getClass.getName)
  )

  /** What a task type that has no pool of its own runs on, for the read-back's `pool` key: the
    * words of Claim.GlobalPool only when it is the very pool behind ExecutionContext.global. */
  def describe(pool: AnyRef): String = pool match {
    case p if p eq global => Claim.GlobalPool
    case p: ForkJoinPool => s"a ForkJoinPool other than the global one (${p.getClass.getName})"
    case t: java.util.concurrent.ThreadPoolExecutor => s"${t.getClass.getSimpleName} of ${t.getMaximumPoolSize} threads"
    case other => other.getClass.getName
  }

  /** The number of threads a live pool computes on, or why it cannot be read. */
  def threads(pool: AnyRef): String = find(pool, 3) match {
    case Some(p) => p.getParallelism.toString
    case None => pool match {
        case t: java.util.concurrent.ThreadPoolExecutor => t.getMaximumPoolSize.toString
        case other => s"not readable (${other.getClass.getName})"
      }
  }

  /** A ForkJoinPool reachable from `o` through at most `depth` instance fields. */
  def find(o: AnyRef, depth: Int): Option[ForkJoinPool] = o match {
    case null => None
    case p: ForkJoinPool => Some(p)
    case _ if depth == 0 => None
    case _ =>
      val fields = Iterator.iterate[Class[_]](o.getClass)(_.getSuperclass).takeWhile(_ != null)
        .flatMap(_.getDeclaredFields.iterator)
        .filter(f => !java.lang.reflect.Modifier.isStatic(f.getModifiers) && !f.getType.isPrimitive)
      fields.map { f =>
        val v =
          try { f.setAccessible(true); f.get(o) }
          catch { case _: Exception => null }
        v match {
          case r: AnyRef if !r.isInstanceOf[String] && !r.isInstanceOf[Thread] => find(r, depth - 1)
          case _ => None
        }
      }.find(_.isDefined).flatten
  }

  /** The global pool as an ExecutorService, for task types that take one (scalaz's Task.fork). */
  def globalService: ExecutorService = global
}
