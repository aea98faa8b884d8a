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

ALL_TESTS="wd_storm wd_drop_restore wd_bursts wd_stop wd_errors wd_drivers wd_ynl
	   wd_failed_drop wd_refused_restore wd_escalate wd_manual wd_forward
	   wd_xon wd_flap wd_timing wd_trace"
# the debug kernel: the stops mid-storm (undo under rtnl, the timer and
# the work cancelled) and a restore refused through unload; escalation
# (48 s there in the CI run of 24c9acf) is decisions the stock kernels
# and the unit tests cover
DEBUG_TESTS="wd_stop wd_refused_restore"
# debian-6.12 alone: escalation, XON storms and timing are the decisions
# test_watchdog and KUnit cover; 6.1 runs the poll, the undo and the
# drivers (lib.sh)
NEWEST_TESTS="wd_escalate wd_xon wd_timing"
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

# storm_start: when da's storm cycle began (dcbsim's pfc-storm-start-ns)
storm_start()
{
	ip -n "$NSA" -d link show da | grep -o 'pfc-storm-start-ns [0-9]*' |
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

# wd_late JSON: how late a priority's polls ran, ns: its storm's longest
# gap between polls past one poll period (0 when none was late)
wd_late()
{
	local late=$(($(jq .last_storm_gap_us <<<"$1") * 1000 - POLL * 1000000))

	echo $((late > 0 ? late : 0))
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
	hdrmA watchdog set dev da state off storm-limit 0 recovery auto action alert
	hdrmB watchdog set dev db state off storm-limit 0 recovery auto action alert
	ip -n "$NSA" link set da type dcbsim pfc-storm off
}

# A continuous storm from da: db, whose transmit on 3 it stalls, sees it
# received; da, which sends the pause, sees itself its source.
wd_storm()
{
	local pid b a since lat_b lat_a bound_b bound_a try late
	local bound=$(((DETECT + 2 * POLL) * 1000000))

	# A second storm when the first was declared late: the watchdog's
	# polls' lateness is allowed for, but a stall of dcbsim's storm
	# timer (its pauses stop for a poll, and the run starts again) is
	# not, and it came on a loaded 6.12 guest (da 318.8 ms, its polls
	# 3.5 ms late). A watchdog late every time still fails.
	for try in 1 2; do
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
		# plus each side's polls' lateness: the longest gap between
		# its polls past one period (da's 300.9 ms once on 6.12)
		bound_b=$((bound + $(wd_late "$b")))
		bound_a=$((bound + $(wd_late "$a")))
		[ "$lat_b" -gt 0 ] && [ "$lat_b" -le "$bound_b" ] &&
			[ "$lat_a" -gt 0 ] && [ "$lat_a" -le "$bound_a" ]
		late=$?
		((late == 0 || try == 2)) && break
		log_info "storm 1 declared $(ms "$lat_b") ms (db), $(ms "$lat_a") ms (da) after it began, over $(ms "$bound_b") and $(ms "$bound_a"); the first polls that saw it: $(ms $(($(jq .last_storm_start_ns <<<"$b") - since))) ms (db), $(ms $(($(jq .last_storm_start_ns <<<"$a") - since))) ms (da); a second storm"
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		wd_off
		sleep 0.5
	done
	((late == 0)) || check_err 1 "declared $(ms "$lat_b") ms (db), $(ms "$lat_a") ms (da) after the storm began; at most $(ms "$bound_b") and $(ms "$bound_a") (detect + 2 x poll, and each side's polls' lateness), twice"
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
	log_info "storm declared $(ms "$lat_b") ms (received, db) and $(ms "$lat_a") ms (sent, da) after it began; bound detect-ms + 2 x poll-ms = $(ms "$bound") ms, plus the polls' lateness $(ms $((bound_b - bound))) ms (db) and $(ms $((bound_a - bound))) ms (da); the first polls that saw it: $(ms $(($(jq .last_storm_start_ns <<<"$b") - since))) ms (db), $(ms $(($(jq .last_storm_start_ns <<<"$a") - since))) ms (da)"
	wd_off
	log_test "a storm: declared within detect + 2 x poll on the priority, received at db and sent at da, with a notification; drop taken on mid-storm drops it"
}

# Action drop: PFC off on 3 while stormed, the exact setting back within
# restore-ms + 2 x poll-ms of the storm's end. The storm is one burst of
# 8 s (pfc-storm-on-ms), so its end is known to the ns, and long enough
# to look at PFC while it lasts (a tool takes a second in a busy guest).
wd_drop_restore()
{
	local before during after p since end restored lat try late
	local bound=$(((RESTORE + 2 * POLL) * 1000000)) on_ms=8000

	before=$(pfc_setting "$NSB" db)
	# A second storm when the first was restored late, as wd_storm
	# does: the restore's polls run on the cadence's due times, and a
	# loaded 6.1 guest once ran them 17.5 ms behind (restored 317.5 ms
	# after the storm, its detecting polls 1.2 ms late). A restore late
	# twice still fails, and every other check fails at once.
	for try in 1 2; do
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
		[ "$(jq .pfc_off <<<"$p")" = false ] && [ "$(jq .action_error <<<"$p")" = 0 ]
		check_err $? "after: $p"
		ip -n "$NSA" link set da type dcbsim pfc-storm-on-ms 0 pfc-storm-off-ms 0
		wd_off
		# The watchdog judges on each poll's due time (kmod/watchdog.c):
		# a poll that ran late read pause sent after its due time, so
		# the quiet it counts from can start up to a poll early.
		[ "$lat" -ge $(((RESTORE - POLL) * 1000000)) ] && [ "$lat" -le "$bound" ]
		late=$?
		((late == 0 || try == 2 || RET != 0)) && break
		log_info "storm 1 restored $(ms "$lat") ms after it ended, outside $((RESTORE - POLL)) to $(ms "$bound") ms; a second storm"
		sleep 0.5
	done
	((late == 0)) || check_err 1 "restored $(ms "$lat") ms after the storm ended; between $((RESTORE - POLL)) and $(ms "$bound") ms (restore + 2 x poll), twice: $p"
	log_info "PFC on $PRIO off while stormed, back as it was $(ms "$lat") ms after the storm ended (bound restore-ms + 2 x poll-ms = $(ms "$bound") ms); the storm's length as seen: $(jq .last_storm_ms <<<"$p") ms of $on_ms"
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
	local out p j since lat bound late

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
	# detect + 2 x poll + a refresh, plus the polls' own lateness: a run
	# begins when its first poll read the counters, so a first poll a
	# tick late costs the next poll here (14,043.7 ms on 6.1 once)
	late=$(( $(jq .last_storm_gap_us <<<"$p") * 1000 - 3000000000 ))
	[ "$late" -lt 0 ] && late=0
	bound=$(((6000 + 2 * 3000 + 2000 + 500) * 1000000 + late))
	[ "$lat" -gt 0 ] && [ "$lat" -le "$bound" ]
	(($? == 0)) || check_err 1 "declared $(ms "$lat") ms after the storm began; at most $(ms "$bound")"
	log_info "ixgbe-like counters (every 2 s, swapped): storm declared $(ms "$lat") ms after it began, received; bound detect-ms + 2 x poll-ms + a refresh + the polls' lateness (500 ms, and the longest gap past a poll) = $(ms "$bound") ms"
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

# kmsg_count PATTERN: lines of the kernel log with PATTERN
kmsg_count()
{
	dmesg | grep -c "$1"
}

# pfc_on NS DEV: is PRIO's PFC on?
pfc_on()
{
	dcb -n "$1" -j pfc show dev "$2" | jq -r ".prio_pfc[$PRIO]"
}

# db as mlx5 with its buffers its own, 200 m of cable, sized at 40G: at
# 100G a change of pfc_en finds the lossless buffer below its floor, and
# mlx5e_dcbnl_ieee_setpfc() keeps the new pfc_en and returns -ENOMEM
mlx5_tight()
{
	ip -n "$NSB" link set db type dcbsim model mlx5 buffer-owner software speed 40000 &&
		dcb -n "$NSB" pfc set dev db prio-pfc 3:on 5:on delay 200 &&
		ip -n "$NSB" link set db type dcbsim speed 100000
}

# db back as setup() made it (a model's PFC state is its own)
mlx5_undo()
{
	ip -n "$NSB" link set db type dcbsim model generic speed 10000
	dcb -n "$NSB" pfc set dev db prio-pfc 3:on 5:on delay 4096
}

# The failed drop: mlx5's setpfc refuses with -ENOMEM and turns PFC off
# all the same. The watchdog reads it back, so PFC is on again after the
# storm ends, after state off, and after the module is unloaded.
wd_failed_drop()
{
	local what p pf i

	for what in restore off rmmod; do
		mlx5_tight
		check_err $? "$what: cannot make db an mlx5 with tight buffers"
		wd_on "$NSB" db action drop
		ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
		wait_wd "$NSB" db stormed
		(($? == 0)) || check_err 1 "$what: not stormed: $(wd_prio "$NSB" db)"
		# the drop's link toggle may still be settling: a few reads
		for i in 1 2 3 4 5; do
			pf=$(pfc_on "$NSB" db)
			[ "$pf" = false ] && break
			sleep 0.2
		done
		p=$(wd_prio "$NSB" db)
		[ "$pf" = false ] && [ "$(jq .pfc_off <<<"$p")" = true ] &&
			[ "$(jq .action_error <<<"$p")" = 12 ]
		(($? == 0)) || check_err 1 "$what: the refused drop: PFC '$pf', $p"
		case $what in
		restore)
			ip -n "$NSA" link set da type dcbsim pfc-storm off
			wait_wd "$NSB" db ok
			(($? == 0)) || check_err 1 "restore: not restored: $(wd_prio "$NSB" db)"
			;;
		off)
			hdrmB watchdog set dev db state off
			;;
		rmmod)
			rmmod dcb_hdrm && module_load
			check_err $? "rmmod and reload"
			;;
		esac
		ip -n "$NSA" link set da type dcbsim pfc-storm off
		[ "$(pfc_on "$NSB" db)" = true ]
		check_err $? "$what: PFC on $PRIO left off after a refused drop: $(dcb -n "$NSB" -j pfc show dev db)"
		wd_off
		mlx5_undo
	done
	log_test "the failed drop (mlx5 -ENOMEM at 100G): PFC back on after the storm, after state off, after rmmod"
}

