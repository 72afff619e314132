package effectbench

import java.io.{InputStream, OutputStream}
import java.net.{InetAddress, Socket}
import java.nio.charset.StandardCharsets

/** A measuring JVM's side of relay rounds: the cells of a table live at once and measure in turn,
  * one JMH iteration a turn, so that a machine's slow drift hits every cell of a cycle alike. The
  * runner (the referee) passes `-Deffectbench.relay=PORT:TOKEN`; the JVM connects to it on the
  * loopback and says who it is. At each iteration's setup it says it is ready (`R`), which also
  * tells the referee that its previous turn, JMH's bookkeeping after it included, is over, and waits
  * for the referee's go (`G`); the wait is outside the timed part, since JMH starts an iteration's
  * clock after its setup. A referee whose round has its measured turns answers free (`F`) instead: the
  * trial's remaining iterations then run without waiting, in no estimate. After the trial's last
  * check it says it is ending (`E`). Without the property every call here does nothing.
  *
  * Protocol, one byte a message after the first line: JVM to referee `TOKEN\n`, then `R` or `E`;
  * referee to JVM `G` or `F`. A referee that goes away (EOF) ends the JVM: nothing it measures after that
  * could be paired. */
object RelayTurn {
  import RelayProtocol.{End, Free, Go, Property, Ready}

  private var socket: Socket = null
  private var in: InputStream = null
  private var out: OutputStream = null
  @volatile private var freed = false

  /** "PORT:TOKEN" parsed; None when the property is absent. */
  def spec(value: String): Option[(Int, String)] =
    Option(value).map(_.trim).filter(_.nonEmpty).map { v =>
      val i = v.indexOf(':')
      if (i <= 0 || i == v.length - 1) throw new IllegalArgumentException(s"-D$Property wants PORT:TOKEN, got '$v'")
      (v.substring(0, i).toInt, v.substring(i + 1))
    }

  private lazy val configured: Option[(Int, String)] = spec(System.getProperty(Property))

  def enabled: Boolean = configured.isDefined

  private def connect(): Unit = if (socket == null) configured.foreach { case (port, token) =>
    val s = new Socket(InetAddress.getLoopbackAddress, port)
    s.setTcpNoDelay(true)
    socket = s
    in = s.getInputStream
    out = s.getOutputStream
    out.write((token + "\n").getBytes(StandardCharsets.UTF_8))
    out.flush()
  }

  /** Ready for a turn: waits until the referee says go; once it has said free, returns at once. */
  def awaitTurn(): Unit = if (enabled && !freed) synchronized {
    connect()
    out.write(Ready)
    out.flush()
    val b = in.read()
    if (b == Free) freed = true
    else if (b != Go) {
      System.err.println(s"effectbench: the relay referee ${if (b < 0) "is gone" else s"sent '$b'"}; ending this JVM")
      Runtime.getRuntime.halt(144)
    }
  }

  /** The trial is over: the referee may hand the cores on once this JVM has exited. */
  def end(): Unit = if (enabled) synchronized {
    if (socket != null) {
      try { out.write(End); out.flush() }
      catch { case _: java.io.IOException => () }
      finally { socket.close(); socket = null }
    }
  }
}
