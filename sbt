#!/usr/bin/env bash
# sbt wrapper: fetches the sbt launcher from Maven Central with mvn and resolves only from
# Maven Central (the launcher's own default repositories are overridden).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sbt_version="$(sed -n 's/^sbt.version *= *//p' "$here/project/build.properties")"
m2="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"
launcher="$m2/org/scala-sbt/sbt-launch/$sbt_version/sbt-launch-$sbt_version.jar"
if [ ! -f "$launcher" ]; then
  echo "sbt: fetching the sbt launcher $sbt_version from Maven Central..." >&2
  if ! command -v mvn >/dev/null; then
    echo "sbt: mvn is needed to fetch the sbt launcher; install Maven" >&2; exit 2
  fi
  mvn -q -Dmaven.repo.local="$m2" dependency:get -Dartifact="org.scala-sbt:sbt-launch:$sbt_version" >&2
fi
java_cmd="java"
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then java_cmd="$JAVA_HOME/bin/java"; fi
exec "$java_cmd" -Xms512m -Xmx3g -Xss4m -XX:+UseParallelGC \
  -Dsbt.repository.config="$here/project/repositories" \
  -Dsbt.override.build.repos=true \
  -Dsbt.server.forcestart=false \
  -Dsbt.supershell=false \
  $( [ -t 1 ] || echo -Dsbt.color=false ) \
  ${SBT_OPTS:-} \
  -jar "$launcher" "$@"
