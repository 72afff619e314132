addSbtPlugin("pl.project13.scala" % "sbt-jmh" % "0.4.8")
// scalafmt: `./sbt scalafmtAll` formats, `.ci/run` checks (the version of scalafmt itself is .scalafmt.conf's).
addSbtPlugin("org.scalameta" % "sbt-scalafmt" % "2.5.5")
