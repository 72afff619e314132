package effectbench.runner

import java.nio.file.Paths
import scala.util.Random

/** A runner for RelaySuite to kill with -9: one relay round of three bash members that never end,
  * each with a busy child, each writing its pid and its child's to DIR/KEY.pid. */
object RelayKillMain {
  def main(args: Array[String]): Unit = {
    val dir = Paths.get(args(0))
    val members = Vector("a", "b", "c").map { k =>
      Relay.Member(
        k,
        flag => {
          val Array(port, token) = flag.stripPrefix(s"-D${effectbench.RelayProtocol.Property}=").split(":", 2)
          Vector("bash", "-c",
            s"(while true; do :; done) & echo $$$$ $$! > ${dir.resolve(s"$k.pid")}; exec 3<>/dev/tcp/127.0.0.1/$port; echo $token >&3; " +
              "while true; do printf R >&3; read -r -n1 -u3 _; sleep 0.05; done")
        },
        dir.resolve(s"$k.log")
      )
    }
    Relay.run(members, 600, new Random(1))
  }
}
