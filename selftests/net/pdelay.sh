#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Measuring a link whose far end runs no dcb_hdrm but answers IEEE 1588
# peer delay (issue 27): the real linuxptp ptp4l -P as the responder, on
# dcbsim pairs with hardware timestamps at both ends and with software
# ones; method auto choosing between dcb_hdrm's own exchange and peer
# delay.

ALL_TESTS="pdelay_hw_accuracy pdelay_sw_cable pdelay_auto pdelay_local_ptp4l
	   pdelay_local_e2e pdelay_dev_method pdelay_given pdelay_ptp4l_method
	   pdelay_refusals"
# the debug kernel: one main path (the parser's hostile input is fuzz.sh's)
DEBUG_TESTS="pdelay_auto"
# debian-6.12 alone: the refusals, the tool's words and the module's
# extacks, the same on both kernels (lib.sh)
NEWEST_TESTS="pdelay_refusals"
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../cable.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b
RES=8		# dcbsim's timestamp resolution, ns

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
	ip netns add "$NSA" && ip netns add "$NSB"
}

# responder_start DEV ARGS...: the peer-delay responder, ptp4l -P on DEV
# in NSB, logging to $TMPD/ptp4l-b.log
responder_start()
{
	local dev=$1

	shift
	ptp4l_responder "$NSB" "$dev" "$TMPD/ptp4l-b.log" \
		--uds_address="$TMPD/ptp4l-b" "$@"
}

responder_stop()
{
	ptp4l_responder_stop
}

# pair DELAY_NS [ KNOBS... ]: da in NSA, db in NSB, delay-ns DELAY_NS each
# way and KNOBS (hwts on, ...) at both ends, both up. Up means operstate
# UP: linkwatch sets it after the carrier, up to a second later, and a
# ptp4l started before then finds its port's link down and faults it
# (6.1, once: "port 1: link down", then "link up" 66 ms later).
pair()
{
	local d=$1 i

	shift
	ip -n "$NSA" link add da type dcbsim "$@" delay-ns "$d" \
		peer name db netns "$NSB" &&
		ip -n "$NSB" link set db type dcbsim "$@" delay-ns "$d" &&
		ip -n "$NSA" link set da up && ip -n "$NSB" link set db up ||
		return 1
	for i in $(seq 1 50); do
		[ "$(ip -n "$NSA" -j link show da | jq -r '.[0].operstate')" = UP ] &&
			[ "$(ip -n "$NSB" -j link show db | jq -r '.[0].operstate')" = UP ] &&
			return 0
		sleep 0.1
	done
	return 1
}

# ptp4l's port identity on DEV in NS: its clockIdentity from the MAC
# (the EUI-48 with FF FE in the middle), port 1
ptp4l_pid()
{
	ip -n "$1" -j link show "$2" | jq -r '.[0].address' |
		awk -F: '{ printf "%s%s%s.fffe.%s%s%s-1\n", $1, $2, $3, $4, $5, $6 }'
}

