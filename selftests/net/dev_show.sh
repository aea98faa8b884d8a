#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# dcb-hdrm dev show: lists the Ethernet devices of the caller's network
# namespace and nothing from another one.

ALL_TESTS="dev_show_netns dev_show_init_ns dev_show_one dev_show_table
	   dev_show_carrier dev_show_stats dev_set_maps dev_show_many
	   dev_show_dump_churn dev_show_multicast"
# the debug kernel: its main path, hostile input and lifetime
DEBUG_TESTS="dev_show_netns"
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b

setup()
{
	ns_cleanup
	ip netns add "$NSA" && ip netns add "$NSB" &&
	ip -n "$NSA" link add va type veth peer name vb netns "$NSB"
}

dev_show_netns()
{
	local out

	out=$(dcb-hdrm -n "$NSA" -j dev show)
	check_err $? "dev show in $NSA failed"
	echo "$out" | jq -e 'map(.ifname) == ["va"]' >/dev/null
	check_err $? "$NSA should list exactly va: $out"
	out=$(ip netns exec "$NSB" dcb-hdrm -j dev show)
	check_err $? "dev show in $NSB failed"
	echo "$out" | jq -e 'map(.ifname) == ["vb"]' >/dev/null
	check_err $? "$NSB should list exactly vb: $out"
	log_test "dev show lists its namespace's veth and not another's"
}

# The caller's own namespace: its Ethernet devices (the guest's NIC under
# vm-run), none of the test namespaces', and never loopback.
dev_show_init_ns()
{
	local out want

	want=$(ip -j link show | jq -c '[.[] | select(.link_type == "ether") | .ifname] | sort')
	out=$(dcb-hdrm -j dev show)
	check_err $? "dev show in the initial namespace failed"
	[ "$(jq -c '[.[].ifname] | sort' <<<"$out")" = "$want" ]
	check_err $? "expected exactly $want, got $out"
	log_info "initial namespace: $(jq -c '[.[].ifname]' <<<"$out")"
	log_test "dev show lists the caller's namespace's Ethernet devices"
}

