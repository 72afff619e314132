package effectbench.cli

import effectbench.ResultWait
import effectbench.runner.{Cpus, Profiles, Rounds, ShardSpec, UsageError}

/** The engine's flags read into its typed settings: each flag read once, the engine's own default
  * standing for a flag not given. */
class EngineFlagsSuite extends munit.FunSuite {
  private def engineOf(argv: String*) = Flags.read[EngineOptions](argv)

  test("--shard parses K/N and refuses everything else") {
    assertEquals(EngineFlags.shard("2/3"), ShardSpec(2, 3))
    assertEquals(EngineFlags.shard("1/1"), ShardSpec(1, 1))
    for (bad <- Vector("0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "-1/2", ""))
      intercept[UsageError](EngineFlags.shard(bad))
  }

  test("--cpus takes positive core counts up to the cores this process may use") {
    intercept[UsageError](EngineFlags.cpus(Vector("0")))
    intercept[UsageError](EngineFlags.cpus(Vector("x")))
    intercept[UsageError](EngineFlags.cpus(Vector((Cpus.allowed.size + 1).toString)))
    assertEquals(EngineFlags.cpus(Vector("2", "1", "1")).filter(_ <= Cpus.allowed.size), Vector(1, 2).filter(_ <= Cpus.allowed.size))
  }

  test("--lib: versions in the order given, several libraries in one value, the same version twice an A/A pair") {
    assertEquals(EngineFlags.libs(Seq("cats-effect=3.5.7,3.6.3", "zio=2.1.26,2.1.26,local:2.1.26")).map(l => (l.runtime, l.label, l.local)),
      Vector(("cats-effect", "3.5.7", false), ("cats-effect", "3.6.3", false), ("zio", "2.1.26", false), ("zio", "2.1.26#2", false),
        ("zio", "local:2.1.26", true)))
    assertEquals(EngineFlags.libs(Seq("cats-effect=3.7.1,zio=2.1.24,2.1.26")).map(l => s"${l.runtime}@${l.label}"),
      Vector("cats-effect@3.7.1", "zio@2.1.24", "zio@2.1.26"))
    for (bad <- Vector("3.7.1", "nope=1.0", "zio=", "zio=local:", "zio=1.0/2"))
      intercept[UsageError](EngineFlags.libs(Seq(bad)))
  }

  test("a run with --lib measures in paired rounds even when no engine flag asks for them") {
    val none = engineOf()
    assertEquals(EngineFlags.engine(none, Profiles.quick), None)
    val e = EngineFlags.engine(none, Profiles.quick, versions = true)
    assert(e.exists(_.minRounds >= 3), e.toString)
    assertEquals(EngineFlags.engine(engineOf("--rounds", "2"), Profiles.quick, versions = true).map(_.maxRounds), Some(2))
    val range = EngineFlags.engine(engineOf("--rounds", "4-30"), Profiles.quick)
    assertEquals(range.map(e => (e.minRounds, e.maxRounds)), Some((4, 30)))
  }

  test("--turns takes relay or forks; --turns alone keeps the headline's own engine") {
    assert(!EngineFlags.relay(None))
    assert(EngineFlags.relay(None, default = true) && !EngineFlags.relay(Some("forks"), default = true))
    val turnsOnly = EngineOptions(turns = Some("relay"), level = ConfidenceFlag())
    assert(turnsOnly.asked && !turnsOnly.rules)
    assert(turnsOnly.copy(rounds = Some("4")).rules)
    assert(EngineFlags.relay(Some("relay")))
    assert(!EngineFlags.relay(Some("forks")))
  }

  test("--turn reaches the engine as its turn length; without it the engine keeps its own") {
    assertEqualsDouble(EngineFlags.turn("100ms"), 0.1, 1e-12)
    assertEqualsDouble(EngineFlags.turn("0.25s"), 0.25, 1e-12)
    val base = Rounds.Engine(0.1, 3, 12, None, 0.95, 1L)
    assertEqualsDouble(EngineFlags.withTurn(base, engineOf("--turn", "80ms")).turnSeconds, 0.08, 1e-12)
    assertEquals(EngineFlags.withTurn(base, engineOf()), base)
    val asked = EngineFlags.engine(engineOf("--rounds", "4", "--turn", "80ms"), Profiles.quick)
    assertEqualsDouble(asked.get.turnSeconds, 0.08, 1e-12)
    assertEqualsDouble(EngineFlags.engine(engineOf("--rounds", "4"), Profiles.quick).get.turnSeconds, base.turnSeconds, 1e-12)
  }

  test("--wait is read into the strategy the measuring JVMs are given") {
    assertEquals(Flags.read[MeasureFlags](Vector("--wait", "spin")).resultWait, Some(ResultWait.Spin))
    assertEquals(Flags.read[MeasureFlags](Vector.empty).resultWait, None)
    intercept[effectbench.runner.UsageError](Flags.read[MeasureFlags](Vector("--wait", "busy")))
  }
}