# A dcbsim pair da/db, hardware timestamping on at both ends (db's by
# ptp4l -H), the responder's clock 3 s ahead and 50 ppm fast: its t2 and
# t3 are on a clock of its own, whose offset cancels and whose rate the
# measurement corrects.
pdelay_hw_accuracy()
{
	local d out est err worst=0 pid

	pair 0 hwts on &&
		ip -n "$NSB" link set db type dcbsim clock-offset-ns 3000000000 \
			clock-ppb 50000 &&
		hdrmA dev set dev da hwtstamp on
	check_err $? "cannot make a dcbsim pair with hardware timestamps"
	pid=$(ptp4l_pid "$NSB" db)
	for d in 500 5000 20000; do
		# the knob before ptp4l starts: a changed link is a link
		# event, and ptp4l faults its port on one
		ip -n "$NSA" link set da type dcbsim delay-ns "$d" &&
			ip -n "$NSB" link set db type dcbsim delay-ns "$d"
		responder_start db -H
		check_err $? "ptp4l -P -H did not start: $(tail -n 5 "$TMPD/ptp4l-b.log")"
		out=$(hdrmA -j measure dev da method pdelay ts-mode hardware \
			count 20 interval 20000)
		check_err $? "delay $d ns: $out"
		responder_stop
		! grep -qiE "fault|bad message" "$TMPD/ptp4l-b.log"
		(($? == 0)) || check_err 1 "delay $d ns: ptp4l logged: $(grep -iE -B3 "fault|bad message" "$TMPD/ptp4l-b.log" | head -12)"
		[ "$(jqn .method "$out")" = pdelay ] &&
			[ "$(jqn .responder "$out")" = "$pid" ] &&
			[ "$(jqn .steps "$out")" = 2 ] &&
			[ "$(jqn .timestamping "$out")" = hardware ]
		(($? == 0)) || check_err 1 "delay $d ns: $(jq -c '{method, responder, steps, timestamping, status}' <<<"$out"), want pdelay from $pid, two-step, hardware"
		est=$(jqn .rtt_ns.estimate "$out")
		err=$(absdiff "$est" $((2 * d)))
		[ "$err" -gt "$worst" ] && worst=$err
		log_info "delay $d ns each way, ptp4l's clock 3 s ahead at +50 ppm: t $est ns (truth $((2 * d))), rate ratio $(jqn .rate_ratio_ppb "$out") ppb, $(jqn .probes.received "$out") of 20 answered"
		[ "$err" -le $((2 * RES)) ]
		(($? == 0)) || check_err 1 "delay $d ns: t $est ns is $err ns from $((2 * d)) (bound $((2 * RES)))"
	done
	ip -n "$NSA" link del da
	log_info "worst error $worst ns over 3 delays (bound $((2 * RES)) ns)"
	log_test "pdelay, ptp4l -P -H: |t - 2 x delay| <= 2 x resolution, its clock offset and fast"
}

# Software timestamps at both ends, on a veth cable with netem between
# the two (selftests/cable.sh), 200 us each way: ptp4l -S answers peer
# delay, dcb_hdrm's reflector answers its own frames. Both estimates at
# or above the truth, and peer delay's error within twice dcb_hdrm's, in
# the same run.
pdelay_sw_cable()
{
	local out est_p est_h truth=400000 err_p err_h

	cable_create "$NSA" va "$NSB" vb 200
	check_err $? "cannot make the veth cable"
	responder_start vb -S
	check_err $? "ptp4l -P -S did not start: $(tail -n 5 "$TMPD/ptp4l-b.log")"
	out=$(hdrmA -j measure dev va method pdelay ts-mode software count 50 interval 5000)
	# ptp4l -S may fault on a late software stamp in a loaded guest, and
	# answer nothing until it listens again: once more after a restart
	if [ "$(jqn .status "$out")" = no-reply ]; then
		responder_stop
		responder_start vb -S
		out=$(hdrmA -j measure dev va method pdelay ts-mode software count 50 interval 5000)
	fi
	check_err $? "pdelay: $out"
	est_p=$(jqn .rtt_ns.estimate "$out")
	[ "$(jqn .method "$out")" = pdelay ] && [ "$(jqn .steps "$out")" = 2 ] &&
		[ "$(jqn .timestamping "$out")" = software ]
	(($? == 0)) || check_err 1 "pdelay: $(jq -c '{method, responder, steps, timestamping, status}' <<<"$out")"
	out=$(hdrmA -j measure dev va method hdrm ts-mode software count 50 interval 5000)
	check_err $? "hdrm: $out"
	est_h=$(jqn .rtt_ns.estimate "$out")
	responder_stop
	err_p=$((est_p - truth))
	err_h=$((est_h - truth))
	log_info "veth cable, netem 200 us each way (t $truth ns), software stamps: pdelay $est_p ns (+$err_p), hdrm $est_h ns (+$err_h), ratio $(awk -v p="$err_p" -v h="$err_h" 'BEGIN { if (h > 0) printf "%.2f", p / h; else print "-" }')"
	[ "$est_p" -ge "$truth" ] && [ "$est_h" -ge "$truth" ]
	check_err $? "an estimate below the cable's round trip: pdelay $est_p, hdrm $est_h, truth $truth"
	# 20 us of slack: both errors are tens of us of emulation noise
	[ "$err_p" -le $((2 * err_h + 20000)) ]
	check_err $? "pdelay's error $err_p ns is over twice hdrm's $err_h ns (+20 us)"
	ip netns del "$(cable_wire "$NSA" va)"
	log_test "pdelay on a veth cable with netem, ptp4l -P -S: never below the truth, error within 2x hdrm's"
}

