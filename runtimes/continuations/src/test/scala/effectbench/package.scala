/** Scala 2.12.2's compiler cannot expand macros on JDK 9+: finding the macro class loader asks
  * its jrt:/ class path for URLs, which throws "/packages cannot be represented as URI" (fixed in
  * later 2.12 releases). munit materializes a `Location` with a macro at every `test`, `assert`
  * and `fail`; this implicit, in scope for the shared suites of harness/src/test compiled by this
  * module, is found first, so no macro is expanded. Failures then name the suite's file, not the line. */
package object effectbench {
  implicit val suiteLocation: munit.Location = new munit.Location("harness/src/test/scala/effectbench", 0)
}
