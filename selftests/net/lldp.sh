#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# `dcb-hdrm lldp` on a plain veth pair, next to dcbx.sh (which uses the
# dcbsim DCB device): a device whose driver has no DCB operations sends
# PFC capability 0 and no enabled priority, with the bit; the listener
# learns the bit from LLDPDUs shaped the way an LLDP agent sends them (the
# PFC feature between priority groups and applications, the PFC TLV
# between ETS and application priority TLVs), hand-written from
# Documentation/lldp.rst; and it skips the LLDPDUs its own host sends.
# Raw, stop's shutdown LLDPDU makes the listener withdraw what LLDP said
# of the peer. With lldpd (one per namespace, each with its own control
# socket), send hands lldpd the TLV, the far end's lldpcli and listen see
# it, and stop takes it back, from the far end's module too.

ALL_TESTS="lldp_no_dcb_ops lldp_agent_shaped lldp_own_frames lldp_raw_stop
	   lldp_lldpd"
# the debug kernel: none (see Documentation/testing.rst)
DEBUG_TESTS=""
# debian-6.12 alone: lldpd's side is user space (lib.sh)
NEWEST_TESTS="lldp_lldpd"
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-la
NSB=${NS_PREFIX}-lb

setup()
{
	ns_cleanup
	ip netns add "$NSA" && ip netns add "$NSB" || return 1
	ip -n "$NSA" link add la type veth peer name lb netns "$NSB" ||
		return 1
	ip -n "$NSA" link set la up && ip -n "$NSB" link set lb up
}

# listen_start: `lldp listen` on lb in the background, JSON to $TMPD/listen
listen_start()
{
	dcb-hdrm -n "$NSB" -j lldp listen dev lb timeout 25 \
		>"$TMPD/listen" 2>&1 &
	LPID=$!
	lldp_listener_wait "$NSB"
}

# send_raw HEX: one frame from la to the LLDP address, the LLDPDU in hex
send_raw()
{
	lldp_send_raw "$NSA" la "$@"
}

# peer_of DEV NS: [auto_hdrm, via, age_ms is a number] from dev show
peer_of()
{
	dcb-hdrm -n "$2" -j dev show dev "$1" |
		jq -c '[.peer.auto_hdrm, .peer.via, (.peer.age_ms | type)]'
}

lldp_no_dcb_ops()
{
	local out sent

	listen_start &&
		dcb-hdrm -n "$NSA" -j lldp send dev la >"$TMPD/send" 2>&1
	(($? == 0)) || check_err 1 "lldp send failed: $(cat "$TMPD/send")"
	wait "$LPID"
	(($? == 0)) || check_err 1 "lldp listen failed: $(cat "$TMPD/listen")"
	sent=$(jq -c '[.dcbx, .auto_hdrm, .pfc_cap, .pfc_en]' "$TMPD/send")
	[ "$sent" = '["ieee",true,0,[]]' ]
	check_err $? "la sent $sent"
	out=$(jq -c '[.dcbx, .auto_hdrm, .pfc_cap, .pfc_en, .ignored]' \
		"$TMPD/listen")
	[ "$out" = '["ieee",true,0,[],0]' ]
	check_err $? "lb learned $out"
	out=$(peer_of lb "$NSB")
	[ "$out" = '[true,"lldp","number"]' ]
	check_err $? "lb recorded $out"
	log_test "a device without DCB operations: PFC capability 0, nothing enabled, the bit learned"
}

# Hand-written LLDPDUs (Documentation/lldp.rst), in hex, piece by piece.
# Chassis ID MAC 02:00:00:00:00:02, port ID the interface name "eth0",
# TTL 120, system name "host":
HEAD=$(printf %s 0207 04 020000000002  0405 05 65746830  0602 0078 \
	0a04 686f7374)
# IEEE ETS configuration (willing, 8 TCs, prio n to TC n, 12/13 %, ETS)
ETS=$(printf %s fe19 0080c2 09 88 01234567 0c0c0c0c0d0d0d0d \
	0202020202020202)