# The refused restore: dcbsim fails every DCB call once the drop is made.
# Each attempt (the storm's end, state off) is logged and announced, and
# PFC ends on once the failure clears: at a second state off, and at an
# unload.
wd_refused_restore()
{
	local n0 n1 n2 pid p end i

	for end in off rmmod; do
		wd_on "$NSB" db action drop
		ip netns exec "$NSB" timeout 60 dcb-hdrm -j monitor dev db >"$TMPD/mon" &
		pid=$!
		genl_listener_wait "$NSB"
		# The storm runs until the failure is in place: the received
		# pause is counted with PFC off too, as mlx5 counts it, so the
		# storm goes on after the drop and ends only when da stops.
		# A burst of fixed length raced the debug kernel's slow reads,
		# which saw it restored before the failure was set.
		ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
		wait_wd "$NSB" db stormed
		(($? == 0)) || check_err 1 "$end: not stormed: $(wd_prio "$NSB" db)"
		p=$(wd_prio "$NSB" db)
		[ "$(jq .pfc_off <<<"$p")" = true ] && [ "$(pfc_on "$NSB" db)" = false ]
		(($? == 0)) || check_err 1 "$end: not dropped: $p"
		n0=$(kmsg_count "cannot turn PFC back on")
		ip -n "$NSB" link set db type dcbsim fail 5
		ip -n "$NSA" link set da type dcbsim pfc-storm off
		# the storm ends, restore-ms pass, the restore is refused
		: >"$TMPD/rr"
		for i in $(seq 1 75); do
			p=$(wd_prio "$NSB" db)
			echo "$p" >>"$TMPD/rr"
			[ "$(jq .restore_pending <<<"$p")" = true ] && break
			sleep 0.2
		done
		p=$(wd_prio "$NSB" db)
		[ "$(jq .restore_pending <<<"$p")" = true ] && [ "$(jq .pfc_off <<<"$p")" = true ] &&
			[ "$(jq .storms <<<"$p")" = 1 ] && [ "$(jq .action_error <<<"$p")" = 5 ]
		(($? == 0)) || check_err 1 "$end: no restore-pending after the refusal: $p; before: $(jq -c '[.state, .storms, .pfc_off, .restore_pending, .action_error]' "$TMPD/rr" | uniq -c | tr '\n' ' ')"
		n1=$(kmsg_count "cannot turn PFC back on")
		hdrmB watchdog set dev db state off
		n2=$(kmsg_count "cannot turn PFC back on")
		[ "$n1" -gt "$n0" ] && [ "$n2" -gt "$n1" ]
		check_err $? "$end: refusals logged $n0, $n1, $n2"
		[ "$(pfc_on "$NSB" db)" = false ] &&
			[ "$(hdrmB -j watchdog show dev db | jq ".[0].priorities[] | select(.prio == $PRIO) | .restore_pending")" = true ]
		check_err $? "$end: after state off with the driver failing: PFC $(pfc_on "$NSB" db)"
		ip -n "$NSB" link set db type dcbsim fail 0
		if [ "$end" = off ]; then
			hdrmB watchdog set dev db state off
		else
			rmmod dcb_hdrm && module_load
		fi
		[ "$(pfc_on "$NSB" db)" = true ]
		check_err $? "$end: the failure cleared, PFC still off"
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		jq -e "select(.event == \"watchdog\" and .kind == \"restore-failed\" and .prio == $PRIO)" \
			"$TMPD/mon" >/dev/null
		check_err $? "$end: no restore-failed event: $(jq -c .kind "$TMPD/mon" | tr '\n' ' ')"
		wd_off
	done
	log_test "the refused restore: logged and announced at each attempt, PFC on once the failure clears (state off, rmmod)"
}

