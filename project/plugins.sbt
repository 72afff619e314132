addSbtPlugin("pl.project13.scala" % "sbt-jmh" % "0.4.8")
// The formatter: `./sbt scalafmtAll` formats, `.ci/run` checks; .scalafmt.conf pins scalafmt itself.
addSbtPlugin("org.scalameta" % "sbt-scalafmt" % "2.5.5")