# IEEE application priority: RoCE (EtherType 0x8915) at priority 3
APP=$(printf %s fe08 0080c2 0c 00 61 8915)

# ieee_pfc FLAGS: IEEE PFC, priorities 3 and 4 enabled
ieee_pfc()
{
	printf %s fe06 0080c2 0b "$1" 18
}

# cee_tlv FLAGS: control (versions 0, seq 5, ack 3), priority groups, PFC
# (priorities 3 and 4, 8 TCs), application
cee_tlv()
{
	printf %s fe37 001b21 02 \
		020a 00 00 00000005 00000003 \
		0411 00 00 80 00 01234567 0c0c0c0c0d0d0d0d 08 \
		0606 00 00 "$1" 00 18 08 \
		080a 00 00 80 00 8915 00 1b21 08
}

# cin_tlv FLAGS: control, priority groups, PFC (priorities 3 and 4),
# application, logical link
cin_tlv()
{
	printf %s fe43 001b21 01 \
		020a 00 00 00000005 00000003 \
		041c 00 00 80 00 0c0c0c0c0d0d0d0d \
		00642064406460648064a064c064e064 \
		0605 00 00 "$1" 00 18 \
		0a05 00 00 80 00 08 \
		0c05 00 00 80 00 80
}

# agent_case NAME HEX WANT: WANT is [dcbx, auto_hdrm, pfc_en, chassis]
agent_case()
{
	local out

	listen_start && send_raw "$2"
	check_err $? "$1: sending failed"
	wait "$LPID"
	(($? == 0)) || check_err 1 "$1: listen failed: $(cat "$TMPD/listen")"
	out=$(jq -c '[.dcbx, .auto_hdrm, .pfc_en, .peer_chassis]' \
		"$TMPD/listen")
	[ "$out" = "$3" ]
	check_err $? "$1: learned $out, want $3"
	out=$(peer_of lb "$NSB")
	[ "$out" = "[$(jq -c '.[1]' <<<"$3"),\"lldp\",\"number\"]" ]
	check_err $? "$1: recorded $out"
}

lldp_agent_shaped()
{
	local mac='"02:00:00:00:00:02"'

	agent_case "IEEE with the bit" "${HEAD}${ETS}$(ieee_pfc a8)${APP}0000" \
		"[\"ieee\",true,[3,4],$mac]"
	agent_case "CEE with the bit" "${HEAD}${ETS}$(cee_tlv d0)0000" \
		"[\"cee\",true,[3,4],$mac]"
	agent_case "CIN with the bit" "${HEAD}$(cin_tlv 90)0000" \
		"[\"cin\",true,[3,4],$mac]"
	agent_case "CIN without" "${HEAD}$(cin_tlv 80)0000" \
		"[\"cin\",false,[3,4],$mac]"
	log_test "LLDPDUs shaped like an agent's: the PFC TLV and feature found between others, in IEEE, CEE and CIN"
}

