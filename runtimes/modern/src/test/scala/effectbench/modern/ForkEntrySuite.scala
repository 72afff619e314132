package effectbench.modern

import cats.effect.IO
import cats.effect.unsafe.{IORuntime, IORuntimeConfig}
import effectbench.{Mode, Settings, SliceProbe}
import zio.{Unsafe, ZIO}

/** The `fork` entry pays the same hand-offs on every runtime: Cats Effect's and ZIO's each hand a
  * one-step program to the pool exactly once. Counted on a pool that is a queue this thread runs
  * (SliceProbe), not timed. */
class ForkEntrySuite extends munit.FunSuite {
  private def handOffs(start: SliceProbe => Unit): Int = {
    val probe = new SliceProbe
    start(probe)
    probe.drive(30)
    probe.resumptions
  }

  test("Cats Effect's fork entry and ZIO's hand the program to the pool the same number of times: once") {
    val ce = handOffs { probe =>
      val rt = IORuntime.builder().setCompute(probe.executor, () => ())
        .setConfig(IORuntimeConfig(512, Settings.CatsEffectAutoYield, false, 16)).build()
      new Thread(() => { CatsEffectSetup.fork(IO.unit, rt); probe.done() }).start()
    }
    val z = handOffs { probe =>
      val rt = Unsafe.unsafe { implicit u =>
        zio.Runtime.unsafe.fromLayer(zio.Runtime.setExecutor(zio.Executor.fromExecutionContext(probe.executor)))
      }
      new Thread(() => { ZioSetup.run(rt, ZIO.unit, Mode.Fork); probe.done() }).start()
    }
    assertEquals((ce, z), (1, 1))
  }
}
