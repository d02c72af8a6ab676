#!/usr/bin/env bash
# Installs the Debian package into an empty root and runs `rochade --help` there: no source
# tree, no build tree, no LD_LIBRARY_PATH. The root is made of nothing but the package,
# installed by `dpkg --root` (its dependencies forced: they are not in the root's package
# database), and the shared libraries the program needs, copied from this machine (what the
# package's dependencies bring on a real installation). So it shows that the package is
# whole and that the program finds libvosk.so through its $ORIGIN rpath in
# /usr/lib/rochade/; the dependencies' resolution by apt is shown by a real installation in
# a fresh Debian 12 (README, "Installing it as a service"). Needs root (chroot).
#   scripts/check-deb.sh target/debian/rochade_*.deb
set -euo pipefail
deb=$(realpath "${1:?usage: check-deb.sh PACKAGE.deb}")
if [ "$(id -u)" != 0 ]; then
  echo "error: check-deb.sh needs root (dpkg --root and chroot)" >&2
  exit 1
fi
root=$(mktemp -d)
trap 'umount "$root/proc" 2>/dev/null || true; rm -rf --one-file-system "$root"' EXIT
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/tmp" "$root/proc"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
# (dpkg says which dependencies it forces: all of them, the root being empty)
dpkg --root="$root" --force-depends --force-script-chrootless --log=/dev/null -i "$deb" >/dev/null 2>&1 || {
  echo "error: dpkg could not install $deb" >&2
  exit 1
}
dpkg --root="$root" -s rochade | grep -q '^Status: install ok installed$'
program="$root/usr/bin/rochade"
runpath=$(readelf -d "$program" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
if [ "$runpath" != '$ORIGIN/../lib/rochade' ]; then
  echo "error: the packaged program's rpath is [$runpath], not [\$ORIGIN/../lib/rochade]" >&2
  exit 1
fi
# The libraries of the system, as the package's dependencies would bring them; libvosk.so
# must be found in the root itself.
ldd "$program" | while read -r name arrow path _; do
  case "$name $arrow $path" in
    *"not found"*) echo "error: $name is not found for the packaged program" >&2; exit 1 ;;
  esac
  [ "$arrow" = "=>" ] || path=$name
  case "$path" in
    "$root"/*) continue ;;
    /*) mkdir -p "$root$(dirname "$path")"; cp -L "$path" "$root$path" ;;
  esac
done
vosk=$(ldd "$program" | sed -n 's/^\s*libvosk.so => \(.*\) (0x.*/\1/p')
if [ -z "$vosk" ] || [ "$(realpath "$vosk")" != "$root/usr/lib/rochade/libvosk.so" ]; then
  echo "error: libvosk.so is not taken from the package's /usr/lib/rochade/" >&2
  exit 1
fi
[ ! -e "$root/work" ] && [ ! -e "$root/project" ] && [ ! -e "$root/root/.cargo" ]
# The loader finds $ORIGIN through /proc/self/exe, as on every running system.
mount -t proc proc "$root/proc"
help=$(env -i PATH=/usr/bin:/usr/sbin:/bin:/sbin chroot "$root" /usr/bin/rochade --help) || {
  echo "error: rochade --help failed in the package's root" >&2
  exit 1
}
for command in play service ctl install-service; do
  grep -q "^  $command " <<<"$help" || { echo "error: --help lacks $command" >&2; exit 1; }
done
[ -f "$root/usr/lib/systemd/user/rochade.service" ]
grep -q '^ExecStart=/usr/bin/rochade service$' "$root/usr/lib/systemd/user/rochade.service"
echo "the package installs into an empty root and rochade --help runs there"
