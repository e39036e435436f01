#!/usr/bin/env bash
# Checks `make install` and `make uninstall` into a temporary PREFIX (issue #35's bar): the
# installed binary runs, its man pages render, the bash completion completes, and uninstall
# leaves nothing behind. Uses the builds of this tree when they are there (CI runs
# `STATIC=0 scripts/check-install.sh` after `swift build -c release`, so nothing is built
# twice); `--fresh-clone` clones HEAD into a temporary folder first and builds there from
# nothing, as a new user would. STATIC is passed on to make (see Makefile).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "${1:-}" = --fresh-clone ]; then
  git clone -q . "$work/clone"
  cd "$work/clone"
fi

fail() { echo "check-install: $*" >&2; exit 1; }
prefix=$work/prefix

make -s install PREFIX="$prefix" >/dev/null
# (Whole outputs into grep: grep -q stops reading early, and pipefail would count the pipe.)
grep -q '^USAGE: lineart' <<<"$("$prefix/bin/lineart" --help)" || fail "installed lineart --help"
grep -q 'USAGE: lineart convert' <<<"$("$prefix/bin/lineart" convert --help)" || fail "installed lineart convert --help"

for page in lineart lineart-convert lineart-validate lineart-presets lineart-tune lineart-bench; do
  file=$prefix/share/man/man1/$page.1
  [ -f "$file" ] || fail "no man page $file"
  if command -v man >/dev/null; then
    rendered=$(MANWIDTH=80 man -l "$file" 2>"$work/man-errors")
    [ ! -s "$work/man-errors" ] || fail "man -l $file: $(cat "$work/man-errors")"
    grep -q "${page/-/ }" <<<"$rendered" || fail "man -l $file does not name ${page/-/ }"
  fi
done

# The bash completion, sourced and called as bash-completion would (extglob on; the
# function gets the command, the word and the word before), completes commands and options.
completion=$prefix/share/bash-completion/completions/lineart
words=$(bash -c '
  shopt -s extglob
  source "$1"
  COMP_WORDS=(lineart con); COMP_CWORD=1; COMP_LINE="lineart con"; COMP_POINT=${#COMP_LINE}
  _lineart lineart con lineart; echo "${COMPREPLY[*]}"
  COMPREPLY=()
  COMP_WORDS=(lineart convert --pa); COMP_CWORD=2; COMP_LINE="lineart convert --pa"; COMP_POINT=${#COMP_LINE}
  _lineart lineart --pa convert; echo "${COMPREPLY[*]}"' _ "$completion")
grep -qx 'convert' <<<"$(head -1 <<<"$words")" || fail "bash completion of 'lineart con': $words"
grep -qw -- '--page' <<<"$(tail -1 <<<"$words")" || fail "bash completion of 'lineart convert --pa': $words"
[ -s "$prefix/share/zsh/site-functions/_lineart" ] || fail "no zsh completion"
[ -s "$prefix/share/fish/vendor_completions.d/lineart.fish" ] || fail "no fish completion"
if command -v zsh >/dev/null; then zsh -n "$prefix/share/zsh/site-functions/_lineart" || fail "zsh completion syntax"; fi
if command -v fish >/dev/null; then fish -n "$prefix/share/fish/vendor_completions.d/lineart.fish" || fail "fish completion syntax"; fi

# Staged for a package: everything lands under DESTDIR, nothing under PREFIX.
make -s install DESTDIR="$work/stage" PREFIX=/usr >/dev/null
[ -x "$work/stage/usr/bin/lineart" ] && [ -f "$work/stage/usr/share/man/man1/lineart-convert.1" ] \
  || fail "DESTDIR install"
make -s uninstall DESTDIR="$work/stage" PREFIX=/usr >/dev/null

make -s uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" "$work/stage" -type f)
[ -z "$left" ] || fail "left after make uninstall: $left"
echo "check-install: make install / uninstall into a temporary PREFIX and DESTDIR: OK"
