# Sourced by build-aux/run, build-aux/test and build-aux/stack.sh: the
# Debian packages Kazaki needs to build and test (the same names on
# Debian 12 "bookworm" and Debian 13 "trixie"), installed with apt-get
# when missing.

KAZAKI_BUILD_PACKAGES=(
  gcc pkg-config meson ninja-build gettext
  libglib2.0-dev libglib2.0-bin libsqlite3-dev
  libgtk-4-dev libadwaita-1-dev
  desktop-file-utils appstream shared-mime-info
)
# What the app uses when it runs: GTK's GStreamer media backend plays the
# event sounds (WAV: wavparse and the audio sinks are in -good).
KAZAKI_RUN_PACKAGES=(
  libgtk-4-media-gstreamer gstreamer1.0-plugins-base gstreamer1.0-plugins-good
)
KAZAKI_TEST_PACKAGES=(
  xvfb xauth dbus dbus-x11 sqlite3 python3 imagemagick xdotool groff-base
  at-spi2-core python3-pyatspi gir1.2-atspi-2.0
  git gpg
)
# build-aux/flatpak-check: builds the Flatpak on stand-in runtimes made from
# Debian 13 packages and runs it with the portals.
KAZAKI_FLATPAK_PACKAGES=(
  flatpak flatpak-builder ostree mmdebstrap elfutils
  xdg-desktop-portal xdg-desktop-portal-gtk libglib2.0-bin
  xvfb xauth dbus dbus-x11 sqlite3 python3 imagemagick xdotool util-linux mount
  pulseaudio pulseaudio-utils mawk gpg
)
# build-aux/stack.sh (build-aux/test --stack debian13|debian14): makes a
# Debian root with mmdebstrap and enters it with unshare, mount and chroot
# (mount and mawk are not Essential: a minimal Debian lacks them).
KAZAKI_STACK_PACKAGES=(mmdebstrap util-linux mount mawk)

# Every package a test stack of the given suite needs (one per line).
kazaki_packages() {
  local suite=$1
  printf '%s\n' "${KAZAKI_BUILD_PACKAGES[@]}" "${KAZAKI_RUN_PACKAGES[@]}" "${KAZAKI_TEST_PACKAGES[@]}"
  # A real locale for the LANGUAGE=ru check: glibc >= 2.41 ignores
  # LANGUAGE in C.UTF-8 (stack.sh generates ru_RU.UTF-8 from it).
  echo locales
  case "$suite" in
    bookworm|trixie|forky) ;;
    *) echo "warning: suite $suite not tried; using the Debian 12/13 package names" >&2 ;;
  esac
}

kazaki_missing_packages() {
  local p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      echo "$p"
    fi
  done
}

kazaki_install_deps() {
  local missing
  missing=$(kazaki_missing_packages "$@")
  [ -z "$missing" ] && return 0
  echo "Installing missing packages:" $missing
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then
      sudo="sudo"
    else
      echo "error: these packages are missing and I am not root (no sudo): $missing" >&2
      return 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q || return 1
  # shellcheck disable=SC2086
  $sudo apt-get install -y -q --no-install-recommends $missing || return 1
}

kazaki_setup_build() {
  local dir=$1; shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null || meson setup --wipe "$dir" "$@"
  else
    meson setup "$dir" "$@"
  fi
}

# Debian's own programs first in PATH for the scripts that run Debian's
# tools as root (mmdebstrap, apt, dpkg): mmdebstrap runs `python3
# mmtarfilter` once per package, and a python3 wrapper earlier in PATH (a
# pyenv shim: 3 s a call on a loaded machine) made a root take many minutes.
kazaki_system_path() {
  PATH="/usr/sbin:/usr/bin:/sbin:/bin${PATH:+:$PATH}"
  export PATH
}

# The folder the scripts keep their Debian roots and downloads in (the
# stacks' roots, the Flatpak's stand-in runtimes, the .deb pool).
kazaki_cache_dir() { echo "${KAZAKI_CACHE:-/var/cache/kazaki}"; }

# One pool of downloaded .deb files for every Debian root the scripts make
# (build-aux/stack.sh's Debian 13 and 14, flatpak-check's stand-in
# runtimes): a .deb is downloaded once, whichever root needs it first.
# It is bind-mounted at the root's /var/cache/apt/archives while apt runs
# there, by one run at a time (apt locks that folder): kazaki_pool_lock
# takes the pool's lock on file descriptor 7, kazaki_pool_unlock lets it go.
kazaki_deb_pool() { echo "${KAZAKI_DEB_POOL:-$(kazaki_cache_dir)/debs}"; }
kazaki_pool_lock() {
  local pool
  pool=$(kazaki_deb_pool)
  mkdir -p "$pool"
  exec 7>"$pool/.lock"
  flock -x 7
  # Downloaded over 60 days ago: most likely superseded.
  find "$pool" -maxdepth 1 -name '*.deb' -mtime +60 -delete
}
kazaki_pool_unlock() { exec 7>&-; }
# mmdebstrap's options for the pool (mounted while mmdebstrap runs apt,
# unmounted before it cleans apt's cache), into KAZAKI_POOL_MMDEBSTRAP_OPTS.
kazaki_pool_mmdebstrap_opts() {
  local pool
  pool=$(kazaki_deb_pool)
  KAZAKI_POOL_MMDEBSTRAP_OPTS=(
    --skip=essential/unlink
    --setup-hook="mkdir -p \"\$1/var/cache/apt/archives\" && mount --bind '$pool' \"\$1/var/cache/apt/archives\""
    --customize-hook='umount "$1/var/cache/apt/archives"'
  )
}
