#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The PFC watchdog (kmod/watchdog.c) on a dcbsim pair whose da end sends
# pause on priority 3 as a hung receiver would (dcbsim's pfc-storm knob):
# storms declared within detect-ms + 2 x poll-ms of their start, on the
# right priority and direction, with a notification; action drop turning
# PFC off while stormed and putting the exact setting back within
# restore-ms + 2 x poll-ms of the storm's end; bursts at half the
# detection time never declared; turning it off, taking the device down
# or unloading the module mid-storm leaving PFC as it was; the drivers
# whose counters a timer refreshes (dcbsim's driver knob imitating ice
# and ixgbe); and the errors.
# The times are the kernel's own: dcbsim's storm start (pfc-storm-since-ns)
# and the module's detection and restoration, all CLOCK_MONOTONIC, so the
# tools' start-up under emulation is no part of the figures.

ALL_TESTS="wd_storm wd_drop_restore wd_bursts wd_stop wd_errors wd_drivers wd_ynl"
# the debug kernel: the stops mid-storm (undo under rtnl, work cancelled)
DEBUG_TESTS="wd_stop"
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b
PRIO=3
DETECT=200
RESTORE=200
POLL=50

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
	ip -n "$NSA" link add da type dcbsim peer name db netns "$NSB" || return 1
	ip -n "$NSA" link set da up && ip -n "$NSB" link set db up || return 1
	ip -n "$NSA" link set da type dcbsim speed 10000 || return 1
	ip -n "$NSB" link set db type dcbsim speed 10000 || return 1
	# PFC on priorities 3 and 5 at both ends; a delay, so that the
	# setting the watchdog must put back is more than the enable bits
	dcb -n "$NSA" pfc set dev da prio-pfc 3:on 5:on || return 1
	dcb -n "$NSB" pfc set dev db prio-pfc 3:on 5:on delay 4096 || return 1
}

# the guest's CLOCK_MONOTONIC, ns (the kernel's ktime_get())
now_ns()
{
	awk '/^now at/ { print $3; exit }' /proc/timer_list
}

# storm_since: when da's current burst of pause began, ns
storm_since()
{
	ip -n "$NSA" -d link show da | grep -o 'pfc-storm-since-ns [0-9]*' |
		awk '{ print $2 }'
}

# wd_prio NS DEV: the JSON of DEV's watchdog priority PRIO
wd_prio()
{
	dcb-hdrm -n "$1" -j -s watchdog show dev "$2" |
		jq -c ".[0].priorities[] | select(.prio == $PRIO)"
}

# wait_wd NS DEV STATE: until priority PRIO's state is STATE (20 s at most)
wait_wd()
{
	local i

	for i in $(seq 1 100); do
		[ "$(wd_prio "$1" "$2" | jq -r .state)" = "$3" ] && return 0
		sleep 0.2
	done
	return 1
}

# pfc_setting NS DEV: the device's whole PFC setting, counters left out
pfc_setting()
{
	dcb -n "$1" -j pfc show dev "$2" |
		jq -cS 'del(.requests, .indications)'
}

# ms NS: NS nanoseconds in milliseconds, with one decimal
ms()
{
	awk -v n="$1" 'BEGIN { printf "%.1f", n / 1e6 }'
}

wd_on()
{
	dcb-hdrm -n "$1" watchdog set dev "$2" state on detect-ms "$DETECT" \
		restore-ms "$RESTORE" poll-ms "$POLL" "${@:3}"
}

wd_off()
{
	hdrmA watchdog set dev da state off
	hdrmB watchdog set dev db state off
	ip -n "$NSA" link set da type dcbsim pfc-storm off
}

