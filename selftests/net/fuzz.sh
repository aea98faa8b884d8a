#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Hostile frames (Documentation/threat-model.rst, T1, T2 and T10): at
# least 100,000 frames from selftests/fuzz/hdrm_fuzz to a device that only
# reflects and to one whose measurement is running, stream frames to the
# device's own address and IEEE 802.1Qbb PFC frames among them, with
# spoofed, duplicated and reordered replies on top. Every frame must be
# accounted for in the receiver's counters as the module's own decoders
# predict, the
# measurement must still read the cable's configured round trip, and the
# kernel must not report anything (run_tests' harness checks its log).
# The IEEE 1588 peer-delay parser (issue 27) gets its own hostile frames
# during a measurement against a real ptp4l, and a second responder.

ALL_TESTS="fuzz_reflector fuzz_measuring fuzz_pdelay"
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../cable.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b
NSC=${NS_PREFIX}-c
NSD=${NS_PREFIX}-d
NSE=${NS_PREFIX}-e
FUZZ=$DCB_HDRM_TOP/selftests/fuzz/hdrm_fuzz
# The spoofer must outlast the measurement and the attack. The debug
# kernel (KASAN, lockdep, kmemleak) took 181 s for the reflector's 60,000
# frames and 228 s for the measuring device's 40,000; it sends 12,000 to
# each, still about 850 of each of the fuzzer's fourteen kinds of frame
# (20,000 until the watchdog's tests joined its lane, CI's longest).
if debug_kernel; then
	MEASURING_FRAMES=${MEASURING_FRAMES:-12000}
	REFLECTOR_FRAMES=${REFLECTOR_FRAMES:-12000}
	TOLERANCE_NS=${TOLERANCE_NS:-1500000}
	SPOOF_SECONDS=45
	SPOOF_MIN=50
	# ptp-attack floods a pdelay measurement of 2 s: 2,888 frames in
	# 4.3 s here, 200 or so of each of its 14 kinds (70,000 and more in
	# 6.12 beside another guest)
	PTP_MIN_FRAMES=1000
else
	MEASURING_FRAMES=${MEASURING_FRAMES:-40000}
	REFLECTOR_FRAMES=${REFLECTOR_FRAMES:-60000}
	TOLERANCE_NS=${TOLERANCE_NS:-400000}
	SPOOF_SECONDS=12
	SPOOF_MIN=200
	# 150,000 alone in a guest; 18,938 once in the slub_debug guest
	# beside two busy lanes: a flood either way
	PTP_MIN_FRAMES=10000
fi


# stats NS DEV: the device's counters as one JSON object
stats()
{
	dcb-hdrm -n "$1" -j dev show dev "$2" | jq -c .stats
}

# delta BEFORE AFTER KEY
delta()
{
	echo $(( $(jqn ".$3" "$2") - $(jqn ".$3" "$1") ))
}

setup()
{
	ns_cleanup
	cable_create "$NSA" va "$NSB" vb 200 || return 1
	dcb-hdrm -n "$NSA" dev set dev va speed 25000 || return 1
	# a second port of the initiator's host, reachable from va's wire
	ip -n "$NSA" link add va2 type veth peer name x1 netns "$(cable_wire "$NSA" va)" ||
		return 1
	ip -n "$NSA" link set va2 up && ip -n "$(cable_wire "$NSA" va)" link set x1 up
	ip netns add "$NSC" && ip netns add "$NSD" || return 1
	ip -n "$NSC" link add vc type veth peer name vd netns "$NSD" || return 1
	# jumbo frames, so that frames over a page arrive in fragments
	ip -n "$NSC" link set vc mtu 9000 up && ip -n "$NSD" link set vd mtu 9000 up
}

# mac NS DEV: the device's MAC address
mac()
{
	ip netns exec "$1" cat "/sys/class/net/$2/address"
}

