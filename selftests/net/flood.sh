#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A reflection flood (Documentation/threat-model.rst, T3): measurement
# requests as fast as the guest can send them, for a bounded time. The
# reflector's replies never exceed its configured rate (plus its burst),
# reply bytes never exceed request bytes, and a ping across the same link
# keeps being answered.

ALL_TESTS="flood_bounded"
# A rate under load, not a memory test: the debug kernel's guest sent too
# slowly for it (1,471 requests in 5 s, against a limit of 50/s) and
# failed it beside the stock guests. The reflector's path runs there in
# measure.sh and fuzz.sh.
DEBUG_TESTS=""
source "$(dirname "$0")/../lib.sh"

NSC=${NS_PREFIX}-c
NSD=${NS_PREFIX}-d
FUZZ=$DCB_HDRM_TOP/selftests/fuzz/hdrm_fuzz
SECONDS_FLOOD=${SECONDS_FLOOD:-5}
# replies/s; the flood must outrun the limit twice over
RATE=500

setup()
{
	ns_cleanup
	ip netns add "$NSC" && ip netns add "$NSD" || return 1
	ip -n "$NSC" link add vc type veth peer name vd netns "$NSD" || return 1
	ip -n "$NSC" addr add 192.0.2.1/24 dev vc || return 1
	ip -n "$NSD" addr add 192.0.2.2/24 dev vd || return 1
	ip -n "$NSC" link set vc up && ip -n "$NSD" link set vd up || return 1
	dcb-hdrm -n "$NSC" dev set dev vc reflect-rate "$RATE"
}

flood_bounded()
{
	local out before after reflected start end secs pings received limit

	before=$(dcb-hdrm -n "$NSC" -j dev show dev vc | jq .stats.reflected)
	pings=$((SECONDS_FLOOD * 5))
	ip netns exec "$NSD" ping -q -i 0.2 -c "$pings" -W 1 192.0.2.1 >"$TMPD/ping" 2>&1 &
	local ppid=$!
	start=$(date +%s%N)
	out=$(ip netns exec "$NSD" "$FUZZ" flood vd "$SECONDS_FLOOD")
	check_err $? "hdrm_fuzz flood failed: $out"
	end=$(date +%s%N)
	wait "$ppid"
	after=$(dcb-hdrm -n "$NSC" -j dev show dev vc | jq .stats.reflected)
	reflected=$((after - before))
	secs=$(( (end - start + 999999999) / 1000000000 ))
	received=$(sed -n 's/.* \([0-9]*\) received.*/\1/p' "$TMPD/ping")
	log_info "flood: $(jqn .sent "$out") requests in $SECONDS_FLOOD s ($(jqn .sent_per_s "$out")/s), $(jqn .replies "$out") replies ($(jqn .replies_per_s "$out")/s, reflect-rate $RATE), $(jqn .reply_bytes "$out") reply bytes for $(jqn .sent_bytes "$out") request bytes; ping: ${received:-0} of $pings answered"
	# the rate over the whole window, plus one burst (rate / 10 + 1)
	limit=$((RATE * secs + RATE / 10 + 1))
	[ "$reflected" -le "$limit" ] && [ "$(jqn .replies "$out")" -le "$reflected" ]
	check_err $? "$reflected replies in $secs s, more than $limit"
	[ "$(jqn .sent "$out")" -gt $((2 * limit)) ]
	(($? == 0)) || check_err 1 "the flood was too slow to test the limit: $(jqn .sent "$out") requests"
	[ "$(jqn .reply_bytes "$out")" -le "$(jqn .sent_bytes "$out")" ]
	check_err $? "more reply bytes than request bytes"
	[ "${received:-0}" -ge $((pings * 8 / 10)) ]
	check_err $? "ping: ${received:-0} of $pings answered during the flood"
	log_test "flood of $(jqn .sent "$out") requests: at most $RATE replies/s, no amplification, ping still answered"
}

require_root
require_cmd jq ip ping
require_built "$FUZZ"
TMPD=$(mktemp -d)
trap 'ns_cleanup; rm -rf "$TMPD"' EXIT
module_load || exit 1
setup || { echo "1..0 # SKIP cannot create the namespaces"; exit $ksft_skip; }
tests_run