# method auto: hdrm where the peer runs dcb_hdrm, pdelay where it does
# not (auto-hdrm off there: its capability answer says no) and ptp4l
# answers, the manual line where neither answers.
pdelay_auto()
{
	local out rc

	pair 2000
	check_err $? "cannot make a dcbsim pair"
	responder_start db -S
	check_err $? "ptp4l did not start: $(tail -n 5 "$TMPD/ptp4l-b.log")"
	out=$(hdrmA -j measure dev da count 10)
	check_err $? "auto, both ends with dcb_hdrm: $out"
	[ "$(jqn .method "$out")" = hdrm ]
	check_err $? "auto with dcb_hdrm at both ends took $(jqn .method "$out")"
	hdrmB dev set dev db auto-hdrm off
	out=$(hdrmA -j measure dev da count 10)
	check_err $? "auto, the peer without auto-HDRM: $out"
	[ "$(jqn .method "$out")" = pdelay ] && [ "$(jqn .status "$out")" = ok ]
	(($? == 0)) || check_err 1 "auto where only ptp4l answers: $(jq -c '{method, status, responder}' <<<"$out")"
	log_info "auto: hdrm with dcb_hdrm at both ends; pdelay from $(jqn .responder "$out") without, t $(jqn .rtt_ns.estimate "$out") ns"
	responder_stop
	out=$(hdrmA -j measure dev da count 5)
	rc=$?
	[ "$rc" -eq 5 ] && [ "$(jqn .status "$out")" = peer-no-cap ]
	(($? == 0)) || check_err 1 "auto where nothing answers: exit $rc, $(jq -c '{method, status}' <<<"$out" 2>/dev/null)"
	hdrmB dev set dev db auto-hdrm on
	ip -n "$NSA" link del da
	log_test "method auto: hdrm with dcb_hdrm, pdelay with ptp4l alone, the manual line with neither"
}

# pmc_series SOCK SECONDS: ptp4l's peerMeanPathDelay, ns, every 0.25 s
# for SECONDS, one a line
pmc_series()
{
	local i

	for i in $(seq 1 $(($2 * 4))); do
		pmc_delay "$1"
		sleep 0.25
	done
}

