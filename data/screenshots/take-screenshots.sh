#!/usr/bin/env bash
# take-screenshots.sh — the screenshots of the metainfo and the README, as
# Flathub wants them: the window at a fixed size, GNOME's default title bar
# buttons (close only), rounded corners and a soft window shadow on a
# transparent background, at most 700 px tall in all.
#
#   data/screenshots/take-screenshots.sh [--flatpak] [OUTDIR] [NAME...]
#
# From the installed Flatpak (as build-aux/flatpak-check --screenshots runs
# it, inside its session), or from a build directory ($KAZAKI_BUILDDIR,
# default _build), e.g. in the Debian 13 root:
#
#   build-aux/test --stack debian13 --run data/screenshots/take-screenshots.sh
#
# (that root has no icon theme: its buttons show missing-image icons; the
# committed screenshots come from the Flatpak).
#
# OUTDIR defaults to data/screenshots; NAME picks some of the shots below.
# Each shot is a fresh session: a new Xvfb, D-Bus session and database.
# The positions come from the window's D-Bus actions and kazaki-cli: a game
# in progress (played move by move through win.play-move), the games of
# games.kgn (computer games of levels 1-3, one annotated) imported for the
# library and the review, the review's analysis stored beforehand with
# kazaki-cli analyse (so the window shows it at once).
#
# GTK under a plain X server (no compositing manager) draws neither rounded
# corners nor a shadow: the window is captured and both are added with
# ImageMagick. GNOME's decoration layout (appmenu:close) is set in the
# session's GTK settings.ini, not in the app.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
cd "$(dirname "$0")/../.."
SRCDIR=$PWD
# The window's size: with the shadow (24 px each side) the image is
# 1048 x 698.
WIN_W=1000 WIN_H=650
LIB_W=640 LIB_H=650
RADIUS=12
SHADOW=45x12+0+6
MAX_HEIGHT=700

die() { echo "take-screenshots: error: $*" >&2; exit 1; }

mode=build
if [ "${1:-}" = --flatpak ]; then mode=flatpak; shift; fi

session=
if [ "${1:-}" = --in-session ]; then session=1; shift; fi

# The app's D-Bus actions and polling (wait_for, actions_exported,
# win_action, app_action), shared with the tests.
. "$SRCDIR/tests/app-actions.sh"

# Where the app keeps its data and settings, and how to run it.
if [ "$mode" = flatpak ]; then
  DATA_DIR=$HOME/.var/app/$APP_ID/data
  CONFIG_DIR=$HOME/.var/app/$APP_ID/config
else
  BUILD=${KAZAKI_BUILDDIR:-_build}
  [ -x "$BUILD/src/kazaki" ] || die "no $BUILD/src/kazaki: build first (or --flatpak)"
  DATA_DIR=${SHOT_TMP:-/nonexistent}/data
  CONFIG_DIR=${SHOT_TMP:-/nonexistent}/config
fi
DB=$DATA_DIR/kazaki/games.db

cli() {
  if [ "$mode" = flatpak ]; then
    flatpak run --command=kazaki-cli $APP_ID "$@"
  else
    XDG_DATA_HOME=$DATA_DIR "$SRCDIR/$BUILD/src/cli/kazaki-cli" "$@"
  fi
}

start_app() {   # start_app LANG STYLE: in the background, sets app_pid
  local lang=$1 style=$2 env=(
    GSETTINGS_BACKEND=keyfile GTK_A11Y=none NO_AT_BRIDGE=1 GSK_RENDERER=cairo
    ADW_DEBUG_COLOR_SCHEME="$style" LANGUAGE="$lang"
  )
  if [ "$lang" = ru ]; then
    env+=(LANG=ru_RU.UTF-8 LC_ALL=ru_RU.UTF-8)
    # A host without the Russian locale: compiled for this session.
    if [ "$mode" = build ] && ! locale -a 2>/dev/null | grep -qi '^ru_RU\.utf-\?8$'; then
      mkdir -p "$SHOT_TMP/locale"
      localedef -i ru_RU -f UTF-8 "$SHOT_TMP/locale/ru_RU.UTF-8" 2>/dev/null \
        || die "no ru_RU.UTF-8 locale and localedef cannot make one"
      env+=(LOCPATH="$SHOT_TMP/locale")
    fi
  else
    env+=(LANG=C.UTF-8)
  fi
  if [ "$mode" = flatpak ]; then
    local args=() e
    for e in "${env[@]}"; do args+=(--env="$e"); done
    flatpak run "${args[@]}" $APP_ID >"$SHOT_TMP/app.log" 2>&1 &
  else
    env "${env[@]}" XDG_DATA_HOME="$DATA_DIR" XDG_CONFIG_HOME="$CONFIG_DIR" \
      XDG_CACHE_HOME="$SHOT_TMP/cache" GSETTINGS_SCHEMA_DIR="$SRCDIR/$BUILD/data" \
      "$SRCDIR/$BUILD/src/kazaki" >"$SHOT_TMP/app.log" 2>&1 &
  fi
  app_pid=$!
  wait_for 60 actions_exported || { cat "$SHOT_TMP/app.log" >&2; die "the app did not start"; }
}

