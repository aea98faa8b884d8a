#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Applying the measured headroom through the driver's DCB operations, on a
# pair of dcbsim devices (selftests/dcbsim: a veth-like pair with a cable
# delay inside the driver and the DCB operations of a real NIC). Every
# write is read back with iproute2's own dcb tool.

ALL_TESTS="apply_delay_bits apply_delay_metres apply_buffer apply_buffer_clamp
	   apply_refused apply_notifies_dcb apply_show_verdict apply_monitor
	   apply_ynl apply_bad_settings
	   apply_unprivileged apply_remeasure_link apply_remeasure_speed
	   apply_remeasure_mtu apply_remeasure_burst apply_remeasure_period"
# the debug kernel: its main path, hostile input and lifetime
DEBUG_TESTS="apply_buffer apply_remeasure_link"
# debian-6.12 alone: the YNL client is user space (lib.sh)
NEWEST_TESTS="apply_ynl"
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b
# 100 Mb/s keeps a software-timestamped round trip (tens to hundreds of
# microseconds under TCG) inside the u16 PFC delay in bits.
SPEED=100


# dcbA ARGS...: iproute2's dcb on NSA
dcbA()
{
	dcb -n "$NSA" "$@"
}

hdrmA()
{
	dcb-hdrm -n "$NSA" "$@"
}

dcbsim_set()
{
	ip -n "$NSA" link set da type dcbsim "$@"
}

setup()
{
	ns_cleanup
	ip netns add "$NSA" && ip netns add "$NSB" || return 1
	ip -n "$NSA" link add da type dcbsim peer name db netns "$NSB" || return 1
	ip -n "$NSA" link set da up && ip -n "$NSB" link set db up || return 1
	dcbsim_set delay-ns 5000 speed "$SPEED" || return 1
	# PFC on priority 3, alone on buffer 1
	dcbA pfc set dev da prio-pfc 3:on || return 1
	dcbA buffer set dev da prio-buffer all:0 3:1 || return 1
	# A fixed precision: under a loaded emulator (the debug kernel beside
	# another guest) the samples' spread reached 10.6 ms, beyond the
	# arithmetic's 10 ms bound (no headroom at all) and alone beyond the
	# 16-bit delay at 100 Mb/s. These tests are about applying.
	dcb-hdrm -n "$NSA" dev set dev da precision 1000 || return 1
	# wait for carrier
	for _ in $(seq 1 50); do
		ip -n "$NSA" link show da | grep -q LOWER_UP && return 0
		sleep 0.1
	done
	return 1
}

# The allowance (t + 2 x precision) x speed in bits, from a result, as the
# uAPI defines ieee_pfc.delay: ceil(ns x Mb/s / 1000).
want_bits()
{
	jq -r '((.rtt_ns.estimate + 2 * .precision_ns) * .speed_mbps + 999) / 1000 | floor' <<<"$1"
}