# check_accounting WHAT BEFORE AFTER EXPECT [ EXTRA_STALE [ EXTRA_CONTROL ] ]
check_accounting()
{
	local what=$1 before=$2 after=$3 expect=$4 extra=${5:-0} extra_ctl=${6:-0}
	local mal req stale ctl answered str

	mal=$(delta "$before" "$after" malformed)
	req=$(delta "$before" "$after" rx_requests)
	stale=$(delta "$before" "$after" stale)
	ctl=$(delta "$before" "$after" rx_control)
	str=$(delta "$before" "$after" rx_stream)
	answered=$(( $(delta "$before" "$after" reflected) + $(delta "$before" "$after" rate_limited) +
		     $(delta "$before" "$after" not_reflecting) ))
	log_info "$what: malformed $mal, requests $req (reflected $(delta "$before" "$after" reflected), rate-limited $(delta "$before" "$after" rate_limited)), stale $stale, control $ctl, stream $str"
	[ "$mal" -eq "$(jqn .malformed "$expect")" ]
	(($? == 0)) || check_err 1 "$what: $mal malformed, expected $(jqn .malformed "$expect")"
	[ "$str" -eq "$(jqn .stream "$expect")" ]
	(($? == 0)) || check_err 1 "$what: $str stream frames counted, expected $(jqn .stream "$expect")"
	[ "$req" -eq "$(jqn .requests "$expect")" ]
	(($? == 0)) || check_err 1 "$what: $req requests, expected $(jqn .requests "$expect")"
	[ "$stale" -eq $(( $(jqn .replies "$expect") + $(jqn .control_stale "$expect") + extra )) ]
	(($? == 0)) || check_err 1 "$what: $stale stale, expected $(( $(jqn .replies "$expect") + $(jqn .control_stale "$expect") + extra ))"
	[ "$ctl" -eq $(( $(jqn .control "$expect") + $(jqn .control_stale "$expect") + extra_ctl )) ]
	(($? == 0)) || check_err 1 "$what: $ctl control frames, expected $(( $(jqn .control "$expect") + $(jqn .control_stale "$expect") + extra_ctl ))"
	# every request answered, limited or ignored; control frames over
	# their own limit count as rate-limited too
	[ "$answered" -ge "$req" ] && [ "$answered" -le $((req + $(jqn .control "$expect"))) ]
	check_err $? "$what: $answered requests answered or dropped of $req"
}

# check_new_kinds WHAT OUT: the stream and PFC frames of hdrm_fuzz
# attack's output OUT came to each of what their kind tests: stream
# frames taken (rx_stream), malformed and ignored; PFC frames malformed
# (to 01-80-C2-00-00-01 with an opcode neither PAUSE's, PFC's nor
# dcb_hdrm's) and ignored (PAUSE and PFC, or elsewhere)
check_new_kinds()
{
	local s p

	s=$(jq -c .stream_frames <<<"$2")
	p=$(jq -c .pfc_frames <<<"$2")
	log_info "$1: $(jqn .kinds.stream "$2") stream frames $s, $(jqn .kinds.pfc "$2") PFC frames $p"
	[ "$(jqn .stream "$s")" -gt 0 ] && [ "$(jqn .malformed "$s")" -gt 0 ] &&
		[ "$(jqn .ignored "$s")" -gt 0 ] && [ "$(jqn .malformed "$p")" -gt 0 ] &&
		[ "$(jqn .ignored "$p")" -gt 0 ]
	check_err $? "$1: stream or PFC frames of some outcome were not sent: stream $s, PFC $p"
}

