# Sourced by build-aux/test for `--stack NAME` when NAME is not the host's
# own Debian release: makes (or reuses) a Debian root with mmdebstrap in a
# cache folder outside the checkout, installs build-aux/deps.sh's packages
# there, and runs build-aux/test inside it (chroot) with the checkout
# bind-mounted and its own build folder (_build-NAME).
#
# Everything is mounted inside a private mount namespace (unshare), so no
# mount can outlive the run, even when it is killed; the trap unmounts
# them in reverse order on every exit (success, failure, Ctrl+C).
#
# Needs root (mmdebstrap, chroot, mount); installs mmdebstrap and the rest
# of KAZAKI_STACK_PACKAGES (deps.sh) with apt-get when they are missing.
# KAZAKI_STACK_CACHE: the cache folder (default $KAZAKI_CACHE, else
# /var/cache/kazaki). The .deb files come from and go to deps.sh's pool.
# KAZAKI_STACK_REFRESH=1: apt-get update and upgrade the cached root.

# The Debian archive apt already uses on this machine (so no other host
# is contacted), else deb.debian.org.
kazaki_debian_mirror() {
  local uri=""
  if [ -n "${KAZAKI_DEBIAN_MIRROR:-}" ]; then
    echo "$KAZAKI_DEBIAN_MIRROR"; return
  fi
  uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
        awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i ~ /\/debian\/?$/) { print $i; exit } }')
  if [ -z "$uri" ]; then
    uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
          awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:.*\/debian\/?$/) { print $i; exit } }')
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}

