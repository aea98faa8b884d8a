#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The headroom proved (Documentation/design.rst, "The formula's terms"):
# dcbsim's links with hardware timestamps are measured, and the PFC loop
# simulator (kmod/lib/hdrm_sim.c, through dcb-hdrm simulate) plays the
# true link, 2 x delay-ns at the set speed, against the recommendation.
# Then the same true links against the cable-length defaults operators use
# today.
#
#	NSA da <-dcbsim (hwts on, speed S, delay-ns 5 x metres)-> db :NSB
ALL_TESTS="proof_table proof_defaults proof_show_simulate"
# Nothing here for the debug kernel: the module's part is one measurement
# per link, which measure.sh and timestamps.sh run there.
DEBUG_TESTS=""
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b
SPEEDS="10000 25000 100000 400000"
METRES="1 10 100 300 2000"
MTUS="1500 9000"
CELLS="1 80 96 144 256"
PRIO=3

hdrmA()
{
	dcb-hdrm -n "$NSA" "$@"
}

setup()
{
	ns_cleanup
	dcbsim_load || return 1
	ip netns add "$NSA" && ip netns add "$NSB" || return 1
	ip -n "$NSA" link add da type dcbsim hwts on peer name db netns "$NSB" || return 1
	ip -n "$NSB" link set db type dcbsim hwts on || return 1
	ip -n "$NSA" link set da up && ip -n "$NSB" link set db up || return 1
	hdrmA dev set dev da hwtstamp on && dcb-hdrm -n "$NSB" dev set dev db hwtstamp on ||
		return 1
	dcb -n "$NSA" pfc set dev da prio-pfc $PRIO:on
}

# link SPEED METRES: both ends at SPEED, the cable 5 ns a metre each way
link()
{
	ip -n "$NSA" link set da type dcbsim speed "$1" delay-ns $((5 * $2)) &&
		ip -n "$NSB" link set db type dcbsim speed "$1" delay-ns $((5 * $2))
}

# sim ARGS...: dcb-hdrm -j simulate
sim()
{
	dcb-hdrm -j simulate "$@"
}

# batch FILE: each line of FILE a dcb-hdrm command, one JSON text each
# (one process for the whole table: a process costs a second under TCG)
batch()
{
	dcb-hdrm -j -batch "$1"
}

# milli A B: A / B in thousandths; ratio A B: the same with three decimals
milli()
{
	echo $(($1 * 1000 / $2))
}

ratio()
{
	local m

	m=$(milli "$1" "$2")
	printf "%d.%03d" $((m / 1000)) $((m % 1000))
}

# measure_link SPEED METRES: EST, PREC and MEASURED (prio 3's headroom)
# from a hardware measurement; WHY says what failed
measure_link()
{
	local out ts

	link "$1" "$2" || { WHY="dcbsim refused speed $1 delay-ns $((5 * $2))"; return 1; }
	out=$(hdrmA -j measure dev da ts-mode hardware count 10) ||
		{ WHY="measure failed: $out"; return 1; }
	# (a here-string: the guest has no /dev/fd for <(...))
	read -r ts EST PREC MEASURED <<<"$(jq -r --argjson p $PRIO \
		'[.timestamping, .rtt_ns.estimate, .precision_ns,
		  (.priorities[] | select(.prio == $p) | .headroom_bytes)] | @tsv' <<<"$out")"
	[ "$ts" = hardware ] || { WHY="not hardware timestamps: $out"; return 1; }
}

# TSV of a batch's simulations: speed, the simulated link's round trip,
# MTU, cell, the recommendation in bytes and cells, the worst pattern's
# peak in cells and its frame, the all-max peak in bytes, the bytes every
# pattern dropped
ROWS='[.speed_mbps, .link_rtt_ns, .mtu, .cell_bytes, .headroom_bytes,
	.headroom_cells,
	(.patterns[] | select(.pattern == "worst") | .peak_cells, .frame_bytes),
	(.patterns[] | select(.pattern == "max") | .peak_bytes),
	([.patterns[].dropped_bytes] | add)] | @tsv'

