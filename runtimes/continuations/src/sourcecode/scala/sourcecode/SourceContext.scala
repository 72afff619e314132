package sourcecode

/** The two types of com.lihaoyi's sourcecode that `Impl` takes, for this group only. Scala 2.12.2
  * cannot expand a macro from a library on JDK 9 and later: loading the macro class path fails in
  * `JrtClassPath.asURLs` with "/packages cannot be represented as URI" (scala/bug#11608, fixed
  * in 2.12.9 by scala/scala#8210), and the continuations plugin exists for 2.12.2 only. So here
  * the file and line come from the caller's stack frame, which the compiler wrote too (the
  * class file's SourceFile and LineNumberTable), when the `Impl` is built. */
final class File(val value: String)
final class Line(val value: Int)

object File {
  /** The caller's file, as its repository path: this group's sources are under
    * runtimes/continuations/src/main/scala, in the directory of their class's package. */
  implicit def here: File = {
    val f = Caller.frame()
    val pkg = f.getClassName.lastIndexOf('.') match {
      case -1 => ""
      case at => f.getClassName.substring(0, at).replace('.', '/') + "/"
    }
    new File("runtimes/continuations/src/main/scala/" + pkg + f.getFileName)
  }
}

object Line {
  implicit def here: Line = new Line(Caller.frame().getLineNumber)
}

private object Caller {
  /** The first frame outside this package: the code that asked for the implicit. */
  def frame(): StackTraceElement =
    new Throwable().getStackTrace.find(e => !e.getClassName.startsWith("sourcecode.")).get
}
