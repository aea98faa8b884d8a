#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Netlink fuzzing of the dcb_hdrm family (threat model T5): every operation
# that takes a request is sent, as root with CAP_NET_ADMIN so that the
# policy and not the permission check answers, with each required
# attribute missing, each attribute of the wrong length or type, out of
# its range, one past its enum, oversized, repeated, nests with garbage
# inside, unknown attribute types, a broken attribute stream, devices that
# do not exist, that live in another network namespace or are not
# Ethernet, and 1000 random attribute streams. The attribute sets and
# checks come from the YNL spec (selftests/lib/nlfuzz.py). Every malformed
# request must be refused with an errno and an extack message, the valid
# ones must work, and the device's state must not change.

ALL_TESTS="fuzz_run fuzz_valid fuzz_missing fuzz_length fuzz_range fuzz_enum
	   fuzz_oversize fuzz_repeat fuzz_nested fuzz_unknown fuzz_framing
	   fuzz_device fuzz_dump fuzz_random fuzz_state fuzz_dmesg"
source "$(dirname "$0")/../lib.sh"

NSF=${NS_PREFIX}-fz
NSO=${NS_PREFIX}-fzo
NLFUZZ=$DCB_HDRM_TOP/selftests/lib/nlfuzz.py
# random requests: 1000, or 150 in the slower debug kernel (CI's longest lane)
if debug_kernel; then
	RANDOM_N=${NL_FUZZ_RANDOM:-150}
else
	RANDOM_N=${NL_FUZZ_RANDOM:-1000}
fi

setup()
{
	local idx

	ns_cleanup
	ip netns add "$NSF" && ip netns add "$NSO" || return 1
	# fz0 is up without carrier (its peer is down): a valid measure stops
	# at the carrier check and never sends a frame
	ip -n "$NSF" link add fz0 type veth peer name fz1 || return 1
	ip -n "$NSF" link set fz0 up || return 1
	# a device that exists only in the other namespace, with an ifindex
	# that names nothing in ours
	ip -n "$NSO" link add fo0 index 4242 type veth peer name fo1 ||
		ip -n "$NSO" link add fo0 type veth peer name fo1 || return 1
	FZ_IDX=$(ip -n "$NSF" -j link show fz0 | jq '.[0].ifindex')
	FOREIGN_IDX=$(ip -n "$NSO" -j link show fo0 | jq '.[0].ifindex')
	for idx in $(ip -n "$NSF" -j link show | jq '.[].ifindex'); do
		[ "$idx" != "$FOREIGN_IDX" ] || return 1
	done
}

# dev_state: the tool's view of fz0, without counters and ages
dev_state()
{
	dcb-hdrm -n "$NSF" -j dev show dev fz0 |
		jq -cS 'del(.stats) | if .peer then del(.peer.age_ms) else . end'
}

cat_info()
{
	jq -r --arg c "$1" '.categories[$c] // empty |
		"\(.sent) sent, \(.rejected) rejected, \(.extack) with extack, \(.accepted) accepted"' \
		"$SUMMARY"
}

# check_cat CATEGORY DESCRIPTION: the category's requests all refused with
# an extack message; prints what was not
check_cat()
{
	local cat=$1 what=$2 n f

	[ -s "$SUMMARY" ] || { check_err 1 "no fuzzer summary"; log_test "$what"; return; }
	n=$(jq --arg c "$cat" '.categories[$c].sent // 0' "$SUMMARY")
	[ "$n" -gt 0 ]
	check_err $? "no $cat requests were sent"
	log_info "$cat: $(cat_info "$cat")"
	f=$(jq --arg c "$cat" '.categories[$c].failures | length' "$SUMMARY")
	if [ "$f" -gt 0 ]; then
		jq -r --arg c "$cat" '.categories[$c].failures[:40][] | "FINDING: " + .[:300]' \
			"$SUMMARY" | while read -r line; do log_info "$line"; done
		[ "$f" -le 40 ] || log_info "... and $((f - 40)) more"
		check_err 1 "$f of $n $cat requests were not refused with an extack message"
	fi
	log_test "$what"
}

