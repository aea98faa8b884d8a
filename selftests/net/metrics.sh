#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# dcb-hdrm metrics (issue 29) on a dcbsim pair, after a real
# measurement, an apply and a watchdog storm: the output passes promtool
# check metrics (Debian's prometheus package), and each value is the one
# show, dev show and watchdog show report in JSON; metrics textfile DIR
# replaces DIR/dcb_hdrm.prom whole, never leaves a reader half a file or
# a temporary file behind, and says in one line why it cannot write,
# leaving the old file alone; -n NAME keeps to that namespace.

ALL_TESTS="metrics_promtool metrics_values metrics_textfile
	   metrics_textfile_errors metrics_netns"
# the tool's formatting over dumps the other scripts run there already
DEBUG_TESTS=""
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b
PRIO=3

hdrmA()
{
	dcb-hdrm -n "$NSA" "$@"
}

# the sample NAME{LABELS} of FILE: its value, or nothing
prom_value()
{
	awk -v k="$2$3" 'index($0, k " ") == 1 { print substr($0, length(k) + 2) }' "$1"
}

# nanoseconds as the seconds metrics prints: 412345 -> 0.000412345
ns_s()
{
	printf '%d.%09d' $(($1 / 1000000000)) $(($1 % 1000000000))
}

setup()
{
	ns_cleanup
	ip netns add "$NSA" && ip netns add "$NSB" || return 1
	ip -n "$NSA" link add da type dcbsim peer name db netns "$NSB" || return 1
	ip -n "$NSA" link set da up && ip -n "$NSB" link set db up || return 1
	# apply.sh's link: 100 Mb/s, PFC on 3 alone on buffer 1, a fixed
	# precision (these tests are about reporting, not measuring)
	ip -n "$NSA" link set da type dcbsim delay-ns 5000 speed 100 || return 1
	dcb -n "$NSA" pfc set dev da prio-pfc $PRIO:on || return 1
	dcb -n "$NSB" pfc set dev db prio-pfc $PRIO:on || return 1
	dcb -n "$NSA" buffer set dev da prio-buffer all:0 $PRIO:1 || return 1
	hdrmA dev set dev da precision 1000 cell 128 || return 1
	for _ in $(seq 1 50); do
		ip -n "$NSA" link show da | grep -q LOWER_UP && break
		sleep 0.1
	done
	# a measurement applied to the buffer, both ends' capabilities
	# exchanged, and priority 0 sized too (lossy: PFC off there)
	hdrmA dev set dev da prio-mask 0x09 || return 1
	hdrmA measure dev da apply buffer >/dev/null || return 1
	# a storm da is the source of (dcbsim's pfc-storm, as in
	# watchdog.sh): stormed at da (sent), which alerts and keeps its PFC
	# and so its verdict; stormed at db (received), whose drop holds PFC
	# off there
	hdrmA watchdog set dev da state on action alert detect-ms 200 \
		restore-ms 200 poll-ms 50 || return 1
	dcb-hdrm -n "$NSB" watchdog set dev db state on action drop \
		detect-ms 200 restore-ms 200 poll-ms 50 || return 1
	ip -n "$NSA" link set da type dcbsim pfc-storm $PRIO || return 1
	wait_stormed "$NSA" da && wait_stormed "$NSB" db
}

# wait_stormed NS DEV: until DEV's priority PRIO is stormed (20 s at most)
wait_stormed()
{
	for _ in $(seq 1 100); do
		[ "$(dcb-hdrm -n "$1" -j watchdog show dev "$2" |
			jq -r ".[0].priorities[] | select(.prio == $PRIO) | .state")" = stormed ] &&
			return 0
		sleep 0.2
	done
	return 1
}

metrics_promtool()
{
	local out

	if ! command -v promtool >/dev/null; then
		log_skip "${FUNCNAME[0]}" "no promtool (Debian's prometheus package; selftests/deps installs it)"
		return
	fi
	hdrmA metrics >"$TMPD/a.prom"
	check_err $? "metrics failed"
	out=$(promtool check metrics <"$TMPD/a.prom" 2>&1)
	check_err $? "promtool check metrics: $out"
	grep -q "^dcb_hdrm_headroom_recommended_bytes{device=\"da\"" "$TMPD/a.prom" &&
		grep -q "^dcb_hdrm_watchdog_stormed{device=\"da\",prio=\"$PRIO\"} 1$" "$TMPD/a.prom"
	check_err $? "the measured, stormed device is not in it: $(cat "$TMPD/a.prom")"
	log_info "$(grep -vc '^#' "$TMPD/a.prom") samples in $(grep -c '^# TYPE' "$TMPD/a.prom") families"
	log_test "metrics after a measurement, an apply and a storm passes promtool check metrics"
}