# storms NUM ON_MS OFF_MS: NUM bursts of pause on PRIO from da
storms()
{
	ip -n "$NSA" link set da type dcbsim pfc-storm-on-ms "$2" pfc-storm-off-ms "$3" &&
		ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	sleep "$(awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN { print (n * (a + b) - b / 2) / 1000 }')"
	ip -n "$NSA" link set da type dcbsim pfc-storm off pfc-storm-on-ms 0 pfc-storm-off-ms 0
}

# storm-limit 2: the third storm within the period is held, PFC off after
# it ends; recover puts PFC back exactly as it was.
wd_escalate()
{
	local before p pid

	before=$(pfc_setting "$NSB" db)
	wd_on "$NSB" db action drop storm-limit 2 storm-period-ms 60000
	check_err $? "watchdog set storm-limit"
	ip netns exec "$NSB" timeout 60 dcb-hdrm -j monitor dev db >"$TMPD/mon" &
	pid=$!
	genl_listener_wait "$NSB"
	storms 3 600 900
	sleep 1
	p=$(wd_prio "$NSB" db)
	# 3 storms, or one more where a burst outlived its drop's restore
	# (dcbsim counts no pause on a priority whose PFC is off)
	[ "$(jq .storms <<<"$p")" -ge 3 ] && [ "$(jq -r .state <<<"$p")" = held ] &&
		[ "$(jq .held_count <<<"$p")" = 1 ] && [ "$(pfc_on "$NSB" db)" = false ]
	(($? == 0)) || check_err 1 "after 3 storms with storm-limit 2: $p, PFC $(pfc_on "$NSB" db)"
	hdrmB watchdog recover dev db prio $PRIO
	check_err $? "recover"
	p=$(wd_prio "$NSB" db)
	[ "$(jq -r .state <<<"$p")" = ok ] && [ "$(pfc_setting "$NSB" db)" = "$before" ]
	(($? == 0)) || check_err 1 "recovered: $p; PFC $(pfc_setting "$NSB" db), before $before"
	out=$(hdrmB watchdog recover dev db prio $PRIO 2>&1)
	[ $? -eq 2 ] && grep -q "not held" <<<"$out"
	check_err $? "recovering a priority not held: $out"
	sleep 0.5
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	[ "$(jq -r 'select(.event == "watchdog" and (.kind == "held" or .kind == "recovered")) | .kind' "$TMPD/mon" | tr '\n' ' ')" = "held recovered " ] &&
		[ "$(jq -r 'select(.event == "watchdog" and .kind == "storm") | .kind' "$TMPD/mon" | wc -l)" -ge 3 ]
	check_err $? "events: $(jq -r 'select(.event == "watchdog") | .kind' "$TMPD/mon" | tr '\n' ' ')"
	wd_off
	log_test "storm-limit 2 in the period: the third storm held with PFC off, recover puts it back as it was"
}

