#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The auto-HDRM bit in the DCBX PFC TLV, over LLDP: `dcb-hdrm lldp send`
# on one end of a dcbsim pair and `dcb-hdrm lldp listen` on the other, in
# each of the three TLV variants (IEEE 802.1Qaz, CEE, CIN), with the bit
# set and clear; the listener records the peer's bit in the module, read
# back with `dcb-hdrm dev show`. Malformed LLDPDUs are ignored.

ALL_TESTS="dcbx_variants dcbx_bit_clear dcbx_malformed dcbx_errors"
# the debug kernel: its main path, hostile input and lifetime
DEBUG_TESTS="dcbx_malformed"
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b


setup()
{
	ns_cleanup
	ip netns add "$NSA" && ip netns add "$NSB" || return 1
	ip -n "$NSA" link add da type dcbsim peer name db netns "$NSB" || return 1
	ip -n "$NSA" link set da up && ip -n "$NSB" link set db up || return 1
	dcb -n "$NSA" pfc set dev da prio-pfc 3:on 4:on
}

# exchange VARIANT: listen on db, send from da; the listener's JSON on stdout
exchange()
{
	dcb-hdrm -n "$NSB" -j lldp listen dev db timeout 25 >"$TMPD/listen" 2>&1 &
	local lpid=$!

	lldp_listener_wait "$NSB" &&
		dcb-hdrm -n "$NSA" -j lldp send dev da dcbx "$1" >"$TMPD/send" 2>&1
	(($? == 0)) || check_err 1 "lldp send $1 failed: $(cat "$TMPD/send")"
	wait "$lpid"
	(($? == 0)) || check_err 1 "lldp listen ($1) failed: $(cat "$TMPD/listen")"
	cat "$TMPD/listen"
}

dcbx_variants()
{
	local v out peer

	for v in ieee cee cin; do
		out=$(exchange "$v")
		[ "$(jqn '.dcbx, .auto_hdrm' "$out" | tr '\n' ' ')" = "$v true " ] &&
			[ "$(jq -c .pfc_en <<<"$out")" = "[3,4]" ]
		check_err $? "$v: the listener read $out"
		peer=$(dcb-hdrm -n "$NSB" -j dev show dev db | jq -c .peer)
		[ "$(jq -c '[.auto_hdrm, .accept_push, .via]' <<<"$peer")" = '[true,null,"lldp"]' ]
		check_err $? "$v: db recorded $peer"
		log_info "$v: sent $(jq -c . "$TMPD/send"), learned $(jq -c '{dcbx, auto_hdrm, pfc_en}' <<<"$out")"
	done
	log_test "the bit crosses in the IEEE, CEE and CIN PFC TLVs and is recorded as via lldp"
}