dev_show_one()
{
	local out idx

	idx=$(ip -n "$NSA" -j link show va | jq '.[0].ifindex')
	out=$(dcb-hdrm -n "$NSA" -j dev show dev va)
	check_err $? "dev show dev va failed"
	echo "$out" | jq -e ".ifname == \"va\" and .ifindex == $idx and
		.dcb == false and .dcb_ops == [] and .mtu == 1500 and
		.speed_mbps == 10000 and (.caps | type) == \"array\"" >/dev/null
	check_err $? "unexpected object for va: $out"

	out=$(dcb-hdrm -n "$NSA" dev show dev vb 2>&1)
	[ $? -eq 1 ]
	check_err $? "a device of another namespace was not refused with status 1"
	echo "$out" | grep -q 'device "vb" does not exist'
	check_err $? "unexpected message for another namespace's device: $out"

	out=$(dcb-hdrm -n "$NSA" dev show dev lo 2>&1)
	[ $? -eq 2 ]
	check_err $? "loopback was not refused by the kernel (status 2)"
	[ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "not an Ethernet device"
	check_err $? "refusal for lo is not one line with the kernel's reason: $out"
	log_test "dev show dev DEV: one device, and clear refusals"
}

dev_show_table()
{
	local out

	ip -n "$NSA" link set va mtu 4000
	out=$(dcb-hdrm -n "$NSA" dev show)
	check_err $? "dev show (table) failed"
	echo "$out" | head -n 1 | grep -q "^IFINDEX *IFNAME"
	check_err $? "no table header: $out"
	echo "$out" | grep -Eq "^[0-9]+ +va +down +4000 +no +- +10000Mb/s$"
	check_err $? "table row for va is wrong: $out"
	log_test "dev show prints a table by default"
}

dev_show_carrier()
{
	local out

	ip -n "$NSA" link set va up && ip -n "$NSB" link set vb up
	check_err $? "link up failed"
	out=$(dcb-hdrm -n "$NSA" -j dev show dev va)
	echo "$out" | jq -e '.carrier == true' >/dev/null
	check_err $? "carrier not reported once both ends are up: $out"
	log_test "dev show reports carrier"
}

# -s: the counters in the text too, an indented block of "name value"
# pairs below the device (in the table, below its row), the JSON's values
# with dashes in the names; without -s the text has no such block, and
# the JSON is the same either way.
dev_show_stats()
{
	local f=$TMPD/batch text plain json json2 name v blocks

	# counters that are not all 0 (the JSON's values are checked too)
	dcb-hdrm -n "$NSA" measure dev va count 5 >/dev/null 2>&1
	log_info "measure dev va count 5: status $?"
	printf 'dev show dev va\ndev show\n' >"$f"
	text=$(dcb-hdrm -n "$NSA" -s -batch "$f")
	check_err $? "-s dev show failed"
	json=$(dcb-hdrm -n "$NSA" -s -j dev show dev va)
	check_err $? "-s -j dev show dev va failed"
	plain=$(dcb-hdrm -n "$NSA" -batch "$f")
	check_err $? "dev show without -s failed"
	json2=$(dcb-hdrm -n "$NSA" -j dev show dev va)
	check_err $? "-j dev show dev va failed"

	[ "$(jq '.stats | length' <<<"$json")" -eq 23 ] &&
		[ "$(jq '.stats.tx_probes' <<<"$json")" -ge 5 ]
	(($? == 0)) || check_err 1 "expected 23 counters, tx_probes at least 5: $(jq -c .stats <<<"$json")"
	while read -r name v; do
		grep -Eq "^    (.* )?${name//_/-} $v( |\$)" <<<"$text"
		check_err $? "-s dev show lacks '${name//_/-} $v' in its block: $text"
	done <<<"$(jq -r '.stats | to_entries[] | "\(.key) \(.value)"' <<<"$json")"
	# a block of 5 lines for the device and one below its row in the table
	blocks='^    (rx-requests|tx-probes|applied|rx-control|stream-granted) [0-9]'
	[ "$(grep -Ec "$blocks" <<<"$text")" -eq 10 ]
	check_err $? "expected two blocks of 5 lines: $text"
	awk '/^IFINDEX/ { n++ } n == 2' <<<"$text" | grep -A5 -E '^[0-9]+ +va ' |
		tail -n 5 | grep -Ec "$blocks" | grep -qx 5
	check_err $? "the table's row for va is not followed by its counters: $text"
	# without -s: the same text, without the blocks (the peer's age aside)
	[ "$(grep -Ev "$blocks" <<<"$text" | sed 's/, [0-9]* ms ago/, N ms ago/')" = \
	  "$(sed 's/, [0-9]* ms ago/, N ms ago/' <<<"$plain")" ]
	check_err $? "-s changed more than the counters: '$text' against '$plain'"
	grep -q 'rx-requests' <<<"$plain"
	check_fail $? "the counters without -s: $plain"
	# the JSON: the same keys, and the same values but the counters and the peer's age
	[ "$(jq -cS 'del(.stats, .peer)' <<<"$json")" = "$(jq -cS 'del(.stats, .peer)' <<<"$json2")" ] &&
		[ "$(jq -c '[keys, (.stats | keys), (.peer | if . then keys else . end)]' <<<"$json")" = \
		  "$(jq -c '[keys, (.stats | keys), (.peer | if . then keys else . end)]' <<<"$json2")" ]
	check_err $? "-s changed the JSON: $json against $json2"
	log_test "-s dev show: the counters in the text too, the JSON unchanged"
}

# PRIO:VALUE maps as dcb's (all: too), prio-mask as prio's alias, and sizes
# with iproute2's suffixes, read back in JSON; a bad word sets nothing.
# One process: the commands are a batch, each show one JSON text.
dev_set_maps()
{
	local f=$TMPD/batch out err rc want

	cat >"$f" <<-EOF
		dev set dev va prio-mask 0x18
		dev show dev va
		dev set dev va prio auto
		dev show dev va
		dev set dev va prio all:off 3:on 4:on
		dev show dev va
		dev set dev va prio 5:on 3:off
		dev show dev va
		dev set dev va prio 3:on 9:on
		dev show dev va
		dev set dev va prio auto
		dev set dev va prio 3:off
		dev show dev va
		dev set dev va prio-mask 0x01 prio-mask 1:on
		dev set dev va prio-mask 0x01
		dev set dev va prio 1:on
		dev show dev va
		dev set dev va max-frame all:9000 3:1500 4:auto
		dev show dev va
		dev set dev va max-frame 2:9K all:9000 8:1500
		dev show dev va
		dev set dev va k 64K cell 0.25k max-frame 2:9K
		dev show dev va
		dev set dev va k 1mbit cell 2kbit
		dev show dev va
		dev set dev va k auto cell auto max-frame all:auto prio auto
		dev show dev va
	EOF
	out=$(dcb-hdrm -n "$NSA" -j -force -batch "$f" 2>"$TMPD/err")
	rc=$?
	err=$(cat "$TMPD/err")
	# three bad lines, one line each; a keyword given twice sets nothing
	[ "$rc" -eq 1 ] && [ "$(wc -l <<<"$err")" -eq 3 ] &&
		grep -q 'invalid prio "9:on"' <<<"$err" &&
		grep -q '"prio-mask" is given twice' <<<"$err" &&
		grep -q 'invalid max-frame "8:1500"' <<<"$err"
	check_err $? "expected the three bad lines to fail alone (status 1): status $rc, '$err'"
	out=$(jq -cs 'map([.prio_mask, .k_override_bytes, .cell_bytes,
			   (.max_frame | map("\(.prio):\(.bytes)") | join(" "))])' <<<"$out")
	check_err $? "the shows' JSON: $out"
	want='[[24,0,0,""],[0,0,0,""],[24,0,0,""],[48,0,0,""],[48,0,0,""],[247,0,0,""],[3,0,0,""]'
	want+=',[3,0,0,"0:9000 1:9000 2:9000 3:1500 5:9000 6:9000 7:9000"]'
	want+=',[3,0,0,"0:9000 1:9000 2:9000 3:1500 5:9000 6:9000 7:9000"]'
	want+=',[3,65536,256,"0:9000 1:9000 2:9216 3:1500 5:9000 6:9000 7:9000"]'
	want+=',[3,131072,256,"0:9000 1:9000 2:9216 3:1500 5:9000 6:9000 7:9000"]'
	want+=',[0,0,0,""]]'
	[ "$out" = "$want" ]
	check_err $? "read back $out, expected $want"
	log_test "dev set: prio and max-frame PRIO:VALUE maps with all:, sizes with suffixes, in bytes"
}