# recovery manual: the first storm is held; state off ends the hold.
wd_manual()
{
	local before p

	before=$(pfc_setting "$NSB" db)
	wd_on "$NSB" db action drop recovery manual
	storms 1 600 900
	sleep 1
	p=$(wd_prio "$NSB" db)
	[ "$(jq -r .state <<<"$p")" = held ] && [ "$(pfc_on "$NSB" db)" = false ]
	(($? == 0)) || check_err 1 "recovery manual, one storm: $p, PFC $(pfc_on "$NSB" db)"
	hdrmB watchdog set dev db state off
	[ "$(pfc_setting "$NSB" db)" = "$before" ]
	check_err $? "state off did not end the hold: $(pfc_setting "$NSB" db), before $before"
	wd_off
	log_test "recovery manual: every storm held; state off ends the hold"
}

# action forward: no driver can; refused with the reason, nothing taken
wd_forward()
{
	local out before

	before=$(hdrmB -j watchdog show dev db | jq -c '.[0] | [.state, .action]')
	out=$(hdrmB watchdog set dev db state on action forward 2>&1)
	[ $? -eq 2 ] && grep -q "action forward: no driver can stop honouring received pause" <<<"$out"
	check_err $? "forward: $out"
	[ "$(hdrmB -j watchdog show dev db | jq -c '.[0] | [.state, .action]')" = "$before" ]
	check_err $? "a refused forward changed the watchdog"
	log_test "action forward refused with the reason (dcbnl's pfc_en is both ways), nothing changed"
}

