package effectbench

/** Opening and checking cells, shared by the JMH benchmark, the verifier and the oracle tests. */
object Harness {
  lazy val registry: CellRegistry = CellRegistry.load()

  def scenario(id: CellId): Scenario =
    Catalog.get(id.scenario, includeTestOnly = true).getOrElse(throw new IllegalArgumentException(s"unknown scenario ${id.scenario}"))

  def cellId(key: String): CellId = CellId.parse(key) match {
    case Right(id) => id
    case Left(err) => throw new IllegalArgumentException(err)
  }

  def impl(id: CellId): Impl[_ <: Live] = CellRegistry.find(registry, id)
    .getOrElse(throw new IllegalArgumentException(s"no implementation of ${id.scenario}/${id.variant}/${id.runtime} in this module"))

  /** Starts the cell's runtime and prepares its program. */
  def open(key: String, settings: Settings): (Live, Program) = {
    val id = cellId(key)
    val i = impl(id)
    val live = i.setup.start(settings)
    (live, i.prepare(live, scenario(id).complete(id.params), id.mode))
  }

  def expected(id: CellId): String = {
    val s = scenario(id)
    s.oracle(id.variant, s.complete(id.params))
  }

  /** The oracle's result and the program's check (Program.checkedSummary: one run, or a latency program's windows). */
  private def results(key: String, program: Program): (String, String) = {
    val want = expected(cellId(key))
    (want, program.checkedSummary())
  }

  private def invalid(want: String, got: String): String = s"invalid: expected $want got $got"

  /** Checks the program (Program.checkedSummary) against the oracle; Left(message) when it differs. */
  def verify(key: String, program: Program): Either[String, String] = {
    val (want, got) = results(key, program)
    if (got == want) Right(got) else Left(invalid(want, got))
  }

  /** As `verify`, inside the measuring JVM: a wrong result is recorded for the runner, typed, in
    * the file JmhCell names (Wire.failureFileVariable), and fails the benchmark. */
  def check(key: String, program: Program): Unit = {
    val (want, got) = results(key, program)
    if (got != want) {
      sys.env.get(Wire.failureFileVariable).filter(_.nonEmpty).foreach { f =>
        val line = Wire.write(BenchFailure(key, Outcome.Invalid, want, got, invalid(want, got) + " (under JMH)")) + "\n"
        java.nio.file.Files.write(java.nio.file.Paths.get(f), line.getBytes(java.nio.charset.StandardCharsets.UTF_8),
          java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND)
      }
      throw new IllegalStateException(s"$key: ${invalid(want, got)}")
    }
  }
}
