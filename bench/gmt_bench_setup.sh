# Sourced by the benchmarks that run beside GMT (cpu_vs_gmt.sh, centres_vs_gmt.sh): installs
# gmt, hyperfine and numpy from Debian when missing and moves into a scratch folder (in memory
# where /dev/shm exists, so that file writes do not time the disk), removed on exit.
missing=()
for p in gmt hyperfine python3-numpy; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

work="$(mktemp -d -p "$( [ -d /dev/shm ] && echo /dev/shm || echo /tmp )")"
trap 'rm -rf "$work"' EXIT
cd "$work"
