package effectbench.report

import effectbench.store.SyntheticRun
import effectbench.store.{CellRecord, Index, RunFiles}
import java.nio.charset.StandardCharsets
import java.nio.file.Files
import java.sql.DriverManager

class StoreSuite extends munit.FunSuite {
  private val specs = SyntheticRun.cells200.take(20)

  private def records(dir: java.nio.file.Path): Vector[CellRecord] =
    new String(Files.readAllBytes(dir.resolve("cells.jsonl")), StandardCharsets.UTF_8).split('\n').toVector.filter(_.nonEmpty)
      .map(RunFiles.readCell(_, dir.resolve("cells.jsonl").toString))

  test("reindex indexes every run and cell; history lists a cell across runs, oldest first") {
    val results = SyntheticRun.tempDir("store")
    SyntheticRun.write(results.resolve("20261101-000000-quick-x"), "20261101-000000-quick-x", specs, seed = 1)
    SyntheticRun.write(results.resolve("20261102-000000-quick-x"), "20261102-000000-quick-x", specs, factor = _ => 2.0, seed = 2)
    val store = new Index(results)
    assertEquals(store.reindex(), (2, 40))
    assertEquals(store.counts(), (2, 40))
    // Reindexing again rebuilds rather than duplicates.
    assertEquals(store.reindex(), (2, 40))
    assertEquals(store.counts(), (2, 40))
    val h = store.history(Vector("scenario-0"), Vector("zio"), Vector.empty, Vector("fork"), Vector("n" -> "100"))
    assertEquals(h.map(_.runId), Vector("20261101-000000-quick-x", "20261102-000000-quick-x"))
    assertEquals(h.map(_.cell).distinct, Vector("scenario-0/default/zio/n=100/fork"))
    val Vector(s1, s2) = h.map(_.score.get)
    assert(s2 / s1 > 1.8 && s2 / s1 < 2.2, s"$s1 -> $s2")
    assertEquals(h.head.libraries.get("zio"), Some("zio-1.0"))
    assertEquals(store.history(Vector("scen*"), Vector.empty, Vector.empty, Vector.empty, Vector.empty).size, 40)
  }

  test("concurrent writers keep the index consistent; a writer blocked by a held lock waits and says why") {
    val results = SyntheticRun.tempDir("store-conc")
    val dirs = (0 until 3).map { i =>
      SyntheticRun.write(results.resolve(s"run-$i"), s"run-$i", specs, seed = i.toLong)
    }
    val threads = dirs.map { d =>
      new Thread(() => records(d).foreach(r => new Index(results, _ => ()).indexCell(d, r)))
    }
    threads.foreach(_.start())
    threads.foreach(_.join())
    assertEquals(new Index(results).counts(), (3, 60))

    // Hold the write lock from another connection for a while; the next writer must wait, say so, then succeed.
    val holder = DriverManager.getConnection("jdbc:sqlite:" + results.resolve("index.db"))
    val st = holder.createStatement()
    st.execute("BEGIN IMMEDIATE")
    val said = new java.util.concurrent.ConcurrentLinkedQueue[String]()
    val w = new Index(results, said.add(_))
    w.quietWaitMillis = 200
    val t = new Thread(() => w.indexCell(dirs(0), records(dirs(0)).head.copy(cell = "scenario-9/default/zio/n=100/fork")))
    t.start()
    Thread.sleep(1500)
    assert(t.isAlive, "the writer should be waiting for the lock")
    st.execute("COMMIT")
    st.close(); holder.close()
    t.join(10000)
    assert(!t.isAlive)
    assert(said.toArray.exists(_.toString.contains("locked by another writer")), said.toString)
    assertEquals(new Index(results).counts(), (3, 61))
  }

  test("an index of an older layout is dropped and refilled from the run directories") {
    val results = SyntheticRun.tempDir("store-old")
    SyntheticRun.write(results.resolve("r1"), "r1", specs)
    val said = new java.util.concurrent.ConcurrentLinkedQueue[String]()
    assertEquals(new Index(results, said.add(_)).reindex(), (1, 20))
    val c = DriverManager.getConnection("jdbc:sqlite:" + results.resolve("index.db"))
    try { val st = c.createStatement(); st.execute("PRAGMA user_version = 0"); st.close() }
    finally c.close()
    val s2 = new Index(results, said.add(_))
    s2.ensureFilled()
    assertEquals(s2.counts(), (1, 20))
    assert(said.toArray.exists(_.toString.contains("older layout")), said.toString)
  }
}
