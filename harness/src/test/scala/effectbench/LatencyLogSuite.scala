package effectbench

import java.nio.file.Files

/** A warm-up window goes through the latency log's code to no file; a measured one is appended
  * (LatencyLog.recording, JitGate). */
class LatencyLogSuite extends munit.FunSuite {
  private def window(): WindowResult = {
    val h = LoadWindow.histogram()
    h.recordValue(1000L)
    WindowResult(1, 1, 0, 0, h, 0, 0, 0L, 0L, 0, System.currentTimeMillis(), System.currentTimeMillis(), clientLagNanos = 3000L,
      gcPauseMs = 4L, wakeLagNanos = 2000L)
  }

  test("only a window recorded while `recording` is on reaches the log, with the client's lateness") {
    val f = Files.createTempFile("latency", ".hlog")
    val old = System.getProperty(LatencyModel.LogProperty)
    val was = LatencyLog.recording
    try {
      Files.delete(f)
      System.setProperty(LatencyModel.LogProperty, f.toString)
      LatencyLog.recording = false
      LatencyLog.record(window())
      def comments =
        if (Files.exists(f)) new String(Files.readAllBytes(f), "UTF-8").linesIterator.count(_.startsWith("#effectbench window")) else 0
      assertEquals(comments, 0, "a warm-up window was written")
      LatencyLog.recording = true
      LatencyLog.record(window())
      assertEquals(comments, 1)
      assert(new String(Files.readAllBytes(f), "UTF-8").contains("clientLagUs=3 gcPauseMs=4 wakeLagUs=2"))
    } finally {
      LatencyLog.recording = was
      if (old == null) System.clearProperty(LatencyModel.LogProperty) else System.setProperty(LatencyModel.LogProperty, old)
      Files.deleteIfExists(f)
    }
  }

  test("a window's longest collection is counted from its start: a collection after a reset is seen") {
    GcPauses.reset()
    assertEquals(GcPauses.collections, 0L)
    System.gc()
    val until = System.nanoTime() + 10000000000L
    while (GcPauses.collections == 0 && System.nanoTime() < until) Thread.sleep(10)
    assert(GcPauses.collections >= 1, "no collection notified within 10 s of System.gc()")
    assert(GcPauses.longestMs >= 0)
    GcPauses.reset()
    assertEquals((GcPauses.collections, GcPauses.longestMs), (0L, 0L))
  }

  test("a client that reached an event already late adds to its lateness but not to its wakes'; one that parked adds to both") {
    // Due 10 ms ago: the client does not park, as after a submission that took that long.
    val late = new LoadWindow(2, 1000000L, 0, 1L)
    late.begin(System.nanoTime() - 10000000L)
    late.clientAwait(0)
    assert(late.clientLagNanos >= 10000000L, late.clientLagNanos.toString)
    assertEquals(late.wakeLagNanos, 0L)
    // Due in 5 ms: the client parks, and whatever it was late by is its wake's.
    val parked = new LoadWindow(1, 1000000L, 0, 1L)
    parked.begin(System.nanoTime() + 5000000L)
    parked.clientAwait(0)
    assertEquals(parked.wakeLagNanos, parked.clientLagNanos)
  }
}