n_moves() { sqlite3 -readonly "$DB" "SELECT count(*) FROM moves" 2>/dev/null || echo 0; }
moves_are() { [ "$(n_moves)" = "$1" ]; }
window_of() {   # window_of PID-less name pattern: the newest visible window so named
  xdotool search --onlyvisible --name "$1" 2>/dev/null | tail -1
}
title_in() {   # title_in LANG MSGID: the translation in po/LANG.po
  if [ "$1" = en ]; then echo "$2"; return; fi
  sed -n "/^msgid \"$2\"\$/{n;s/^msgstr \"\(.*\)\"\$/\1/p;q}" "$SRCDIR/po/$1.po"
}
has_window() { [ -n "$(window_of "$1")" ]; }

# The settings of a session: the window's size, players' names, no sounds,
# no animations; GNOME's title bar buttons.
write_settings() {
  mkdir -p "$CONFIG_DIR/glib-2.0/settings" "$CONFIG_DIR/gtk-4.0"
  cat >"$CONFIG_DIR/glib-2.0/settings/keyfile" <<EOF
[io/github/kazaki/Kazaki]
window-width=$WIN_W
window-height=$WIN_H
cossacks-name='$1'
turks-name='$2'
sounds=false
animation-speed='off'
last-game-kind='two-players'
EOF
  printf '[Settings]\ngtk-decoration-layout=appmenu:close\ngtk-enable-animations=false\n' \
    >"$CONFIG_DIR/gtk-4.0/settings.ini"
}

# The first 20 plies of the library's Ostap - Osman game.
GAME_MOVES=(
  d4-d5 d6xd4 d3xd5 c6-d6 e3-d3 d6xd4 d3xd5 a7-a6 c4-c5 a6-a5
  b4-a4 b6-a6 c3-c4 b7-a7 b2-c3 c7-c6 c5xc7 d8xb7 d5-c5 b8-c7
)

# A game of two random movers (kazaki-cli selfplay's kind of game, found
# with the engine: the first with a road home for both flags and a piece
# in danger, the Cossacks to move, no capture due).
GUIDED_MOVES=(
  e3-e4 c6-c5 c4xc6xe6 e7xe5xe3 b4-c4 d7-d6 b3-b4 b6-b5 b4xb6 b7xb5 d4-e4 e3xe5 d3-e3 d6-e6
  c4-c5 b5xd5 e3-e4 e5xe3 c3-d3 e3xc3 d2xb3 e6-e7 d1-d2 d5-c5 b3-c3 e7-d7 c3-d3 c7-b7 d2-d1
  b8-c7 d3-d4 a9-b8 e1-d2 c5-c4 d4xb4 a7-a6 b2-c3 b7-a7 c3-b3 c7-b7 d2-c3 a6-a5 b4-b5 a5xc5
  b1-b2 d7-e7 b2-b1 b8-a9 d1-e1 e7-d7 c3-c4 c5xc3 b3xd3 b7-c7 a3-a4 d7-d6 e1-d2 c7-d7 d3-e3
  d6-d5 d2-e1 a7-a6 c1-d1 b9-b8 b1-c1 b8-b9 e1-d2 d5-c5 a1-b2 a6-a7 e3-e4 d8-c7 e4-e3 c5-d5
  a4-a3 d5-d6 a3-a4 c7-c6 a4-a5 c6-c7 c1-b1 d6-e6 a5-a4 e6-d6 e3-e4 d6-c6 b1-a1 c6-d6 d2-e1
  d6-c6 e4-e3 d7-e7 a4-b4 e7-d7 e1-d2 a7-b7 b2-b1 c7-d8 b4-b5 d7-d6 e3-d3 b9-b8 b5-b4 b7-c7
  d3-d4 c9-b9 a1-b2 d6-d7 b2-a1 d7-d6 b4-b3 d6-d5 d4xd6xb6 c7-b7
)