# A ptp4l -P on the measuring device: it faults its port on a
# Pdelay_Resp that answers no request of its own ("rogue peer delay
# response"), and the answers to dcb_hdrm's requests would be such. Once
# the module has seen ptp4l's own exchange on the device, method pdelay
# is refused and auto does not fall back to it; ptp4l logs no fault.
# While dcb_hdrm measures the link with its own frames beside it,
# ptp4l's path delay stays within the spread it had before, and its
# hardware timestamping configuration is as it set it. Hardware stamps
# at both ends: software ones under TCG move with the load alone.
pdelay_local_ptp4l()
{
	local out rc pa i base during lo hi w hwts

	pair 20000 hwts on
	check_err $? "cannot make a dcbsim pair"
	responder_start db -H
	check_err $? "the responder did not start: $(tail -n 5 "$TMPD/ptp4l-b.log")"
	ip netns exec "$NSA" ptp4l -2 -P -H -i da -m \
		--uds_address="$TMPD/ptp4l-a" >"$TMPD/ptp4l-a.log" 2>&1 &
	pa=$!
	# its first exchanges, one a second, answered by the responder
	for i in $(seq 1 30); do
		[ "$(hdrmA -j dev show dev da | jq .stats.ptp_others)" -ge 2 ] &&
			[ -n "$(pmc_delay "$TMPD/ptp4l-a")" ] && break
		sleep 0.5
	done
	# its path delay alone for 4 s, then while 60 probes of ours go by
	sleep 3
	base=$(pmc_series "$TMPD/ptp4l-a" 4 | grep -E '^[0-9]+$')
	hwts=$(hdrmA -j dev show dev da | jq -c .hwtstamp)
	pmc_series "$TMPD/ptp4l-a" 4 >"$TMPD/during" &
	out=$(hdrmA -j measure dev da method hdrm count 60 interval 50000)
	check_err $? "hdrm beside ptp4l -P: $out"
	wait $!
	[ "$(jqn .timestamping "$out")" = hardware ] &&
		[ "$(hdrmA -j dev show dev da | jq -c .hwtstamp)" = "$hwts" ]
	check_err $? "beside ptp4l -H: $(jqn .timestamping "$out") stamps, hwtstamp $hwts before, $(hdrmA -j dev show dev da | jq -c .hwtstamp) after"
	during=$(grep -E '^[0-9]+$' "$TMPD/during")
	lo=$(sort -n <<<"$base" | head -n 1)
	hi=$(sort -n <<<"$base" | tail -n 1)
	# its spread, and no less than twice the clocks' resolution
	w=$((hi - lo))
	[ "$w" -lt $((2 * RES)) ] && w=$((2 * RES))
	log_info "ptp4l's path delay on da: $lo..$hi ns alone ($(wc -l <<<"$base") reads), $(sort -n <<<"$during" | head -n 1)..$(sort -n <<<"$during" | tail -n 1) ns while dcb_hdrm measured ($(wc -l <<<"$during") reads); t $(jqn .rtt_ns.estimate "$out") ns"
	[ -n "$base" ] && [ -n "$during" ] &&
		[ "$(sort -n <<<"$during" | head -n 1)" -ge $((lo - w)) ] &&
		[ "$(sort -n <<<"$during" | tail -n 1)" -le $((hi + w)) ]
	check_err $? "ptp4l's path delay left $lo..$hi (+-$w) ns while dcb_hdrm measured: $(tr '\n' ' ' <<<"$during")"
	# a fresh exchange of ptp4l's seen (a loaded guest may have stalled
	# it past the module's 10 s window meanwhile)
	i=$(hdrmA -j dev show dev da | jq .stats.ptp_others)
	for rc in $(seq 1 20); do
		[ "$(hdrmA -j dev show dev da | jq .stats.ptp_others)" -gt "$i" ] && break
		sleep 0.5
	done
	out=$(hdrmA measure dev da method pdelay count 5 2>&1)
	[ $? -ne 0 ] && grep -q "a PTP daemon (ptp4l) runs on this device" <<<"$out"
	check_err $? "method pdelay beside ptp4l -P: $out"
	hdrmB dev set dev db auto-hdrm off
	out=$(hdrmA -j measure dev da count 5)
	rc=$?
	[ "$rc" -eq 5 ] && [ "$(jqn .status "$out")" = peer-no-cap ] &&
		[ "$(jqn .method "$out")" = hdrm ]
	(($? == 0)) || check_err 1 "auto beside ptp4l -P fell back: exit $rc, $(jq -c '{method, status}' <<<"$out" 2>/dev/null)"
	hdrmB dev set dev db auto-hdrm on
	sleep 2
	kill "$pa"
	wait "$pa" 2>/dev/null
	responder_stop
	! grep -qiE "rogue|fault|multiple peer" "$TMPD/ptp4l-a.log"
	(($? == 0)) || check_err 1 "ptp4l on the measuring device logged: $(grep -iE "rogue|fault|multiple peer" "$TMPD/ptp4l-a.log" | head -3)"
	log_info "ptp4l -P on da: $(grep -c . "$TMPD/ptp4l-a.log") log lines, none of a fault; its exchanges counted in ptp_others: $(hdrmA -j dev show dev da | jq .stats.ptp_others)"
	ip -n "$NSA" link del da
	log_test "beside ptp4l -P on the device: its path delay unmoved by hdrm, pdelay refused, auto keeps to hdrm, no fault"
}