# Every sample of da against the JSON of show, dev show and watchdog show,
# read around it (the result's age between the two reads).
metrics_values()
{
	local show1 show2 dev wd want got line age missing='' n_want n_got

	show1=$(hdrmA -j show dev da)
	hdrmA metrics >"$TMPD/m.prom"
	check_err $? "metrics failed"
	show2=$(hdrmA -j show dev da)
	dev=$(hdrmA -j dev show dev da)
	wd=$(hdrmA -j watchdog show dev da)

	# the headroom per priority: show's, its verdict a label (none when
	# show judged nothing); the effective headroom the driver's model's,
	# else the current size of a verdict in bytes
	want=$(jq -r '
		.verdict as $v | .priorities[] | .prio as $p |
		([$v[] | select(.prio == $p)][0]) as $pv |
		"{device=\"da\",prio=\"\($p)\",verdict=\"\($pv.verdict // "none")\"}" as $l |
		"dcb_hdrm_headroom_recommended_bytes\($l) \(.headroom_bytes)",
		(if .effective_headroom_bytes != null then
			"dcb_hdrm_headroom_effective_bytes\($l) \(.effective_headroom_bytes)"
		 elif $pv != null and $pv.unit == "bytes" then
			"dcb_hdrm_headroom_effective_bytes\($l) \($pv.current)"
		 else empty end)' <<<"$show2")
	[ "$(jq '.priorities | length' <<<"$show2")" = 2 ]
	check_err $? "show does not size priorities 0 and 3: $(jq -c .priorities <<<"$show2")"
	while IFS= read -r line; do
		grep -qxF "$line" "$TMPD/m.prom" || missing="$missing; $line"
	done <<<"$want"
	n_want=$(grep -c . <<<"$want")
	n_got=$(grep -c '^dcb_hdrm_headroom_[a-z]*_bytes{device="da"' "$TMPD/m.prom")
	[ -z "$missing" ] && [ "$n_want" = "$n_got" ]
	check_err $? "headroom: expected ($n_want) $want; missing$missing; metrics has $n_got: $(grep headroom "$TMPD/m.prom")"
	# applied to the buffer: what an alert on too-small would watch
	grep -q "^dcb_hdrm_headroom_effective_bytes{device=\"da\",prio=\"$PRIO\",verdict=\"enough\"} [0-9]*$" "$TMPD/m.prom"
	check_err $? "priority $PRIO after apply buffer: $(grep "prio=\"$PRIO\"" "$TMPD/m.prom")"

	[ "$(prom_value "$TMPD/m.prom" dcb_hdrm_rtt_seconds '{device="da"}')" = \
	  "$(ns_s "$(jqn .rtt_ns.estimate "$show2")")" ] &&
		[ "$(prom_value "$TMPD/m.prom" dcb_hdrm_rtt_precision_seconds '{device="da"}')" = \
		  "$(ns_s "$(jqn .precision_ns "$show2")")" ]
	check_err $? "round trip: show $(jq -c '[.rtt_ns.estimate, .precision_ns]' <<<"$show2"), metrics $(grep rtt "$TMPD/m.prom" | tr '\n' ' ')"
	age=$(prom_value "$TMPD/m.prom" dcb_hdrm_result_age_seconds '{device="da"}')
	age=${age/./}
	age=$((10#$age))
	[ "$age" -ge "$(jqn .age_ms "$show1")" ] && [ "$age" -le "$(jqn .age_ms "$show2")" ]
	check_err $? "age $age ms, not between show's $(jqn .age_ms "$show1") and $(jqn .age_ms "$show2") ms"

	got=$(for f in answered:reflected rate_limited:rate_limited \
		      malformed:malformed; do
		prom_value "$TMPD/m.prom" "dcb_hdrm_reflector_${f%%:*}_total" '{device="da"}'
	done; prom_value "$TMPD/m.prom" dcb_hdrm_foreign_replies_total '{device="da"}')
	want=$(jq -r '.stats | .reflected, .rate_limited, .malformed, .foreign' <<<"$dev")
	[ "$got" = "$want" ]
	check_err $? "counters: dev show $(jq -c .stats <<<"$dev"), metrics ${got//$'\n'/ }"
	[ "$(prom_value "$TMPD/m.prom" dcb_hdrm_peer_auto_hdrm '{device="da"}')" = \
	  "$(jq -r 'if .peer.auto_hdrm then 1 else 0 end' <<<"$dev")" ] &&
		[ "$(jqn .peer.auto_hdrm "$dev")" = true ]
	check_err $? "peer: dev show $(jq -c .peer <<<"$dev"), metrics $(grep peer "$TMPD/m.prom")"

	want=$(jq -r '.[0] | (if .state == "on" then 1 else 0 end),
		(.priorities[] | select(.prio == '$PRIO') |
		 (if .state == "stormed" then 1 else 0 end), .storms,
		 (if .pfc_off then 1 else 0 end))' <<<"$wd")
	got=$(prom_value "$TMPD/m.prom" dcb_hdrm_watchdog_enabled '{device="da"}'
	      for f in stormed storms_total pfc_off; do
		prom_value "$TMPD/m.prom" "dcb_hdrm_watchdog_$f" "{device=\"da\",prio=\"$PRIO\"}"
	      done)
	[ "$got" = "$want" ] && [ "${got//$'\n'/ }" = "1 1 1 0" ]
	check_err $? "watchdog: watchdog show $(jq -c . <<<"$wd"), metrics ${got//$'\n'/ }"

	[ "$(prom_value "$TMPD/m.prom" dcb_hdrm_info \
	     "{version=\"$(dcb-hdrm -V | awk '{ print $2 }')\",module_version=\"$(cat /sys/module/dcb_hdrm/version)\",kernel=\"$(uname -r)\"}")" = 1 ]
	check_err $? "info: $(grep '^dcb_hdrm_info' "$TMPD/m.prom")"
	log_info "$(grep '^dcb_hdrm_headroom' "$TMPD/m.prom" | tr '\n' ' ')"
	log_test "metrics: every value of da is the one show, dev show and watchdog show report"
}

# Rewritten 20 times while read as often as a loop can: each read a
# whole file of the families metrics prints, and only dcb_hdrm.prom
# left, 0644.
metrics_textfile()
{
	local dir=$TMPD/tf pid bad=0 n=0 fams got why=

	mkdir -p "$dir"
	hdrmA metrics textfile "$dir"
	check_err $? "metrics textfile failed"
	hdrmA metrics >"$TMPD/s.prom"
	# the same output but the result's age, which moved meanwhile (files:
	# the guest has no /dev/fd for <(...))
	grep -v '^dcb_hdrm_result_age_seconds' "$dir/dcb_hdrm.prom" >"$TMPD/f1"
	grep -v '^dcb_hdrm_result_age_seconds' "$TMPD/s.prom" >"$TMPD/f2"
	diff "$TMPD/f1" "$TMPD/f2" >/dev/null
	check_err $? "the file is not what metrics prints: $(diff "$dir/dcb_hdrm.prom" "$TMPD/s.prom")"
	fams=$(grep -c '^# TYPE' "$TMPD/s.prom")
	(for _ in $(seq 1 20); do hdrmA metrics textfile "$dir" || exit 1; done) &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		cp "$dir/dcb_hdrm.prom" "$TMPD/r.prom" 2>/dev/null || {
			bad=$((bad + 1))
			why="$why; no file"
			continue
		}
		n=$((n + 1))
		got=$(grep -c '^# TYPE' "$TMPD/r.prom")
		# a family's first sample brings it (prom.c): the storm's
		# watchdog may add one meanwhile, so a whole file has the
		# families of the output before or after it
		[ "$got" = "$fams" ] ||
			fams=$(hdrmA metrics | grep -c '^# TYPE')
		[ "$got" = "$fams" ] &&
			[ "$(tail -c 1 "$TMPD/r.prom" | od -An -c | tr -d ' ')" = '\n' ] || {
			bad=$((bad + 1))
			why="$why; $got families of $fams, last byte $(tail -c 1 "$TMPD/r.prom" | od -An -c | tr -d ' ')"
		}
	done
	wait $pid
	check_err $? "a metrics textfile run failed"
	[ "$bad" = 0 ] && [ "$n" -gt 0 ]
	check_err $? "$bad of $n reads found no file or part of one${why}"
	[ "$(ls -A "$dir")" = dcb_hdrm.prom ] &&
		[ "$(stat -c %a "$dir/dcb_hdrm.prom")" = 644 ]
	check_err $? "left in $dir: $(ls -lA "$dir")"
	log_info "$n reads while it was written 20 times: every one a whole file of $fams families"
	log_test "metrics textfile DIR: DIR/dcb_hdrm.prom replaced whole, 0644, nothing else left"
}

# A missing directory, and one that cannot be written (a read-only
# mount, which root cannot write either): one line, status 1, the old
# file as it was.
metrics_textfile_errors()
{
	local dir=$TMPD/ro out rc before

	out=$(hdrmA metrics textfile "$TMPD/missing" 2>&1)
	rc=$?
	[ $rc = 1 ] && [ "$(wc -l <<<"$out")" = 1 ] &&
		grep -q "cannot open directory \"$TMPD/missing\": No such file or directory" <<<"$out"
	check_err $? "a missing directory: status $rc, '$out'"
	mkdir -p "$dir"
	mount -t tmpfs tmpfs "$dir" || { check_err 1 "cannot mount a tmpfs"; log_test "metrics textfile's errors"; return; }
	hdrmA metrics textfile "$dir"
	before=$(cat "$dir/dcb_hdrm.prom")
	mount -o remount,ro "$dir"
	out=$(hdrmA metrics textfile "$dir" 2>&1)
	rc=$?
	[ $rc = 1 ] && [ "$(wc -l <<<"$out")" = 1 ] &&
		grep -q "cannot write in directory \"$dir\": Read-only file system" <<<"$out" &&
		[ "$(cat "$dir/dcb_hdrm.prom")" = "$before" ] && [ -n "$before" ] &&
		[ "$(ls -A "$dir")" = dcb_hdrm.prom ]
	check_err $? "a read-only directory: status $rc, '$out', left: $(ls -A "$dir")"
	umount "$dir"
	log_test "metrics textfile: a missing or read-only DIR is one line, status 1, the old file left"
}

# -n NAME: that namespace's devices only; db's reflector answered da's
# probes, and its watchdog holds PFC off, as dev show and watchdog show
# say.
metrics_netns()
{
	local dev wd want got

	dcb-hdrm -n "$NSB" metrics >"$TMPD/b.prom"
	check_err $? "metrics in $NSB failed"
	wd=$(dcb-hdrm -n "$NSB" -j watchdog show dev db)
	dev=$(dcb-hdrm -n "$NSB" -j dev show dev db)
	want=$(jq -r '.[0].priorities[] | select(.prio == '$PRIO') |
		(if .state == "stormed" then 1 else 0 end), .storms,
		(if .pfc_off then 1 else 0 end)' <<<"$wd")
	got=$(for f in stormed storms_total pfc_off; do
		prom_value "$TMPD/b.prom" "dcb_hdrm_watchdog_$f" "{device=\"db\",prio=\"$PRIO\"}"
	      done)
	[ "$got" = "$want" ] && [ "${got//$'\n'/ }" = "1 1 1" ]
	check_err $? "db's watchdog: watchdog show $(jq -c . <<<"$wd"), metrics ${got//$'\n'/ }"
	! grep -q 'device="da"' "$TMPD/b.prom" &&
		[ "$(prom_value "$TMPD/b.prom" dcb_hdrm_reflector_answered_total '{device="db"}')" = \
		  "$(jqn .stats.reflected "$dev")" ] &&
		[ "$(jqn .stats.reflected "$dev")" -gt 0 ]
	check_err $? "$NSB: reflected $(jqn .stats.reflected "$dev"), metrics $(grep 'device="d[ab]"' "$TMPD/b.prom" | head -n 5)"
	log_test "metrics -n NAME: that namespace's devices only; the peer's answers and its drop"
}

require_root
require_cmd jq ip dcb
TMPD=$(mktemp -d)
trap 'ip -n "$NSA" link set da type dcbsim pfc-storm off 2>/dev/null
	umount "$TMPD/ro" 2>/dev/null; ns_cleanup; rm -rf "$TMPD"' EXIT
dcbsim_start
tests_run
