#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ynl-uapi.sh generate | check
#
# The YNL spec is the source of truth for the contract between the module
# and user space. The kernel's own generator (tools/net/ynl/ynl-gen-c.py,
# from linux-source-6.12) makes of Documentation/netlink/specs/dcb_hdrm.yaml:
#   uapi/linux/dcb_hdrm.h     the uAPI header (--mode uapi)
#   kmod/nl_gen.[ch]          the request policies, the ops table and the
#                             family (--mode kernel), adapted to the module
#                             and to 6.1 by tools/ynl-kernel.py
#   kmod/lib/hdrm_limits.h    the spec's checks as constants, for the
#                             headroom arithmetic and the tool
# "generate" rewrites them; "check" fails when a committed file differs
# from what the spec generates, and validates the spec against the
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
spec=$work/Documentation/netlink/specs/dcb_hdrm.yaml
python3 "$gen" --mode uapi --header --spec "$spec" -o "$work/dcb_hdrm.h"
# The kernel files are named nl_gen.[ch]: the source includes its header
# by the name it was written under.
mkdir -p "$work/raw" "$work/lib"
python3 "$gen" --mode kernel --header --spec "$spec" -o "$work/raw/nl_gen.h"
python3 "$gen" --mode kernel --source --spec "$spec" -o "$work/raw/nl_gen.c"
python3 "$top/tools/ynl-kernel.py" --spec "$spec" \
	--spec-path Documentation/netlink/specs/dcb_hdrm.yaml \
	--gen-c "$work/raw/nl_gen.c" --gen-h "$work/raw/nl_gen.h" \
	--out-c "$work/nl_gen.c" --out-h "$work/nl_gen.h" \
	--limits "$work/lib/hdrm_limits.h"

files=(uapi/linux/dcb_hdrm.h:dcb_hdrm.h kmod/nl_gen.c:nl_gen.c
       kmod/nl_gen.h:nl_gen.h kmod/lib/hdrm_limits.h:lib/hdrm_limits.h)
drift=0
for f in "${files[@]}"; do
	dst=${f%%:*} src=$work/${f#*:}
	if [ "$mode" = generate ]; then
		cp "$src" "$top/$dst"
		echo "$dst regenerated from the spec"
	elif ! diff -u "$top/$dst" "$src"; then
		echo "$dst differs from what the spec generates; run 'make uapi'" >&2
		drift=1
	fi
done
exit $drift