# An XOFF storm that turns into an XON storm (quanta 0): the transmit
# moves again while pause keeps coming, and the storm is restored.
wd_xon()
{
	local p pid

	wd_on "$NSB" db
	if [ "$(hdrmB -j watchdog show dev db | jq -r '.[0].progress')" != tx-prio-packets ]; then
		log_skip "${FUNCNAME[0]}" "dcbsim counts no tx_prio packets here: $(hdrmB -j watchdog show dev db | jq -c '.[0] | [.running, .progress]')"
		wd_off
		return
	fi
	ip -n "$NSA" link add link da name da.10 type vlan id 10 &&
		ip -n "$NSA" addr add 198.51.100.1/24 dev da.10 &&
		ip -n "$NSA" link set da.10 up &&
		ip -n "$NSB" link add link db name db.10 type vlan id 10 egress-qos-map 0:3 &&
		ip -n "$NSB" addr add 198.51.100.2/24 dev db.10 &&
		ip -n "$NSB" link set db.10 up
	if [ $? -ne 0 ]; then
		log_skip "${FUNCNAME[0]}" "no VLANs in this kernel"
		wd_off
		return
	fi
	ip netns exec "$NSB" ping -q -i 0.02 -w 20 198.51.100.1 >/dev/null 2>&1 &
	pid=$!
	ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	wait_wd "$NSB" db stormed
	(($? == 0)) || check_err 1 "XOFF: not stormed: $(wd_prio "$NSB" db)"
	ip -n "$NSA" link set da type dcbsim pfc-storm-quanta 0
	wait_wd "$NSB" db ok
	(($? == 0)) || check_err 1 "XON: still stormed: $(wd_prio "$NSB" db)"
	p=$(wd_prio "$NSB" db)
	sleep 1
	[ "$(jq .indications <<<"$(wd_prio "$NSB" db)")" -gt "$(jq .indications <<<"$p")" ] &&
		[ "$(jq -r .state <<<"$(wd_prio "$NSB" db)")" = ok ]
	check_err $? "XON frames not counted, or stormed again: $(wd_prio "$NSB" db)"
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	ip -n "$NSA" link set da type dcbsim pfc-storm off pfc-storm-quanta 65535
	ip -n "$NSA" link del da.10
	ip -n "$NSB" link del db.10
	wd_off
	log_test "an XOFF storm turned XON storm: restored while the XON frames still come"
}