# A continuous storm from da: db, whose transmit on 3 it stalls, sees it
# received; da, which sends the pause, sees itself its source.
wd_storm()
{
	local pid b a since lat_b lat_a bound=$(((DETECT + 2 * POLL) * 1000000))

	wd_on "$NSA" da && wd_on "$NSB" db
	check_err $? "watchdog set failed"
	ip netns exec "$NSB" timeout 60 dcb-hdrm -j monitor dev db count 1 >"$TMPD/mon" &
	pid=$!
	genl_listener_wait "$NSB"
	ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	# no tool at work while the watchdogs detect it
	sleep 1
	wait_wd "$NSB" db stormed
	(($? == 0)) || check_err 1 "db: priority $PRIO not stormed: $(wd_prio "$NSB" db)"
	wait_wd "$NSA" da stormed
	(($? == 0)) || check_err 1 "da: priority $PRIO not stormed: $(wd_prio "$NSA" da)"
	since=$(storm_since)
	b=$(wd_prio "$NSB" db)
	a=$(wd_prio "$NSA" da)
	[ "$(jq -r .direction <<<"$b")" = received ] &&
		[ "$(jq -r .direction <<<"$a")" = sent ]
	check_err $? "directions: db $b, da $a"
	lat_b=$(($(jq .last_storm_detect_ns <<<"$b") - since))
	lat_a=$(($(jq .last_storm_detect_ns <<<"$a") - since))
	[ "$lat_b" -gt 0 ] && [ "$lat_b" -le "$bound" ] &&
		[ "$lat_a" -gt 0 ] && [ "$lat_a" -le "$bound" ]
	(($? == 0)) || check_err 1 "declared $(ms "$lat_b") ms (db), $(ms "$lat_a") ms (da) after the storm began; at most $(ms "$bound")"
	[ "$(jq .storms <<<"$b")" = 1 ] && [ "$(jq .last_action <<<"$b")" = '"alert"' ] &&
		[ "$(jq .pfc_off <<<"$b")" = false ]
	check_err $? "db after an alert: $b"
	wait $pid
	check_err $? "monitor saw no event"
	jq -e "select(.event == \"watchdog\" and .kind == \"storm\" and .prio == $PRIO and .direction == \"received\")" \
		"$TMPD/mon" >/dev/null
	(($? == 0)) || check_err 1 "monitor printed: $(cat "$TMPD/mon")"
	# action drop taken on during the storm drops the stormed priority now
	hdrmB watchdog set dev db action drop
	[ "$(wd_prio "$NSB" db | jq .pfc_off)" = true ] &&
		jq -e ".prio_pfc[$PRIO] == false" <<<"$(dcb -n "$NSB" -j pfc show dev db)" >/dev/null
	(($? == 0)) || check_err 1 "alert to drop mid-storm: $(wd_prio "$NSB" db)"
	log_info "storm declared $(ms "$lat_b") ms (received, db) and $(ms "$lat_a") ms (sent, da) after it began; bound detect-ms + 2 x poll-ms = $(ms "$bound") ms; the first polls that saw it: $(ms $(($(jq .last_storm_start_ns <<<"$b") - since))) ms (db), $(ms $(($(jq .last_storm_start_ns <<<"$a") - since))) ms (da)"
	wd_off
	log_test "a storm: declared within detect + 2 x poll on the priority, received at db and sent at da, with a notification; drop taken on mid-storm drops it"
}

