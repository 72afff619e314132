package effectbench.stats

import java.util.Locale

/** Numbers read the same whatever the machine's locale. */
class FormatSuite extends munit.FunSuite {
  private def under[A](l: Locale)(f: => A): A = {
    val before = Locale.getDefault
    Locale.setDefault(l)
    try f
    finally Locale.setDefault(before)
  }

  test("a German or French default locale changes no separator") {
    for (l <- Vector(Locale.GERMANY, Locale.FRANCE, Locale.ROOT)) under(l) {
      assertEquals(Format.num(12345.6), "12,346", l.toString)
      assertEquals(Format.num(1.5), "1.500", l.toString)
      assertEquals(Format.num(0.00001234), "1.234e-05", l.toString)
      assertEquals(Format.count(1234567L), "1,234,567", l.toString)
      assertEquals(Format.ratio(2.5), "2.50×", l.toString)
      assertEquals(Format.bytes(Some(Stat(12345.0, 1.0, "B/op"))), "12,345", l.toString)
      assertEquals(Format.duration(3725), "1h02m", l.toString)
    }
  }
}
