#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ynl-uapi.sh generate | check
#
# The YNL spec is the source of truth for the uAPI: uapi/linux/dcb_hdrm.h is
# what the kernel's own generator (tools/net/ynl/ynl-gen-c.py, from
# linux-source-6.12) makes of Documentation/netlink/specs/dcb_hdrm.yaml.
# "generate" rewrites the header; "check" fails when the committed header
# differs from what the spec generates, and validates the spec against the
# kernel's genetlink schema on the way.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mode=${1:-}
case "$mode" in
generate|check) ;;
*) echo "usage: ynl-uapi.sh generate | check" >&2; exit 1 ;;
esac

ksrc=$("$top/selftests/ksrc")
ynl_dir=$ksrc/tools/net/ynl
gen=$ynl_dir/ynl-gen-c.py
[ -f "$gen" ] || gen=$(find "$ynl_dir" -name ynl-gen-c.py | head -n 1)
schema=$ksrc/Documentation/netlink/genetlink.yaml

# ynl-gen-c looks for the schema two directories above the spec, and for
# a MAINTAINERS file to know where the tree it names paths from begins.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Documentation/netlink/specs"
touch "$work/MAINTAINERS"
cp "$schema" "$work/Documentation/netlink/genetlink.yaml"
cp "$top/Documentation/netlink/specs/dcb_hdrm.yaml" "$work/Documentation/netlink/specs/"
python3 "$gen" --mode uapi --header \
	--spec "$work/Documentation/netlink/specs/dcb_hdrm.yaml" -o "$work/dcb_hdrm.h"

if [ "$mode" = generate ]; then
	cp "$work/dcb_hdrm.h" "$top/uapi/linux/dcb_hdrm.h"
	echo "uapi/linux/dcb_hdrm.h regenerated from the spec"
elif ! diff -u "$top/uapi/linux/dcb_hdrm.h" "$work/dcb_hdrm.h"; then
	echo "uapi/linux/dcb_hdrm.h differs from what the spec generates; run 'make uapi'" >&2
	exit 1
fi