# A ptp4l with the end-to-end mechanism on the measuring device, a slave
# of one on the peer: it faults its port on a Pdelay_Resp as a P2P one
# does. The module knows it by the Delay_Resps to its clockIdentity, the
# tool by its socket: pdelay refused by each, auto without the fallback,
# and ptp4l logs no fault.
pdelay_local_e2e()
{
	local out rc pa pb i

	pair 2000
	check_err $? "cannot make a dcbsim pair"
	ip netns exec "$NSB" ptp4l -2 -E -S -i db -m --priority1 100 \
		--uds_address="$TMPD/ptp4l-b" >"$TMPD/ptp4l-b.log" 2>&1 &
	pb=$!
	ip netns exec "$NSA" ptp4l -2 -E -S -s -i da -m \
		--uds_address="$TMPD/ptp4l-a" >"$TMPD/ptp4l-a.log" 2>&1 &
	pa=$!
	# the slave's Delay_Req answered: a Delay_Resp to da's identity
	for i in $(seq 1 60); do
		[ "$(hdrmA -j dev show dev da | jq .stats.ptp_others)" -ge 1 ] && break
		sleep 0.5
	done
	[ "$(hdrmA -j dev show dev da | jq .stats.ptp_others)" -ge 1 ]
	check_err $? "no Delay_Resp to da's ptp4l counted: $(tail -n 3 "$TMPD/ptp4l-a.log")"
	# the module alone (no socket at the default path in the test)
	out=$(hdrmA measure dev da method pdelay count 5 2>&1)
	[ $? -ne 0 ] && grep -q "a PTP daemon (ptp4l) runs on this device" <<<"$out"
	check_err $? "the module took pdelay beside ptp4l -E: $out"
	# the tool, from ptp4l's socket
	out=$(hdrmA measure dev da method pdelay ptp4l-socket "$TMPD/ptp4l-a" count 5 2>&1)
	rc=$?
	[ "$rc" -eq 2 ] && grep -q "ptp4l runs da (delayMechanism E2E), and would take the answers" <<<"$out"
	check_err $? "the tool took pdelay beside ptp4l -E: exit $rc, $out"
	hdrmB dev set dev db auto-hdrm off
	out=$(hdrmA -j measure dev da ptp4l-socket "$TMPD/ptp4l-a" count 5)
	rc=$?
	[ "$rc" -eq 5 ] && [ "$(jqn .status "$out")" = peer-no-cap ] &&
		[ "$(jqn .method "$out")" = hdrm ]
	(($? == 0)) || check_err 1 "auto beside ptp4l -E fell back: exit $rc, $(jq -c '{method, status}' <<<"$out" 2>/dev/null)"
	hdrmB dev set dev db auto-hdrm on
	sleep 2
	kill "$pa" "$pb"
	wait "$pa" "$pb" 2>/dev/null
	! grep -qiE "rogue|fault" "$TMPD/ptp4l-a.log"
	(($? == 0)) || check_err 1 "ptp4l -E on the measuring device logged: $(grep -iE "rogue|fault" "$TMPD/ptp4l-a.log" | head -3)"
	# its own delay exchange went on: it measured a path delay
	grep -q "path delay" "$TMPD/ptp4l-a.log"
	check_err $? "ptp4l -E on da measured no path delay: $(tail -n 3 "$TMPD/ptp4l-a.log")"
	ip -n "$NSA" link del da
	log_test "beside ptp4l -E on the device: pdelay refused by the module and the tool, auto keeps to hdrm, no fault"
}

