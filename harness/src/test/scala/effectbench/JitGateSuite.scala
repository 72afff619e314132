package effectbench

import JitGate.Window

/** The JIT gate's rule (JitGate): quiet over the latest second of windows, and its limit. */
class JitGateSuite extends munit.FunSuite {
  private val w = 250000000L // a 250-ms window

  test("quiet only over a whole second of the latest windows, at no more than 2% of it") {
    assert(!JitGate.quiet(Vector.empty))
    assert(!JitGate.quiet(Vector.fill(3)(Window(w, 0))), "three windows are not a second")
    assert(JitGate.quiet(Vector.fill(4)(Window(w, 5))), "20 ms in a second")
    assert(!JitGate.quiet(Vector.fill(4)(Window(w, 5)).updated(3, Window(w, 6))), "21 ms in a second")
    // The older windows' compilations do not count once a second of later ones is quiet.
    assert(JitGate.quiet(Vector(Window(w, 300), Window(w, 200)) ++ Vector.fill(4)(Window(w, 2))))
    assert(!JitGate.quiet(Vector.fill(4)(Window(w, 2)) :+ Window(w, 40)), "the latest window was busy")
  }

  /** A fake JIT that compiles `busy(i)` ms during the i-th window the gate runs, and a fake clock. */
  private def gate(before: Vector[Window], busy: Int => Long, maxNanos: Long, jitKept: Boolean = true) = {
    var jit = 0L
    var now = 0L
    var ran = 0
    val s = JitGate.settle(before, maxNanos, () => if (jitKept) jit else -1L, () => now) { () =>
      jit += busy(ran); now += w; ran += 1
    }
    (s, ran)
  }

  test("a warm-up that ended quiet gets no more windows") {
    val (s, ran) = gate(Vector.fill(12)(Window(w, 1)), _ => 100, 10000000000L)
    assertEquals(ran, 0)
    assertEquals(s, JitGate.Settled(0, 0.0, quiet = true))
  }

  test("windows are added until the latest second is quiet") {
    // The JIT works 150 ms in each of the first five added windows, then 1 ms.
    val (s, ran) = gate(Vector.fill(12)(Window(w, 120)), i => if (i < 5) 150 else 1, 10000000000L)
    assertEquals(ran, 9)
    assertEquals(s.windows, 9)
    assert(s.quiet)
    assertEqualsDouble(s.seconds, 2.25, 1e-9)
  }

  test("the gate stops at its limit with the JIT still at work, and says so") {
    val (s, ran) = gate(Vector.fill(12)(Window(w, 120)), _ => 100, 2000000000L)
    assertEquals(ran, 8, "eight 250-ms windows fit in 2 s")
    assert(!s.quiet)
  }

  test("no gate without a limit or without the JIT's clock") {
    assertEquals(gate(Vector.fill(12)(Window(w, 120)), _ => 100, 0L)._2, 0)
    assertEquals(gate(Vector.fill(12)(Window(w, 120)), _ => 100, 10000000000L, jitKept = false)._2, 0)
  }

  test("the limit read from the runner's property, in nanoseconds") {
    val old = System.getProperty(JitGate.Property)
    try {
      System.setProperty(JitGate.Property, "10")
      assertEquals(JitGate.maxNanos, 10000000000L)
      System.setProperty(JitGate.Property, "none")
      assertEquals(JitGate.maxNanos, 0L)
      System.clearProperty(JitGate.Property)
      assertEquals(JitGate.maxNanos, 0L)
    } finally if (old != null) System.setProperty(JitGate.Property, old)
  }
}
