addSbtPlugin("pl.project13.scala" % "sbt-jmh" % "0.4.8")
