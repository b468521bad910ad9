#!/bin/sh
# Writes mockls.rb with `url`, `sha256` and `version` filled in from a source tarball of this clone.
#   fill-formula.sh TARBALL OUTPUT
# TARBALL: a `git archive` of the clone (make brew-install writes it); OUTPUT: the formula to write.
set -eu
tarball=$1
output=$2
here=$(cd "$(dirname "$0")" && pwd)
case $tarball in /*) ;; *) tarball=$(pwd)/$tarball ;; esac
if command -v sha256sum >/dev/null 2>&1; then
  sum=$(sha256sum "$tarball" | cut -d' ' -f1)
else
  sum=$(shasum -a 256 "$tarball" | cut -d' ' -f1)
fi
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' "$here/../../Sources/Analysis/Version.swift")
[ -n "$version" ] || { echo "fill-formula.sh: no version in Sources/Analysis/Version.swift" >&2; exit 1; }
sed -e "s|@TARBALL_URL@|file://$tarball|" -e "s|@TARBALL_SHA256@|$sum|" -e "s|@VERSION@|$version|" \
  "$here/mockls.rb" > "$output"
