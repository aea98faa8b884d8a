#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# One release everywhere, the VERSION file's: "dcb-hdrm -V" of the tool
# built beside this test, the Debian package's (debian/changelog, which
# dpkg-buildpackage takes it from) and the module's MODULE_VERSION
# (Kbuild passes VERSION in; "modinfo -F version" of every dcb_hdrm.ko
# built since VERSION last changed). TAP, as the tool's other tests.
top=$(cd "$(dirname "$0")/../../.." && pwd)
tool=$top/tools/dcb-hdrm/dcb-hdrm
n=0
failed=0

ok()			# ok COND-STATUS DESCRIPTION
{
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		failed=$((failed + 1))
		echo "not ok $n - $2"
	fi
}

version=$(cat "$top/VERSION")
case $version in
[0-9]*.[0-9]*.[0-9]*) ok 0 "VERSION is a release: $version" ;;
*) ok 1 "VERSION is a release: '$version'" ;;
esac

out=$("$tool" -V)
[ "$out" = "dcb-hdrm $version" ]
ok $? "dcb-hdrm -V is VERSION's: '$out'"
out=$("$tool" --version)
[ "$out" = "dcb-hdrm $version" ]
ok $? "dcb-hdrm --version is VERSION's: '$out'"

# the upstream part of the package's version: before a Debian revision
deb=$(sed -n '1s/^dcb-hdrm (\([^)]*\)).*/\1/p' "$top/debian/changelog")
[ "${deb%-*}" = "$version" ]
ok $? "debian/changelog's version is VERSION's: '$deb'"

grep -q "DCB_HDRM_VERSION='\"\$(strip \$(file <\$(src)/VERSION))\"'" "$top/Kbuild" &&
	grep -q '^MODULE_VERSION(DCB_HDRM_VERSION);' "$top/kmod/main.c"
ok $? "Kbuild gives VERSION to kmod/main.c's MODULE_VERSION"

found=0
for ko in "$top"/dcb_hdrm.ko "$top"/build/*/dcb_hdrm.ko "$top"/build/dkms/ko/*/dcb_hdrm.ko; do
	[ -f "$ko" ] && [ "$ko" -nt "$top/VERSION" ] || continue
	command -v modinfo >/dev/null || break
	found=1
	v=$(modinfo -F version "$ko" 2>/dev/null)
	[ "$v" = "$version" ]
	ok $? "modinfo -F version of ${ko#"$top"/} is VERSION's: '$v'"
done
[ "$found" = 1 ] || { n=$((n + 1)); echo "ok $n - no module built here since VERSION changed # SKIP"; }

echo "1..$n"
[ "$failed" -eq 0 ]