fuzz_reflector()
{
	local before after out secs

	before=$(stats "$NSC" vc)
	out=$(ip netns exec "$NSD" "$FUZZ" attack vd "$REFLECTOR_FRAMES" 1 "$(mac "$NSC" vc)")
	check_err $? "hdrm_fuzz failed: $out"
	sleep 2		# control frames are answered from a work
	after=$(stats "$NSC" vc)
	secs=$(jqn .seconds "$out")
	log_info "$(jqn .sent "$out") frames in $secs s ($(jqn .nonlinear "$out") non-linear, $(jqn .vlan "$out") VLAN-tagged): $(jq -c .expect <<<"$out")"
	check_accounting "reflector" "$before" "$after" "$(jq -c .expect <<<"$out")"
	check_new_kinds "reflector" "$out"
	[ "$(jqn .nonlinear "$out")" -gt 0 ] && [ "$(jqn .vlan "$out")" -gt 0 ]
	check_err $? "no non-linear or no VLAN-tagged frames were sent"
	[ "$(delta "$before" "$after" rx_replies)" -eq 0 ]
	check_err $? "a reply to no measurement counted as a sample"
	log_test "reflector under $(jqn .sent "$out") hostile frames: each accounted for"
}

# A measurement through the cable while hostile frames reach its device
# straight from the wire, with spoofed, duplicated and reordered replies
# from the wire too (the peer's own replies leave through
# dev_direct_xmit(), past the packet taps, so the spoofer copies them on
# the wire); the reflector device elsewhere must not see any of it, and
# copies of the genuine replies sent to another port of the initiator's
# host (va2) are stale there: a session belongs to its port.
fuzz_measuring()
{
	local before after other_before other_after out spoof res est rtt=400000
	local peer_before peer_after wire cross_before cross_after p2

	wire=$(cable_wire "$NSA" va)
	before=$(stats "$NSA" va)
	other_before=$(stats "$NSC" vc)
	peer_before=$(stats "$NSB" vb)
	cross_before=$(stats "$NSA" va2)
	ip netns exec "$wire" "$FUZZ" spoof m1 "$SPOOF_SECONDS" x1 >"$TMPD/spoof" &
	local spid=$!
	sleep 0.5
	# Measured with the clock reads only (ts-mode hook): under this attack
	# the peer's follow-ups, sent from a work item, come too late for some
	# probes, a host busy in softirq holding the work off: three probes in
	# four in the debug kernel (549 of 2000 samples), and 3 or 4 of 2000
	# in 6.1 alone on this machine (the commit before this change too).
	# The follow-up path is timestamps.sh's; this test is the frames'.
	local tsm=(ts-mode hook)
	dcb-hdrm -n "$NSA" -j measure dev va count 2000 interval 2000 timeout 2000 \
		"${tsm[@]}" >"$TMPD/measure" 2>&1 &
	local mpid=$!
	out=$(ip netns exec "$wire" "$FUZZ" attack m1 "$MEASURING_FRAMES" 2 "$(mac "$NSA" va)")
	check_err $? "hdrm_fuzz failed: $out"
	wait "$mpid"
	(($? == 0)) || check_err 1 "the measurement failed: $(cat "$TMPD/measure")"
	wait "$spid"
	sleep 2
	after=$(stats "$NSA" va)
	other_after=$(stats "$NSC" vc)
	peer_after=$(stats "$NSB" vb)
	cross_after=$(stats "$NSA" va2)
	res=$(cat "$TMPD/measure")
	spoof=$(cat "$TMPD/spoof")
	est=$(jqn .rtt_ns.estimate "$res")
	log_info "$(jqn .sent "$out") frames in $(jqn .seconds "$out") s to the measuring device, $(jqn .spoofed "$spoof") spoofed and $(jqn .duplicated "$spoof") duplicated replies: estimate $est ns for a $rtt ns round trip, $(jqn .probes.received "$res") of $(jqn .probes.sent "$res") replies ($(jqn .two_step "$res") two-step, $(jqn .followup_missing "$res") follow-ups missing)"
	# Each of t1 and t4 may be off by the clock's precision (a jiffy, 4 ms,
	# where the guest fell back to a jiffies clocksource): the estimate is
	# within two of them of the cable, as the formula allows.
	# (a measurement that failed leaves no JSON: judged below, not a crash)
	p2=$(jqn .precision_ns "$res" 2>/dev/null)
	p2=$((2 * ${p2:-0}))
	[ "$(jqn .status "$res")" = ok ] && [ "$est" -ge $((rtt - p2)) ] &&
		[ "$est" -le $((rtt + TOLERANCE_NS + p2)) ]
	(($? == 0)) || check_err 1 "estimate $est ns not within $TOLERANCE_NS ns (+ $p2 ns for the clock's precision) of $rtt ns: $(jq -c '{status, rtt_ns, probes, precision_ns}' <<<"$res")"
	[ "$(jqn .probes.received "$res")" -eq "$(jqn .probes.sent "$res")" ]
	(($? == 0)) || check_err 1 "replies lost or rejected under attack: $(jq -c .probes <<<"$res")"
	[ "$(delta "$before" "$after" rx_replies)" -eq "$(jqn .probes.received "$res")" ]
	(($? == 0)) || check_err 1 "samples $(delta "$before" "$after" rx_replies), replies received $(jqn .probes.received "$res")"
	# under load the spoofer's socket overflows and misses some frames
	# (276 spoofed of 2000 requests seen once in the debug kernel); what
	# it did send is counted exactly below
	[ "$(jqn .spoofed "$spoof")" -ge "$SPOOF_MIN" ] && [ "$(jqn .duplicated "$spoof")" -ge 100 ]
	check_err $? "the spoofer saw too few requests or replies: $spoof"
	# on top of the fuzz: the spoofed and duplicated replies are stale,
	# and the peer's capability reply is a control frame
	check_accounting "measuring" "$before" "$after" "$(jq -c .expect <<<"$out")" \
		$(( $(jqn .spoofed "$spoof") + $(jqn .duplicated "$spoof") )) \
		"$(delta "$peer_before" "$peer_after" tx_control)"
	check_new_kinds "measuring" "$out"
	[ "$other_before" = "$other_after" ]
	check_err $? "frames for va were counted on vc"
	log_info "$(jqn .crossed "$spoof") genuine replies copied to va2: stale $(delta "$cross_before" "$cross_after" stale), samples $(delta "$cross_before" "$cross_after" rx_replies)"
	[ "$(jqn .crossed "$spoof")" -ge 100 ] &&
		[ "$(delta "$cross_before" "$cross_after" stale)" -eq "$(jqn .crossed "$spoof")" ] &&
		[ "$(delta "$cross_before" "$cross_after" rx_replies)" -eq 0 ]
	(($? == 0)) || check_err 1 "replies arriving on the wrong port: $(jqn .crossed "$spoof") sent, $(delta "$cross_before" "$cross_after" stale) stale, $(delta "$cross_before" "$cross_after" rx_replies) samples on va2"
	log_test "measurement under $(( $(jqn .sent "$out") + $(jqn .spoofed "$spoof") + $(jqn .duplicated "$spoof") + $(jqn .crossed "$spoof") )) hostile frames: correct result, each frame accounted for, none taken on another port"
}

