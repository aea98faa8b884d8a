#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The module's tracepoints (kmod/trace.h, TRACE_SYSTEM dcb_hdrm) on a pair
# of dcbsim devices: one measurement with apply and push, read back from
# tracefs and checked against what dcb-hdrm reported; the events' formats
# as perf and trace-cmd parse them; and perf itself, where it is installed.

ALL_TESTS="trace_measure trace_format trace_perf"
# the debug kernel: the events' main path
DEBUG_TESTS="trace_measure"
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b
SPEED=100
COUNT=5
EVENTS="dcb_hdrm_probe_sent dcb_hdrm_reply_received dcb_hdrm_result dcb_hdrm_apply dcb_hdrm_push"

hdrmA()
{
	dcb-hdrm -n "$NSA" "$@"
}

hdrmB()
{
	dcb-hdrm -n "$NSB" "$@"
}

setup()
{
	ns_cleanup
	ip netns add "$NSA" && ip netns add "$NSB" || return 1
	# B's device gets another ifindex than A's, so that the events of
	# the two ends tell apart by it
	ip -n "$NSB" link add tb0 type veth peer name tb1 || return 1
	ip -n "$NSA" link add da type dcbsim peer name db netns "$NSB" || return 1
	ip -n "$NSA" link set da up && ip -n "$NSB" link set db up || return 1
	ip -n "$NSA" link set da type dcbsim delay-ns 5000 speed "$SPEED" || return 1
	ip -n "$NSB" link set db type dcbsim delay-ns 5000 speed "$SPEED" || return 1
	# PFC on priority 3, alone on buffer 1, at both ends
	dcb -n "$NSA" pfc set dev da prio-pfc 3:on || return 1
	dcb -n "$NSB" pfc set dev db prio-pfc 3:on || return 1
	dcb -n "$NSA" buffer set dev da prio-buffer all:0 3:1 || return 1
	dcb -n "$NSB" buffer set dev db prio-buffer all:0 3:1 || return 1
	# A fixed precision (see apply.sh): this is about tracing, not timing.
	hdrmA dev set dev da precision 1000 || return 1
	hdrmB dev set dev db accept-push on apply buffer || return 1
	for _ in $(seq 1 50); do
		ip -n "$NSA" link show da | grep -q LOWER_UP && return 0
		sleep 0.1
	done
	return 1
}

# tracefs_ready: tracefs mounted; false where the kernel has no event tracing
tracefs_ready()
{
	[ -d "$TRACEFS/events" ] || mount -t tracefs nodev "$TRACEFS" 2>/dev/null
	[ -d "$TRACEFS/events" ]
}

# trace_start: only the module's events, into an empty buffer
trace_start()
{
	echo 0 >"$TRACEFS/tracing_on"
	echo >"$TRACEFS/trace"
	echo 1 >"$TRACEFS/events/dcb_hdrm/enable" || return 1
	echo 1 >"$TRACEFS/tracing_on"
}

trace_stop()
{
	echo 0 >"$TRACEFS/events/dcb_hdrm/enable"
	echo 0 >"$TRACEFS/tracing_on"
}

# field NAME LINE: the value of NAME=value in a trace line
field()
{
	sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"
}