# The link flaps during a storm: the storm ends (event stopped), PFC as
# it was, and the watchdog counts afresh from the carrier's return.
wd_flap()
{
	local before p up i

	before=$(pfc_setting "$NSB" db)
	wd_on "$NSB" db action drop
	ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	wait_wd "$NSB" db stormed
	(($? == 0)) || check_err 1 "not stormed: $(wd_prio "$NSB" db)"
	ip -n "$NSA" link set da down
	# db's carrier goes with da, through linkwatch: a second at most
	for i in $(seq 1 30); do
		[ "$(hdrmB -j watchdog show dev db | jq '.[0].running')" = false ] && break
		sleep 0.1
	done
	p=$(wd_prio "$NSB" db)
	[ "$(jq -r .state <<<"$p")" = ok ] && [ "$(pfc_setting "$NSB" db)" = "$before" ] &&
		[ "$(hdrmB -j watchdog show dev db | jq '.[0].running')" = false ]
	(($? == 0)) || check_err 1 "carrier down: $p, running $(hdrmB -j watchdog show dev db | jq '.[0].running')"
	up=$(now_ns)
	ip -n "$NSA" link set da up
	wait_wd "$NSB" db stormed
	p=$(wd_prio "$NSB" db)
	[ "$(jq .storms <<<"$p")" = 2 ] && [ "$(jq .last_storm_start_ns <<<"$p")" -gt "$up" ]
	(($? == 0)) || check_err 1 "after the carrier came back: $p (up at $up)"
	wd_off
	log_test "a link flap mid-storm ends it cleanly, PFC as it was; counting starts afresh"
}

