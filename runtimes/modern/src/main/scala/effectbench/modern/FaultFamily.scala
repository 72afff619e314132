package effectbench.modern

import effectbench.{Impl, Live}

/** The test-only `fault` scenario (issue 7): implementations that hang, throw, exit, overflow,
  * exhaust memory or return a wrong value, to prove the runner survives each. */
object FaultFamily {
  val impls: Vector[Impl[? <: Live]] = Vector.empty
}
