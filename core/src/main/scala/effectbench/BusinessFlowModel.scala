package effectbench

/** The inputs of `business-flow` and its pure reference result. Every style and runtime draws
  * from this one generator, seeded with the operation's index, so all see the same inputs. */
object BusinessFlowModel {
  /** What one operation will meet: its input, whether it is valid, whether the outside call fails. */
  final case class Draw(input: Int, valid: Boolean, fails: Boolean, reason: String)

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

  def reference(k: Int, failureRate: Double, validBelow: Int): String = {
    var t = Tally.zero
    var i = 0
    while (i < k) {
      val d = draw(i.toLong, failureRate, validBelow)
      t = t.add(if (!d.valid) Tally.invalid else if (d.fails) Tally.uhOh else Tally.result(d.input))
      i += 1
    }
    t.toString
  }
}