# One measurement of COUNT probes with apply and push, traced: COUNT
# probes sent and as many replies taken, in sequence, with the session id
# the tool printed; one result with its status, counts and round trip;
# the apply as the tool reports it; the push sent, received by the peer
# and acknowledged. The events exist only with the module's tracepoints.
trace_measure()
{
	local out id trace sent replies result apply line n seqs est ifa ifb

	if ! tracefs_ready; then
		log_skip "tracepoints of one measurement" "no tracefs (a kernel without event tracing)"
		return
	fi
	[ -d "$TRACEFS/events/dcb_hdrm" ]
	check_err $? "no dcb_hdrm events in $TRACEFS/events"
	if [ "$RET" -ne 0 ]; then
		log_test "tracepoints of one measurement"
		return
	fi
	trace_start
	check_err $? "cannot enable the dcb_hdrm events"
	out=$(hdrmA -j measure dev da count "$COUNT" apply buffer push 2>"$TMPD/err")
	log_info "measure: exit $?, $(jq -c '[.status, .session, .rtt_ns.estimate, .applied.method, .applied.error, .push.status]' <<<"$out" 2>/dev/null) $(cat "$TMPD/err")"
	trace_stop
	trace=$(grep ' dcb_hdrm_' "$TRACEFS/trace")
	echo >"$TRACEFS/trace"
	id=$(jqn .session "$out")
	[ "$(jqn .status "$out")" = ok ] && [ -n "$id" ] && [ "$id" != null ]
	check_err $? "the measurement did not end ok: $out"
	ifa=$(jqn .ifindex "$out")
	ifb=$(ip -n "$NSB" -j link show dev db | jq '.[0].ifindex')
	log_info "$(wc -l <<<"$trace") events for session $id (ifindex $ifa in A, $ifb in B)"
	[ "$ifa" != "$ifb" ]
	check_err $? "A's and B's devices have the same ifindex $ifa"

	sent=$(grep "dcb_hdrm_probe_sent: ifindex=$ifa session=$id " <<<"$trace")
	seqs=$(for n in $(seq 0 $((COUNT - 1))); do echo "$n"; done)
	[ "$(grep -c . <<<"$sent")" -eq "$COUNT" ] &&
		[ "$(sed -n 's/.* seq=\([0-9]*\) .*/\1/p' <<<"$sent")" = "$seqs" ]
	(($? == 0)) || check_err 1 "probe_sent: not seq 0..$((COUNT - 1)) of session $id: $sent"
	[ "$(field encap "$(head -n 1 <<<"$sent")")" = "$(jqn .encap "$out")" ] &&
		[ "$(field mode "$(head -n 1 <<<"$sent")")" = "$(jqn .mode "$out")" ]
	(($? == 0)) || check_err 1 "probe_sent: encap or mode differ from the result's: $(head -n 1 <<<"$sent")"

	replies=$(grep "dcb_hdrm_reply_received: ifindex=$ifa session=$id " <<<"$trace")
	[ "$(grep -c . <<<"$replies")" -eq "$COUNT" ] &&
		[ "$(sed -n 's/.* seq=\([0-9]*\) .*/\1/p' <<<"$replies" | sort -n)" = "$seqs" ]
	(($? == 0)) || check_err 1 "reply_received: not seq 0..$((COUNT - 1)) of session $id: $replies"
	# one-step replies carry their round trip on the clock reads, t4 after t1
	while read -r line; do
		[ -n "$line" ] || continue
		[ "$(field two_step "$line")" = 1 ] ||
			{ [ "$(field rtt_ns "$line")" -ge 0 ] &&
			  [ "$(field t4 "$line")" -gt "$(field t1 "$line")" ] &&
			  [ "$(field late "$line")" = 0 ]; }
		check_err $? "reply_received: $line"
	done <<<"$replies"

	result=$(grep "dcb_hdrm_result: .* session=$id " <<<"$trace")
	est=$(jqn .rtt_ns.estimate "$out")
	[ "$(grep -c . <<<"$result")" -eq 1 ] &&
		[ "$(field status "$result")" = ok ] &&
		[ "$(field rtt_ns "$result")" = "$est" ] &&
		[ "$(field sent "$result")" = "$(jqn .probes.sent "$out")" ] &&
		[ "$(field received "$result")" = "$(jqn .probes.received "$out")" ] &&
		[ "$(field precision_ns "$result")" = "$(jqn .precision_ns "$out")" ] &&
		[ "$(field speed "$result")" = "$(jqn .speed_mbps "$out")" ] &&
		[ "$(field ifindex "$result")" = "$ifa" ]
	check_err $? "result: '$result', the tool's estimate $est"
	log_info "$result"

	apply=$(grep "dcb_hdrm_apply: ifindex=$ifa session=$id " <<<"$trace")
	n=$(jqn .applied.error "$out")
	[ "$(grep -c . <<<"$apply")" -eq 1 ] &&
		[ "$(field method "$apply")" = "$(jqn .applied.method "$out")" ] &&
		[ "$(field err "$apply")" = "$(( -n ))" ]
	(($? == 0)) || check_err 1 "apply: '$apply', the tool's $(jq -c .applied <<<"$out")"
	log_info "$apply"

	# B wrote the pushed headroom to its own driver, when it held it
	n=$(grep -c "dcb_hdrm_apply: ifindex=$ifb session=$id method=buffer " <<<"$trace")
	[ "$n" -eq "$([ "$(jqn .push.status "$out")" = applied ] && echo 1 || echo 0)" ]
	(($? == 0)) || check_err 1 "B's apply: $n lines for push status $(jqn .push.status "$out")"

	# A's push sent and acknowledged, B's received with the same answer,
	# each carrying the result's headroom of priority 3
	n=$(printf '0x%x' "$(jqn '.priorities[] | select(.prio == 3) | .headroom_bytes' "$out")")
	grep -q "dcb_hdrm_push: ifindex=$ifa session=$id dir=sent status=pending .* prio_mask=0x08 headroom={0x0,0x0,0x0,$n," <<<"$trace" &&
		grep -q "dcb_hdrm_push: ifindex=$ifb session=$id dir=received status=$(jqn .push.status "$out") .* prio_mask=0x08 headroom={0x0,0x0,0x0,$n," <<<"$trace" &&
		grep -q "dcb_hdrm_push: ifindex=$ifa session=$id dir=acked status=$(jqn .push.status "$out") .* prio_mask=0x08 headroom={0x0,0x0,0x0,$n," <<<"$trace"
	(($? == 0)) || check_err 1 "push (priority 3: $n B): $(grep 'dcb_hdrm_push:' <<<"$trace")"
	log_test "tracepoints of one measurement: $COUNT probes, $COUNT replies, result, apply, push"
}

