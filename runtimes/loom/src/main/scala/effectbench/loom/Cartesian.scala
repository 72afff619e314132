package effectbench.loom

import effectbench.{Impl, Oracles, Program}

/** cartesian (traverse): in direct style the traversal is the list's own flatMap, each cell
  * calling its two tasks in order. Unfair if the pairs were built without calling the tasks. */
object Cartesian {
  private val file = "runtimes/loom/src/main/scala/effectbench/loom/Cartesian.scala"

  def direct(rows: List[() => Int], columns: List[() => Int]): List[Int] =
    rows.flatMap(tx => columns.flatMap { ty => val x = tx(); val y = ty(); List(x, y) })

  private def summarized(body: => Any) = Program.summarized(body)(r => Oracles.cartesianOf(r.asInstanceOf[List[Int]]))
  val impls: Vector[Impl[?]] = Vector(
    new Impl("cartesian", "traverse", OxSetup, s"$file#direct", "direct style (List.flatMap)")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("s"), Tasks.onPool(p)); summarized(rt.run(() => direct(ts, ts), mode))
    }),
    new Impl("cartesian", "traverse", LoomSetup, s"$file#direct", "direct style (List.flatMap)")((rt, p, mode) => {
      val ts = Tasks.direct(p.int("s"), Tasks.onPool(p)); summarized(rt.run(() => direct(ts, ts), mode))
    })
  )
}