# --- IEEE 1588 peer delay (issue 27) ---
PTP_TRUTH=400000	# the dcbsim cable's round trip: 200 us each way, ns
PTP_STRIDE=32		# ptp-foreign: one answer in 32 sequenceIds, 2048 in all

# A dcbsim cable da (NSA) - db (NSB), ptp4l -P -S answering peer delay
# on db, as in pdelay.sh (not a veth cable: see pdelay_sw_cable there).
# The hostile frames leave fz0 (NSE), and fz1, its veth peer in NSA,
# hands whatever it receives to da's ingress (tc mirred): they arrive
# on da as from its cable, and ptp4l never sees them (sent from db, it
# would read each as its own outgoing frame: answer the requests among
# them, and switch its raw transport to VLAN mode on a tagged one).
ptp_setup()
{
	ip -n "$NSA" link add da type dcbsim peer name db netns "$NSB" &&
		ip -n "$NSA" link set da up && ip -n "$NSB" link set db up &&
		ip -n "$NSA" link set da type dcbsim delay-ns $((PTP_TRUTH / 2)) &&
		ip -n "$NSB" link set db type dcbsim delay-ns $((PTP_TRUTH / 2)) ||
		return 1
	ip netns add "$NSE" &&
		ip -n "$NSE" link add fz0 type veth peer name fz1 netns "$NSA" ||
		return 1
	# jumbo frames: the oversized ones over a page arrive in fragments;
	# fz1 takes da's address, so that a frame sent to da arrives as
	# PACKET_HOST (the redirect keeps what fz1's eth_type_trans() found)
	ip -n "$NSA" link set fz1 address "$(ip netns exec "$NSA" cat /sys/class/net/da/address)" &&
	ip -n "$NSE" link set fz0 mtu 9000 up && ip -n "$NSA" link set fz1 mtu 9000 up &&
		tc -n "$NSA" qdisc add dev fz1 ingress &&
		tc -n "$NSA" filter add dev fz1 parent ffff: matchall \
			action mirred ingress redirect dev da
}

