#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The dcbsim test device itself (selftests/dcbsim), which the apply tests
# stand on: its cable, its speed knob and its DCB operations, read back
# with the real ip, ethtool, ping and dcb. dcbnl answers a driver's
# refusal inside the reply (DCB_ATTR_IEEE) and iproute2 6.1's dcb exits 0
# regardless, so refusals are checked by reading the state back.

ALL_TESTS="dcbsim_pair dcbsim_cable dcbsim_speed dcbsim_pfc dcbsim_buffer
	   dcbsim_ets_dcbx dcbsim_knobs dcbsim_teardown"
# the debug kernel: none (see Documentation/testing.rst)
DEBUG_TESTS=""
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b

dcbA()
{
	ip netns exec "$NSA" dcb "$@"
}

setup()
{
	ns_cleanup
	ip netns add "$NSA" && ip netns add "$NSB" || return 1
	ip -n "$NSA" link add da type dcbsim peer name db netns "$NSB" || return 1
	ip -n "$NSA" addr add 192.0.2.1/24 dev da
	ip -n "$NSB" addr add 192.0.2.2/24 dev db
	ip -n "$NSA" link set da up && ip -n "$NSB" link set db up
}

dcbsim_pair()
{
	ip -n "$NSA" -d link show da | grep -q "dcbsim"
	check_err $? "ip -d link show does not name the kind"
	ip -n "$NSB" link show db >/dev/null
	check_err $? "the peer is not in its namespace"
	ip netns exec "$NSA" ping -c 1 -W 5 192.0.2.2 >/dev/null
	check_err $? "no ping across the pair"
	log_test "a pair across namespaces carries frames"
}

# The average ping round trip, in microseconds.
ping_avg_us()
{
	ip netns exec "$NSA" ping -q -c 5 -i 0.2 -W 5 192.0.2.2 |
		awk -F/ '/^rtt/ { printf "%d\n", $5 * 1000 }'
}

dcbsim_cable()
{
	local base slow

	base=$(ping_avg_us)
	ip -n "$NSA" link set da type dcbsim delay-ns 2000000
	ip -n "$NSB" link set db type dcbsim delay-ns 2000000
	slow=$(ping_avg_us)
	log_info "ping: ${base} us without the cable's delay, ${slow} us with 2 ms each way"
	[ -n "$slow" ] && [ "$slow" -ge 4000 ] && [ "$slow" -le $((base + 4000 + 3000)) ]
	check_err $? "2 ms each way: ping ${slow} us (without: ${base} us)"
	ip -n "$NSA" link set da type dcbsim delay-ns 0
	ip -n "$NSB" link set db type dcbsim delay-ns 0
	log_test "the cable delays each direction by delay-ns"
}

dcbsim_speed()
{
	ip netns exec "$NSA" ethtool da | grep -q "Speed: 10000Mb/s"
	check_err $? "default speed is not 10000Mb/s"
	ip netns exec "$NSA" ethtool -s da speed 25000 duplex full autoneg off
	check_err $? "ethtool -s speed failed"
	ip netns exec "$NSA" ethtool da | grep -q "Speed: 25000Mb/s"
	check_err $? "ethtool does not read 25000Mb/s back"
	ip -n "$NSA" link set da type dcbsim speed 100
	ip netns exec "$NSA" ethtool da | grep -q "Speed: 100Mb/s"
	check_err $? "the speed knob does not reach ethtool"
	ip netns exec "$NSA" ethtool -s da autoneg on 2>/dev/null
	check_fail $? "autoneg on accepted"
	ip -n "$NSA" link set da type dcbsim speed 10000
	log_test "link speed through ethtool and the knob"
}

dcbsim_pfc()
{
	local out

	out=$(dcbA pfc set dev da prio-pfc 3:on delay 4096 2>&1)
	check_err $? "dcb pfc set failed: $out"
	[ "$(dcbA -j pfc show dev da | jq -c '[.delay, .prio_pfc[3], .pfc_cap]')" = '[4096,true,8]' ]
	check_err $? "dcb pfc show: $(dcbA -j pfc show dev da)"
	# metres: 1000 refused, 0 keeps the previous value
	ip -n "$NSA" link set da type dcbsim semantics metres
	dcbA pfc set dev da delay 120
	dcbA pfc set dev da delay 1000 2>/dev/null
	[ "$(dcbA -j pfc show dev da | jq .delay)" = 120 ]
	check_err $? "metres: 1000 taken"
	dcbA pfc set dev da delay 0
	[ "$(dcbA -j pfc show dev da | jq .delay)" = 120 ]
	check_err $? "metres: 0 did not keep 120"
	# buffers: no delay
	ip -n "$NSA" link set da type dcbsim semantics buffers
	[ "$(dcbA -j pfc show dev da | jq .delay)" = 0 ]
	check_err $? "buffers: a delay is reported"
	dcbA pfc set dev da delay 10 2>/dev/null
	ip -n "$NSA" link set da type dcbsim semantics bits
	[ "$(dcbA -j pfc show dev da | jq .delay)" = 120 ]
	check_err $? "buffers: a delay taken"
	dcbA pfc set dev da prio-pfc all:off delay 0
	log_test "PFC get/set in bits, metres and buffers semantics"
}