dcbx_bit_clear()
{
	local v out txc err rc

	dcb-hdrm -n "$NSA" dev set dev da auto-hdrm off
	for v in ieee cee cin; do
		out=$(exchange "$v")
		[ "$(jqn .auto_hdrm "$out")" = false ] &&
			[ "$(jqn .auto_hdrm "$(cat "$TMPD/send")")" = false ]
		check_err $? "$v with auto-hdrm off: $out"
		[ "$(dcb-hdrm -n "$NSB" -j dev show dev db | jq -c '[.peer.auto_hdrm, .peer.via]')" = '[false,"lldp"]' ]
		check_err $? "$v: db did not record the clear bit"
	done
	# LLDP's no counts as an in-band one: db's measurement ends before
	# its first capability request, and says where the no came from
	txc=$(dcb-hdrm -n "$NSB" -j dev show dev db | jq .stats.tx_control)
	err=$(dcb-hdrm -n "$NSB" measure dev db 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 5 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "db: the peer said in its DCBX PFC TLV (LLDP) that it does not support automatic headroom configuration" <<<"$err"
	check_err $? "measuring with LLDP's no: exit $rc, '$err'"
	[ "$(dcb-hdrm -n "$NSB" -j dev show dev db | jq .stats.tx_control)" -eq "$txc" ]
	check_err $? "db sent a capability request although LLDP said no"
	[ "$(dcb-hdrm -n "$NSB" -j show dev db | jq -r .status)" = peer-no-cap ]
	(($? == 0)) || check_err 1 "status: $(dcb-hdrm -n "$NSB" -j show dev db | jq -r .status)"
	dcb-hdrm -n "$NSA" dev set dev da auto-hdrm on
	log_test "with auto-hdrm off the bit is clear in every variant, and the peer learns that"
}

send_raw()
{
	lldp_send_raw "$NSA" da "$@"
}

# chassis ID, port ID (MAC 02:00:00:00:00:01) and TTL 120
LLDP_HEAD=02070402000000000104070302000000000106020078
# then an IEEE PFC TLV whose length says 5 (its layout is 6), and End
BAD_PFC=${LLDP_HEAD}fe050080c20b280000
# the port ID before the chassis ID
PORT_FIRST=040703020000000001020704020000000001060200780000

# two malformed LLDPDUs, then a good one
bad_then_good()
{
	send_raw "$BAD_PFC" && send_raw "$PORT_FIRST" &&
		dcb-hdrm -n "$NSA" lldp send dev da >/dev/null
}

dcbx_malformed()
{
	local out rc err

	dcb-hdrm -n "$NSB" -j lldp listen dev db timeout 25 >"$TMPD/listen" 2>&1 &
	local lpid=$!
	lldp_listener_wait "$NSB" && bad_then_good
	check_err $? "sending failed"
	wait "$lpid"
	(($? == 0)) || check_err 1 "listen failed: $(cat "$TMPD/listen")"
	out=$(cat "$TMPD/listen")
	[ "$(jqn .ignored "$out")" -ge 2 ] && [ "$(jqn .auto_hdrm "$out")" = true ]
	check_err $? "listen: $out"
	# only malformed ones: a timeout, status 4, one line. Starting the
	# listener takes seconds in the debug kernel under emulation.
	local secs=8
	debug_kernel && secs=20
	dcb-hdrm -n "$NSB" lldp listen dev db timeout "$secs" >/dev/null 2>"$TMPD/err" &
	lpid=$!
	lldp_listener_wait "$NSB" && send_raw "$BAD_PFC" && send_raw "$BAD_PFC"
	check_err $? "sending failed"
	wait "$lpid"
	rc=$?
	err=$(cat "$TMPD/err")
	[ "$rc" -eq 4 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "no LLDPDU with a PFC TLV in $secs s ([1-9][0-9]* others ignored)" <<<"$err"
	check_err $? "timeout: $rc '$err'"
	log_test "malformed LLDPDUs are ignored and counted; only those: status 4"
}

dcbx_errors()
{
	local err

	err=$(dcb-hdrm lldp listen dev nosuchdev 2>&1)
	[ $? -eq 1 ] && [ "$(wc -l <<<"$err")" -eq 1 ]
	check_err $? "missing device: $err"
	err=$(dcb-hdrm -n "$NSA" lldp send dev da dcbx ieee8021 2>&1)
	[ $? -eq 1 ] && [ "$err" = 'dcb-hdrm: invalid dcbx "ieee8021"; expected ieee, cee or cin' ]
	check_err $? "bad dcbx: $err"
	err=$(dcb-hdrm -n "$NSA" lldp listen dev da ttl 5 2>&1)
	[ $? -eq 1 ] && [ "$err" = 'dcb-hdrm: lldp listen: unknown argument "ttl"; expected dev, timeout or agent' ]
	check_err $? "listen ttl: $err"
	err=$(ip netns exec "$NSA" setpriv --reuid=65534 --regid=65534 --clear-groups \
		dcb-hdrm lldp send dev da 2>&1)
	[ $? -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ]
	check_err $? "unprivileged send: $err"
	log_test "lldp: bad arguments and missing privileges, one line each"
}

require_root
require_cmd jq ip dcb setpriv
require_built "$DCB_HDRM_TOP/selftests/fuzz/hdrm_fuzz"
TMPD=$(mktemp -d)
trap 'ns_cleanup; rm -rf "$TMPD"' EXIT
dcbsim_start
tests_run
