#!/usr/bin/env bash
# Checks build-aux/release's refusals, in a temporary git repository holding
# the files it reads: a dirty tree, a version without release notes in the
# metainfo, a key ID that is not in the key folder, an OUTDIR that is not a
# release; each with a message naming what is wrong, and OUTDIR untouched.
# With flatpak and ostree installed, also a failure after the staging has
# begun (a build repository without the app): OUTDIR untouched again, no
# staging folder left behind.
#
#   check-release.sh SOURCE_ROOT        (TAP)
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
src=${1:?usage: check-release.sh SOURCE_ROOT}
for tool in git gpg python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "1..0 # SKIP $tool is not installed"
    exit 0
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
repo=$tmp/repo
app_id=io.github.kazaki.Kazaki
for f in build-aux/release build-aux/deps.sh meson.build "data/$app_id.metainfo.xml.in" \
         "data/icons/hicolor/scalable/apps/$app_id.svg" "flatpak/$app_id.json"; do
  mkdir -p "$(dirname "$repo/$f")"
  cp -p "$src/$f" "$repo/$f"
done
g() { git -C "$repo" -c user.name=Test -c user.email=test@example.org "$@"; }
g init -q
g add .
g commit -q -m release

n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; printf '# %s\n' "$@"; }

# refused NAME EXPECTED-TEXT RELEASE-ARGS...: exits non-zero, says
# EXPECTED-TEXT, and leaves $tmp/out as it was.
refused() {
  local name=$1 expected=$2 before after out rc=0
  shift 2
  before=$(ls -A "$tmp/out" 2>/dev/null; cat "$tmp/out/marker" 2>/dev/null)
  out=$("$repo/build-aux/release" "$@" 2>&1) || rc=$?
  after=$(ls -A "$tmp/out" 2>/dev/null; cat "$tmp/out/marker" 2>/dev/null)
  local left
  left=$(ls -A "$tmp" | grep '^\.out\.new' || true)
  if [ $rc -eq 0 ]; then
    not_ok "$name: refused" "it succeeded:" "$out"
  elif ! grep -qF -- "$expected" <<<"$out"; then
    not_ok "$name: the message says \"$expected\"" "it said:" "$out"
  elif [ "$before" != "$after" ]; then
    not_ok "$name: OUTDIR untouched" "before: $before" "after: $after"
  elif [ -n "$left" ]; then
    not_ok "$name: no staging folder left" "left: $left"
  else
    ok "$name: refused: $(grep -F -- "$expected" <<<"$out" | head -1 | cut -c1-150)"
  fi
}

# The clean checkout passes the checks.
if out=$("$repo/build-aux/release" "$tmp/out" --check-only 2>&1) && [ ! -e "$tmp/out" ]; then
  ok "a clean checkout with release notes for its version passes the checks"
else
  not_ok "a clean checkout passes the checks" "$out"
fi

echo "# a local change" >>"$repo/meson.build"
refused "a dirty tree" "uncommitted changes" "$tmp/out"
refused "a dirty tree: the file is named" "meson.build" "$tmp/out"
g checkout -q meson.build

sed -i "s/version: '[^']*'/version: '9.8.7'/" "$repo/meson.build"
g commit -q -am "version 9.8.7"
refused "a version without a metainfo release entry" \
  "has no <release version=\"9.8.7\"> entry" "$tmp/out"
g reset -q --hard HEAD~1

mkdir -m 700 "$tmp/gnupg"
refused "a key ID not in the key folder" "no secret key \"0xDEADBEEF\"" \
  "$tmp/out" --gpg-homedir "$tmp/gnupg" --gpg-key 0xDEADBEEF
refused "a key folder without a key ID" "without --gpg-key" "$tmp/out" --gpg-homedir "$tmp/gnupg"

mkdir -p "$tmp/out"
echo "not a release" >"$tmp/out/marker"
refused "an OUTDIR that is neither empty nor a release" "neither empty nor an earlier release" "$tmp/out"
rm -rf "$tmp/out"

if command -v flatpak >/dev/null && command -v ostree >/dev/null && command -v flatpak-builder >/dev/null; then
  # A failure after the work has begun (the build repository has no app):
  # OUTDIR is still missing, no staging folder is left.
  ostree init --mode=archive-z2 --repo="$tmp/empty-repo"
  refused "a build without the app" "has no app/$app_id/" "$tmp/out" --from-repo "$tmp/empty-repo"
  [ ! -e "$tmp/out" ] && ok "OUTDIR was not made" || not_ok "OUTDIR was not made" "$(ls -A "$tmp/out")"
else
  echo "# flatpak or ostree missing: the late failure is not checked"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
