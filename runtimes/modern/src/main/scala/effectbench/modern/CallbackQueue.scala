package effectbench.modern

import java.util.concurrent.Executor
import java.util.concurrent.locks.ReentrantLock

/** A bounded multi-producer multi-consumer queue for tasks that must not block a pool thread:
  * built like `ArrayBlockingQueue` (a lock around a bounded buffer), but a full offer or an empty
  * take parks a callback instead of a thread; a parked callback is resumed through `resume`
  * (a pool submission), as a fiber runtime reschedules a suspended fiber. */
final class CallbackQueue[A](capacity: Int, resume: Executor) {
  private final class ParkedOffer(val item: A, val k: () => Unit)
  private val lock = new ReentrantLock()
  private val items = new java.util.ArrayDeque[A](capacity)
  private val takers = new java.util.ArrayDeque[A => Unit]()
  private val offerers = new java.util.ArrayDeque[ParkedOffer]()

  /** True when the item went in (or straight to a waiting taker); false when parked. */
  def offer(a: A, k: () => Unit): Boolean = {
    var taker: A => Unit = null
    var done = true
    lock.lock()
    try {
      if (!takers.isEmpty) taker = takers.poll()
      else if (items.size < capacity) items.add(a)
      else { offerers.add(new ParkedOffer(a, k)); done = false }
    } finally lock.unlock()
    if (taker != null) { val t = taker; resume.execute(() => t(a)) }
    done
  }

  /** The head item when there is one; otherwise null, and `k` is resumed with an item later. */
  def take(k: A => Unit): A = {
    var got: A = null.asInstanceOf[A]
    var offerer: ParkedOffer = null
    lock.lock()
    try {
      if (!items.isEmpty) {
        got = items.poll()
        if (!offerers.isEmpty) { offerer = offerers.poll(); items.add(offerer.item) }
      } else takers.add(k)
    } finally lock.unlock()
    if (offerer != null) { val o = offerer; resume.execute(() => o.k()) }
    got
  }
}