# The games of games.kgn, then the game being played (which the app
# resumes); prints the id of the annotated game (the newest of the file).
fill_library() {
  mkdir -p "$DATA_DIR/kazaki"
  cp "$SRCDIR/data/screenshots/games.kgn" "$DATA_DIR/games.kgn"
  cli import "$DATA_DIR/games.kgn" >/dev/null
  cli list | head -1 | cut -f1
  local game
  game=$(cli new --cossacks Ivan --turks Mehmed)
  cli play "$game" "${GAME_MOVES[@]}" >/dev/null
}

capture() {   # capture WINDOW FILE: the window, rounded, with a shadow
  local w=$1 file=$2 raw=$SHOT_TMP/raw.png
  # The pointer off the window (no hover, no tooltip).
  xdotool mousemove 1279 799
  sleep 1
  import -window "$w" "$raw"
  local width height r=$RADIUS
  read -r width height < <(identify -format '%w %h\n' "$raw")
  # An opacity mask with rounded corners, then the shadow under the window.
  convert -size "${width}x${height}" xc:black -fill white \
    -draw "roundrectangle 0,0 $((width - 1)),$((height - 1)) $r,$r" "$SHOT_TMP/mask.png"
  convert "$raw" "$SHOT_TMP/mask.png" -alpha off -compose CopyOpacity -composite \
    "$SHOT_TMP/rounded.png"
  convert "$SHOT_TMP/rounded.png" \( +clone -background black -shadow "$SHADOW" \) \
    +swap -background none -layers merge +repage -strip -define png:color-type=6 \
    -define png:compression-filter=1 "$file"
  # (compression-filter=1: ImageMagick 6 writes the rows unfiltered, 4 %
  # smaller than its adaptive filters here, and the screenshots test reads
  # them ten times faster.)
  local h
  h=$(identify -format '%h' "$file")
  [ "$h" -le "$MAX_HEIGHT" ] || die "$file is $h px tall (at most $MAX_HEIGHT)"
  echo "$file: $(identify -format '%w x %h' "$file")"
}