# What perf, trace-cmd and bpftrace read: each event's format names its
# fields, and no enum name (TRACE_DEFINE_ENUM) or sizeof is left in a
# print format, which user space could not evaluate.
trace_format()
{
	local ev fmt

	if ! tracefs_ready || [ ! -d "$TRACEFS/events/dcb_hdrm" ]; then
		log_skip "tracepoint formats" "no dcb_hdrm events in tracefs"
		return
	fi
	for ev in $EVENTS; do
		fmt=$(cat "$TRACEFS/events/dcb_hdrm/$ev/format" 2>/dev/null)
		check_err $? "no format for $ev"
		grep -q "field:int ifindex;" <<<"$fmt" && grep -q "field:u32 session;" <<<"$fmt"
		check_err $? "$ev: no ifindex or session field"
		! grep '^print fmt' <<<"$fmt" | grep -Eq 'DCB_HDRM_|HDRM_ENCAP_|HDRM_TRACE_'
		(($? == 0)) || check_err 1 "$ev: an enum left unresolved: $(grep '^print fmt' <<<"$fmt")"
		# perf 6.1's parser fails on sizeof(u64): no sizeof at all
		! grep '^print fmt' <<<"$fmt" | grep -q 'sizeof('
		(($? == 0)) || check_err 1 "$ev: a sizeof in the print format: $(grep '^print fmt' <<<"$fmt")"
	done
	log_test "tracepoint formats: ifindex and session in each, every enum resolved, no sizeof"
}

# perf record -e 'dcb_hdrm:*' and perf script, which parses the formats
# (libtraceevent): every event printed, none "FAILED TO PARSE"
trace_perf()
{
	local out id script

	# perf's start costs 80-120 s in a TCG guest; both kernels' formats
	# are checked by trace_format, perf's parser once is enough
	if [ "${DCB_HDRM_KERNEL:-}" != debian-6.12 ]; then
		log_skip "perf record -e 'dcb_hdrm:*'" "run on debian-6.12 only (perf's parser is the same; ~100 s)"
		return
	fi
	if ! command -v perf >/dev/null || ! tracefs_ready ||
	   ! perf list 'dcb_hdrm:*' 2>/dev/null | grep -q dcb_hdrm_result; then
		log_skip "perf record -e 'dcb_hdrm:*'" "perf is not installed or sees no dcb_hdrm events"
		return
	fi
	# no build ids: collecting them for every DSO over 9p takes minutes
	perf record -q -a -B -N -e 'dcb_hdrm:*' -o "$TMPD/perf.data" -- \
		dcb-hdrm -n "$NSA" -j measure dev da count "$COUNT" apply buffer push \
		>"$TMPD/out" 2>"$TMPD/err"
	# its status is the tool's: a push the peer refused exits 2
	[ -s "$TMPD/perf.data" ]
	(($? == 0)) || check_err 1 "perf record wrote nothing: $(cat "$TMPD/err")"
	out=$(cat "$TMPD/out")
	id=$(jqn .session "$out")
	script=$(perf script -F event,trace -i "$TMPD/perf.data" 2>"$TMPD/err")
	(($? == 0)) || check_err 1 "perf script failed: $(cat "$TMPD/err")"
	[ "$(grep -c "dcb_hdrm:dcb_hdrm_probe_sent: .* session=$id " <<<"$script")" -eq "$COUNT" ] &&
		grep -q "dcb_hdrm:dcb_hdrm_result: .* session=$id status=$(jqn .status "$out") .* rtt_ns=$(jqn .rtt_ns.estimate "$out") " <<<"$script" &&
		! grep -q "FAILED TO PARSE" <<<"$script"
	(($? == 0)) || check_err 1 "perf script: $(grep -e "session=$id" -e "FAILED TO PARSE" <<<"$script" | tail -n 4)"
	log_test "perf record -e 'dcb_hdrm:*' and perf script: $COUNT probes and the result"
}

require_root
require_cmd jq ip dcb
TMPD=$(mktemp -d)
trap 'ns_cleanup; rm -rf "$TMPD"' EXIT
dcbsim_start
tests_run