# poll 10, detect 50: 20 storms each declared within detect + poll of
# its onset by the event's own figures (the first poll that saw it; the
# polls' lateness allowed for, as the event's longest gap between polls
# says it), the median within detect + poll and a millisecond of the
# reads' jitter (50.1 on 6.1, 59.9 on 6.12 in a loaded TCG guest: the
# first poll to see a storm is the later one more often, having waited
# longer), each onset within two polls of the start of dcbsim's burst it
# belongs to; 20 bursts of 40 ms (detect - poll) never declared, however
# late the polls (hdrm_wd_long()).
wd_timing()
{
	local p s d pid start bad late

	hdrmB watchdog set dev db state on action alert detect-ms 50 restore-ms 30 poll-ms 10
	check_err $? "poll 10"
	ip -n "$NSA" link set da type dcbsim pfc-storm-on-ms 40 pfc-storm-off-ms 160 &&
		ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	sleep 4
	ip -n "$NSA" link set da type dcbsim pfc-storm off
	p=$(wd_prio "$NSB" db)
	[ "$(jq .storms <<<"$p")" = 0 ]
	check_err $? "bursts of 40 ms: $(jq .storms <<<"$p") storms"
	ip netns exec "$NSB" timeout 60 dcb-hdrm -j monitor dev db >"$TMPD/mon" &
	pid=$!
	genl_listener_wait "$NSB"
	ip -n "$NSA" link set da type dcbsim pfc-storm-on-ms 300 pfc-storm-off-ms 200 &&
		ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO
	sleep 9.9
	# when dcbsim's cycle began: burst k is due 500 ms x k later (the
	# onsets were compared with pfc-storm-since-ns, the last burst's
	# first pause, read at the end: under load the read could land a
	# burst off the watchdog's last, 490.7 and 500.1 ms in the CI run
	# of 24c9acf; read every 200 ms, some bursts went unread)
	start=$(storm_start)
	ip -n "$NSA" link set da type dcbsim pfc-storm off pfc-storm-on-ms 0 pfc-storm-off-ms 0
	sleep 0.5
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	jq -c 'select(.event == "watchdog" and .kind == "storm") | [.onset_ms, .declared_ms, .detect_ms_taken, .poll_gap_ms]' \
		"$TMPD/mon" >"$TMPD/storms"
	# detect_ms_taken is declared_ms less onset_ms, both whole ms: a
	# millisecond more than the time it stands for, at most
	bad=$(jq -c 'select(.[2] > 61 + 6 * (if .[3] > 10 then .[3] - 10 else 0 end))' "$TMPD/storms")
	log_info "storm events: $(wc -l <"$TMPD/storms"), [onset_ms, declared_ms, taken, poll gap]: $(head -n 3 "$TMPD/storms" | tr '\n' ' ')..."
	[ "$(wc -l <"$TMPD/storms")" -ge 20 ] && [ -z "$bad" ]
	check_err $? "storms declared later than detect + poll of their onset, the polls' lateness allowed for: $bad"
	s=$(hdrmB -j -s watchdog show dev db | jq -c '.[0].detect_latency_ms')
	d=$(hdrmB -j -s watchdog show dev db | jq -c '.[0].restore_latency_ms')
	# each onset after its burst was due, in ms (the events' onsets are
	# whole ms: a millisecond more); none before the cycle began. At most
	# 100 ms: a fifth of the cycle and a third of the burst, so an onset
	# is its own burst's start and no other moment of it. Tighter bounds
	# failed on guests stalled at a burst's due time, which run dcbsim's
	# storm late: 33.8 ms in the clean-clone run of b6130a6 and 66.7 ms
	# alone after it, on 6.12, each with its poll on time (gap 10.4 ms);
	# the mean is what shows the watchdog's own promptness (9.6 ms).
	late=$(jq -r '.[0]' "$TMPD/storms" | awk -v s="$start" -v P=500 '
		{
			t = $1 + 1 - s / 1000000
			if (t < 0) { print $1 ":before"; next }
			d = t - P * int(t / P); n++; sum += d
			if (d > max) max = d
			if (d > 100) print $1 ":" d
		}
		END { printf "max %.1f mean %.1f over %d\n", max, n ? sum / n : 0, n > "/dev/stderr" }' 2>"$TMPD/onsets")
	log_info "20 storms at poll 10, detect 50: detection $s ms, restoration $d ms (restore-ms 30); onsets after their burst was due (ms, with the events' rounding): $(cat "$TMPD/onsets")"
	[ "$(jq .count <<<"$s")" -ge 20 ] &&
		awk -v m="$(jq .median <<<"$s")" 'BEGIN { exit !(m <= 61) }'
	check_err $? "detection: $s, want 20 or more, a median of detect + poll (60 ms) and the reads' jitter (1 ms) at most"
	[ -z "$late" ] && awk '{ exit !($4 <= 20) }' "$TMPD/onsets"
	check_err $? "onsets more than 100 ms after their burst was due, or before the storm began, or over 20 ms on average: $late $(cat "$TMPD/onsets")"
	wd_off
	log_test "poll 10, detect 50: 20 storms each declared within detect + poll of onset; bursts of 40 ms never"
}

# Each tracepoint and log line, once: a storm, its hold and a recovery.
wd_trace()
{
	local tr=/sys/kernel/tracing ev n

	[ -d "$tr/events/dcb_hdrm" ] || tr=/sys/kernel/debug/tracing
	if [ ! -d "$tr/events/dcb_hdrm/dcb_hdrm_wd_storm" ]; then
		log_skip "${FUNCNAME[0]}" "no tracefs here"
		return
	fi
	# another script may have left tracing off
	echo 1 > "$tr/tracing_on"
	echo > "$tr/trace"
	for ev in storm held restore; do
		echo 1 > "$tr/events/dcb_hdrm/dcb_hdrm_wd_$ev/enable"
	done
	n=$(kmsg_count "PFC watchdog turned PFC off for priority $PRIO")
	wd_on "$NSB" db action drop recovery manual
	storms 1 600 900
	hdrmB watchdog recover dev db prio $PRIO
	for ev in storm held restore; do
		echo 0 > "$tr/events/dcb_hdrm/dcb_hdrm_wd_$ev/enable"
		[ "$(grep -c "dcb_hdrm_wd_$ev:.*prio=$PRIO" "$tr/trace")" = 1 ]
		check_err $? "dcb_hdrm_wd_$ev: $(grep -c "dcb_hdrm_wd_$ev:" "$tr/trace") lines"
	done
	[ "$(kmsg_count "PFC watchdog turned PFC off for priority $PRIO")" = $((n + 1)) ] &&
		dmesg | grep -q "holds priority $PRIO after 1 storms (recovery manual)"
	check_err $? "kernel log: $(dmesg | grep "PFC watchdog" | tail -3)"
	wd_off
	log_test "tracepoints dcb_hdrm_wd_storm, _held and _restore and the log lines, once each"
}

require_root
require_cmd jq ip dcb
TMPD=$(mktemp -d)
trap 'ns_cleanup; rm -rf "$TMPD"' EXIT
dcbsim_start
tests_run
