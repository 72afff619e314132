package effectbench.runner

import effectbench.RelayProtocol
import java.io.OutputStream
import java.net.{InetAddress, ServerSocket, Socket, SocketTimeoutException}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import java.util.concurrent.LinkedBlockingQueue
import scala.util.Random

/** The relay referee: the measuring JVMs of one round of a table live at once, on the same cores,
  * and measure in turn, one JMH iteration a turn (harness RelayTurn), in an order shuffled every
  * cycle. A machine whose speed drifts over seconds then slows the neighbouring turns of every cell
  * alike, and a cell's ratio to another is taken turn against turn (ForkStats.ratio). Each JVM waits
  * for its turn outside JMH's timed part, stopped whole (Freezer: SIGSTOP, its compiler, collector,
  * pools and hogs included), so each turn has every core of the run to itself and the referee. The
  * next turn starts only when the JVM in its turn says it is ready again (its JMH bookkeeping after
  * the iteration is done) and has been stopped or, after its last turn, when it has exited.
  *
  * Every JVM is a child through `Subprocess` (its time limit, the shutdown hook, the runner watch);
  * a JVM whose referee goes away ends itself, and one stopped when the runner dies is ended by the
  * freezer's keeper, which outlives the runner. */
object Relay {

  /** One measuring JVM of a round: `command` given the relay flag for this JVM; `warmups`, the turns
    * it warms up in (its JMH warm-up iterations; None: the round's). */
  final case class Member(
      key: String, command: String => Vector[String], log: Path, env: Map[String, String] = Map.empty, warmups: Option[Int] = None
  )

  /** One turn: the cycle it belongs to, whose it was, when it started and ended (seconds from the
    * round's first turn), and the machine canary's reading before its cycle (ns; NaN: none taken). */
  final case class Turn(cycle: Int, key: String, start: Double, end: Double, canary: Double = Double.NaN)

  /** What the machine canary gives a round: `between(cycle, measured)` reads the machine before a cycle
    * that no start overlaps (ns; NaN: none), every JVM of the round stopped; `away` judges a reading;
    * `unmeasured(cycle)` says that the cycle just read takes no turn after all, the round having its
    * measured cycles (see `run`'s `usualCycles`). */
  final case class CanaryHooks(between: (Int, Boolean) => Double, away: Double => Boolean = _ => false, unmeasured: Int => Unit = _ => ())
  object CanaryHooks {
    val none: CanaryHooks = CanaryHooks((_, _) => Double.NaN)
  }

  /** A round's outcome: how each JVM ended, the turns taken, and the round's wall time; `sparesCut`: it
    * stopped measuring with cycles read away that its spares could have stood in for (`run`'s `spares`). */
  final case class Round(finished: Map[String, Finished], turns: Vector[Turn], seconds: Double, sparesCut: Boolean = false)

  private sealed trait Event
  private final case class Connected(key: String, out: OutputStream) extends Event
  private final case class Said(key: String, what: Int) extends Event
  private final case class Closed(key: String) extends Event
  private final case class Exited(key: String, f: Finished) extends Event

  private sealed trait State
  private case object Starting extends State
  private case object Waiting extends State
  private case object InTurn extends State
  private case object Freed extends State
  private case object Ending extends State
  private case object Done extends State

  /** The flags a relayed JVM is given besides the relay's own: the serial collector for every cell alike.
    * Why: stopped between its turns, a JVM under G1 (a 2-core JVM's default) fell into states 5–15×
    * slower for whole rounds — Cats Effect's left-sum 365–624 µs a turn where its other rounds took
    * 51–82 — in a relay of ten JVMs, and under the serial collector none did
    * (docs/lessons/one-core-turns.md). */
  val jvmFlags: Vector[String] = Vector("-XX:+UseSerialGC")

  /** Whether relay rounds can be run here: the waiting JVMs must be stopped whole (Freezer.available). */
  def available: Boolean = Freezer.available