apply_delay_bits()
{
	local out got want pfc err rc before

	hdrmA dev set dev da delay-unit auto
	[ "$(hdrmA -j dev show dev da | jq -r .dcb_state.delay_unit)" = bits ]
	check_err $? "auto delay unit on dcbsim is not bits"
	before=$(dcbA -j pfc show dev da | jq .delay)
	out=$(hdrmA -j measure dev da apply delay 2>/dev/null)
	rc=$?
	want=$(want_bits "$out")
	got=$(dcbA -j pfc show dev da | jq .delay)
	log_info "t $(jqn .rtt_ns.estimate "$out") ns, precision $(jqn .precision_ns "$out") ns at $SPEED Mb/s: delay $got bits (wanted $want)"
	# A round trip beyond 653 us (a stalled emulator) does not fit 16
	# bits even here: then the write must be refused, nothing changed.
	if [ "$want" -le 65535 ]; then
		[ $rc -eq 0 ] && [ "$got" = "$want" ] &&
			[ "$(jqn .applied.delay_new "$out")" = "$want" ] &&
			[ "$(jqn .applied.clamped "$out")" = false ]
	else
		[ $rc -eq 2 ] && [ "$got" = "$before" ] &&
			[ "$(jqn .applied.rule.name "$out")" = short ]
	fi
	(($? == 0)) || check_err 1 "exit $rc, delay $got read back, for $want bits wanted: $(jqn .applied "$out")"
	pfc=$(dcbA -j pfc show dev da)
	[ "$(jqn .delay "$pfc")" = "$got" ]
	(($? == 0)) || check_err 1 "dcb pfc show reports delay $(jqn .delay "$pfc"), expected $got"
	# read-modify-write: the PFC-enabled priorities are untouched
	[ "$(jq -c '.prio_pfc' <<<"$pfc")" = '[false,false,false,true,false,false,false,false]' ]
	check_err $? "prio_pfc changed: $pfc"
	# at 10 Gb/s the same round trip no longer fits 16 bits: a delay cut
	# to 65535 would leave less than measured, so apply delay refuses it
	dcbsim_set speed 10000
	err=$(hdrmA measure dev da apply delay 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "apply delay failed: the driver would be left [0-9]* B of headroom, less than the measured [0-9]* B" <<<"$err" &&
		[ "$(dcbA -j pfc show dev da | jq .delay)" = "$got" ]
	(($? == 0)) || check_err 1 "at 10 Gb/s: exit $rc, '$err', delay $(dcbA -j pfc show dev da | jq .delay)"
	out=$(hdrmA -j show dev da)
	[ "$(jqn .applied.rule.name "$out")" = short ] &&
		[ "$(jqn .applied.rule.have_bytes "$out")" -lt "$(jqn .applied.rule.need_bytes "$out")" ]
	(($? == 0)) || check_err 1 "the applied nest does not name the rule: $(jqn .applied "$out")"
	dcbsim_set speed "$SPEED"
	log_test "apply delay in bits, read back with dcb pfc show; refused beyond 16 bits"
}

apply_delay_metres()
{
	local out want got before err rc

	# a generic driver told to read metres of cable: the equivalent
	# cable, t / 10 ns, within 1..999, or refused as short when cut
	hdrmA dev set dev da delay-unit metres
	dcbsim_set speed 10000 delay-ns 300
	before=$(dcbA -j pfc show dev da | jq .delay)
	out=$(hdrmA -j measure dev da apply delay)
	rc=$?
	[ $rc -eq 0 ] || out=$(hdrmA -j show dev da)
	want=$(jq -r '(.rtt_ns.estimate + 2 * .precision_ns + 9) / 10 | floor' <<<"$out")
	got=$(dcbA -j pfc show dev da | jq .delay)
	log_info "t $(jqn .rtt_ns.estimate "$out") ns: $want m of cable wanted, dcb pfc show reads $got"
	[ "$(jqn .applied.delay_unit "$out")" = metres ] &&
		[ "$(jqn .applied.delay_wanted "$out")" = "$want" ]
	(($? == 0)) || check_err 1 "wanted $(jqn .applied.delay_wanted "$out") m, expected $want"
	if [ "$want" -gt 999 ]; then
		[ $rc -ne 0 ] && [ "$got" = "$before" ] &&
			[ "$(jqn .applied.rule.name "$out")" = short ]
	else
		[ $rc -eq 0 ] && [ "$got" = "$want" ]
	fi
	check_err $? "metres: exit $rc, $got read back for $want wanted"
	dcbsim_set speed "$SPEED" delay-ns 5000
	hdrmA dev set dev da delay-unit auto
	log_test "apply delay in metres on a generic driver: the equivalent cable, refused when cut"
}

apply_buffer()
{
	local out buf want

	hdrmA dev set dev da cell 128
	out=$(hdrmA -j measure dev da apply buffer)
	check_err $? "measure apply buffer failed: $out"
	want=$(jq -r '.priorities[] | select(.prio == 3) | (.headroom_bytes + 127) / 128 | floor * 128' <<<"$out")
	buf=$(dcbA -j buffer show dev da)
	log_info "priority 3 headroom $(jq -r '.priorities[] | select(.prio == 3) | .headroom_bytes' <<<"$out") B: buffer 1 = $(jq '.buffer_size[1]' <<<"$buf") B in 128 B cells"
	[ "$(jq '.buffer_size[1]' <<<"$buf")" = "$want" ]
	(($? == 0)) || check_err 1 "buffer 1 is $(jq '.buffer_size[1]' <<<"$buf"), expected $want: $buf"
	[ "$(jq '.buffer_size[0]' <<<"$buf")" = 65536 ] &&
		[ "$(jq -c '.prio_buffer' <<<"$buf")" = '[0,0,0,1,0,0,0,0]' ]
	check_err $? "the lossy buffer or the priority map changed: $buf"
	[ "$(jqn .applied.method "$out")" = buffer ] &&
		[ "$(jq '.applied.buffers[] | select(.index == 1) | .size' <<<"$out")" = "$want" ] &&
		[ "$(jqn .applied.clamped "$out")" = false ]
	(($? == 0)) || check_err 1 "applied nest: $(jqn .applied "$out")"
	# "apply" alone: auto where the device's method is none, and auto
	# picks buffer on a device with buffer operations
	out=$(hdrmA -j measure dev da apply)
	[ "$(jqn .applied.method "$out")" = buffer ]
	(($? == 0)) || check_err 1 "apply auto picked $(jqn .applied.method "$out")"
	# ...and the device's own method where it has one
	hdrmA dev set dev da apply delay
	out=$(hdrmA -j measure dev da apply)
	[ "$(jqn .applied.method "$out")" = delay ]
	(($? == 0)) || check_err 1 "apply alone with the device's apply delay: $(jqn .applied.method "$out")"
	hdrmA dev set dev da apply none
	log_test "apply buffer: the lossless buffer holds the headroom in cells, dcb buffer show agrees"
}

apply_buffer_clamp()
{
	local out buf before err rc

	# 65536 of 67000 bytes are the lossy buffer's: 1464 remain, 11 cells.
	# apply buffer refuses what the total cuts; auto writes the cut.
	dcbsim_set buffer-total 67000
	before=$(dcbA -j buffer show dev da)
	err=$(hdrmA measure dev da apply buffer 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "apply buffer failed: the lossless buffers need [0-9]* B and the driver's total leaves them 14[06][0-9] B" <<<"$err" &&
		[ "$(dcbA -j buffer show dev da)" = "$before" ]
	check_err $? "apply buffer cut by the total: exit $rc, '$err'"
	out=$(hdrmA -j measure dev da apply auto)
	check_err $? "measure apply auto failed: $out"
	buf=$(dcbA -j buffer show dev da)
	log_info "buffer 1 wanted $(jq '.applied.buffers[] | select(.index == 1) | .size_wanted' <<<"$out") B, got $(jq '.buffer_size[1]' <<<"$buf") B of a 67000 B total"
	[ "$(jq '.buffer_size[1]' <<<"$buf")" = 1408 ] &&
		[ "$(jq '.buffer_size[0]' <<<"$buf")" = 65536 ] &&
		[ "$(jqn .applied.clamped "$out")" = true ] &&
		[ "$(jq '.applied.buffers[] | select(.index == 1) | .size_wanted' <<<"$out")" -gt 1408 ]
	(($? == 0)) || check_err 1 "not clamped to the total: $buf / $(jqn .applied "$out")"
	hdrmA show dev da | grep -q "cut to fit the total"
	check_err $? "show does not say the buffer was cut"
	dcbsim_set buffer-total 262144
	log_test "a total that cuts the buffer: apply buffer refuses, apply auto writes the cut"
}

apply_refused()
{
	local before err rc errors

	before=$(dcbA -j buffer show dev da)
	errors=$(hdrmA -j dev show dev da | jq .stats.apply_errors)
	dcbsim_set fail 5
	err=$(hdrmA measure dev da apply buffer 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "da: apply buffer failed: Input/output error; the driver's state is unchanged" <<<"$err"
	check_err $? "a refused apply: exit $rc, '$err'"
	[ "$(dcbA -j buffer show dev da)" = "$before" ]
	check_err $? "the buffers changed although the driver refused"
	[ "$(hdrmA -j dev show dev da | jq .stats.apply_errors)" -eq $((errors + 1)) ]
	check_err $? "apply_errors did not count the refusal"
	dcbsim_set fail 0
	log_test "a driver refusal leaves the old state and reaches the user in one line"
}

# A DCB listener (RTNLGRP_DCB) hears the module's write.
apply_notifies_dcb()
{
	local out

	ip netns exec "$NSA" python3 - >"$TMPD/dcbmon" 2>&1 <<-'EOF' &
	import socket, struct, select, sys
	s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
	s.bind((0, 0))
	s.setsockopt(270, 1, 23)        # NETLINK_ADD_MEMBERSHIP RTNLGRP_DCB
	print("ready", flush=True)
	while select.select([s], [], [], 20)[0]:
	    data = s.recv(65536)
	    ln, typ = struct.unpack_from("IH", data)
	    if typ == 79:                # RTM_SETDCB
	        print("setdcb", flush=True)
	        sys.exit(0)
	sys.exit(1)
	EOF
	for _ in $(seq 1 50); do
		grep -q ready "$TMPD/dcbmon" && break
		sleep 0.1
	done
	out=$(hdrmA -j measure dev da apply buffer)
	check_err $? "measure apply failed: $out"
	wait $!
	(($? == 0)) || check_err 1 "no RTM_SETDCB reached an RTNLGRP_DCB listener: $(cat "$TMPD/dcbmon")"
	log_test "an apply is announced to DCB listeners (dcbnl_ieee_notify)"
}

apply_show_verdict()
{
	local out v3

	# size priorities 0 and 3; only 3 has PFC on
	hdrmA dev set dev da prio-mask 0x09
	out=$(hdrmA -j measure dev da apply buffer)
	check_err $? "measure apply failed"
	hdrmA dev set dev da prio-mask auto
	out=$(hdrmA -j show dev da)
	v3=$(jq -c '.verdict[] | select(.prio == 3)' <<<"$out")
	# judged by the generic model: the lossless buffer's size is its headroom
	[ "$(jqn .verdict "$v3")" = enough ] && [ "$(jqn .basis "$v3")" = model ] &&
		[ "$(jqn .model "$out")" = generic ] &&
		[ "$(jq '.priorities[] | select(.prio == 3) | .effective_headroom_bytes' <<<"$out")" = "$(jqn .current "$v3")" ] &&
		[ "$(jq '.priorities[] | select(.prio == 0) | .effective_headroom_bytes' <<<"$out")" = null ]
	check_err $? "after apply: $v3"
	[ "$(jq -r '.verdict[] | select(.prio == 0) | .verdict' <<<"$out")" = lossy ]
	check_err $? "priority 0 (PFC off) is not lossy"
	dcbA buffer set dev da buffer-size 1:1024
	out=$(hdrmA -j show dev da)
	v3=$(jq -c '.verdict[] | select(.prio == 3)' <<<"$out")
	[ "$(jqn .verdict "$v3")" = too-small ] &&
		[ "$(jqn .by "$v3")" -eq $(( $(jqn .wanted "$v3") - 1024 )) ]
	check_err $? "a 1024 B buffer: $v3"
	dcbA buffer set dev da buffer-size 1:131072
	v3=$(hdrmA -j show dev da | jq -c '.verdict[] | select(.prio == 3)')
	[ "$(jqn .verdict "$v3")" = oversized ]
	check_err $? "a 128 KiB buffer: $v3"
	# savings: three static models, per priority and per port
	[ "$(jq '.savings | length' <<<"$out")" = 3 ] &&
		jq -e '.savings[] | select(.model == "cable-300m") |
			.port_saved_bytes == (.port_static_bytes - .port_measured_bytes)' \
			<<<"$out" >/dev/null
	(($? == 0)) || check_err 1 "savings report: $(jq -c .savings <<<"$out")"
	hdrmA show dev da | grep -Eq "^3 +model +bytes +[0-9]+ +131072  oversized by [0-9]+ bytes"
	(($? == 0)) || check_err 1 "the text report lacks the verdict line: $(hdrmA show dev da)"
	log_test "show: current PFC and buffers, recommended values, verdict per priority, savings"
}

apply_monitor()
{
	local pid out session

	ip netns exec "$NSA" timeout 60 dcb-hdrm -j monitor dev da count 2 >"$TMPD/mon" &
	pid=$!
	sleep 1
	out=$(hdrmA -j measure dev da apply buffer)
	check_err $? "measure apply failed"
	wait $pid
	check_err $? "monitor did not see two events"
	session=$(jqn .session "$out")
	[ "$(jq -s -c '[.[] | [.event, .session]]' "$TMPD/mon")" = "[[\"result\",$session],[\"apply\",$session]]" ]
	(($? == 0)) || check_err 1 "monitor printed: $(cat "$TMPD/mon")"
	log_test "monitor prints the result and the apply as they happen"
}

# The kernel's YNL client reads the new attributes from the spec alone.
apply_ynl()
{
	local idx out

	[ -n "${YNL_CLI:-}" ] && [ -f "$YNL_CLI" ] ||
		{ log_skip "${FUNCNAME[0]}" "no YNL_CLI"; return; }
	idx=$(hdrmA -j dev show dev da | jq .ifindex)
	out=$(ynl_ns "$NSA" \
		--do dev-set --json "{\"ifindex\": $idx, \"apply\": \"buffer\", \"delay-unit\": \"bits\"}" 2>&1)
	check_err $? "YNL dev-set apply buffer: $out"
	out=$(ynl_ns "$NSA" --do dev-get --json "{\"ifindex\": $idx}" --output-json 2>&1)
	jq -e '(.apply == "buffer") and (."delay-unit" == "bits") and
		(."dcb-state".driver == "dcbsim") and (."dcb-state"."pfc-en" == 8) and
		(."dcb-state".buffer | map(select(.index == 1)) | .[0].prios == 8)' \
		<<<"$out" >/dev/null
	check_err $? "YNL dev-get: $out"
	# a measurement started from YNL is applied as the device says
	ynl_ns "$NSA" --do measure --json "{\"ifindex\": $idx}" >/dev/null 2>&1
	check_err $? "YNL measure failed"
	sleep 3
	out=$(ynl_ns "$NSA" --do result-get --json "{\"ifindex\": $idx}" --output-json 2>&1)
	jq -e '(.applied.method == "buffer") and (.applied.error == 0) and
		(.applied.buffer | map(select(.index == 1)) | .[0].lossless == 1)' \
		<<<"$out" >/dev/null
	check_err $? "YNL result-get: $out"
	hdrmA dev set dev da apply none delay-unit auto
	log_test "the kernel's YNL client drives apply, dcb-state and applied from the spec"
}

apply_bad_settings()
{
	local err before

	before=$(hdrmA -j dev show dev da | jq -c '[.apply, .delay_unit, .remeasure, .remeasure_period_s]')
	err=$(hdrmA dev set dev da apply sideways 2>&1)
	[ $? -eq 1 ] && [ "$err" = 'dcb-hdrm: invalid apply "sideways"; expected none, delay, buffer or auto' ]
	check_err $? "apply sideways: $err"
	err=$(hdrmA dev set dev da delay-unit furlongs 2>&1)
	[ $? -eq 1 ] && [ "$err" = 'dcb-hdrm: invalid delay-unit "furlongs"; expected auto, bits or metres' ]
	check_err $? "delay-unit furlongs: $err"
	err=$(hdrmA dev set dev da remeasure on remeasure-period 86401 2>&1)
	[ $? -eq 1 ] && grep -q 'invalid remeasure-period "86401"; expected an integer 0..86400' <<<"$err"
	check_err $? "remeasure-period 86401: $err"
	# the kernel's own checks, past the tool: YNL with a value out of range
	if [ -n "${YNL_CLI:-}" ] && [ -f "$YNL_CLI" ]; then
		err=$(ynl_ns "$NSA" \
			--do dev-set --json "{\"ifindex\": $(hdrmA -j dev show dev da | jq .ifindex), \"remeasure-period\": 90000}" 2>&1)
		[ $? -ne 0 ] && grep -q "remeasure-period\|out of range\|Numerical result" <<<"$err"
		check_err $? "the kernel took remeasure-period 90000: $err"
	fi
	[ "$(hdrmA -j dev show dev da | jq -c '[.apply, .delay_unit, .remeasure, .remeasure_period_s]')" = "$before" ]
	check_err $? "a refused setting changed something"
	log_test "bad apply, delay-unit and remeasure settings: one line, nothing changed"
}

apply_unprivileged()
{
	local err before

	command -v setpriv >/dev/null || { log_skip "${FUNCNAME[0]}" "no setpriv"; return; }
	before=$(dcbA -j buffer show dev da)
	err=$(ip netns exec "$NSA" setpriv --reuid=65534 --regid=65534 --clear-groups \
		dcb-hdrm measure dev da apply buffer 2>&1)
	[ $? -eq 2 ] && grep -qi "not permitted" <<<"$err"
	check_err $? "an unprivileged measure apply: '$err'"
	err=$(ip netns exec "$NSA" setpriv --reuid=65534 --regid=65534 --clear-groups \
		dcb-hdrm dev set dev da apply buffer 2>&1)
	[ $? -eq 2 ] && grep -qi "not permitted" <<<"$err"
	check_err $? "an unprivileged dev set apply: '$err'"
	[ "$(hdrmA -j dev show dev da | jq -r .apply)" = none ] &&
		[ "$(dcbA -j buffer show dev da)" = "$before" ]
	check_err $? "an unprivileged user changed something"
	log_test "an unprivileged user cannot apply"
}

# remeasure_wait BEFORE: until stats.remeasured passes BEFORE and the
# measurement that followed has been applied; then a quiet spell, so a
# second measurement from the same burst would be seen.
remeasure_count()
{
	hdrmA -j dev show dev da | jq .stats.remeasured
}

remeasure_settle()
{
	local before=$1 i

	for i in $(seq 1 100); do
		[ "$(remeasure_count)" -gt "$before" ] && break
		sleep 0.2
	done
	sleep 4
}

# apply auto: under a loaded emulator the software timestamps' spread
# can make the headroom exceed what the total leaves buffer 1, which
# apply buffer refuses and auto writes, cut
remeasure_on()
{
	hdrmA dev set dev da apply auto remeasure on
}

remeasure_off()
{
	hdrmA dev set dev da apply none remeasure off
}

apply_remeasure_link()
{
	local before applied

	remeasure_on
	before=$(remeasure_count)
	applied=$(hdrmA -j dev show dev da | jq .stats.applied)
	ip -n "$NSA" link set da down
	ip -n "$NSA" link set da up
	remeasure_settle "$before"
	[ "$(remeasure_count)" -eq $((before + 1)) ]
	(($? == 0)) || check_err 1 "link down/up: $(( $(remeasure_count) - before )) measurements, expected 1"
	[ "$(hdrmA -j dev show dev da | jq .stats.applied)" -eq $((applied + 1)) ]
	check_err $? "the re-measurement was not applied"
	remeasure_off
	log_test "remeasure on link down/up: one measurement, applied"
}

apply_remeasure_speed()
{
	local before

	remeasure_on
	before=$(remeasure_count)
	ip netns exec "$NSA" ethtool -s da speed 200 duplex full autoneg off
	remeasure_settle "$before"
	[ "$(remeasure_count)" -eq $((before + 1)) ] &&
		[ "$(hdrmA -j show dev da | jq .speed_mbps)" = 200 ]
	(($? == 0)) || check_err 1 "speed change: $(( $(remeasure_count) - before )) measurements, speed $(hdrmA -j show dev da | jq .speed_mbps)"
	remeasure_off
	dcbsim_set speed "$SPEED"
	log_test "remeasure on a speed change (ethtool -s): the new speed is used"
}

apply_remeasure_mtu()
{
	local before

	remeasure_on
	before=$(remeasure_count)
	ip -n "$NSA" link set da mtu 4000
	remeasure_settle "$before"
	[ "$(remeasure_count)" -eq $((before + 1)) ] &&
		[ "$(hdrmA -j show dev da | jq '.priorities[] | select(.prio == 3) | .max_frame_bytes')" = 4022 ]
	(($? == 0)) || check_err 1 "MTU change: $(( $(remeasure_count) - before )) measurements"
	remeasure_off
	ip -n "$NSA" link set da mtu 1500
	log_test "remeasure on an MTU change: max frame follows the MTU"
}

apply_remeasure_burst()
{
	local before

	remeasure_on
	sleep 3
	before=$(remeasure_count)
	# one ip process, so the burst is not spread out by slow command starts
	ip -n "$NSA" -batch - <<-EOF
	link set da down
	link set da up
	link set da mtu 2000
	link set da mtu 1500
	EOF
	remeasure_settle "$before"
	[ "$(remeasure_count)" -eq $((before + 1)) ]
	(($? == 0)) || check_err 1 "a burst of 4 events made $(( $(remeasure_count) - before )) measurements, expected 1"
	# turning it off drops a re-measurement still waiting for its burst
	before=$(remeasure_count)
	ip -n "$NSA" link set da mtu 1600
	remeasure_off
	sleep 3
	[ "$(remeasure_count)" -eq "$before" ]
	check_err $? "remeasure off still measured"
	ip -n "$NSA" link set da mtu 1500
	log_test "remeasure: one measurement per burst of events; off cancels a pending one"
}

apply_remeasure_period()
{
	local before after start ms

	before=$(remeasure_count)
	start=$(date +%s%N)
	hdrmA dev set dev da apply buffer remeasure on remeasure-period 2
	sleep 7
	after=$(remeasure_count)
	# the commands around the sleep take seconds in the debug kernel: at
	# most one measurement per 2 s of the whole window, plus one
	ms=$(( ($(date +%s%N) - start) / 1000000 ))
	log_info "remeasure-period 2: $((after - before)) measurements in $ms ms"
	[ "$after" -ge $((before + 2)) ] && [ "$after" -le $((before + ms / 2000 + 1)) ]
	(($? == 0)) || check_err 1 "$((after - before)) periodic measurements in $ms ms, expected 2..$((ms / 2000 + 1))"
	hdrmA dev set dev da remeasure off remeasure-period 0
	before=$(remeasure_count)
	sleep 3
	[ "$(remeasure_count)" -eq "$before" ]
	check_err $? "measurements went on after remeasure off"
	hdrmA dev set dev da apply none
	log_test "remeasure-period: a measurement every period, none once off"
}

require_root
require_cmd jq ip dcb ethtool python3
TMPD=$(mktemp -d)
trap 'ns_cleanup; rm -rf "$TMPD"' EXIT
dcbsim_start
tests_run