in_session() {
  local shot=$1 file=$2 lang=$3 style=$4 w
  case $shot in
    main-*)
      write_settings Ivan Mehmed
      start_app "$lang" "$style"
      local m n=0
      for m in "${GAME_MOVES[@]}"; do
        win_action play-move "'$m'"
        n=$((n + 1))
        wait_for 10 moves_are "$n" || die "move $n ($m) was not recorded"
      done
      ;;
    review|library)
      write_settings Ivan Mehmed
      local id
      id=$(fill_library)
      # The review's analysis as the app asks for it (200 ms a position),
      # stored beforehand: the window shows it at once. Shown: 48... e9-d8,
      # the annotated blunder (a comment and a variation in games.kgn).
      [ "$shot" = review ] && cli analyse "$id" >/dev/null 2>&1
      start_app "$lang" "$style"
      if [ "$shot" = review ]; then
        win_action open-game "int64 $id"
        win_action review-goto "uint32 96"
        win_action analyse
      else
        app_action library
      fi
      ;;
    troops)
      write_settings Ivan Mehmed
      start_app "$lang" "$style"
      app_action troops
      ;;
    battle)
      # The demonstration battle (app.demonstration) stopped at move 18,
      # the chain of three jumps that takes the Turkish flag, its comment
      # shown under the board.
      write_settings Ivan Mehmed
      start_app "$lang" "$style"
      app_action demonstration
      wait_for 20 bash -c '[ "$(action_state review)" = true ]' \
        || die "app.demonstration did not open the review"
      win_action review-goto "uint32 35"
      ;;
    guided)
      # A guided game (win.guided-game) resumed at a position where both
      # flags have a road home and a Cossack piece is in danger: the moves
      # of a game between two random movers (GUIDED_MOVES), stored with
      # kazaki-cli and made a guided game against the computer at level 1
      # as win.guided-game makes it (the tag Guided, the Turks' level).
      write_settings Ivan Mehmed
      # (no welcome page over the board)
      echo "how-to-play-offered=true" >>"$CONFIG_DIR/glib-2.0/settings/keyfile"
      mkdir -p "$DATA_DIR/kazaki"
      local g
      g=$(cli new --cossacks Ivan --turks "$(title_in "$lang" Computer)")
      cli play "$g" "${GUIDED_MOVES[@]}" >/dev/null
      sqlite3 "$DB" "UPDATE games SET turks_kind = 1, turks_level = 1, tags = 'Guided=yes' WHERE id = $g"
      start_app "$lang" "$style"
      ;;
    learn|lesson)
      # Learn (app.learn): the lesson list with "A step" done (played
      # through the window's actions), or
      # a step of "Capturing is compulsory" after the wrong move a3-a4,
      # its explanation beside the board.
      write_settings Ivan Mehmed
      start_app "$lang" "$style"
      app_action learn
      local ln="gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/2"
      wait_for 20 $ln --method org.gtk.Actions.List >/dev/null || die "app.learn opened no window"
      if [ "$shot" = learn ]; then
        local m
        $ln --method org.gtk.Actions.Activate open-lesson "[<'02-step'>]" '{}' >/dev/null
        for m in a5-b5 b5-c5 next c5-c4; do
          sleep 2
          if [ $m = next ]; then
            $ln --method org.gtk.Actions.Activate next-step "[]" '{}' >/dev/null
          else
            $ln --method org.gtk.Actions.Activate lesson-move "[<'$m'>]" '{}' >/dev/null
          fi
        done
        sleep 2
        $ln --method org.gtk.Actions.Activate show-lessons "[]" '{}' >/dev/null
      else
        $ln --method org.gtk.Actions.Activate open-lesson "[<'05-compulsory'>]" '{}' >/dev/null
        $ln --method org.gtk.Actions.Activate lesson-move "[<'a3-a4'>]" '{}' >/dev/null
      fi
      ;;
    puzzles)
      # Two puzzles solved and one failed (their attempts stored through
      # kazaki-cli), then a puzzle with an apex jump, its first move played.
      write_settings Ivan Mehmed
      mkdir -p "$DATA_DIR/kazaki"
      cli puzzle 23uco8 c6-c7 c7-c8 >/dev/null
      cli puzzle jyay6p c7-c8 >/dev/null
      cli puzzle 9mcnj0 c3-c4 >/dev/null
      start_app "$lang" "$style"
      app_action puzzles
      local pz="gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/2"
      wait_for 20 $pz --method org.gtk.Actions.List >/dev/null
      $pz --method org.gtk.Actions.Activate puzzle-open "[<'ofot6g'>]" '{}' >/dev/null
      $pz --method org.gtk.Actions.Activate puzzle-move "[<'c3-c4'>]" '{}' >/dev/null
      ;;
    editor)
      # A middle game set up in the position editor: a Cossack carries the
      # Turkish flag; the Turkish flag tool chosen.
      write_settings Ivan Mehmed
      start_app "$lang" "$style"
      win_action edit-position
      local ed="gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/2"
      wait_for 20 $ed --method org.gtk.Actions.List >/dev/null
      $ed --method org.gtk.Actions.SetState editor-kpn \
        "<'tt1tt/t1t/1t1t1/2t2/1c3/c2c1/1ccc1/c1c/c3c t home b5'>" '{}' >/dev/null
      $ed --method org.gtk.Actions.SetState editor-tool "<'turkish-flag'>" '{}' >/dev/null
      ;;
  esac
  # Wait for the window to be drawn (many colours in it).
  local name=Kazaki
  [ "$shot" = library ] && name=Library
  [ "$shot" = troops ] && name=Troops
  [ "$shot" = puzzles ] && name=Puzzles
  [ "$shot" = editor ] && name="Position Editor"
  [ "$shot" = learn ] || [ "$shot" = lesson ] && name=Learn
  name=$(title_in "$lang" "$name")
  wait_for 30 has_window "$name" || die "no window named $name"
  w=$(window_of "$name")
  if [ "$shot" = library ] || [ "$shot" = troops ]; then
    xdotool windowsize "$w" $LIB_W $LIB_H
  fi
  if [ "$shot" = puzzles ] || [ "$shot" = editor ]; then
    xdotool windowsize "$w" $WIN_W $WIN_H
  fi
  if [ "$shot" = learn ] || [ "$shot" = lesson ]; then
    # NAME-360: a phone's width
    xdotool windowsize "$w" "${SHOT_WIDTH:-$WIN_W}" "${SHOT_HEIGHT:-$WIN_H}"
  fi
  sleep 2
  capture "$w" "$file"
  app_action quit || true
  wait_for 10 sh -c "! kill -0 $app_pid" || kill "$app_pid" 2>/dev/null || true
}

