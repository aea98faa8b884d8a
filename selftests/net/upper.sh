#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Upper devices (issue 10 of the kernel review): the measurement belongs
# to the physical link. A bond, team, bridge, macvlan or Open vSwitch
# device has no port; a frame a bond hands up from its slave is handled,
# and answered, on the slave it arrived on; a bridge in the middle of a
# cable does not answer the probes it forwards.
#
#	upper_bond:   NSA bond0 (active-backup: a1, a2) <-veth-> b1, b2 :NSB
#	upper_reply:  NSA c1, c2 <-veth-> d1, d2 bond1 (broadcast) :NSB
#	upper_bridge: NSA va <-> m1 [NSM br0: m1, m2, netem] m2 <-> vb :NSB
#	upper_hub:    NSA ha <-> h1 [NSM: h1 to h2 and h3, back to h1] h2 <-> hb :NSB
#	                                                            h3 <-> hc :NSC
#
# and a second responder on the same link (a hub) ends the measurement:
# the initiator takes replies only from the responder it negotiated with.

ALL_TESTS="upper_no_ports upper_bond upper_reply upper_bridge upper_hub"
DEBUG_TESTS="upper_bond"
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-ua
NSB=${NS_PREFIX}-ub
NSM=${NS_PREFIX}-um
NSC=${NS_PREFIX}-uc
# the bridge cable's one-way delay, us
DELAY_US=500


stat()		# stat NS DEV COUNTER
{
	dcb-hdrm -n "$1" -j dev show dev "$2" | jq ".stats.$3"
}

# veth_pair NSA A NSB B: a veth between two namespaces, both ends up, 10 Gb/s
veth_pair()
{
	ip -n "$1" link add "$2" type veth peer name "$4" netns "$3" &&
		ip -n "$1" link set "$2" up && ip -n "$3" link set "$4" up &&
		dcb-hdrm -n "$1" dev set dev "$2" speed 10000 &&
		dcb-hdrm -n "$3" dev set dev "$4" speed 10000
}

# enslave NS BOND DEV...: DEVs into BOND, which comes up
enslave()
{
	local ns=$1 bond=$2 d

	shift 2
	for d in "$@"; do
		ip -n "$ns" link set "$d" down &&
			ip -n "$ns" link set "$d" master "$bond" || return 1
	done
	ip -n "$ns" link set "$bond" up
}

# wait_carrier NS DEV
wait_carrier()
{
	for _ in $(seq 1 100); do
		ip -n "$1" link show "$2" | grep -q LOWER_UP && return 0
		sleep 0.1
	done
	return 1
}

setup()
{
	ns_cleanup
	ip netns add "$NSA" && ip netns add "$NSB" && ip netns add "$NSM" &&
		ip netns add "$NSC"
}

