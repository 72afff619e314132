package effectbench

/** What the runner's relay referee and a measuring JVM say to each other (runner Relay, harness
  * RelayTurn): the referee passes `-Deffectbench.relay=PORT:TOKEN`; the JVM connects on the loopback,
  * sends `TOKEN\n`, then one byte a message. */
object RelayProtocol {
  val Property = "effectbench.relay"
  /** JVM to referee: ready for a turn (so its previous turn, with JMH's bookkeeping after it, is over). */
  val Ready: Int = 'R'
  /** JVM to referee: the trial is over; it exits next. */
  val End: Int = 'E'
  /** Referee to JVM: your turn. */
  val Go: Int = 'G'
  /** Referee to JVM: the round has its measured turns; run the trial's remaining iterations without
    * waiting for turns (they are in no estimate) and end. */
  val Free: Int = 'F'
}