# Action drop: PFC off on 3 while stormed, the exact setting back within
# restore-ms + 2 x poll-ms of the storm's end. The storm is one burst of
# 8 s (pfc-storm-on-ms), so its end is known to the ns, and long enough
# to look at PFC while it lasts (a tool takes a second in a busy guest).
wd_drop_restore()
{
	local before during after p since end restored lat
	local bound=$(((RESTORE + 2 * POLL) * 1000000)) on_ms=8000

	before=$(pfc_setting "$NSB" db)
	wd_on "$NSB" db action drop
	check_err $? "watchdog set failed"
	ip -n "$NSA" link set da type dcbsim pfc-storm-on-ms $on_ms pfc-storm-off-ms 60000 &&
		ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	check_err $? "cannot start the storm"
	wait_wd "$NSB" db stormed
	(($? == 0)) || check_err 1 "priority $PRIO not stormed: $(wd_prio "$NSB" db)"
	during=$(dcb -n "$NSB" -j pfc show dev db)
	p=$(wd_prio "$NSB" db)
	since=$(storm_since)
	jq -e ".prio_pfc | (.[$PRIO] == false and .[5] == true)" <<<"$during" >/dev/null &&
		[ "$(jq .pfc_off <<<"$p")" = true ] && [ "$(jq -r .last_action <<<"$p")" = drop ]
	check_err $? "while stormed: dcb pfc show $during, watchdog $p"
	wait_wd "$NSB" db ok
	(($? == 0)) || check_err 1 "not restored: $(wd_prio "$NSB" db)"
	after=$(pfc_setting "$NSB" db)
	[ "$after" = "$before" ]
	check_err $? "PFC before $before, after $after"
	p=$(wd_prio "$NSB" db)
	end=$((since + on_ms * 1000000))
	restored=$(jq .last_storm_restore_ns <<<"$p")
	lat=$((restored - end))
	# The watchdog judges on each poll's due time (kmod/watchdog.c): a
	# poll that ran late read pause sent after its due time, so the quiet
	# it counts from can start up to a poll early.
	[ "$lat" -ge $(((RESTORE - POLL) * 1000000)) ] && [ "$lat" -le "$bound" ]
	(($? == 0)) || check_err 1 "restored $(ms "$lat") ms after the storm ended; between $((RESTORE - POLL)) and $(ms "$bound") ms: $p"
	[ "$(jq .pfc_off <<<"$p")" = false ] && [ "$(jq .action_error <<<"$p")" = 0 ]
	check_err $? "after: $p"
	log_info "PFC on $PRIO off while stormed, back as it was $(ms "$lat") ms after the storm ended (bound restore-ms + 2 x poll-ms = $(ms "$bound") ms); the storm's length as seen: $(jq .last_storm_ms <<<"$p") ms of $on_ms"
	ip -n "$NSA" link set da type dcbsim pfc-storm-on-ms 0 pfc-storm-off-ms 0
	wd_off
	log_test "action drop: PFC off while stormed, the exact setting back within restore + 2 x poll"
}

# Bursts of pause half the detection time long, 200 ms apart, for 3 s:
# pauses happen, storms do not.
wd_bursts()
{
	local p0 p1 n0 n1 before

	before=$(pfc_setting "$NSB" db)
	wd_on "$NSB" db action drop
	check_err $? "watchdog set failed"
	p0=$(wd_prio "$NSB" db)
	ip -n "$NSA" link set da type dcbsim pfc-storm-on-ms $((DETECT / 2)) pfc-storm-off-ms 200 &&
		ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	check_err $? "cannot start the bursts"
	sleep 3
	p1=$(wd_prio "$NSB" db)
	ip -n "$NSA" link set da type dcbsim pfc-storm off pfc-storm-on-ms 0 pfc-storm-off-ms 0
	n0=$(jq .indications <<<"$p0")
	n1=$(jq .indications <<<"$p1")
	[ "$n1" -gt "$n0" ]
	check_err $? "no pause arrived: $p0 then $p1"
	[ "$(jq .storms <<<"$p1")" = 0 ] && [ "$(jq .state <<<"$p1")" = '"ok"' ]
	(($? == 0)) || check_err 1 "bursts of $((DETECT / 2)) ms made a storm: $p1"
	[ "$(pfc_setting "$NSB" db)" = "$before" ]
	(($? == 0)) || check_err 1 "PFC changed under bursts: $before, now $(pfc_setting "$NSB" db)"
	log_info "$((n1 - n0)) pause frames received in bursts of $((DETECT / 2)) ms; no storm"
	wd_off
	log_test "bursts of pause at half the detection time: never a storm"
}