upper_no_ports()
{
	local devs err rc

	ip -n "$NSM" link add ua type veth peer name ub &&
		ip -n "$NSM" link add bond9 type bond mode active-backup &&
		ip -n "$NSM" link add br9 type bridge &&
		ip -n "$NSM" link add mv9 link ua type macvlan
	check_err $? "cannot create the upper devices"
	devs=$(dcb-hdrm -n "$NSM" -j dev show | jq -c '[.[].ifname] | sort')
	[ "$devs" = '["ua","ub"]' ]
	check_err $? "ports on upper devices: $devs"
	err=$(dcb-hdrm -n "$NSM" dev show dev bond9 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "bond, team, bridge, macvlan or Open vSwitch device; name the link under it" <<<"$err"
	check_err $? "dev show dev bond9: exit $rc, '$err'"
	ip -n "$NSM" link del mv9
	ip -n "$NSM" link del br9
	ip -n "$NSM" link del bond9
	ip -n "$NSM" link del ua
	log_test "no port on a bond, a bridge or a macvlan; their lower devices have one"
}

# Each slave of an active-backup bond measured on its own cable: the
# replies reach the slave's session although the bond takes the frames.
upper_bond()
{
	local out d

	ip -n "$NSA" link add bond0 type bond mode active-backup miimon 100 &&
		veth_pair "$NSA" a1 "$NSB" b1 && veth_pair "$NSA" a2 "$NSB" b2 &&
		enslave "$NSA" bond0 a1 a2 && ip -n "$NSA" link set a1 up &&
		ip -n "$NSA" link set a2 up
	check_err $? "cannot build the bond"
	for d in a1 a2; do
		wait_carrier "$NSA" "$d"
		out=$(dcb-hdrm -n "$NSA" -j measure dev "$d" count 20)
		check_err $? "measure dev $d (a slave of bond0) failed: $out"
		[ "$(jqn .status "$out")" = ok ] && [ "$(jqn .probes.received "$out")" -eq 20 ]
		(($? == 0)) || check_err 1 "$d: $(jq -c '[.status, .probes]' <<<"$out")"
	done
	log_info "active slave a1 and backup slave a2 each measured: 20 of 20 replies"
	ip -n "$NSA" link del bond0
	log_test "each slave of an active-backup bond measures its own link"
}

# A broadcast bond at the responder: the answer leaves on the slave the
# request came in on, never through the bond onto the other link.
upper_reply()
{
	local out r1 r2 stale control

	ip -n "$NSB" link add bond1 type bond mode broadcast &&
		veth_pair "$NSA" c1 "$NSB" d1 && veth_pair "$NSA" c2 "$NSB" d2 &&
		enslave "$NSB" bond1 d1 d2 && ip -n "$NSB" link set d1 up &&
		ip -n "$NSB" link set d2 up
	check_err $? "cannot build the bond"
	wait_carrier "$NSA" c1
	wait_carrier "$NSA" c2
	r1=$(stat "$NSB" d1 reflected)
	r2=$(stat "$NSB" d2 reflected)
	stale=$(stat "$NSA" c2 stale)
	control=$(stat "$NSA" c2 rx_control)
	out=$(dcb-hdrm -n "$NSA" -j measure dev c1 count 20)
	check_err $? "measure dev c1 failed: $out"
	[ "$(jqn .status "$out")" = ok ] && [ "$(jqn .probes.received "$out")" -eq 20 ]
	(($? == 0)) || check_err 1 "c1: $(jq -c '[.status, .probes]' <<<"$out")"
	[ $(($(stat "$NSB" d1 reflected) - r1)) -eq 20 ] &&
		[ "$(stat "$NSB" d2 reflected)" -eq "$r2" ]
	(($? == 0)) || check_err 1 "answers: d1 $(($(stat "$NSB" d1 reflected) - r1)), d2 $(($(stat "$NSB" d2 reflected) - r2)), expected 20 and 0"
	[ "$(stat "$NSA" c2 stale)" -eq "$stale" ] && [ "$(stat "$NSA" c2 rx_control)" -eq "$control" ]
	(($? == 0)) || check_err 1 "the other link c2 received frames it never asked for: stale $(stat "$NSA" c2 stale), control $(stat "$NSA" c2 rx_control)"
	ip -n "$NSB" link del bond1
	log_test "a bond's slave answers on its own link; the other link hears nothing"
}

# A bridge in the middle of the cable, forwarding the 0x88B5 frames
# (group_fwd_mask lets it forward 01-80-C2-00-00-0E) and delaying each
# way: only the far end answers, so the round trip is at least both
# delays. A port on br0 used to answer after one crossing.
upper_bridge()
{
	local out est min

	ip -n "$NSA" link add va type veth peer name m1 netns "$NSM" &&
		ip -n "$NSB" link add vb type veth peer name m2 netns "$NSM" &&
		ip -n "$NSM" link add br0 type bridge group_fwd_mask 0x4000 &&
		ip -n "$NSM" link set m1 master br0 && ip -n "$NSM" link set m2 master br0 &&
		tc -n "$NSM" qdisc add dev m1 root netem delay "${DELAY_US}us" &&
		tc -n "$NSM" qdisc add dev m2 root netem delay "${DELAY_US}us" &&
		ip -n "$NSM" link set m1 up && ip -n "$NSM" link set m2 up &&
		ip -n "$NSM" link set br0 up && ip -n "$NSA" link set va up &&
		ip -n "$NSB" link set vb up &&
		dcb-hdrm -n "$NSA" dev set dev va speed 10000 encap ether
	check_err $? "cannot build the bridged cable"
	wait_carrier "$NSA" va
	# the bridge forwards once its ports leave the listening state
	for _ in $(seq 1 50); do
		ip -n "$NSM" -j link show m2 | jq -e '.[0].operstate == "UP"' >/dev/null && break
		sleep 0.1
	done
	out=$(dcb-hdrm -n "$NSA" -j measure dev va count 20)
	check_err $? "measure across the bridge failed: $out"
	est=$(jqn .rtt_ns.estimate "$out")
	# less two precisions: t1 and t4 may each be off by one (a jiffy where
	# the guest fell back to a jiffies clocksource)
	min=$((2 * DELAY_US * 1000 - 2 * $(jqn .precision_ns "$out")))
	log_info "bridge in the middle, ${DELAY_US} us each way: estimate $est ns for a round trip of at least $min ns"
	[ "$(jqn .status "$out")" = ok ] && [ "$est" -ge "$min" ]
	(($? == 0)) || check_err 1 "estimate $est ns under the $min ns the cable takes: $(jq -c '[.status, .probes, .rtt_ns]' <<<"$out")"
	dcb-hdrm -n "$NSM" -j dev show | jq -e 'map(.ifname) | index("br0") == null' >/dev/null
	check_err $? "br0 has a port"
	log_test "a bridge in the middle does not answer: the round trip is the far end's"
}

# Two machines answer on one link: a hub copies ha's frames to hb and hc,
# and both answers back. The first capability reply names the responder;
# the second one's replies end the measurement with status foreign
# instead of mixing two round trips into one.
upper_hub()
{
	local err rc out foreign

	ip -n "$NSA" link add ha type veth peer name h1 netns "$NSM" &&
		ip -n "$NSB" link add hb type veth peer name h2 netns "$NSM" &&
		ip -n "$NSC" link add hc type veth peer name h3 netns "$NSM"
	check_err $? "cannot make the hub's links"
	for d in h1 h2 h3; do
		ip -n "$NSM" link set "$d" up && tc -n "$NSM" qdisc add dev "$d" ingress
	done
	tc -n "$NSM" qdisc add dev h3 root netem delay 300us
	tc -n "$NSM" filter add dev h1 parent ffff: matchall \
		action mirred egress mirror dev h3 pipe \
		action mirred egress redirect dev h2 &&
		tc -n "$NSM" filter add dev h2 parent ffff: matchall \
			action mirred egress redirect dev h1 &&
		tc -n "$NSM" filter add dev h3 parent ffff: matchall \
			action mirred egress redirect dev h1
	check_err $? "cannot make the hub"
	ip -n "$NSA" link set ha up && ip -n "$NSB" link set hb up &&
		ip -n "$NSC" link set hc up &&
		dcb-hdrm -n "$NSA" dev set dev ha speed 10000
	wait_carrier "$NSA" ha
	foreign=$(stat "$NSA" ha foreign)
	err=$(dcb-hdrm -n "$NSA" measure dev ha count 20 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "ha: a second responder answered" <<<"$err"
	check_err $? "two responders: exit $rc, '$err'"
	out=$(dcb-hdrm -n "$NSA" -j show dev ha)
	[ "$(jqn .status "$out")" = foreign ]
	(($? == 0)) || check_err 1 "result status: $(jqn .status "$out")"
	[ "$(stat "$NSA" ha foreign)" -gt "$foreign" ]
	(($? == 0)) || check_err 1 "the foreign counter did not move: $(stat "$NSA" ha foreign)"
	log_info "hub: $(($(stat "$NSA" ha foreign) - foreign)) foreign answers; status $(jqn .status "$out")"
	# one responder again: the same link measures
	ip -n "$NSC" link set hc down
	out=$(dcb-hdrm -n "$NSA" -j measure dev ha count 20)
	check_err $? "with hc down: $out"
	[ "$(jqn .status "$out")" = ok ]
	(($? == 0)) || check_err 1 "with one responder: $(jqn .status "$out")"
	log_test "a second responder on the link ends the measurement (status foreign)"
}

require_root
require_cmd jq ip tc
module_load || exit 1
trap 'ns_cleanup' EXIT
setup || { echo "1..0 # SKIP cannot make the namespaces"; exit $ksft_skip; }
if ! ip -n "$NSM" link add bond9 type bond 2>/dev/null ||
   ! ip -n "$NSM" link add br9 type bridge 2>/dev/null; then
	echo "1..0 # SKIP this kernel has no bonding or bridge driver"
	exit $ksft_skip
fi
ip -n "$NSM" link del bond9
ip -n "$NSM" link del br9
tests_run
