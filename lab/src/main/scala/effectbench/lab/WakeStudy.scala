package effectbench.lab

import effectbench.modern.{CatsEffectSetup, ZioSetup}
import cats.effect.IO
import cats.effect.unsafe.{IORuntime, IORuntimeConfig}
import effectbench.Settings
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.locks.LockSupport
import scala.concurrent.duration.*

/** Why Cats Effect's `service` p99 is over 10 ms at every rate on a 2-core machine
  * (docs/lessons/late-wakes.md). Not a benchmark of the suite and not part of a run: a diagnostic a
  * reader can repeat, alone on the machine:
  *
  * {{{./sbt "lab/runMain effectbench.lab.WakeStudy"}}}
  *
  * It prints two measurements.
  *
  *   1. One fiber sleeps 1..3 ms (seeded) again and again on an otherwise idle Cats Effect runtime
  *      with the suite's levelled settings, its pool of 1 worker and of 2: how late each sleep
  *      ends (nothing else runs, so any lateness is the runtime's own); and, to compare, the same
  *      fiber on ZIO with the levelled settings.
  *   2. Cats Effect's wake protocol alone, in plain JVM threads: a waker marks a parked thread
  *      `Interrupting`, unparks it, then marks it `Unparked`; the woken thread, seeing
  *      `Interrupting`, spins until the mark changes. That is what cats-effect 3.7.1 does:
  *      `WorkStealingThreadPool.notifyParked` (CAS of the parked signal to `Interrupting`,
  *      `LockSupport.unpark`, `signal.set(Unparked)`) and `WorkerThread.parkLoop` /
  *      `parkLoopUntilNextSleeper` (`while (parked.get() eq ParkedSignal.Interrupting) {}`), read in
  *      cats-effect_3-3.7.1-sources.jar, WorkStealingThreadPool.scala l.302-345 and WorkerThread.scala
  *      l.698-701 and l.761-767. It prints the waker's time from the mark to the publish, with the woken thread
  *      spinning and, as a control, without the spin, and in how many of the waker's stalls (over
  *      0.5 ms) it was preempted: an involuntary context switch of the waker during the wake
  *      (/proc/thread-self/status) says the woken thread took the waker's processor, and spun there
  *      until the scheduler gave it back.
  */
object WakeStudy {
  private def us(ns: Long): Long = ns / 1000L

  /** p50/p90/p99/max of `xs` (ns) in µs. */
  def percentiles(xs: Array[Long]): String = {
    val s = xs.sorted
    def at(q: Double) = us(s(math.min(s.length - 1, (q * s.length).toInt)))
    s"p50 ${at(0.5)} p90 ${at(0.9)} p99 ${at(0.99)} max ${us(s.last)} µs"
  }

  /** A runtime of `threads` workers with the levelled profile's configuration (CatsEffectLive). */
  private def runtime(threads: Int): IORuntime =
    CatsEffectSetup.runtimeOn(threads, IORuntimeConfig(512, Settings.CatsEffectAutoYield, false, 16))

  /** How late each of `n` sleeps of 1..3 ms of one fiber ends (ns), the first fifth (warm-up) left out. */
  def sleepLateness(threads: Int, n: Int, seed: Long = 1L): Array[Long] = {
    val rt = runtime(threads)
    try {
      val rnd = new java.util.Random(seed)
      val late = new Array[Long](n)
      val delays = Array.fill(n)(1000000L + rnd.nextInt(2000000))
      def loop(i: Int): IO[Unit] =
        if (i == n) IO.unit
        else
          IO(System.nanoTime()).flatMap(t => IO.sleep(delays(i).nanos) *> IO { late(i) = System.nanoTime() - t - delays(i) }) *>
            loop(i + 1)
      loop(0).unsafeRunSync()(rt)
      late.drop(n / 5)
    } finally rt.shutdown()
  }