ptp_teardown()
{
	ptp4l_stop
	ip netns del "$NSE" 2>/dev/null
	ip -n "$NSA" link del fz1 2>/dev/null
	ip -n "$NSA" link del da 2>/dev/null
}

# ptp4l_start: the responder on db, logging to $TMPD/ptp4l.log
ptp4l_start()
{
	ptp4l_responder "$NSB" db "$TMPD/ptp4l.log" -S --uds_address="$TMPD/ptp4l"
}

ptp4l_stop()
{
	ptp4l_responder_stop
}

# ptp_measure COUNT INTERVAL_US FILE: a pdelay measurement of da, software
# stamps; its JSON in FILE, its stderr in FILE.err; the tool's status
# softnet_drops: frames the kernel's backlogs dropped so far, all CPUs
softnet_drops()
{
	local n=0 a b rest

	while read -r a b rest; do
		n=$((n + 16#$b))
	done </proc/net/softnet_stat
	echo "$n"
}

ptp_measure()
{
	dcb-hdrm -n "$NSA" -j measure dev da method pdelay ts-mode software \
		count "$1" interval "$2" timeout 2000 >"$3" 2>"$3.err"
}

# ptp_dev: da's dcb-hdrm dev show, its counters under .stats (read with
# jqn, which jq takes seconds to start for in the debug kernel)
ptp_dev()
{
	dcb-hdrm -n "$NSA" -j dev show dev da
}

# ptp_stat_wait NAME N: until da's counter NAME (.stats.NAME) is N or more
ptp_stat_wait()
{
	local i

	for i in $(seq 1 200); do
		[ "$(jqn ".stats.$1" "$(ptp_dev)")" -ge "$2" ] && return 0
		sleep 0.05
	done
	return 1
}

# ptp_estimate_check WHAT FILE MAX: status ok, the estimate in EST, at
# or above the cable's round trip (software stamps at both ends bracket
# it, as in pdelay.sh) and at most MAX, plus twice the precision as
# fuzz_measuring allows
ptp_estimate_check()
{
	local res p2

	res=$(cat "$2")
	EST=$(jqn .rtt_ns.estimate "$res" 2>/dev/null)
	p2=$(jqn .precision_ns "$res" 2>/dev/null)
	p2=$((2 * ${p2:-0}))
	[ "$(jqn .status "$res" 2>/dev/null)" = ok ] && [ "$(jqn .method "$res")" = pdelay ] &&
		[ "$EST" -ge "$PTP_TRUTH" ] && [ "$EST" -le $(($3 + p2)) ]
	(($? == 0)) || check_err 1 "$1: estimate ${EST:-none} ns, not within [$PTP_TRUTH, $3 + $p2] ns: $(jq -c '{status, method, responder, rtt_ns, probes, precision_ns}' <<<"$res" 2>/dev/null) $(cat "$2.err")"
}

# The peer-delay parser's hostile input (threat model T-PD): a pdelay
# measurement against ptp4l while hdrm_fuzz ptp-attack floods da with
# mutated Pdelay_Resp and Pdelay_Resp_Follow_Up frames, among them answers
# spoofed to da's own identity as its responder whose stamps cannot make
# a sample. Each frame is accounted for as hdrm_ptp_decode() predicts
# (kmod/session.c, hdrm_session_ptp_rx): the refused, the requests, other
# addresses and VLANs counted nowhere, not even as malformed; the answers
# to other identities, domains and SDOs in ptp_others; the spoofed ones in
# ptp_others (no probe of that sequenceId) or stale, never a sample. The
# estimate stays at or above the cable's round trip, and within
# TOLERANCE_NS of the one without the flood. Then a second responder
# answering every 32nd sequenceId meets one of a running measurement's
# probes, which ends it as foreign, once; and the module measures again.
fuzz_pdelay()
{
	local mac_a mac_b before after out res rc mpid probes est0 d
	local others stale replies sent fpid drops0 drops want a2 i

	if ! command -v ptp4l >/dev/null 2>&1; then
		log_skip fuzz_pdelay "ptp4l (linuxptp) not found"
		return
	fi
	if ! dcbsim_load; then
		log_skip fuzz_pdelay "the dcbsim test device is not available"
		return
	fi
	if ! ptp_setup; then
		check_err 1 "cannot make the dcbsim cable and fz0's path to da"
		ptp_teardown
		log_test "pdelay under hostile IEEE 1588 frames"
		return
	fi
	ptp4l_start
	check_err $? "ptp4l -P -S did not start: $(tail -n 5 "$TMPD/ptp4l.log")"
	: >"$TMPD/ptp4l.all"
	mac_a=$(ip netns exec "$NSA" cat /sys/class/net/da/address)
	mac_b=$(ip netns exec "$NSB" cat /sys/class/net/db/address)

	# without the flood: the emulated cable's own error, a few hundred us
	# in a TCG guest (pdelay.sh's pdelay_sw_cable compares it with hdrm's)
	ptp_measure 100 20000 "$TMPD/pd0"
	ptp_estimate_check "without the flood" "$TMPD/pd0" $((PTP_TRUTH + 2 * TOLERANCE_NS))
	est0=$EST

	# the flood, from before the measurement's first probe to after its
	# end: stopped then (SIGTERM), hdrm_fuzz says what it sent
	before=$(ptp_dev)
	drops0=$(softnet_drops)
	ip netns exec "$NSE" "$FUZZ" ptp-attack fz0 100000000 3 "$mac_a" "$mac_b" \
		>"$TMPD/attack" &
	fpid=$!
	ptp_stat_wait ptp_others $(($(jqn .stats.ptp_others "$before") + 1))
	check_err $? "no frame of hdrm_fuzz ptp-attack reached da"
	ptp_measure 100 20000 "$TMPD/pd1"
	rc=$?
	kill -TERM "$fpid"
	wait "$fpid"
	check_err $? "hdrm_fuzz ptp-attack failed: $(cat "$TMPD/attack")"
	# the frames still in the backlog counted first (a loaded host)
	after=$(ptp_dev)
	for i in 1 2 3 4 5 6 7 8 9 10; do
		sleep 0.3
		a2=$(ptp_dev)
		[ "$(jqn .stats.ptp_others "$a2") $(jqn .stats.stale "$a2")" = \
		  "$(jqn .stats.ptp_others "$after") $(jqn .stats.stale "$after")" ] && break
		after=$a2
	done
	drops=$(($(softnet_drops) - drops0))
	out=$(cat "$TMPD/attack")
	res=$(cat "$TMPD/pd1")
	log_info "$(jqn .sent "$out") frames in $(jqn .seconds "$out") s ($(jqn .nonlinear "$out") non-linear, $(jqn .vlan "$out") VLAN-tagged, $(jqn .requests "$out") requests; $(jqn .rerolled "$out") drawn again, as they could have made a sample, ended the session or passed for a local ptp4l): $(jq -c .expect <<<"$out"); refused $(jq -c .refused <<<"$out")"
	[ "$(jqn .sent "$out")" -ge "$PTP_MIN_FRAMES" ]
	check_err $? "only $(jqn .sent "$out") frames during the measurement (at least $PTP_MIN_FRAMES)"
	((rc == 0)) || check_err 1 "the measurement under the flood exited $rc: $(cat "$TMPD/pd1.err")"
	ptp_estimate_check "under the flood" "$TMPD/pd1" $((est0 + TOLERANCE_NS))
	others=$(delta "$before" "$after" stats.ptp_others)
	stale=$(delta "$before" "$after" stats.stale)
	replies=$(delta "$before" "$after" stats.rx_replies)
	log_info "without the flood t $est0 ns (median $(jqn .rtt_ns.median "$(cat "$TMPD/pd0")")), under it t $EST ns (median $(jqn .rtt_ns.median "$res"), max $(jqn .rtt_ns.max "$res")) for a $PTP_TRUTH ns cable (tolerance $TOLERANCE_NS, precision $(jqn .precision_ns "$res")) in $(jqn .duration_us "$res") us, $(jqn .probes.received "$res") of $(jqn .probes.sent "$res") answered, steps $(jqn .steps "$res"); counted: ptp_others $others, stale $stale, rx_replies $replies, foreign $(delta "$before" "$after" stats.foreign), malformed $(delta "$before" "$after" stats.malformed)"
	[ "$(jqn .probes.received "$res")" -eq "$(jqn .probes.sent "$res")" ] &&
		[ "$(jqn .followup_missing "$res")" -eq 0 ]
	(($? == 0)) || check_err 1 "answers lost or rejected under the flood: $(jq -c '{probes, two_step, followup_missing}' <<<"$res")"
	# ptp4l answers two-step: a response and a follow-up taken per probe,
	# no spoofed one among them
	[ "$replies" -eq $(($(jqn .probes.received "$res") + $(jqn .two_step "$res"))) ]
	(($? == 0)) || check_err 1 "rx_replies $replies for $(jqn .probes.received "$res") answers, $(jqn .two_step "$res") of them two-step"
	[ "$(delta "$before" "$after" stats.malformed)" -eq 0 ] &&
		[ "$(delta "$before" "$after" stats.foreign)" -eq 0 ]
	(($? == 0)) || check_err 1 "malformed $(delta "$before" "$after" stats.malformed), foreign $(delta "$before" "$after" stats.foreign): the parser's refusals are not malformed frames, and the spoofs are not a second responder"
	# every frame counted, less what the kernel's backlog dropped on a
	# loaded host (softnet_stat; none when the guest has the CPUs)
	want=$(($(jqn .expect.others "$out") + $(jqn .expect.spoofed "$out")))
	[ "$((others + stale))" -le "$want" ] &&
		[ "$((others + stale))" -ge $((want - drops)) ] &&
		[ "$stale" -le "$(jqn .expect.spoofed "$out")" ]
	(($? == 0)) || check_err 1 "ptp_others $others and stale $stale; expected $(jqn .expect.others "$out") others and $(jqn .expect.spoofed "$out") spoofed between them ($drops dropped by the backlog)"

	# a second responder: one of its answers meets a probe, sent while
	# the measurement has PTP_STRIDE consecutive sequenceIds out and
	# more to send (40 s of them; in the debug kernel one met a probe
	# after 6 to 10 s, in 6.12 after 1)
	before=$(ptp_dev)
	probes=$(jqn .stats.tx_probes "$before")
	ptp_measure 4000 10000 "$TMPD/pd2" &
	mpid=$!
	ptp_stat_wait tx_probes $((probes + PTP_STRIDE + 4))
	check_err $? "the measurement of da did not start"
	out=$(ip netns exec "$NSE" "$FUZZ" ptp-foreign fz0 "$mac_a" "$PTP_STRIDE")
	check_err $? "hdrm_fuzz ptp-foreign failed: $out"
	wait "$mpid"
	rc=$?
	after=$(ptp_dev)
	res=$(cat "$TMPD/pd2")
	sent=$(jqn .sent "$out")
	others=$(delta "$before" "$after" stats.ptp_others)
	log_info "a second responder, $sent answers, one in $PTP_STRIDE sequenceIds: status $(jqn .status "$res"), exit $rc, after $(jqn .probes.sent "$res") probes; foreign $(delta "$before" "$after" stats.foreign), ptp_others $others, stale $(delta "$before" "$after" stats.stale), rx_replies $(delta "$before" "$after" stats.rx_replies)"
	[ "$rc" -eq 2 ] && [ "$(jqn .status "$res")" = foreign ] &&
		[ "$(delta "$before" "$after" stats.foreign)" -eq 1 ] &&
		[ "$(delta "$before" "$after" stats.stale)" -eq 0 ] &&
		[ "$others" -ge $((sent - 1)) ]
	(($? == 0)) || check_err 1 "a second responder's answers: exit $rc, $(jq -c '{status, probes}' <<<"$res" 2>/dev/null), foreign $(delta "$before" "$after" stats.foreign), stale $(delta "$before" "$after" stats.stale), ptp_others $others of $sent sent; $(cat "$TMPD/pd2.err")"
	# what is over: ptp4l's answers that came after the end
	d=$((others + $(delta "$before" "$after" stats.rx_replies) + 1 - sent))
	[ "$d" -ge 0 ] && [ "$d" -le $((2 * $(delta "$before" "$after" stats.tx_probes))) ]
	check_err $? "$d answers counted beyond the second responder's, for $(delta "$before" "$after" stats.tx_probes) probes"

	# and afterwards, as before
	# ptp4l's port faults when its own transmit stamp comes later than
	# its timeout, which the debug kernel under CI's load did after the
	# second responder's 500 probes at 100 Hz, even at 1 s (the CI run
	# of 69c9f33); nothing of this module's is in that path (db's
	# transmit), so ptp4l starts again, its log kept, and that fault
	# is said, not failed
	if grep -q "timed out while polling for tx timestamp" "$TMPD/ptp4l.log"; then
		log_info "ptp4l: $(grep -E "timed out|FAULT" "$TMPD/ptp4l.log" | head -n 2 | tr '\n' ' '); started again"
		ptp4l_stop
		cat "$TMPD/ptp4l.log" >>"$TMPD/ptp4l.all"
		ptp4l_start
		check_err $? "ptp4l -P -S did not start again: $(tail -n 5 "$TMPD/ptp4l.log")"
	fi
	ptp_measure 10 10000 "$TMPD/pd3"
	ptp_estimate_check "after the attack" "$TMPD/pd3" $((est0 + TOLERANCE_NS))
	log_info "afterwards: status $(jqn .status "$(cat "$TMPD/pd3")"), t $EST ns, $(jqn .probes.received "$(cat "$TMPD/pd3")") of 10 answered"
	ptp4l_stop
	cat "$TMPD/ptp4l.log" >>"$TMPD/ptp4l.all"
	# any other fault (a rogue peer delay response: one of ours it did
	# not ask for) or a bad message fails
	awk '/timed out while polling for tx timestamp/ { late = 1; next }
	     /FAULT_DETECTED/ { if (!late) print; late = 0; next }
	     /rogue|[Bb]ad message/ { print }' "$TMPD/ptp4l.all" >"$TMPD/ptp4l.bad"
	[ ! -s "$TMPD/ptp4l.bad" ]
	check_err $? "ptp4l logged: $(head -n 4 "$TMPD/ptp4l.bad" | tr '\n' ' ')"
	ptp_teardown
	log_test "pdelay under hostile IEEE 1588 frames: the same estimate, each frame accounted for, spoofs never a sample, a second responder foreign"
}

require_root
require_cmd jq ip tc
require_built "$FUZZ"
TMPD=$(mktemp -d)
trap 'ptp4l_stop; ns_cleanup; rm -rf "$TMPD"' EXIT
module_load || exit 1
setup || { echo "1..0 # SKIP cannot create the namespaces"; exit $ksft_skip; }
tests_run