# Mid-storm, with PFC held off by drop: turning the watchdog off, taking
# db down and unloading the module each put PFC back as it was.
wd_stop_case()
{
	local what=$1 before after

	shift
	before=$(pfc_setting "$NSB" db)
	wd_on "$NSB" db action drop || return 1
	ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	wait_wd "$NSB" db stormed || { STOP_ERR="$what: not stormed"; return 1; }
	[ "$(wd_prio "$NSB" db | jq .pfc_off)" = true ] ||
		{ STOP_ERR="$what: PFC not off"; return 1; }
	"$@" || { STOP_ERR="$what: $* failed"; return 1; }
	after=$(pfc_setting "$NSB" db)
	ip -n "$NSA" link set da type dcbsim pfc-storm off
	[ "$after" = "$before" ] ||
		{ STOP_ERR="$what: PFC before $before, after $after"; return 1; }
}

wd_stop()
{
	local p

	STOP_ERR=
	wd_stop_case "watchdog off" hdrmB watchdog set dev db state off
	check_err $? "$STOP_ERR"
	p=$(hdrmB -j watchdog show dev db | jq -c '.[0]')
	[ "$(jq -r .state <<<"$p")" = off ] && [ "$(jq .running <<<"$p")" = false ]
	check_err $? "after off: $p"

	wd_stop_case "device down" ip -n "$NSB" link set db down
	check_err $? "$STOP_ERR"
	ip -n "$NSB" link set db up
	p=$(hdrmB -j watchdog show dev db | jq -c '.[0]')
	[ "$(jq -r .state <<<"$p")" = on ] && [ "$(jq .running <<<"$p")" = true ]
	check_err $? "after down and up, the watchdog does not poll again: $p"
	hdrmB watchdog set dev db state off

	wd_stop_case "module unloaded" rmmod dcb_hdrm
	check_err $? "$STOP_ERR"
	module_load
	check_err $? "reload failed"
	log_test "mid-storm, watchdog off, device down and module unload each leave PFC as it was"
}

wd_errors()
{
	local out p

	ip -n "$NSB" link add vb0 type veth peer name vb1
	out=$(hdrmB watchdog set dev vb0 state on 2>&1)
	[ $? = 2 ] && grep -q "no ieee_getpfc" <<<"$out" && [ "$(wc -l <<<"$out")" = 1 ]
	check_err $? "a device without DCB: $out"
	[ "$(hdrmB -j watchdog show dev vb0 | jq '.[0].priorities | length')" = 0 ]
	(($? == 0)) || check_err 1 "a device without DCB lists priorities: $(hdrmB -j watchdog show dev vb0)"
	# only poll-ms given: the kernel checks it against detect-ms
	out=$(hdrmB watchdog set dev db poll-ms 300 2>&1)
	[ $? = 2 ] && grep -q "poll-ms is longer than detect-ms" <<<"$out"
	check_err $? "poll-ms over detect-ms: $out"
	[ "$(hdrmB -j watchdog show dev db | jq '.[0].poll_ms')" != 300 ]
	check_err $? "the refused poll-ms was taken"
	# the driver refuses the drop: stormed all the same, the error kept
	ip -n "$NSB" link set db type dcbsim fail 95
	wd_on "$NSB" db action drop
	ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	wait_wd "$NSB" db stormed
	(($? == 0)) || check_err 1 "not stormed with the driver refusing: $(wd_prio "$NSB" db)"
	p=$(wd_prio "$NSB" db)
	[ "$(jq .action_error <<<"$p")" = 95 ] && [ "$(jq .pfc_off <<<"$p")" = false ] &&
		[ "$(hdrmB -j -s watchdog show dev db | jq '.[0].action_errors')" -ge 1 ]
	check_err $? "a refused drop: $p"
	ip -n "$NSB" link set db type dcbsim fail 0
	wd_off
	ip -n "$NSB" link del vb0
	log_test "errors: no DCB, poll-ms over detect-ms (extacks), a drop the driver refuses (kept, counted)"
}