if [ -n "$session" ]; then
  in_session "$@"
  exit 0
fi

# ---------------------------------------------------------------- the shots
# NAME FILE LANGUAGE COLOUR-SCHEME
SHOTS=(
  "main-light main-light.png en default"
  "main-ru main-ru.png ru default"
  "main-dark main-dark.png en prefer-dark"
  "review review.png en default"
  "library library.png en default"
  "library-ru library-ru.png ru default"
  "troops troops.png en default"
  "battle battle.png en default"
  "battle-ru battle-ru.png ru default"
  "puzzles puzzles.png en default"
  "editor editor.png en default"
  "guided guided.png en default"
  "guided-ru guided-ru.png ru default"
  "learn learn.png en default"
  "learn-dark learn-dark.png en prefer-dark"
  "learn-ru learn-ru.png ru default"
  "learn-360 learn-360.png en default"
  "lesson lesson.png en default"
  "lesson-dark lesson-dark.png en prefer-dark"
  "lesson-ru lesson-ru.png ru default"
  "lesson-360 lesson-360.png en default"
)
out=${1:-data/screenshots}
[ $# -gt 0 ] && shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
for tool in Xvfb dbus-run-session gdbus xdotool import convert identify sqlite3; do
  command -v $tool >/dev/null || die "$tool is missing (packages: xvfb dbus imagemagick xdotool sqlite3)"
done

for spec in "${SHOTS[@]}"; do
  read -r name file lang style <<<"$spec"
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  SHOT_TMP=$(mktemp -d)
  export SHOT_TMP
  if [ "$mode" = flatpak ]; then
    rm -rf "$HOME/.var/app/$APP_ID"
  fi
  exec 7> "$SHOT_TMP/display"
  Xvfb -displayfd 7 -screen 0 1280x800x24 -nolisten tcp >"$SHOT_TMP/xvfb.log" 2>&1 &
  xvfb_pid=$!
  wait_for 20 test -s "$SHOT_TMP/display" || die "Xvfb did not start"
  shot=${name%-ru}
  [ "$name" = main-ru ] && shot=main-light
  # learn-dark, lesson-360…: the shot learn or lesson; -360 at a phone's size
  unset SHOT_WIDTH SHOT_HEIGHT
  case $shot in
    learn-*|lesson-*) [ "${shot#*-}" = 360 ] && export SHOT_WIDTH=360 SHOT_HEIGHT=640
                      shot=${shot%%-*} ;;
  esac
  rc=0
  DISPLAY=:$(head -1 "$SHOT_TMP/display") dbus-run-session -- \
    "$0" $([ "$mode" = flatpak ] && echo --flatpak) --in-session "$shot" "$out/$file" "$lang" "$style" \
    >"$SHOT_TMP/session.out" 2>"$SHOT_TMP/session.log" || rc=$?
  grep '\.png: ' "$SHOT_TMP/session.out" || true
  kill "$xvfb_pid" 2>/dev/null || true
  wait "$xvfb_pid" 2>/dev/null || true
  exec 7>&-
  if [ $rc -ne 0 ]; then
    grep -v 'dbus-daemon\|Failed to set fd limit' "$SHOT_TMP/session.log" >&2 || true
    sed 's/^/  app.log | /' "$SHOT_TMP/app.log" >&2 2>/dev/null || true
    rm -rf "$SHOT_TMP"
    die "$name failed"
  fi
  rm -rf "$SHOT_TMP"
done