fuzz_run()
{
	local rc

	BEFORE=$(dev_state)
	DMESG_LINES=$(dmesg | wc -l)
	ip netns exec "$NSF" python3 "$NLFUZZ" fuzz --spec "$SPEC" \
		--ifindex "$FZ_IDX" --foreign-ifindex "$FOREIGN_IDX" \
		--random "$RANDOM_N" --summary "$SUMMARY" >"$TMPD/out" 2>&1
	rc=$?
	grep -v '^# FAIL\|requests, ' "$TMPD/out" | sed 's/^# //' | while read -r line; do log_info "$line"; done
	[ "$rc" -le 1 ] && [ -s "$SUMMARY" ]
	(($? == 0)) || check_err 1 "the fuzzer did not finish (exit $rc): $(tail -3 "$TMPD/out")"
	if [ -s "$SUMMARY" ]; then
		log_info "$(jq -r '.total | "\(.sent) requests, \(.rejected) rejected, \(.extack) rejected with an extack message, \(.accepted) accepted"' "$SUMMARY")"
		jq -r '.skipped[]' "$SUMMARY" | while read -r line; do
			log_info "not sent: $line"
		done
	fi
	log_test "the fuzzer ran every operation of the spec ($FZ_IDX in $NSF)"
}

fuzz_valid()
{
	check_cat valid "valid requests: dev-get do and dump, a no-op dev-set, measure without carrier (ENETDOWN), result-get, samples-get (ENODATA), watchdog-get, a no-op watchdog-set, watchdog-recover of a priority not held (EINVAL)"
}

fuzz_missing()
{
	check_cat missing "a request without its ifindex is refused with extack"
}

fuzz_length()
{
	check_cat length "each attribute of the wrong length or type (0..16 bytes, a string, NLA_F_NESTED) is refused with extack"
}

fuzz_range()
{
	check_cat range "each attribute with checks, min - 1 and max + 1, is refused with extack"
}

fuzz_enum()
{
	check_cat enum "each enum one past its last entry is refused with extack"
}

fuzz_oversize()
{
	check_cat oversize "64 KiB attributes and a 1 MiB message are refused with extack"
}

fuzz_repeat()
{
	check_cat repeat "an attribute given twice is refused with extack"
}

fuzz_nested()
{
	check_cat nested "nests with garbage inside are refused with extack"
}

fuzz_unknown()
{
	check_cat unknown "unknown attribute types and attributes the operation does not take are refused with extack"
}

fuzz_framing()
{
	check_cat framing "a broken attribute stream (trailing bytes, lengths past the end) is refused with extack"
}

fuzz_device()
{
	check_cat device "no such device, a device of another namespace, a non-Ethernet device: refused with extack"
}

fuzz_dump()
{
	check_cat dump "dumps with malformed attributes are refused with extack"
}

fuzz_random()
{
	check_cat random "$RANDOM_N random attribute streams are refused with extack"
}

fuzz_state()
{
	local after f

	after=$(dev_state)
	[ -n "$after" ] && [ "$after" = "$BEFORE" ]
	check_err $? "dev show of fz0 changed: before $BEFORE, after $after"
	if [ -s "$SUMMARY" ]; then
		f=$(jq '.categories.state.failures // [] | length' "$SUMMARY")
		jq -r '.categories.state.failures // [] | .[]' "$SUMMARY" |
			while read -r line; do log_info "FINDING: $line"; done
		[ "$f" -eq 0 ]
		check_err $? "the fuzzer saw the device's state change"
	fi
	# the device of the other namespace was not touched either
	[ "$(dcb-hdrm -n "$NSO" -j dev show dev fo0 | jq -c '[.reflect, .apply, .cell, .auto_hdrm, .accept_push]')" = \
	  "$FO_BEFORE" ]
	check_err $? "the other namespace's device changed"
	log_test "the device's state (dev show without counters and ages) is unchanged"
}

fuzz_dmesg()
{
	local new

	new=$(dmesg | tail -n +"$((DMESG_LINES + 1))" |
		grep -E 'BUG|WARNING|KASAN|lockdep|leak|Call Trace|refcount_t' |
		grep -v 'bytes leftover after parsing')
	[ -z "$new" ]
	(($? == 0)) || check_err 1 "kernel log: $(head -5 <<<"$new")"
	log_info "kernel log lines during the fuzzing: $(($(dmesg | wc -l) - DMESG_LINES))"
	log_test "no kernel warning, BUG, KASAN or lockdep report"
}

require_root
require_cmd jq ip python3 dmesg
python3 -c 'import yaml' 2>/dev/null ||
	{ echo "1..0 # SKIP python3-yaml is not installed"; exit $ksft_skip; }
TMPD=$(mktemp -d)
SUMMARY=$TMPD/summary.json
trap 'ns_cleanup; rm -rf "$TMPD"' EXIT
module_load || exit 1
setup || { echo "1..0 # SKIP cannot create the namespaces"; exit $ksft_skip; }
FO_BEFORE=$(dcb-hdrm -n "$NSO" -j dev show dev fo0 | jq -c '[.reflect, .apply, .cell, .auto_hdrm, .accept_push]')
tests_run