dcbsim_buffer()
{
	local before

	dcbA buffer set dev da prio-buffer all:0 3:1 buffer-size 1:1000
	check_err $? "dcb buffer set failed"
	# rounded up to the 128-byte cell
	[ "$(dcbA -j buffer show dev da | jq -c '[.prio_buffer, .buffer_size[1], .total_size]')" = '[[0,0,0,1,0,0,0,0],1024,262144]' ]
	check_err $? "dcb buffer show: $(dcbA -j buffer show dev da)"
	before=$(dcbA -j buffer show dev da)
	dcbA buffer set dev da buffer-size 1:300000 2>/dev/null
	[ "$(dcbA -j buffer show dev da)" = "$before" ]
	check_err $? "a size over the total taken"
	ip -n "$NSA" link set da type dcbsim fail 16
	dcbA buffer set dev da buffer-size 1:2048 2>/dev/null
	dcbA pfc set dev da delay 77 2>/dev/null
	ip -n "$NSA" link set da type dcbsim fail 0
	[ "$(dcbA -j buffer show dev da)" = "$before" ] &&
		[ "$(dcbA -j pfc show dev da | jq .delay)" != 77 ]
	check_err $? "fail 16: a set taken"
	log_test "buffer get/set: cells, the total, refusals change nothing"
}

dcbsim_ets_dcbx()
{
	dcbA ets set dev da tc-tsa all:strict 0:ets 1:ets tc-bw 0:60 1:40
	check_err $? "dcb ets set failed"
	[ "$(dcbA -j ets show dev da | jq -c '[.tc_bw[0], .tc_bw[1], .tc_tsa[0]]')" = '[60,40,"ets"]' ]
	check_err $? "dcb ets show: $(dcbA -j ets show dev da)"
	dcbA ets set dev da tc-bw 0:50 1:40 2>/dev/null
	[ "$(dcbA -j ets show dev da | jq -c '[.tc_bw[0], .tc_bw[1]]')" = '[60,40]' ]
	check_err $? "ETS bandwidths summing to 90 taken"
	dcbA dcbx show dev da | grep -q "host" && dcbA dcbx show dev da | grep -q "ieee"
	check_err $? "dcbx: $(dcbA dcbx show dev da)"
	dcbA dcbx set dev da host cee
	check_err $? "dcbx set host cee failed"
	dcbA dcbx set dev da lld-managed cee 2>/dev/null
	! dcbA dcbx show dev da | grep -q "lld-managed"
	check_err $? "dcbx lld-managed taken"
	dcbA dcbx set dev da host ieee
	log_test "ETS and DCBX modes"
}

dcbsim_knobs()
{
	local err

	err=$(ip -n "$NSA" link set da type dcbsim speed 5 2>&1)
	check_fail $? "speed 5 accepted"
	err=$(ip -n "$NSA" link set da type dcbsim semantics furlongs 2>&1)
	[ $? -ne 0 ] && grep -q 'invalid semantics "furlongs"' <<<"$err"
	check_err $? "bad semantics: $err"
	err=$(ip -n "$NSA" link set da type dcbsim colour blue 2>&1)
	[ $? -ne 0 ] && grep -q 'unknown argument "colour"' <<<"$err"
	check_err $? "unknown knob: $err"
	ip -n "$NSA" -d link show da | grep -q "speed 10000 semantics bits buffer-total 262144 cell 128"
	check_err $? "knobs not shown: $(ip -n "$NSA" -d link show da)"
	log_test "knobs: ranges and words checked, shown by ip -d link"
}

dcbsim_teardown()
{
	ip -n "$NSA" link set da type dcbsim delay-ns 50000000
	# frames still on the cable when the pair goes
	ip netns exec "$NSA" ping -c 3 -i 0.01 -W 1 192.0.2.2 >/dev/null 2>&1 &
	sleep 0.05
	ip -n "$NSA" link del da
	check_err $? "deleting one end failed"
	wait
	! ip -n "$NSB" link show db >/dev/null 2>&1
	check_err $? "the peer outlived its pair"
	# a namespace's deletion takes its end and the peer with it
	ip -n "$NSA" link add dc type dcbsim peer name dd netns "$NSB"
	ip netns del "$NSA"
	sleep 1
	! ip -n "$NSB" link show dd >/dev/null 2>&1
	check_err $? "the peer outlived its namespace's end"
	log_test "deleting an end or its namespace removes both, frames in flight included"
}

require_root
require_cmd jq ip dcb ethtool ping
trap 'ns_cleanup' EXIT
if ! dcbsim_load; then
	echo "1..0 # SKIP the dcbsim test device is not available"
	exit $ksft_skip
fi
setup || { echo "1..0 # SKIP cannot create a dcbsim pair"; exit $ksft_skip; }
tests_run
