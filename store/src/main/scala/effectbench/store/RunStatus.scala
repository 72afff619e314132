package effectbench.store

/** Where run.json's run stands. */
enum RunStatus(val id: String) {
  case Running extends RunStatus("running")
  case Interrupted extends RunStatus("interrupted")
  case Complete extends RunStatus("complete")
  /** A merge of some of a run's shards (`merge --partial`) or of shards not all complete. */
  case Partial extends RunStatus("partial")
}