# The device's method, domain and SDO (dev set): a measurement that
# names none takes them, a re-measurement too; the kernel refuses a
# device method ptp4l with its reason.
pdelay_dev_method()
{
	local out idx before i

	pair 2000
	check_err $? "cannot make a dcbsim pair"
	responder_start db -S
	check_err $? "ptp4l -P -S did not start: $(tail -n 5 "$TMPD/ptp4l-b.log")"
	hdrmA dev set dev da method pdelay ptp-domain 7 ptp-sdo 1
	check_err $? "dev set method pdelay ptp-domain 7 ptp-sdo 1"
	out=$(hdrmA -j dev show dev da)
	[ "$(jq -c '[.method, .ptp_domain, .ptp_sdo]' <<<"$out")" = '["pdelay",7,1]' ]
	check_err $? "dev show: $(jq -c '[.method, .ptp_domain, .ptp_sdo]' <<<"$out")"
	hdrmA dev show dev da | grep -q "^method pdelay  ptp-domain 7  ptp-sdo 1$"
	check_err $? "dev show's text: $(hdrmA dev show dev da | grep method)"
	# ptp4l answers domain 0, SDO 0 only: the device's 7 and 1 get nothing
	out=$(hdrmA -j measure dev da count 5 timeout 500 2>&1)
	[ $? -ne 0 ] && grep -q '"method":"pdelay"' <<<"$out" &&
		grep -q '"status":"no-reply"' <<<"$out"
	check_err $? "domain 7, SDO 1 from the device: $(head -c 300 <<<"$out")"
	hdrmA dev set dev da ptp-domain 0 ptp-sdo 0
	out=$(hdrmA -j measure dev da count 10)
	check_err $? "method pdelay from the device: $out"
	[ "$(jqn .method "$out")" = pdelay ] && [ "$(jqn .status "$out")" = ok ]
	(($? == 0)) || check_err 1 "the device's method pdelay: $(jq -c '{method, status}' <<<"$out")"
	# a request's own method still wins
	out=$(hdrmA -j measure dev da method hdrm count 5)
	[ "$(jqn .method "$out")" = hdrm ]
	check_err $? "method hdrm on a pdelay device: $(jq -c '{method, status}' <<<"$out")"
	# a re-measurement after a link event takes the device's method
	before=$(hdrmA -j dev show dev da | jq .stats.remeasured)
	hdrmA dev set dev da remeasure on
	ip -n "$NSA" link set da mtu 2000
	for i in $(seq 1 40); do
		out=$(hdrmA -j show dev da)
		[ "$(jqn .method "$out")" = pdelay ] &&
			[ "$(jqn .status "$out")" = ok ] && break
		sleep 0.25
	done
	[ "$(hdrmA -j dev show dev da | jq .stats.remeasured)" -gt "$before" ] &&
		[ "$(jqn .method "$out")" = pdelay ] && [ "$(jqn .status "$out")" = ok ]
	(($? == 0)) || check_err 1 "the re-measurement: $(jq -c '{method, status, session}' <<<"$out")"
	hdrmA dev set dev da remeasure off
	responder_stop
	# the kernel's own refusal, past the tool's
	if [ -n "${YNL_CLI:-}" ] && [ -f "$YNL_CLI" ]; then
		idx=$(hdrmA -j dev show dev da | jq .ifindex)
		out=$(ynl_ns "$NSA" --do dev-set --json "{\"ifindex\": $idx, \"method\": \"ptp4l\", \"ptp-domain\": 9}" 2>&1)
		[ $? -ne 0 ] && grep -q "method ptp4l is a measurement's, not a device's" <<<"$out"
		check_err $? "the module took a device method ptp4l: $out"
		[ "$(hdrmA -j dev show dev da | jq -c '[.method, .ptp_domain]')" = '["pdelay",0]' ]
		check_err $? "a refused dev set changed the device: $(hdrmA -j dev show dev da | jq -c '[.method, .ptp_domain]')"
	fi
	ip -n "$NSA" link del da
	log_test "dev set method, ptp-domain, ptp-sdo: taken by measure and remeasure, ptp4l refused"
}