# Drivers whose counters a timer refreshes, as dcbsim's driver knob
# imitates them: poll-ms under 1.5 refresh periods refused with the
# reason (ice's defaults, ixgbe at 2 s), ixgbe's swapped counters put
# right, its storm declared within detect + 2 x poll plus one refresh.
wd_drivers()
{
	local out p j since lat bound

	ip -n "$NSB" link set db type dcbsim driver ice
	out=$(hdrmB watchdog set dev db state on 2>&1)
	[ $? = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] &&
		grep -q "ice refreshes its PFC counters every 1000 ms: poll-ms must be at least 1500" <<<"$out"
	check_err $? "ice at poll-ms 50: $out"
	[ "$(hdrmB -j watchdog show dev db | jq -r '.[0].state')" = off ]
	check_err $? "the refused watchdog is on"

	ip -n "$NSB" link set db type dcbsim driver ixgbe
	out=$(hdrmB watchdog set dev db state on poll-ms 2000 detect-ms 4000 2>&1)
	[ $? = 2 ] && grep -q "poll-ms must be at least 3000" <<<"$out"
	check_err $? "ixgbe at poll-ms 2000: $out"
	hdrmB watchdog set dev db state on poll-ms 3000 detect-ms 6000 restore-ms 6000
	check_err $? "ixgbe at poll-ms 3000 refused"
	j=$(hdrmB -j watchdog show dev db | jq -c '.[0]')
	[ "$(jq .counter_refresh_ms <<<"$j")" = 2000 ] && [ "$(jq .counters_swapped <<<"$j")" = true ]
	check_err $? "ixgbe's counters: $j"
	ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	sleep 9
	for _ in $(seq 1 20); do
		[ "$(wd_prio "$NSB" db | jq -r .state)" = stormed ] && break
		sleep 0.5
	done
	p=$(wd_prio "$NSB" db)
	since=$(storm_since)
	ip -n "$NSA" link set da type dcbsim pfc-storm off
	[ "$(jq -r .state <<<"$p")" = stormed ] && [ "$(jq -r .direction <<<"$p")" = received ]
	check_err $? "ixgbe's swapped counters: $p"
	lat=$(($(jq .last_storm_detect_ns <<<"$p") - since))
	bound=$(((6000 + 2 * 3000 + 2000) * 1000000))
	[ "$lat" -gt 0 ] && [ "$lat" -le "$bound" ]
	(($? == 0)) || check_err 1 "declared $(ms "$lat") ms after the storm began; at most $(ms "$bound")"
	log_info "ixgbe-like counters (every 2 s, swapped): storm declared $(ms "$lat") ms after it began, received; bound detect-ms + 2 x poll-ms + a refresh = $(ms "$bound") ms"
	hdrmB watchdog set dev db state off poll-ms "$POLL" detect-ms "$DETECT" restore-ms "$RESTORE"
	ip -n "$NSB" link set db type dcbsim driver dcbsim
	log_test "drivers: ice's 1 s counters refuse poll-ms 50 (extack), ixgbe's swapped 2 s counters refuse poll-ms 2000 and declare a received storm at 3000"
}

# The kernel's YNL client reads the watchdog from the spec alone.
wd_ynl()
{
	local idx out

	if [ "${DCB_HDRM_KERNEL:-}" != debian-6.12 ] || [ -z "${YNL_CLI:-}" ]; then
		log_skip "${FUNCNAME[0]}" "run on debian-6.12 only (a YNL client start costs ~20 s)"
		return
	fi
	wd_on "$NSB" db action drop
	idx=$(ip -n "$NSB" -j link show db | jq '.[0].ifindex')
	out=$(ynl_ns "$NSB" --do watchdog-get --json "{\"ifindex\": $idx}" --output-json)
	check_err $? "YNL watchdog-get failed: $out"
	[ "$(jq -c '[.ifname, .state, .action, ."detect-ms", ."poll-ms"]' <<<"$out")" = \
	  "[\"db\",1,\"drop\",$DETECT,$POLL]" ]
	check_err $? "YNL says $out"
	wd_off
	log_test "the kernel's YNL client reads watchdog-get from the spec"
}

require_root
require_cmd jq ip dcb
TMPD=$(mktemp -d)
trap 'ns_cleanup; rm -rf "$TMPD"' EXIT
dcbsim_start
tests_run
