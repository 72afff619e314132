package effectbench

/** The inputs of `business-flow` and its pure reference result. Every style and runtime draws
  * from this one generator, seeded with the operation's index, so all see the same inputs.
  * The error types live here too, so that every classpath group raises the very same errors. */
object BusinessFlowModel {
  /** What one operation will meet: its input, whether it is valid, whether the outside call fails. */
  final case class Draw(input: Int, valid: Boolean, fails: Boolean, reason: String)

  /** The `failure` parameter: probability that the outside call fails, and the bound below
    * which inputs are valid. Written `rate:below` (for example `0.1:80`); the two always sweep
    * together, as docs/scenarios.md pairs them. */
  final case class Failure(rate: Double, validBelow: Int)

  /** The pairs docs/scenarios.md names, the first being the default. */
  val failureValues: Vector[String] = Vector("0.1:80", "0.25:70", "0.45:70", "0.45:50", "0:100")
  val tfValues: Vector[String] = Vector("2", "5", "100", "200")

  def parseFailure(text: String): Failure = text.split(':') match {
    case Array(rate, below) => Failure(rate.toDouble, below.toInt)
    case _ => throw new IllegalArgumentException(s"failure must be rate:valid-below (like 0.1:80), got '$text'")
  }

  /** The scenario's parameters, read once when a program is prepared. */
  final case class Config(tf: Int, base: Int, failure: Failure, k: Int) {
    /** CPU tokens of the transform step, and of each later step. */
    def transformTokens: Long = base.toLong
    def stepTokens: Long = tf.toLong * base
    def draw(index: Int): Draw = BusinessFlowModel.draw(index.toLong, failure.rate, failure.validBelow)
  }
  def config(p: Params): Config = Config(p.int("tf"), p.int("base"), parseFailure(p("failure")), p.int("k"))

  private val letters = "abcdefghijklmnopqrstuvwxyz"

  def draw(index: Long, failureRate: Double, validBelow: Int): Draw = {
    val rng = new java.util.SplittableRandom(index)
    val input = rng.nextInt(100)
    val fails = rng.nextDouble() < failureRate
    val reason = if (fails) {
      val sb = new StringBuilder(10)
      var k = 0
      while (k < 10) { sb.append(letters.charAt(rng.nextInt(letters.length))); k += 1 }
      sb.toString
    } else ""
    Draw(input, input < validBelow, fails, reason)
  }

  /** The business errors, as values (either, eithert, typed and tagless styles). */
  sealed trait FlowError
  final case class Invalid(input: Int) extends FlowError
  final case class UhOh(reason: String) extends FlowError
  final case class Result(value: Int)

  /** The business errors, as exceptions (exceptions style): ordinary RuntimeException
    * subclasses that fill in their stack trace, as users write them. */
  final class InvalidException(val input: Int) extends RuntimeException(s"invalid input $input")
  final class UhOhException(val reason: String) extends RuntimeException(s"uh oh: $reason")

  /** Outcome counts and result sum over K operations, as every implementation must report them. */
  final case class Tally(invalid: Long, uhOh: Long, results: Long, sum: Long) {
    def add(other: Tally): Tally = Tally(invalid + other.invalid, uhOh + other.uhOh, results + other.results, sum + other.sum)
    override def toString: String = s"invalid=$invalid uhoh=$uhOh result=$results sum=$sum"
  }
  object Tally {
    val zero: Tally = Tally(0, 0, 0, 0)
    def invalid: Tally = Tally(1, 0, 0, 0)
    def uhOh: Tally = Tally(0, 1, 0, 0)
    def result(value: Int): Tally = Tally(0, 0, 1, value.toLong)
  }

  /** The counting an implementation does as its operations finish (one per program run). */
  final class Counter {
    private var invalid, uhOh, results, sum = 0L
    def error(e: FlowError): Unit = e match {
      case Invalid(_) => invalid += 1
      case UhOh(_) => uhOh += 1
    }
    def exception(t: Throwable): Unit = t match {
      case _: InvalidException => invalid += 1
      case _: UhOhException => uhOh += 1
      case other => throw other
    }
    def result(r: Result): Unit = { results += 1; sum += r.value }
    def outcome(o: Either[FlowError, Result]): Unit = o match {
      case Left(e) => error(e)
      case Right(r) => result(r)
    }
    def tally: Tally = Tally(invalid, uhOh, results, sum)
  }

  /** The pure reference: what K operations seeded 0..K-1 must add up to. */
  def referenceTally(k: Int, failureRate: Double, validBelow: Int): Tally = {
    var t = Tally.zero
    var i = 0
    while (i < k) {
      val d = draw(i.toLong, failureRate, validBelow)
      t = t.add(if (!d.valid) Tally.invalid else if (d.fails) Tally.uhOh else Tally.result(d.input))
      i += 1
    }
    t
  }

  def reference(k: Int, failure: Failure): String = referenceTally(k, failure.rate, failure.validBelow).toString
  def reference(p: Params): String = reference(p.int("k"), parseFailure(p("failure")))
}