proof_table()
{
	local speed metres mtu cell rec cells peak frame max lost rows=0 b1 b2 out rtt
	local -A est prec

	b1=$(mktemp) && b2=$(mktemp) || return 1
	# the links, measured; simulate recommends what measure sized
	for speed in $SPEEDS; do
		for metres in $METRES; do
			measure_link "$speed" "$metres"
			check_err $? "$speed Mb/s $metres m: $WHY"
			est[$speed.$metres]=$EST
			prec[$speed.$metres]=$PREC
			[ "$(sim speed "$speed" rtt-ns "$EST" precision "$PREC" | jq .headroom_bytes)" = "$MEASURED" ]
			check_err $? "$speed Mb/s $metres m: simulate does not recommend measure's $MEASURED B"
			for mtu in $MTUS; do
				for cell in $CELLS; do
					echo "simulate speed $speed rtt-ns $EST precision $PREC link-rtt-ns $((10 * metres)) mtu $mtu cell $cell pattern all"
				done
			done >>"$b1"
		done
	done
	# the true links against the recommendations
	out=$(batch "$b1" | jq -r "$ROWS")
	check_err $? "the table's simulations failed"
	while read -r speed rtt mtu cell rec cells peak frame max lost; do
		metres=$((rtt / 10))
		rows=$((rows + 1))
		log_info "$speed Mb/s $metres m MTU $mtu cell $cell: t ${est[$speed.$metres]} ns (truth $rtt), precision ${prec[$speed.$metres]} ns; recommended $rec B = $cells cells; worst peak $peak cells ($frame-byte frames), margin $(ratio "$cells" "$peak"); all-max peak $max B; $lost B dropped"
		[ "$lost" = 0 ]
		check_err $? "$speed Mb/s $metres m MTU $mtu cell $cell: $lost B dropped at $rec B"
		if [ "$cell" = 1 ] && [ "$speed" -ge 25000 ]; then
			[ $((rec * 100)) -le $((max * 115)) ]
			check_err $? "$speed Mb/s $metres m MTU $mtu: $rec B is more than 15 % above the all-max peak $max B"
		fi
		# not vacuous: a cell below the worst peak drops
		echo "simulate speed $speed rtt-ns $rtt mtu $mtu cell $cell pattern worst headroom $(((peak - 1) * cell))" >>"$b2"
	done <<<"$out"
	[ "$rows" = 200 ]
	check_err $? "$rows rows simulated, not 200"
	batch "$b2" | jq -e -s 'length == 200 and all(.dropped_bytes > 0)' >/dev/null
	check_err $? "a cell below a peak drops nothing in some row"
	rm -f "$b1" "$b2"
	log_info "$rows rows, 4 patterns each: no drop at the recommendation, a drop a cell below the peak"
	log_test "the true link never overflows the recommendation; a cell less does; simulate == measure"
}

# the vendor guide's cable-length formula (hdrm_static_cable(), the
# savings report's cable-300m and cable-100m): 9216 + frame + 3840 +
# 13 B per metre per 10 Gb/s
vendor()
{
	echo $((9216 + $3 + 3840 + ($1 * $2 * 13 + 9999) / 10000))
}

# verdict HEADROOM PEAK LOST: "drops N B" or "xR" (the headroom over the
# highest peak of any pattern)
verdict()
{
	if [ "$3" -gt 0 ]; then
		echo "drops $3 B"
	else
		echo "x$(ratio "$1" "$2")"
	fi
}

proof_defaults()
{
	local speed metres mtu frame b out line n=0 h p l lines
	local -a hd pk lo

	b=$(mktemp) || return 1
	# four per link: measured (hardware, 8 ns), vendor 300 m, vendor
	# 100 m, this formula fed a 300 m default instead of a measurement
	for speed in $SPEEDS; do
		for metres in $METRES; do
			for mtu in $MTUS; do
				frame=$((mtu + 22))
				echo "simulate speed $speed rtt-ns $((10 * metres)) precision 8 mtu $mtu pattern all"
				echo "simulate speed $speed rtt-ns $((10 * metres)) mtu $mtu pattern all headroom $(vendor "$speed" 300 "$frame")"
				echo "simulate speed $speed rtt-ns $((10 * metres)) mtu $mtu pattern all headroom $(vendor "$speed" 100 "$frame")"
				echo "simulate speed $speed rtt-ns 3000 precision 8 link-rtt-ns $((10 * metres)) mtu $mtu pattern all"
			done
		done
	done >"$b"
	out=$(batch "$b" | jq -r '[.against_bytes, ([.patterns[].peak_bytes] | max),
				   ([.patterns[].dropped_bytes] | max)] | @tsv')
	check_err $? "the defaults' simulations failed"
	mapfile -t lines <<<"$out"
	log_info "SPEED METRES MTU: measured (headroom / peak) | vendor 300 m | vendor 100 m | formula at 300 m"
	for speed in $SPEEDS; do
		for metres in $METRES; do
			for mtu in $MTUS; do
				for line in 0 1 2 3; do
					read -r h p l <<<"${lines[n + line]}"
					hd[line]=$h
					pk[line]=$p
					lo[line]=$l
				done
				n=$((n + 4))
				log_info "$speed $metres $mtu: ${hd[0]} B ($(verdict "${hd[0]}" "${pk[0]}" "${lo[0]}")) | ${hd[1]} B ($(verdict "${hd[1]}" "${pk[1]}" "${lo[1]}")) | ${hd[2]} B ($(verdict "${hd[2]}" "${pk[2]}" "${lo[2]}")) | ${hd[3]} B ($(verdict "${hd[3]}" "${pk[3]}" "${lo[3]}"))"
				[ "${lo[0]}" = 0 ]
				check_err $? "$speed $metres m $mtu: the measured link's own recommendation drops ${lo[0]} B"
				# a cable longer than every default: they all drop
				if [ "$metres" = 2000 ]; then
					[ "${lo[1]}" -gt 0 ] && [ "${lo[2]}" -gt 0 ] && [ "${lo[3]}" -gt 0 ]
					check_err $? "$speed Mb/s 2 km MTU $mtu: a default did not drop"
				fi
				# the formula at 300 m: safe up to 300 m, wasteful below
				if [ "$metres" -lt 300 ]; then
					[ "${lo[3]}" = 0 ] && [ "${hd[3]}" -gt "${hd[0]}" ]
					check_err $? "$speed Mb/s $metres m MTU $mtu: the 300 m default ${hd[3]} B against the measurement's ${hd[0]} B"
				elif [ "$metres" = 300 ]; then
					[ "${lo[3]}" = 0 ] && [ "${hd[3]}" = "${hd[0]}" ]
					check_err $? "$speed Mb/s $metres m MTU $mtu: the 300 m default ${hd[3]} B against the measurement's ${hd[0]} B"
				fi
			done
		done
	done
	[ "$n" = 160 ] && [ "${#lines[@]}" = 160 ]
	check_err $? "${#lines[@]} simulations, not 160"
	rm -f "$b"
	log_test "the cable-length defaults drop on long cables and waste on short ones"
}