  /** The same on ZIO with the levelled settings (ZioLive): its pool of one worker per processor. */
  def zioSleepLateness(n: Int, seed: Long = 1L): Array[Long] = {
    val live = ZioSetup.start(Settings.Levelled)
    try {
      val rnd = new java.util.Random(seed)
      val late = new Array[Long](n)
      val delays = Array.fill(n)(1000000L + rnd.nextInt(2000000))
      val program = zio.ZIO.foreachDiscard(0 until n)(i =>
        zio.ZIO.succeed(System.nanoTime()).flatMap(t =>
          zio.ZIO.sleep(zio.Duration.fromNanos(delays(i))) *> zio.ZIO.succeed { late(i) = System.nanoTime() - t - delays(i) }
        )
      )
      live.run(program, effectbench.Mode.Fork)
      late.drop(n / 5)
    } finally live.close()
  }

  /** The calling thread's involuntary context switches so far (Linux's /proc/thread-self/status), or
    * -1 where the file is not there. */
  private def involuntarySwitches(): Long = {
    val f = java.nio.file.Path.of("/proc/thread-self/status")
    if (!java.nio.file.Files.isReadable(f)) -1L
    else {
      val lines = java.nio.file.Files.readAllLines(f).iterator()
      var n = -1L
      while (n < 0 && lines.hasNext) {
        val l = lines.next()
        if (l.startsWith("nonvoluntary_ctxt_switches")) n = l.split("\\s+")(1).toLong
      }
      n
    }
  }

  /** What `wakeProtocol` measured: the waker's times (ns), and of its stalls (over 0.5 ms) those
    * in which the waker was preempted (an involuntary context switch; -1 where it cannot be read). */
  final case class Wakes(took: Array[Long], stalls: Int, preempted: Int)

  /** The waker's time (ns) from marking a parked thread to publishing its wake, `n` times, each after
    * a park of 1..3 ms; the woken thread spins on the mark when `spin`. */
  def wakeProtocol(spin: Boolean, n: Int, seed: Long = 1L): Wakes = {
    val Parked = 0
    val Interrupting = 1
    val Unparked = 2
    val signal = new AtomicInteger(Unparked)
    @volatile var stop = false
    val wakee = new Thread(() => {
      while (!stop) {
        signal.set(Parked)
        while (signal.get() == Parked && !stop) LockSupport.park()
        if (spin) while (signal.get() == Interrupting) {}
      }
    })
    wakee.setDaemon(true)
    wakee.start()
    val rnd = new java.util.Random(seed)
    val took = new Array[Long](n)
    var stalls = 0
    var preempted = 0
    var i = 0
    while (i < n) {
      LockSupport.parkNanos(1000000L + rnd.nextInt(2000000))
      val before = involuntarySwitches()
      val t = System.nanoTime()
      if (signal.compareAndSet(Parked, Interrupting)) {
        LockSupport.unpark(wakee)
        signal.set(Unparked)
      }
      took(i) = System.nanoTime() - t
      if (i >= n / 5 && took(i) > 500000L) {
        stalls += 1
        if (before >= 0 && involuntarySwitches() > before) preempted += 1
      }
      i += 1
    }
    stop = true
    LockSupport.unpark(wakee)
    Wakes(took.drop(n / 5), stalls, if (involuntarySwitches() < 0) -1 else preempted)
  }

  def main(args: Array[String]): Unit = {
    effectbench.RootLocale.set()
    val n = args.headOption.map(_.toInt).getOrElse(1500)
    val cpus = java.lang.Runtime.getRuntime.availableProcessors()
    println(
      s"$cpus processors, ${System.getProperty("java.vm.name")} ${System.getProperty("java.version")}; $n of each, the first fifth left out"
    )
    println("1. one fiber sleeping 1..3 ms on an idle Cats Effect runtime, how late each sleep ends:")
    for (threads <- Vector(1, 2)) println(s"   $threads worker${if (threads > 1) "s" else " "}: ${percentiles(sleepLateness(threads, n))}")
    println(s"   the same on ZIO ($cpus workers): ${percentiles(zioSleepLateness(n))}")
    println("2. the wake protocol in plain threads, the waker's time from the mark to the publish:")
    for ((spin, label) <- Vector(true -> "woken thread spins on the mark:", false -> "woken thread does not spin:    ")) {
      val w = wakeProtocol(spin, n)
      val why = if (w.preempted < 0) "" else s", the waker preempted in ${w.preempted} of them"
      println(s"   $label ${percentiles(w.took)}; ${w.stalls} stalls over 0.5 ms$why")
    }
  }
}