lldp_own_frames()
{
	local rc err

	dcb-hdrm -n "$NSB" lldp listen dev lb timeout 6 \
		>/dev/null 2>"$TMPD/err" &
	LPID=$!
	# once it listens, lb sends every second for as long as it listens
	lldp_listener_wait "$NSB"
	check_err $? "the listener did not start"
	while kill -0 "$LPID" 2>/dev/null; do
		dcb-hdrm -n "$NSB" lldp send dev lb >/dev/null
		check_err $? "lldp send from lb failed"
		sleep 1
	done
	wait "$LPID"
	rc=$?
	err=$(cat "$TMPD/err")
	[ "$rc" -eq 4 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "no LLDPDU with a PFC TLV in 6 s (0 others ignored)" <<<"$err"
	check_err $? "listening while the same host sends: $rc '$err'"
	log_test "the listener skips the LLDPDUs its own host sends (status 4, none counted)"
}

# Raw, la learned by lb from LLDP, then la's stop: lb's listener hears
# the shutdown LLDPDU (TTL 0) and withdraws what LLDP said of la, so lb's
# module no longer has a peer.
lldp_raw_stop()
{
	local out rc err

	listen_start &&
		dcb-hdrm -n "$NSA" -j lldp send dev la agent raw >"$TMPD/send" 2>&1
	(($? == 0)) || check_err 1 "lldp send failed: $(cat "$TMPD/send")"
	wait "$LPID"
	(($? == 0)) || check_err 1 "lldp listen failed: $(cat "$TMPD/listen")"
	out=$(peer_of lb "$NSB")
	[ "$out" = '[true,"lldp","number"]' ]
	check_err $? "lb recorded $out"

	listen_start &&
		dcb-hdrm -n "$NSA" -j lldp stop dev la agent raw >"$TMPD/stop" 2>&1
	(($? == 0)) || check_err 1 "lldp stop failed: $(cat "$TMPD/stop")"
	[ "$(jq -r .sent "$TMPD/stop")" = shutdown ]
	check_err $? "lldp stop said $(cat "$TMPD/stop")"
	wait "$LPID"
	rc=$?
	err=$(cat "$TMPD/listen")
	[ "$rc" -eq 4 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "lb: the neighbour on lb sent a shutdown LLDPDU (TTL 0): what LLDP said of the peer is withdrawn" <<<"$err"
	check_err $? "listening across la's raw stop: $rc '$err'"
	out=$(peer_of lb "$NSB")
	[ "$out" = '[null,null,"null"]' ]
	check_err $? "lb still records $out after la's shutdown LLDPDU"
	log_test "raw: stop's shutdown LLDPDU withdraws the peer from the listener's module (status 4)"
}

# lldpd_start NS DEV NAME: lldpd on DEV alone in NS, in the foreground,
# its control socket $TMPD/NAME.sock, no configuration file (-O: an empty
# one), logging to $TMPD/NAME.log; back once lldpcli gets an answer.
# Its chroot is Debian's /run/lldpd, which it makes itself (/run is
# writable in the guests). lldpcli, setuid _lldpd, cannot reach a socket
# in mktemp's 0700 directory: TMPD is opened to others.
LLDPD_PIDS=
lldpd_start()
{
	local ns=$1 dev=$2 sock=$TMPD/$3.sock i

	chmod 755 "$TMPD"
	: >"$TMPD/lldpd.conf"
	ip netns exec "$ns" lldpd -dd -u "$sock" -I "$dev" -O "$TMPD/lldpd.conf" \
		>"$TMPD/$3.log" 2>&1 &
	LLDPD_PIDS="$LLDPD_PIDS $!"
	for i in $(seq 1 150); do
		ip netns exec "$ns" lldpcli -u "$sock" show configuration \
			>/dev/null 2>&1 && return 0
		sleep 0.2
	done
	return 1
}

lldpd_stop()
{
	local pid

	for pid in $LLDPD_PIDS; do
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	LLDPD_PIDS=
}

# lldpd_pfc NS DEV NAME: the values of the IEEE PFC TLVs among what
# lldpcli's JSON shows of DEV's neighbours, as a JSON array
lldpd_pfc()
{
	ip netns exec "$1" lldpcli -u "$TMPD/$3.sock" -f json show neighbors details ports "$2" |
		jq -c '[.. | objects | select(.oui? == "00,80,C2" and .subtype == "11") | .value]'
}

# lldpd_pfc_wait NS DEV NAME WANT: until lldpd_pfc says WANT (30 s: lldpd
# sends at once when its configuration changes, else every 30 s)
lldpd_pfc_wait()
{
	local i

	for i in $(seq 1 60); do
		[ "$(lldpd_pfc "$1" "$2" "$3")" = "$4" ] && return 0
		sleep 0.5
	done
	return 1
}

lldp_lldpd()
{
	local out rc err mac

	if ! command -v lldpd >/dev/null || ! command -v lldpcli >/dev/null; then
		log_skip "lldp_lldpd" "lldpd is not installed"
		return
	fi
	lldpd_start "$NSA" la a && lldpd_start "$NSB" lb b
	check_err $? "lldpd did not start: $(cat "$TMPD/a.log" "$TMPD/b.log")"
	mac=$(ip -n "$NSA" -j link show dev la | jq -r '.[0].address')

	# la's bit rides on its lldpd's LLDPDUs
	DCB_HDRM_LLDPD_SOCKET=$TMPD/a.sock \
		dcb-hdrm -n "$NSA" -j lldp send dev la >"$TMPD/send" 2>&1
	(($? == 0)) || check_err 1 "lldp send through lldpd failed: $(cat "$TMPD/send")"
	out=$(jq -c '[.agent, .dcbx, .auto_hdrm, .pfc_cap, .pfc_en]' "$TMPD/send")
	[ "$out" = '["lldpd","ieee",true,0,[]]' ]
	check_err $? "la handed lldpd $out"
	lldpd_pfc_wait "$NSB" lb b '["20,00"]'
	check_err $? "lb's lldpcli JSON shows the IEEE PFC TLV as $(lldpd_pfc "$NSB" lb b), want [\"20,00\"]"

	# lb reads it from its lldpd, and the module records it
	DCB_HDRM_LLDPD_SOCKET=$TMPD/b.sock \
		dcb-hdrm -n "$NSB" -j lldp listen dev lb timeout 30 >"$TMPD/listen" 2>&1
	(($? == 0)) || check_err 1 "lldp listen through lldpd failed: $(cat "$TMPD/listen")"
	out=$(jq -c '[.agent, .dcbx, .auto_hdrm, .peer_chassis, .ignored]' "$TMPD/listen")
	[ "$out" = "[\"lldpd\",\"ieee\",true,\"$mac\",0]" ]
	check_err $? "lb learned $out from lldpd"
	out=$(peer_of lb "$NSB")
	[ "$out" = '[true,"lldp","number"]' ]
	check_err $? "lb recorded $out"

	# stop takes it back: gone from lb's lldpcli, listen finds none
	DCB_HDRM_LLDPD_SOCKET=$TMPD/a.sock \
		dcb-hdrm -n "$NSA" -j lldp stop dev la >"$TMPD/stop" 2>&1
	(($? == 0)) || check_err 1 "lldp stop failed: $(cat "$TMPD/stop")"
	out=$(jq -c '[.agent, .removed]' "$TMPD/stop")
	[ "$out" = '["lldpd",["ieee"]]' ]
	check_err $? "lldp stop said $out"
	lldpd_pfc_wait "$NSB" lb b '[]'
	check_err $? "lb's lldpcli JSON still shows $(lldpd_pfc "$NSB" lb b) after stop"
	DCB_HDRM_LLDPD_SOCKET=$TMPD/b.sock \
		dcb-hdrm -n "$NSB" lldp listen dev lb timeout 2 >/dev/null 2>"$TMPD/err"
	rc=$?
	err=$(cat "$TMPD/err")
	[ "$rc" -eq 4 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "lb: lldpd's neighbour on lb sends no PFC TLV (1 without one, for 2 s): what LLDP said of the peer is withdrawn" <<<"$err"
	check_err $? "listening after stop: $rc '$err'"
	# and lb's module no longer claims the peer's capability
	out=$(peer_of lb "$NSB")
	[ "$out" = '[null,null,"null"]' ]
	check_err $? "lb still records $out after la's lldp stop"
	DCB_HDRM_LLDPD_SOCKET=$TMPD/a.sock \
		dcb-hdrm -n "$NSA" -j lldp stop dev la >"$TMPD/stop" 2>&1
	out=$(jq -c '[.agent, .removed]' "$TMPD/stop")
	[ "$out" = '["lldpd",[]]' ]
	check_err $? "a second lldp stop said $out"
	lldpd_stop
	log_test "lldpd in each namespace: send hands it the TLV, the peer's lldpcli and listen see it, stop takes it back from both"
}

require_root
require_cmd jq ip
require_built "$DCB_HDRM_TOP/selftests/fuzz/hdrm_fuzz"
TMPD=$(mktemp -d)
trap 'lldpd_stop; ns_cleanup; rm -rf "$TMPD"' EXIT
module_load || exit 1
setup || { echo "1..0 # SKIP cannot create a veth pair"; exit $ksft_skip; }
tests_run