# A dump larger than one netlink message: every device once, in order.
dev_show_many()
{
	local ns=${NS_PREFIX}-many i out

	ip netns add "$ns"
	for i in $(seq 1 40); do
		ip -n "$ns" link add "m$i" type veth peer name "n$i" ||
			{ check_err 1 "veth m$i failed"; break; }
	done
	out=$(dcb-hdrm -n "$ns" -j dev show)
	check_err $? "dev show of 80 devices failed"
	[ "$(jq 'length' <<<"$out")" -eq 80 ] &&
		[ "$(jq '[.[].ifname] | unique | length' <<<"$out")" -eq 80 ]
	(($? == 0)) || check_err 1 "expected 80 distinct devices, got $(jq -c '[.[].ifname]' <<<"$out")"
	log_info "80 devices in one dump: $(dcb-hdrm -n "$ns" -j dev show | wc -c) bytes of JSON"
	ip netns del "$ns"
	log_test "a dump over several netlink messages lists every device once"
}

# A dump resumes at the next ifindex, not the next position: devices
# removed between its rounds make it skip none of the others, and devices
# added then appear at most once. The peers live in another namespace, so
# that deleting one device takes no undumped one with it.
dev_show_dump_churn()
{
	local ns=${NS_PREFIX}-churn peers=${NS_PREFIX}-churnp i out want got

	ip netns add "$ns" && ip netns add "$peers"
	for i in $(seq 1 40); do
		ip -n "$ns" link add "m$i" type veth peer name "n$i" netns "$peers" ||
			{ check_err 1 "veth m$i failed"; break; }
	done
	# after the first batch: its devices go, two new ones come
	out=$(ip netns exec "$ns" python3 "$DCB_HDRM_TOP/selftests/lib/nlfuzz.py" dump \
		--spec "$SPEC" dev-get --between "for d in \$DUMPED; do ip link del \$d; done;
			ip link add new1 type veth peer name new2" 2>"$TMPD/churn")
	(($? == 0)) || check_err 1 "dump with devices removed between rounds failed: $(cat "$TMPD/churn")"
	log_info "$(cat "$TMPD/churn"); $(jq length <<<"$out") devices dumped"
	# every m device appears exactly once, whether deleted later or not
	want=$(seq 1 40 | sed 's/^/m/' | sort | tr '\n' ' ')
	got=$(jq -r '.[].ifname' <<<"$out" | grep '^m' | sort | tr '\n' ' ')
	[ "$got" = "$want" ]
	check_err $? "m devices dumped: $got"
	[ "$(jq '[.[].ifname] | length == (unique | length)' <<<"$out")" = true ] &&
		[ "$(jq '[.[] | select(.ifname | startswith("new"))] | length' <<<"$out")" -le 2 ]
	(($? == 0)) || check_err 1 "a device dumped twice: $(jq -c '[.[].ifname]' <<<"$out")"
	[ "$(sed -n 's/^nlfuzz: \([0-9]*\) batches$/\1/p' "$TMPD/churn")" -ge 3 ]
	(($? == 0)) || check_err 1 "the dump took fewer than 3 batches: the removal fell in no gap: $(cat "$TMPD/churn")"
	ip netns del "$ns"
	ip netns del "$peers"
	log_test "a dump resumes by ifindex: devices removed between rounds skip nothing"
}

# maddrs NS DEV: the device's multicast addresses, one line
maddrs()
{
	ip -n "$1" maddr show dev "$2" | awk '$1 == "link" { print $2 }' | sort | tr '\n' ' '
}

# Every port joins both encapsulations' group addresses (a real NIC
# filters multicast nobody joined) and leaves them when the module goes.
dev_show_multicast()
{
	local want="01:80:c2:00:00:01 01:80:c2:00:00:0e " got

	got=$(maddrs "$NSA" va | grep -o '01:80:c2:00:00:0[1e] ' | tr -d '\n')
	[ "$got" = "$want" ]
	check_err $? "va joined '$got', expected '$want'"
	rmmod dcb_hdrm
	check_err $? "rmmod failed"
	got=$(maddrs "$NSA" va | grep -o '01:80:c2:00:00:0[1e] ' | tr -d '\n')
	[ -z "$got" ]
	check_err $? "va still in '$got' after the module left"
	module_load
	check_err $? "insmod failed"
	got=$(maddrs "$NSA" va | grep -o '01:80:c2:00:00:0[1e] ' | tr -d '\n')
	[ "$got" = "$want" ]
	check_err $? "after reloading, va joined '$got'"
	log_test "every port joins both group addresses, and leaves them on unload"
}

require_root
require_cmd jq ip
TMPD=$(mktemp -d)
trap 'ns_cleanup; rm -rf "$TMPD"' EXIT
module_load || exit 1
setup || { echo "1..0 # SKIP cannot create namespaces and veth"; exit $ksft_skip; }
tests_run