# method ptp4l, in the module: the requester gives ptp4l's peer delay
# and the module makes the result of it, twice it the round trip, no
# frame sent; hardware stamps give the NIC's resolution as precision.
# Through the kernel's YNL client, which the tool's ptp4l client feeds.
pdelay_given()
{
	local idx out probes

	if [ -z "${YNL_CLI:-}" ] || [ ! -f "$YNL_CLI" ]; then
		log_skip "${FUNCNAME[0]}" "the kernel's YNL client is not here"
		return
	fi
	pair 0 hwts on && hdrmA dev set dev da speed 25000
	check_err $? "cannot make a dcbsim pair"
	idx=$(hdrmA -j dev show dev da | jq .ifindex)
	probes=$(hdrmA -j dev show dev da | jq .stats.tx_probes)
	for hw in 0 1; do
		out=$(ynl_ns "$NSA" --do measure --json \
			"{\"ifindex\": $idx, \"method\": \"ptp4l\", \"peer-delay\": 5123, \"peer-delay-hw\": $hw}" 2>&1)
		check_err $? "YNL measure method ptp4l: $out"
		sleep 1
		out=$(ynl_ns "$NSA" --do result-get --json "{\"ifindex\": $idx}" --output-json 2>&1)
		jq -e --argjson hw "$hw" '(.method == "ptp4l") and (.status == "ok") and
			(."rtt-estimate" == 10246) and (."probes-sent" == 1) and
			(.timestamping == (if $hw == 1 then "hardware" else "software" end))' \
			<<<"$out" >/dev/null
		check_err $? "peer-delay 5123 ns, hardware $hw: $(jq -c '{method, status, "rtt-estimate", timestamping, precision}' <<<"$out")"
	done
	[ "$(hdrmA -j dev show dev da | jq .stats.tx_probes)" = "$probes" ]
	check_err $? "method ptp4l sent probes"
	ip -n "$NSA" link del da
	log_test "method ptp4l: ptp4l's peer delay given, the result twice it, no frame sent"
}

# ptp4l's peerMeanPathDelay on the port, ns, as pmc reads it from the
# ptp4l whose socket is $1
pmc_delay()
{
	ip netns exec "$NSA" pmc -u -b 0 -s "$1" 'GET PORT_DATA_SET' 2>/dev/null |
		awk '$1 == "peerMeanPathDelay" { print $2; exit }'
}

# method ptp4l through the tool: with ptp4l -P on the measuring device,
# dcb-hdrm reads its peer delay over its management socket, as pmc does,
# and the round trip is twice what pmc reads; auto prefers it there.
# Hardware stamps: software ones under TCG once read 1.9 ms for 20 us,
# which the tool refuses as no link's.
pdelay_ptp4l_method()
{
	local out pa sock=$TMPD/ptp4l-a d0 d1 est i method

	pair 20000 hwts on
	check_err $? "cannot make a dcbsim pair"
	responder_start db -H
	check_err $? "the responder did not start: $(tail -n 5 "$TMPD/ptp4l-b.log")"
	ip netns exec "$NSA" ptp4l -2 -P -H -i da -m --uds_address="$sock" \
		>"$TMPD/ptp4l-a.log" 2>&1 &
	pa=$!
	for i in $(seq 1 40); do
		d0=$(pmc_delay "$sock")
		[ -n "$d0" ] && [ "$d0" -gt 0 ] && break
		sleep 0.5
	done
	[ -n "$d0" ] && [ "$d0" -gt 0 ]
	check_err $? "ptp4l measured no peer delay on da: $(tail -n 3 "$TMPD/ptp4l-a.log")"
	for method in ptp4l auto; do
		d0=$(pmc_delay "$sock")
		if [ "$method" = ptp4l ]; then
			out=$(hdrmA -j measure dev da method ptp4l ptp4l-socket "$sock")
		else
			out=$(hdrmA -j measure dev da ptp4l-socket "$sock")
		fi
		check_err $? "$method: $out"
		d1=$(pmc_delay "$sock")
		est=$(jqn .rtt_ns.estimate "$out")
		log_info "method $method: t $est ns; pmc read peerMeanPathDelay $d0 ns before and $d1 ns after"
		[ "$(jqn .method "$out")" = ptp4l ]
		check_err $? "$method: $(jq -c '{method, status}' <<<"$out"), want ptp4l"
		# pmc truncates ptp4l's 2^-16 ns, dcb-hdrm rounds: 1 ns apart
		[ "$(absdiff "$est" $((2 * d0)))" -le 2 ] ||
			[ "$(absdiff "$est" $((2 * d1)))" -le 2 ]
		check_err $? "$method: t $est ns is not twice pmc's $d0 or $d1 ns"
	done
	[ "$(hdrmA -j dev show dev da | jq .stats.tx_probes)" = 0 ]
	check_err $? "method ptp4l sent probes"
	kill "$pa"
	wait "$pa" 2>/dev/null
	responder_stop
	! grep -qiE "rogue|fault" "$TMPD/ptp4l-a.log"
	(($? == 0)) || check_err 1 "ptp4l logged: $(grep -iE "rogue|fault" "$TMPD/ptp4l-a.log" | head -3)"
	ip -n "$NSA" link del da
	log_test "method ptp4l: twice what pmc reads from the same ptp4l; auto prefers it; no frame sent"
}

