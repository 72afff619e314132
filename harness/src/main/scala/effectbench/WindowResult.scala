package effectbench

import org.HdrHistogram.Histogram

/** What one window measured: the events, those answered (once, or twice), those starved, the
  * histogram of the others' latencies (ns), and the hogs' report. */
final case class WindowResult(
    events: Int, answered: Int, answeredTwice: Int, starved: Int, histogram: Histogram, hogs: Int, hogsReported: Int,
    chains: Long, hogSteps: Long, hogMismatches: Int, startMillis: Long, endMillis: Long,
    /** sleep-drift: events answered before their scheduled time (a sleep that woke early). */
    early: Int = 0,
    /** sleep-drift: the sleepers, those that finished, and the fewest and most wakes of one. */
    sleepers: Int = 0, sleepersFinished: Int = 0, fewestWakes: Int = 0, mostWakes: Int = 0,
    /** sleep-drift: slots issued twice (LoadWindow.slotsReissued). */
    reissued: Int = 0,
    /** Hogs that ran no chain, and whether the runtime must run every hog (LoadTarget.everyHogRuns). */
    idleHogs: Int = 0, everyHogRuns: Boolean = false,
    /** Events answered on the client thread (LoadWindow.answeredOnClient). */
    answeredOnClient: Int = 0,
    /** service: backends started, requests with two backends in flight at once, permits acquired,
      * and the most held at once (LoadWindow.backendIn, permitIn). */
    backends: Long = 0L, overlappedRequests: Int = 0, permitsAcquired: Int = 0, permitsHeldMost: Int = 0,
    /** service: the schedule's slow backends that timed out, and the fast ones that lost to the
      * timeout all the same (late timeouts: the runtime was that late; ServiceModel). */
    timeouts: Int = 0, lateTimeouts: Int = 0,
    /** A service window (runService): its late timeouts are counted, and recorded. */
    service: Boolean = false,
    /** hog-probe and service: the client's most late submission (ns; LoadWindow.clientLagNanos);
      * sleep-drift, whose client submits nothing: -1. */
    clientLagNanos: Long = -1L,
    /** hog-probe and service: the most late of the client's wakes (ns; LoadWindow.wakeLagNanos); -1: not recorded. */
    wakeLagNanos: Long = -1L,
    /** hog-probe and service: the JVM's longest collection during the window (ms, GcPauses); -1: not recorded. */
    gcPauseMs: Long = -1L
) {
  /** Every event answered once, by the runtime (none on the client thread). */
  def everyEventOnce: Boolean = answered == events && answeredTwice == 0 && answeredOnClient == 0
  def hogsConsistent: Boolean = hogsReported == hogs && hogMismatches == 0 && !idleRefused
  /** A hog ran no chain on a runtime that must run every hog: this window fails on its own, and the
    * oracle's check judges it among more (WindowProgram.checkWindows). */
  def idleRefused: Boolean = everyHogRuns && idleHogs > 0
}
