package effectbench

import com.sun.management.{GarbageCollectionNotificationInfo => GcNote}
import java.lang.management.ManagementFactory
import javax.management.{Notification, NotificationEmitter, NotificationListener}
import javax.management.openmbean.CompositeData

/** The longest collection of the JVM since `reset` (ms, as the JVM's GC notifications give it): a latency
  * window records it beside its client's lateness, so that a client held up by a collection's pause,
  * which stops every thread and delays the runtime's events alike, is told apart from a client the
  * machine ran late. Notifications come on a thread of the JVM's own shortly after each collection;
  * the window reads the longest once its answers are in. */
object GcPauses {
  @volatile private var longest: Long = 0L
  @volatile private var count: Long = 0L

  private lazy val installed: Boolean = {
    val listener = new NotificationListener {
      def handleNotification(n: Notification, handback: AnyRef): Unit =
        if (n.getType == GcNote.GARBAGE_COLLECTION_NOTIFICATION) {
          val d = GcNote.from(n.getUserData.asInstanceOf[CompositeData]).getGcInfo.getDuration
          if (d > longest) longest = d
          count += 1
        }
    }
    // A plain loop: this file is compiled by every Scala version the runtimes use, 2.12 included.
    val beans = ManagementFactory.getGarbageCollectorMXBeans.iterator()
    while (beans.hasNext) beans.next() match {
      case e: NotificationEmitter => e.addNotificationListener(listener, null, null)
      case _ => ()
    }
    true
  }

  /** Starts a window's count (and listens from the first). */
  def reset(): Unit = { installed; longest = 0L; count = 0L }

  /** The collections notified since `reset`. */
  def collections: Long = count

  /** The longest collection since `reset`, in ms. */
  def longestMs: Long = longest
}