# What peer delay cannot do, refused with the reason and nothing started
pdelay_refusals()
{
	local out idx req

	pair 0
	out=$(hdrmA measure dev da method pdelay mode 2ts 2>&1)
	[ $? -ne 0 ] && grep -q "not with mode 2ts" <<<"$out"
	check_err $? "pdelay with 2ts: $out"
	out=$(hdrmA measure dev da method pdelay push 2>&1)
	[ $? -ne 0 ] && grep -q "takes no push" <<<"$out"
	check_err $? "pdelay with push: $out"
	out=$(hdrmA measure dev da method hdrm ptp-domain 3 2>&1)
	[ $? -ne 0 ] && grep -q "ptp-domain and ptp-sdo are for" <<<"$out"
	check_err $? "hdrm with ptp-domain: $out"
	out=$(hdrmA measure dev da method sideways 2>&1)
	[ $? -eq 1 ] && grep -q 'invalid method "sideways"' <<<"$out"
	check_err $? "method sideways: $out"
	# the module's own checks, past the tool's: YNL, each with its extack
	if [ -n "${YNL_CLI:-}" ] && [ -f "$YNL_CLI" ]; then
		idx=$(hdrmA -j dev show dev da | jq .ifindex)
		for req in '"method": 2, "mode": 1|not with mode 2ts' \
			   '"method": 2, "push": 1|takes no push' \
			   '"method": 1, "ptp-sdo": 1|are for method pdelay or auto' \
			   '"method": "ptp4l"|takes ptp4l.s peer delay in peer-delay' \
			   '"method": "pdelay", "peer-delay": 100|are for method ptp4l' \
			   '"method": "ptp4l", "peer-delay": 1000001|out of range\|Numerical result\|Invalid' \
			   '"method": 3|out of range\|Numerical result\|Invalid'; do
			out=$(ynl_ns "$NSA" --do measure \
				--json "{\"ifindex\": $idx, ${req%%|*}}" 2>&1)
			[ $? -ne 0 ] && grep -q "${req#*|}" <<<"$out"
			check_err $? "the module took {${req%%|*}}: $out"
		done
	fi
	[ "$(hdrmA -j dev show dev da | jq .stats.tx_probes)" = 0 ]
	check_err $? "a refused measurement sent probes"
	ip -n "$NSA" link del da
	log_test "pdelay refused with 2ts, push, and the PTP options with method hdrm, by the tool and by the module"
}

require_root
require_cmd jq ip ptp4l pmc
TMPD=$(mktemp -d)
trap 'responder_stop; ns_cleanup; rm -rf "$TMPD"' EXIT
dcbsim_start
tests_run