  /** Runs one relay round of `members` and returns when every JVM has exited.
    *
    * The JVMs start one after another, each once the one before it is ready (and stopped) or gone,
    * and the turns begin as soon as one is ready: the first warm-up turns of each JVM are its warm-up
    * (its `warmups`, else `warmupTurns`), and a JVM that has had them takes no measured turn while
    * another is starting or has not had its own. So a JVM's start shares the cores with warm-up turns
    * only, never with a measured one, and every measured cycle holds every JVM, none of them starting.
    * Before a JVM's first turn and after each, it is stopped whole; it is continued for its turn.
    * @param timeoutSeconds each JVM's time limit (the whole round: every turn of every JVM)
    * @param warmupTurns the turns each JVM warms up in (JMH's warm-up iterations) unless it says
    * @param settleMillis a pause between two turns, before the next turn's clock starts
    * @param warmupLanes the disjoint core sets warm-up turns may take at once (Cpus.lanes): neighbouring
    *                    warm-up turns of a cycle then run side by side, each JVM moved (`pin`, while stopped)
    *                    to its lane's cores, and moved back to the first (the measuring cores, where it was
    *                    started) before its next turn there; none or one: every turn alone
    * @param canary its `between` is called before each cycle that no JVM's start overlaps, every JVM of the
    *               round stopped or gone, given the cycle and whether it holds a measured turn: the machine canary
    *               reads the machine there (MachineCanary.Guard.relayRound), and its reading (NaN: none) goes beside
    *               the cycle's turns in the turn log
    * @param usualCycles the measured cycles the round wants with the machine in its usual state (the readings
    *                    on both sides of the cycle not `away`): once it has them, each JVM is told to run its
    *                    remaining iterations freely (RelayProtocol.Free: the JVMs were given spare ones, which
    *                    stand in for cycles read away), all JVMs at once, and the round ends when they have
    *                    exited; the cycle read last is then `unmeasured`. None: every iteration is a turn
    * @param spares given the round's seconds so far, whether a cycle read away may still be measured again in a
    *               spare's turn once the round has had its `usualCycles` measured cycles: when not (the run's
    *               deadline needs the time), the round frees its JVMs as if it had its usual cycles, and the
    *               canary judges the cycles it has */
  def run(
      members: Vector[Member], timeoutSeconds: Long, rnd: Random, settleMillis: Int = 0, turnLog: Option[Path] = None,
      turnLimitSeconds: Long = 600, warmupTurns: Int = 0, canary: CanaryHooks = CanaryHooks.none,
      warmupLanes: Vector[Vector[Int]] = Vector.empty, pin: (Long, Vector[Int]) => Boolean = Cpus.pin, usualCycles: Option[Int] = None,
      spares: Double => Boolean = _ => true
  ): Round = {
    require(members.map(_.key).distinct.size == members.size, "relay members must be distinct")
    // Tables are relayed only where Relay.available: reaching this is the engine's fault, not the user's.
    val freezer = Freezer.start().getOrElse(
      throw new IllegalStateException(
        "relay rounds stop the waiting JVMs with bash and /proc, which this machine lacks (Relay.available said otherwise)"
      )
    )
    val server = new ServerSocket(0, members.size + 8, InetAddress.getLoopbackAddress)
    val events = new LinkedBlockingQueue[Event]()
    val tokens = members.map(m => m.key -> java.util.UUID.randomUUID().toString).toMap
    val byToken = tokens.map(_.swap)
    val started = System.nanoTime()
    @volatile var open = true
    val processes = new java.util.concurrent.ConcurrentHashMap[String, Process]()
    def read(s: Socket): Unit = {
      s.setTcpNoDelay(true)
      val in = s.getInputStream
      // The token line, byte by byte (no buffering past it).
      val line = new StringBuilder
      var b = in.read()
      while (b >= 0 && b != '\n') { line.append(b.toChar); b = in.read() }
      byToken.get(line.toString) match {
        case None => s.close()
        case Some(key) =>
          events.put(Connected(key, s.getOutputStream))
          var c = in.read()
          while (c >= 0) { events.put(Said(key, c)); c = if (c == RelayProtocol.End) -1 else in.read() }
          events.put(Closed(key))
      }
    }
    // The acceptor: each connection says its token, then one byte a message.
    val acceptor = new Thread(
      () => {
        server.setSoTimeout(200)
        while (open) {
          try {
            val s = server.accept()
            val reader = new Thread(() => read(s), "effectbench-relay-reader")
            reader.setDaemon(true)
            reader.start()
          } catch { case _: SocketTimeoutException => (); case _: java.io.IOException => () }
        }
      }, "effectbench-relay-acceptor"
    )
    acceptor.setDaemon(true)
    acceptor.start()
    val port = server.getLocalPort
    val launchers = members.map { m =>
      val t = new Thread(
        () => {
          val cmd = m.command(s"-D${RelayProtocol.Property}=$port:${tokens(m.key)}")
          val f = Subprocess.run(cmd, m.log, timeoutSeconds, env = m.env,
            onStart = { p =>
              processes.put(m.key, p)
              // Kept from its start: should the runner die while this JVM is stopped, the keeper ends it.
              freezer.keep(p.pid())
            })
          events.put(Exited(m.key, f))
        }, s"effectbench-relay-${m.key.take(40)}"
      )
      t.setDaemon(true)
      t
    }
    // One JVM starts at a time, beside the others' warm-up turns: all at once, every one would be
    // ready only when all are, and their starts would hold every turn up.
    var launched = 0
    def launchNext(): Unit = if (launched < launchers.size) { launchers(launched).start(); launched += 1 }
    launchNext()
    var spoken = Set.empty[String]

    var state = members.map(_.key -> (Starting: State)).toMap
    var outs = Map.empty[String, OutputStream]
    var finished = Map.empty[String, Finished]
    val turns = Vector.newBuilder[Turn]
    def now = (System.nanoTime() - started) / 1e9
    def pidOf(k: String): Option[Long] = Option(processes.get(k)).map(_.pid())
    def handle(e: Event): Unit = e match {
      case Connected(k, o) => outs += k -> o
      case Said(k, RelayProtocol.Ready) =>
        if (state(k) != Done && state(k) != Freed) {
          state += k -> Waiting
          // Ready for its next turn: stopped whole until then.
          pidOf(k).foreach(freezer.stop)
        }
        if (!spoken(k)) { spoken += k; launchNext() }
      case Said(k, _) => if (state(k) != Done) state += k -> Ending
      case Closed(k) => if (state(k) != Done) state += k -> Ending
      case Exited(k, f) =>
        finished += k -> f; state += k -> Done
        pidOf(k).foreach(freezer.forget)
        if (!spoken(k)) { spoken += k; launchNext() }
    }
    def until(cond: => Boolean): Unit = while (!cond) handle(events.take())
    // Turns taken at once (warm-up turns in lanes, else one): each ends when its JVM is ready again or
    // gone; a turn that overruns its limit (a hung benchmark) ends its JVM, the others keep their turns.
    def turnsOf(ks: Vector[String]): Map[String, Double] = {
      val limit = System.nanoTime() + turnLimitSeconds * 1000000000L
      var ended = Map.empty[String, Double]
      def mark(): Unit = ks.foreach(k => if (state(k) != InTurn && !ended.contains(k)) ended += k -> now)
      mark()
      while (ks.exists(state(_) == InTurn)) {
        val e = events.poll(math.max(1L, (limit - System.nanoTime()) / 1000000L), java.util.concurrent.TimeUnit.MILLISECONDS)
        if (e != null) handle(e)
        else ks.filter(state(_) == InTurn).foreach { k =>
          Option(processes.get(k)).foreach(Subprocess.killTree)
          state += k -> Ending
        }
        mark()
      }
      ended
    }
    // The lanes warm-up turns may take at once (lane 0: the measuring cores, where every JVM starts and
    // every measured turn runs), and the lane each JVM is on now.
    val lanes = if (warmupLanes.size > 1) warmupLanes else Vector.empty
    var onLane = members.map(_.key -> 0).toMap
    def place(k: String, lane: Int): Unit =
      if (lanes.nonEmpty && onLane(k) != lane) pidOf(k).foreach { p => if (pin(p, lanes(lane))) onLane += k -> lane }
    var taken = members.map(_.key -> 0).toMap
    val warmups = members.map(m => m.key -> m.warmups.getOrElse(warmupTurns)).toMap
    // A JVM past its warm-up waits while another has not had its own or has not started yet (with no
    // warm-up, its first turn is measured and waits for every start).
    def held(k: String): Boolean =
      taken(k) >= warmups(k) &&
        members.exists(m => state(m.key) != Done && (state(m.key) == Starting || taken(m.key) < warmups(m.key)))
    def ready(k: String): Boolean = state(k) == Waiting && !held(k)
    // The reading before the last measured cycle, and how many measured cycles read usual on both sides.
    var lastMeasured = Option.empty[Double]
    var usual = 0
    var measuredCycles = 0
    var sparesCut = false
    // Every JVM still waiting runs the rest of its trial at once, freely: spread over the lanes, continued.
    def free(): Unit = {
      val waiting = members.map(_.key).filter(state(_) == Waiting)
      waiting.zipWithIndex.foreach { case (k, i) => if (lanes.nonEmpty) place(k, i % lanes.size) }
      waiting.foreach { k =>
        try { outs(k).write(RelayProtocol.Free); outs(k).flush(); state += k -> Freed }
        catch { case _: java.io.IOException => state += k -> Ending }
        pidOf(k).foreach(freezer.continue)
      }
      until(state.values.forall(_ == Done))
    }
    try {
      var cycle = 0
      while (state.values.exists(_ != Done)) {
        // A cycle starts when no JVM is in its turn or on its way out and some JVM may take a turn.
        until(
          state.values.forall(s => s != InTurn && s != Ending) && (state.values.forall(_ == Done) || members.exists(m => ready(m.key)))
        )
        val order = rnd.shuffle(members.map(_.key).filter(ready))
        if (order.nonEmpty) cycle += 1
        val measuring = order.exists(k => taken(k) >= warmups(k))
        val reading =
          if (order.nonEmpty && members.forall(m => state(m.key) != Starting)) canary.between(cycle, measuring)
          else Double.NaN
        // The measured cycle before this one is usual when the readings on both its sides are.
        lastMeasured.foreach { r =>
          measuredCycles += 1
          if (!canary.away(r) && !canary.away(reading)) usual += 1
        }
        lastMeasured = if (measuring) Some(reading) else None
        // Spares stand in for cycles read away only while the round may take the time.
        val cut = measuring && usualCycles.exists(n => usual < n && measuredCycles >= n) && !spares(now)
        if (measuring && (usualCycles.exists(usual >= _) || cut)) {
          sparesCut = cut
          canary.unmeasured(cycle)
          cycle -= 1
          free()
        }
        // Neighbouring warm-up turns of the cycle go together, one a lane; every other turn alone.
        def warming(k: String) = taken(k) < warmups(k)
        val together = order.foldLeft(Vector.empty[Vector[String]]) { (acc, k) =>
          acc.lastOption match {
            case Some(g) if lanes.nonEmpty && warming(k) && g.size < lanes.size && g.forall(warming) => acc.init :+ (g :+ k)
            case _ => acc :+ Vector(k)
          }
        }
        // (After free() every JVM is gone, and no group has one waiting.)
        together.foreach { g =>
          val go = g.filter(state(_) == Waiting)
          if (go.nonEmpty) {
            if (settleMillis > 0) Thread.sleep(settleMillis.toLong)
            // Moved while stopped: a measured turn back on the measuring cores, a warm-up turn onto its lane.
            go.zipWithIndex.foreach { case (k, lane) => place(k, lane) }
            go.foreach(k => pidOf(k).foreach(freezer.continue))
            val t0 = now
            val sent = go.filter { k =>
              val ok =
                try { outs(k).write(RelayProtocol.Go); outs(k).flush(); true }
                catch { case _: java.io.IOException => false }
              if (ok) { state += k -> InTurn; taken += k -> (taken(k) + 1) }
              else state += k -> Ending
              ok
            }
            val ended = turnsOf(sent)
            sent.foreach(k => turns += Turn(cycle, k, t0, ended.getOrElse(k, now), reading))
            // After its last turn the JVM exits before the next turn: its exit is work on the same cores.
            go.foreach(k => if (state(k) == Ending) until(state(k) == Done))
          }
        }
      }
    } finally {
      open = false
      server.close()
      outs.values.foreach(o =>
        try o.close()
        catch { case _: java.io.IOException => () }
      )
      freezer.close()
    }
    val got = turns.result()
    turnLog.foreach { p =>
      val text = got.map { t =>
        f"${t.cycle}\t${t.key}\t${t.start}%.4f\t${t.end}%.4f\t" + (if (t.canary.isNaN) "" else f"${t.canary}%.1f")
      }.mkString("cycle\tcell\tstart\tend\tcanary-ns\n", "\n", "\n")
      Files.write(p, text.getBytes(StandardCharsets.UTF_8))
    }
    Round(finished, got, now, sparesCut)
  }
}