# The processes of this run (the same private mount namespace) whose root
# is the stack's root.
kazaki_stack_pids() {
  local root=$1 ns pid
  ns=$(readlink /proc/self/ns/mnt)
  for pid in $(ls /proc | grep -E '^[0-9]+$'); do
    if [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$root" ] &&
       [ "$(readlink "/proc/$pid/ns/mnt" 2>/dev/null)" = "$ns" ]; then
      echo "$pid"
    fi
  done
}

# Kills what still runs inside the root (started by this run), then
# unmounts everything this run mounted, innermost first.
kazaki_stack_cleanup() {
  local root=$1 m i pids
  # Ends this run's processes still in the root (TERM, then KILL after
  # 5 s), so that nothing keeps a mount busy.
  for i in 1 2 3 4 5 6 7 8 9 10 11; do
    pids=$(kazaki_stack_pids "$root")
    [ -z "$pids" ] && break
    if [ "$i" = 1 ]; then kill -TERM $pids 2>/dev/null || true
    elif [ "$i" = 11 ]; then kill -KILL $pids 2>/dev/null || true; sleep 0.5
    else sleep 0.5
    fi
  done
  for ((i = ${#KAZAKI_STACK_MOUNTS[@]} - 1; i >= 0; i--)); do
    m=${KAZAKI_STACK_MOUNTS[i]}
    umount "$m" 2>/dev/null || { sleep 1; umount "$m" 2>/dev/null; } ||
      { echo "warning: could not unmount $m; detaching it" >&2; umount -l "$m" || true; }
  done
  KAZAKI_STACK_MOUNTS=()
  if grep -qF " $root/" /proc/self/mountinfo; then
    echo "error: something is still mounted under $root" >&2
    return 1
  fi
}

kazaki_stack_mount() {   # kazaki_stack_mount TARGET MOUNT-ARGS...
  local target=$1; shift
  mount "$@" "$target"
  KAZAKI_STACK_MOUNTS+=("$target")
}

# Creates or updates the root; called with the cache lock held.
kazaki_stack_prepare() {
  local suite=$1 root=$2 stamp=$3 want=$4 mirror=$5
  shift 5
  local packages=("$@")
  if [ -x "$root/usr/bin/apt-get" ] && [ -f "$stamp" ]; then
    if [ "$(cat "$stamp")" = "$want" ] && [ "${KAZAKI_STACK_REFRESH:-0}" != 1 ]; then
      echo "== stack (Debian $suite): reusing $root"
      return 0
    fi
    echo "== stack (Debian $suite): updating $root (package list changed or refresh asked)"
    rm -f "$stamp"
    kazaki_stack_mount "$root/proc" -t proc proc
    kazaki_pool_lock
    kazaki_stack_mount "$root/var/cache/apt/archives" --bind "$(kazaki_deb_pool)"
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    if [ "${KAZAKI_STACK_REFRESH:-0}" = 1 ]; then
      chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get upgrade -y -q
    fi
    chroot "$root" env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends -o DPkg::Options::=--force-unsafe-io "${packages[@]}"
    kazaki_stack_cleanup "$root"
    kazaki_pool_unlock
  else
    echo "== stack (Debian $suite): making a Debian root in $root (mmdebstrap, $mirror)"
    rm -rf "$root.new" "$stamp"
    # Check-Valid-Until off: testing's Release files expire within days,
    # and the archive reachable here may be a snapshot older than that.
    kazaki_pool_lock
    kazaki_pool_mmdebstrap_opts
    mmdebstrap --variant=apt --mode=root "${KAZAKI_POOL_MMDEBSTRAP_OPTS[@]}" \
      --aptopt='Acquire::Check-Valid-Until "false"' \
      --include="$(IFS=,; echo "${packages[*]}")" \
      --dpkgopt='path-exclude=/usr/share/doc/*' \
      --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt=force-unsafe-io \
      "$suite" "$root.new" "deb $mirror $suite main" "deb $mirror $suite-updates main"
    kazaki_pool_unlock
    rm -rf "$root"
    mv "$root.new" "$root"
  fi
  # The Russian locale the LANGUAGE=ru test runs in (C.UTF-8 ignores
  # LANGUAGE on glibc >= 2.41).
  chroot "$root" localedef -i ru_RU -c -f UTF-8 ru_RU.UTF-8
  echo "$want" > "$stamp"
}

# kazaki_run_stack NAME SUITE [MESON-TEST-ARGS...]
kazaki_run_stack() {
  local name=$1 suite=$2
  shift 2
  local cache=${KAZAKI_STACK_CACHE:-$(kazaki_cache_dir)}
  local root="$cache/$name" stamp="$cache/$name.stamp"
  local mirror packages want checkout
  mirror=$(kazaki_debian_mirror)
  packages=($(kazaki_packages "$suite"))
  want=$(printf '%s\n' "$suite" "$mirror" "${packages[@]}" | sha256sum | cut -d' ' -f1)
  checkout=$(pwd -P)

  if [ "$(id -u)" -ne 0 ]; then
    echo "error: --stack $name needs root (mmdebstrap, chroot, mount)" >&2
    return 1
  fi
  kazaki_system_path
  kazaki_install_deps "${KAZAKI_STACK_PACKAGES[@]}" || return 1
  local tool
  for tool in mmdebstrap unshare chroot flock mount awk; do
    command -v "$tool" >/dev/null ||
      { echo "error: --stack $name needs $tool, which is still missing after apt-get" >&2; return 1; }
  done
  mkdir -p "$cache"

  # A private mount namespace: the mounts below are invisible outside
  # this run and vanish with it.
  if [ -z "${KAZAKI_STACK_UNSHARED:-}" ]; then
    KAZAKI_STACK_UNSHARED=1 exec unshare --mount --propagation private -- \
      "$checkout/build-aux/test" --stack "$name" "$@"
  fi

  KAZAKI_STACK_MOUNTS=()
  trap 'kazaki_stack_cleanup "'"$root"'"' EXIT
  trap 'echo "interrupted" >&2; exit 130' INT TERM

  # One run at a time makes or updates the root; tests may share it.
  exec 9>"$cache/$name.lock"
  flock -x 9
  kazaki_stack_prepare "$suite" "$root" "$stamp" "$want" "$mirror" "${packages[@]}"
  flock -s 9

  mkdir -p "$root/kazaki"
  kazaki_stack_mount "$root/kazaki" --bind "$checkout"
  kazaki_stack_mount "$root/proc" -t proc proc
  kazaki_stack_mount "$root/sys" --bind /sys -o ro
  kazaki_stack_mount "$root/dev" --bind /dev
  kazaki_stack_mount "$root/dev/pts" --bind /dev/pts
  kazaki_stack_mount "$root/dev/shm" -t tmpfs tmpfs
  kazaki_stack_mount "$root/tmp" -t tmpfs tmpfs
  kazaki_stack_mount "$root/run" -t tmpfs tmpfs

  echo "== stack $name: $(chroot "$root" sh -c '. /etc/os-release; echo "$PRETTY_NAME"'), GTK $(chroot "$root" pkg-config --modversion gtk4), libadwaita $(chroot "$root" pkg-config --modversion libadwaita-1), GLib $(chroot "$root" pkg-config --modversion glib-2.0), SQLite $(chroot "$root" pkg-config --modversion sqlite3)"
  local status=0 child command=(/bin/bash /kazaki/build-aux/test "$@")
  # --run COMMAND...: run that in the checkout instead (e.g. screenshots
  # of the app built by an earlier run).
  if [ "${1:-}" = --run ]; then
    shift
    command=(/bin/bash -c 'cd /kazaki && exec "$@"' run "$@")
  fi
  # In the background, so that a signal reaches the traps at once.
  chroot "$root" /usr/bin/env -i \
    HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8 \
    TERM="${TERM:-dumb}" KAZAKI_BUILDDIR="_build-$name" \
    "${command[@]}" &
  child=$!
  wait "$child" || status=$?
  kazaki_stack_cleanup "$root" || status=1
  trap - EXIT
  return $status
}