proof_show_simulate()
{
	local out show text

	measure_link 25000 50
	check_err $? "25 Gb/s 50 m: $WHY"
	[ "$(sim speed 25000 rtt-ns "$EST" precision "$PREC" | jq .headroom_bytes)" = "$MEASURED" ]
	check_err $? "simulate does not recommend measure's $MEASURED B"
	show=$(hdrmA -j show dev da simulate)
	jq -e --argjson p $PRIO '.simulation[] | select(.prio == $p) |
		(.dropped_bytes == 0) and (.pattern == "worst") and
		(.peak_bytes > 0) and (.margin >= 1) and (.margin < 1.15) and
		(.timeline_ns.last_byte > .timeline_ns.pfc_sent)' <<<"$show" >/dev/null
	(($? == 0)) || check_err 1 "show simulate: $(jq -c .simulation <<<"$show")"
	jq -e '(.k_quanta == 80) and (.k_ns == 1639) and (.link_frame_bytes == 1522)' \
		<<<"$show" >/dev/null
	(($? == 0)) || check_err 1 "K as pause quanta: $(jq -c '{k_bytes, k_quanta, k_ns, link_frame_bytes}' <<<"$show")"
	text=$(hdrmA measure dev da ts-mode hardware count 10 simulate)
	grep -q "^simulated pause on the measured link" <<<"$text" &&
		grep -q "^K = 5120 B = 80 pause quanta of 512 bit times = 1.639 us at 25000 Mb/s" <<<"$text"
	check_err $? "measure ... simulate: $text"
	# 256-byte cells, MTU 9000: simulate recommends what measure sized
	ip -n "$NSA" link set da mtu 9000 && ip -n "$NSB" link set db mtu 9000
	hdrmA dev set dev da cell 256
	out=$(hdrmA -j measure dev da ts-mode hardware count 10)
	check_err $? "MTU 9000, cell 256: $out"
	[ "$(sim speed 25000 rtt-ns "$(jqn .rtt_ns.estimate "$out")" \
		precision "$(jqn .precision_ns "$out")" mtu 9000 cell 256 | jq .headroom_bytes)" = \
	  "$(jqn ".priorities[] | select(.prio == $PRIO) | .headroom_bytes" "$out")" ]
	(($? == 0)) || check_err 1 "MTU 9000, cell 256: simulate and measure disagree: $(jq -c '.priorities' <<<"$out")"
	log_info "25 Gb/s 50 m, MTU 9000, 256-byte cells: $(jqn ".priorities[] | select(.prio == $PRIO) | .headroom_bytes" "$out") B, occupancy $(jqn .occupancy "$out")"
	hdrmA dev set dev da cell 1
	ip -n "$NSA" link set da mtu 1500 && ip -n "$NSB" link set db mtu 1500
	log_test "show and measure ... simulate; K in pause quanta; simulate == measure in cells"
}

dcbsim_start
tests_run
