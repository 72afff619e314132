package effectbench.loom

import effectbench.{Impl, Program}
import java.util.concurrent.{ExecutorCompletionService, ExecutorService}

/** gather-unordered: every task on its own virtual thread, results taken in completion order by
  * java.util.concurrent's ExecutorCompletionService (native). Ox has no such combinator (n/a). */
object GatherUnordered {
  private val file = "runtimes/loom/src/main/scala/effectbench/loom/GatherUnordered.scala"

  def loom(tasks: List[() => Int], ex: ExecutorService): Long = {
    val done = new ExecutorCompletionService[Integer](ex)
    tasks.foreach(t => done.submit(() => Integer.valueOf(t())))
    var sum = 0L; var i = 0
    while (i < tasks.length) { sum += done.take().get().intValue; i += 1 }
    sum
  }

  val impls: Vector[Impl[?]] = Vector(
    new Impl("gather-unordered", "default", LoomSetup, s"$file#loom", "ExecutorCompletionService")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("n"), Tasks.onPool(p)); Program(rt.run(() => loom(ts, rt.executor), mode))
    })
  )
}
