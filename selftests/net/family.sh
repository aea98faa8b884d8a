#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The generic netlink family is registered as the spec describes, and the
# kernel's own YNL client drives it from the spec alone.

ALL_TESTS="family_registered ynl_dump ynl_do ynl_do_errors ynl_doc_example"
# the debug kernel: none (see Documentation/testing.rst)
DEBUG_TESTS=""
source "$(dirname "$0")/../lib.sh"

family_registered()
{
	local out

	out=$(genl ctrl get name dcb_hdrm 2>&1)
	check_err $? "genl ctrl get name dcb_hdrm failed: $out"
	echo "$out" | grep -q "Name: dcb_hdrm"
	check_err $? "family name not reported"
	# dev-get, dev-set, measure, result-get
	for id in 0x1 0x2 0x3 0x4; do
		echo "$out" | grep -q "ID-$id"
		check_err $? "command $id missing: $out"
	done
	echo "$out" | grep -q "name: monitor"
	check_err $? "multicast group monitor missing: $out"
	log_test "family dcb_hdrm registered with its commands and monitor group"
}

ynl()
{
	python3 "$YNL_CLI" --no-schema --spec "$SPEC" "$@"
}

ynl_setup()
{
	ns_cleanup
	ip netns add "${NS_PREFIX}-y" &&
	ip -n "${NS_PREFIX}-y" link add yva type veth peer name yvb &&
	ip -n "${NS_PREFIX}-y" link set yva mtu 9000
}

ynl_dump()
{
	local out

	ynl_setup
	check_err $? "setup failed"
	out=$(ynl_ns "${NS_PREFIX}-y" --dump dev-get --output-json 2>&1)
	check_err $? "ynl --dump dev-get failed: $out"
	echo "$out" | jq -e 'map(.ifname) | sort == ["yva", "yvb"]' >/dev/null
	check_err $? "dump did not list exactly yva and yvb: $out"
	echo "$out" | jq -e '.[] | select(.ifname == "yva") | .mtu == 9000' >/dev/null
	check_err $? "dump did not report yva's MTU 9000: $out"
	ns_cleanup
	log_test "YNL cli.py dumps dev-get from the spec"
}

ynl_do()
{
	local out idx

	ynl_setup
	check_err $? "setup failed"
	idx=$(ip -n "${NS_PREFIX}-y" -j link show yvb | jq '.[0].ifindex')
	out=$(ynl_ns "${NS_PREFIX}-y" --do dev-get --json "{\"ifindex\": $idx}" \
		--output-json 2>&1)
	check_err $? "ynl --do dev-get failed: $out"
	echo "$out" | jq -e ".ifname == \"yvb\" and .ifindex == $idx and .dcb == 0" >/dev/null
	check_err $? "do returned the wrong device: $out"
	ns_cleanup
	log_test "YNL cli.py gets one device by ifindex from the spec"
}

ynl_do_errors()
{
	local out

	out=$(ynl --do dev-get --json '{"ifindex": 999999}' 2>&1)
	check_fail $? "a missing ifindex was accepted"
	echo "$out" | grep -q "no device with this ifindex"
	check_err $? "no extack for a missing device: $out"

	out=$(ynl --do dev-get --json '{"ifindex": 1}' 2>&1)
	check_fail $? "loopback was accepted"
	echo "$out" | grep -q "not an Ethernet device"
	check_err $? "no extack for a non-Ethernet device: $out"

	out=$(ynl --do dev-get --json '{}' 2>&1)
	check_fail $? "a request without ifindex was accepted"
	echo "$out" | grep -q "ifindex is required"
	check_err $? "no extack for a missing ifindex: $out"

	out=$(ynl --do dev-get --json '{"ifindex": 0}' 2>&1)
	check_fail $? "ifindex 0 was accepted"
	log_test "dev-get rejects bad requests with extack messages"
}

require_root
require_cmd genl jq python3
if [ -z "${YNL_CLI:-}" ] || [ ! -f "$YNL_CLI" ]; then
	echo "1..0 # SKIP YNL_CLI does not name the kernel's tools/net/ynl/cli.py"
	exit $ksft_skip
fi
trap ns_cleanup EXIT
module_load || exit 1

# The YNL example of Documentation/uapi.rst, its lines run as written (the
# YNL_CLI= line left to the guest's, the installed spec's path read as
# this tree's) in a namespace whose first veth end is ifindex 2: a dump,
# a measurement, and its samples once it has a result
ynl_doc_example()
{
	local doc=$DCB_HDRM_TOP/Documentation/uapi.rst line lines n=0 out i

	# a client start costs ~20 s in a TCG guest, and neither the spec
	# nor the client depends on the kernel: one kernel is enough
	if [ "${DCB_HDRM_KERNEL:-}" != debian-6.12 ]; then
		log_skip "uapi.rst's YNL example runs as written" "run on debian-6.12 only (kernel-independent, ~60 s)"
		return 0
	fi
	ynl_setup
	check_err $? "setup failed"
	ip -n "${NS_PREFIX}-y" link set yva up && ip -n "${NS_PREFIX}-y" link set yvb up
	# veth registers the peer first: yvb is 2
	[ "$(ip -n "${NS_PREFIX}-y" -j link show yvb | jq '.[0].ifindex')" = 2 ]
	check_err $? "yvb is not ifindex 2 in a new namespace"
	# the first example block, the one that begins with YNL_CLI= (the
	# later ones, e.g. the watchdog's, need a NIC with DCB)
	lines=$(awk 'f && /^[^ ]/ { exit } /^  YNL_CLI=/ { f = 1; next }
		     f && /^  python3 "\$YNL_CLI" / { print }' "$doc")
	while IFS= read -r line; do
		line=${line#  }
		line=${line//\/usr\/share\/dcb-hdrm\/dcb_hdrm.yaml/Documentation\/netlink\/specs\/dcb_hdrm.yaml}
		n=$((n + 1))
		# samples-get once the measurement above has a result
		if [[ "$line" == *samples-get* ]]; then
			for i in $(seq 40); do
				dcb-hdrm -n "${NS_PREFIX}-y" show dev yvb >/dev/null 2>&1 &&
					break
				sleep 0.5
			done
		fi
		out=$(cd "$DCB_HDRM_TOP" && ip netns exec "${NS_PREFIX}-y" bash -c "$line" 2>&1)
		check_err $? "uapi.rst: '$line' failed: $out"
		log_info "uapi.rst: $line: $(head -c 160 <<<"$out" | tr '\n' ' ')"
	done <<<"$lines"
	[ "$n" = 3 ]
	check_err $? "uapi.rst's example has $n python3 lines, 3 expected"
	ns_cleanup
	log_test "uapi.rst's YNL example runs as written (--no-schema, the tree's spec and the installed path)"
}

tests_run
