#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The dcbsim test device itself (selftests/dcbsim), which the apply tests
# stand on: its cable, its speed knob and its DCB operations, read back
# with the real ip, ethtool, ping and dcb. dcbnl answers a driver's
# refusal inside the reply (DCB_ATTR_IEEE) and iproute2 6.1's dcb exits 0
# regardless, so refusals are checked by reading the state back, and their
# errno with dcb_errno, which reads that reply.
#
# Its models of real drivers' DCB arithmetic (mlx5, mlxsw as Linux 6.12
# has them), each checked against a hand computation printed with the
# test: the sizes that dcb reads back, and the XOFF thresholds that ip -d
# link show prints.
#
# Its PTP hardware clock and hardware timestamps, read with linuxptp's
# phc_ctl and hwstamp_ctl, ethtool -T, and selftests/tstamp/tsprobe (raw
# frames with SO_TIMESTAMPING, the hardware stamps an application reads):
# the stamps sit on the cable's timeline, so a frame's receive stamp is
# its transmit stamp plus delay-ns on equal clocks, exactly to the
# resolution, whatever the guest's scheduling did meanwhile.

ALL_TESTS="dcbsim_pair dcbsim_cable dcbsim_speed dcbsim_pfc dcbsim_buffer
	   dcbsim_ets_dcbx dcbsim_mlx5_delay dcbsim_mlx5_owner dcbsim_mlx5_enomem
	   dcbsim_mlx5_buffer dcbsim_mlx5_einval dcbsim_mlxsw_delay
	   dcbsim_mlxsw_refused dcbsim_knobs dcbsim_ts_knobs dcbsim_ts_info
	   dcbsim_hwtstamp_config dcbsim_phc dcbsim_hw_stamps
	   dcbsim_hw_stamps_clock dcbsim_ptp4l dcbsim_pfc_storm dcbsim_pfc_tx
	   dcbsim_pfc_tx_teardown dcbsim_teardown dcbsim_phc_teardown"
# the debug kernel: the PHC and its stamps, and its teardown, and frames
# held by a pause when PFC goes off, the device goes down or the pair
# goes (the storm emulation runs there under watchdog.sh's wd_stop;
# dcbsim_pfc_storm took 199 s)
DEBUG_TESTS="dcbsim_hw_stamps dcbsim_pfc_tx_teardown dcbsim_phc_teardown"
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b
TSPROBE=$DCB_HDRM_TOP/selftests/tstamp/tsprobe

dcbA()
{
	dcb -n "$NSA" "$@"
}

# simA/simB KNOBS...: set dcbsim knobs of da/db
simA()
{
	ip -n "$NSA" link set da type dcbsim "$@"
}

simB()
{
	ip -n "$NSB" link set db type dcbsim "$@"
}

# dcb_errno NS DEV pfc PFC_EN DELAY
# dcb_errno NS DEV buffer P0,...,P7 S0,...,S7
# One DCB_CMD_IEEE_SET of that PFC configuration (pfc_cap 8, mbc 0) or
# buffer configuration (prio2buffer, sizes); prints the driver's answer,
# dcbnl's DCB_ATTR_IEEE status byte in the reply: 0 or an errno's name.
dcb_errno()
{
	local ns=$1

	shift
	ip netns exec "$ns" python3 - "$@" <<'EOF'
import errno, socket, struct, sys
dev, what = sys.argv[1], sys.argv[2]
if what == "pfc":
    # struct ieee_pfc
    inner = struct.pack("=BBBxH2x8Q8Q", 8, int(sys.argv[3], 0), 0,
                        int(sys.argv[4]), *([0] * 16))
    nested = 2                      # DCB_ATTR_IEEE_PFC
else:
    # struct dcbnl_buffer
    inner = struct.pack("=8B8II", *[int(x) for x in sys.argv[3].split(",")],
                        *[int(x) for x in sys.argv[4].split(",")], 0)
    nested = 10                     # DCB_ATTR_DCB_BUFFER

def attr(t, d):
    a = struct.pack("=HH", 4 + len(d), t) + d
    return a + b"\0" * (-len(a) % 4)

# struct dcbmsg DCB_CMD_IEEE_SET, DCB_ATTR_IFNAME, DCB_ATTR_IEEE
body = (struct.pack("=BBH", 0, 20, 0) + attr(1, dev.encode() + b"\0") +
        attr(13, attr(nested, inner)))
s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE)
s.sendto(struct.pack("=IHHII", 16 + len(body), 79, 1, 1, 0) + body, (0, 0))
m = s.recv(65536)
ln, typ = struct.unpack_from("=IH", m)
if typ == 2:                        # NLMSG_ERROR
    print("netlink error", struct.unpack_from("=i", m, 16)[0])
    sys.exit(1)
off = 20
while off + 4 <= ln:
    alen, t = struct.unpack_from("=HH", m, off)
    if t == 13:
        v = struct.unpack_from("=b", m, off + 4)[0]
        print(0 if v == 0 else errno.errorcode.get(-v, str(v)))
        sys.exit(0)
    off += (alen + 3) & ~3
print("no status in the reply")
sys.exit(1)
EOF
}

# xoff_of NS DEV: the XOFF thresholds ip -d link show prints, "B0,...,B7"
xoff_of()
{
	ip -n "$1" -d link show "$2" | sed -n 's/.* xoff \([0-9,]*\).*/\1/p'
}

# bufs NS DEV: dcb buffer show's sizes, total and map as one JSON line
bufs()
{
	dcb -n "$1" -j buffer show dev "$2" |
		jq -c '[.buffer_size, .total_size, .prio_buffer]'
}

# mlx5_xoff METRES SPEED MTU: calculate_xoff() of mlx5 (6.12), bytes
mlx5_xoff()
{
	local speed=$(($2 > 40000 ? $2 : 40000))

	echo $(( (301 + 216 * $1 / 100) * speed / 1000 + 272 * $3 / 100 ))
}

# cells BYTES CELL: whole cells, rounded up
cells()
{
	echo $(( ($1 + $2 - 1) / $2 ))
}

# the timestamping knobs and configuration back to their defaults
ts_reset()
{
	simA hwts off ts-resolution-ns 8 clock-ppb 0 clock-offset-ns 0 delay-ns 0
	simB hwts off ts-resolution-ns 8 clock-ppb 0 clock-offset-ns 0 delay-ns 0
}

# phc_index NS DEV: the PHC index ethtool -T reports ("none" without)
phc_index()
{
	ip netns exec "$1" ethtool -T "$2" | awk -F': *' '/PTP Hardware Clock/ { print $2 }'
}

# hwts_cfg NS DEV [ ARGS ]: hwstamp_ctl's settings after ARGS (the new
# ones when ARGS set any), as "TX_TYPE RX_FILTER"; fails as hwstamp_ctl does
hwts_cfg()
{
	local ns=$1 dev=$2 out

	shift 2
	out=$(ip netns exec "$ns" hwstamp_ctl -i "$dev" "$@" 2>&1) || return 1
	awk '/settings:/ { tx = rx = "" } /^tx_type/ { tx = $2 } /^rx_filter/ { rx = $2 }
	     END { if (tx == "" || rx == "") exit 1; print tx, rx }' <<<"$out"
}

# phc DEV COMMAND...: phc_ctl's COMMANDs on /dev/DEV ("--": negative
# arguments are not options)
phc()
{
	local dev=$1

	shift
	phc_ctl "/dev/$dev" -- "$@" 2>&1
}

# phc_time DEV COMMAND...: phc DEV COMMAND...; the last time it read, in s
phc_time()
{
	phc "$@" | awk '/clock time is/ { t = $5 } END { if (t == "") exit 1; print t }'
}

# mono_ns: the host's CLOCK_MONOTONIC (the clock model's x), in ns
mono_ns()
{
	awk '/^now at/ { print $3; exit }' /proc/timer_list
}

# tsprobe ARGS... NSA da NSB db (or the reverse): its lines "seq N tx T rx R"
probe()
{
	"$TSPROBE" "$@" 2>&1
}

# stamps_exact OUT DELAY RES: every frame of tsprobe's OUT has both stamps,
# each a multiple of RES, and rx - tx within RES of DELAY (exactly DELAY
# when RES divides it); STAMPS_DIFFS says what was seen
stamps_exact()
{
	local out=$1 d=$2 res=$3

	STAMPS_DIFFS=$(awk '/^seq/ { printf "%s ", ($6 == "none" || $4 == "none") ? "none" : $6 - $4 }' <<<"$out")
	awk -v d="$d" -v r="$res" '
		/^seq/ { n++
			 if ($4 == "none" || $6 == "none") bad++
			 else if ($4 % r || $6 % r) bad++
			 else if (d % r == 0 && $6 - $4 != d) bad++
			 else if ($6 - $4 <= d - r || $6 - $4 >= d + r) bad++ }
		END { exit !(n > 0 && !bad) }' <<<"$out"
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

# The shortest of 5 ping round trips, in microseconds: the cable's delay
# is a floor under each, and the host's stalls (guests sharing its cores
# have taken an average of 5 from 4.8 to 14.3 ms) only add to some.
ping_min_us()
{
	ip netns exec "$NSA" ping -q -c 5 -i 0.2 -W 5 192.0.2.2 |
		awk -F/ '/^rtt/ { sub(/.*= /, "", $4); printf "%d\n", $4 * 1000 }'
}

dcbsim_cable()
{
	local base slow

	base=$(ping_min_us)
	ip -n "$NSA" link set da type dcbsim delay-ns 2000000
	ip -n "$NSB" link set db type dcbsim delay-ns 2000000
	slow=$(ping_min_us)
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
	ip netns exec "$NSA" ethtool da | grep -q "Lanes: 1"
	check_err $? "ethtool does not read 1 lane"
	ip netns exec "$NSA" ethtool -s da speed 25000 duplex full autoneg off lanes 4
	check_err $? "ethtool -s lanes 4 failed"
	ip netns exec "$NSA" ethtool da | grep -q "Lanes: 4" &&
		ip -n "$NSA" -d link show da | grep -q "speed 25000 lanes 4 "
	(($? == 0)) || check_err 1 "lanes 4 not read back: $(ip netns exec "$NSA" ethtool da | grep Lanes)"
	ip -n "$NSA" link set da type dcbsim speed 10000 lanes 1
	log_test "link speed and lanes through ethtool and the knobs"
}

dcbsim_pfc()
{
	local out

	out=$(dcbA pfc set dev da prio-pfc 3:on delay 4096 2>&1)
	check_err $? "dcb pfc set failed: $out"
	[ "$(dcbA -j pfc show dev da | jq -c '[.delay, .prio_pfc[3], .pfc_cap]')" = '[4096,true,8]' ]
	(($? == 0)) || check_err 1 "dcb pfc show: $(dcbA -j pfc show dev da)"
	# generic: any u16 stored and reported as given, 0 and 1000 included
	for d in 1000 0 65535; do
		[ "$(dcb_errno "$NSA" da pfc 0x08 "$d")" = 0 ] &&
			[ "$(dcbA -j pfc show dev da | jq .delay)" = "$d" ]
		(($? == 0)) || check_err 1 "generic: delay $d: $(dcbA -j pfc show dev da)"
	done
	[ "$(xoff_of "$NSA" da)" = 0,0,0,0,0,0,0,0 ]
	(($? == 0)) || check_err 1 "generic: XOFF thresholds $(xoff_of "$NSA" da)"
	dcbA pfc set dev da prio-pfc all:off delay 0
	log_test "PFC get/set, model generic: the delay stored as given"
}

dcbsim_buffer()
{
	local before

	dcbA buffer set dev da prio-buffer all:0 3:1 buffer-size 1:1000
	check_err $? "dcb buffer set failed"
	# rounded up to the 128-byte cell
	[ "$(dcbA -j buffer show dev da | jq -c '[.prio_buffer, .buffer_size[1], .total_size]')" = '[[0,0,0,1,0,0,0,0],1024,262144]' ]
	(($? == 0)) || check_err 1 "dcb buffer show: $(dcbA -j buffer show dev da)"
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
	(($? == 0)) || check_err 1 "dcb ets show: $(dcbA -j ets show dev da)"
	dcbA ets set dev da tc-bw 0:50 1:40 2>/dev/null
	[ "$(dcbA -j ets show dev da | jq -c '[.tc_bw[0], .tc_bw[1]]')" = '[60,40]' ]
	check_err $? "ETS bandwidths summing to 90 taken"
	dcbA dcbx show dev da | grep -q "host" && dcbA dcbx show dev da | grep -q "ieee"
	(($? == 0)) || check_err 1 "dcbx: $(dcbA dcbx show dev da)"
	dcbA dcbx set dev da host cee
	check_err $? "dcbx set host cee failed"
	dcbA dcbx set dev da lld-managed cee 2>/dev/null
	! dcbA dcbx show dev da | grep -q "lld-managed"
	check_err $? "dcbx lld-managed taken"
	dcbA dcbx set dev da host ieee
	log_test "ETS and DCBX modes"
}

# dcbsim_mlx5_*: mlx5's arithmetic (en/port_buffer.c, en_dcbnl.c of 6.12);
# each starts from a new mlx5 port and leaves a generic one
dcbsim_mlx5_delay()
{
	local d

	simA model mlx5
	[ "$(dcbA -j pfc show dev da | jq .delay)" = 7 ]
	(($? == 0)) || check_err 1 "mlx5: the default cable is not 7 m: $(dcbA -j pfc show dev da)"
	ip -n "$NSA" -d link show da | grep -q "maxmtu 9978"
	check_err $? "mlx5: max_mtu is not 9978"
	dcbA pfc set dev da delay 120
	[ "$(dcbA -j pfc show dev da | jq .delay)" = 120 ]
	(($? == 0)) || check_err 1 "mlx5: 120 m not taken: $(dcbA -j pfc show dev da)"
	# 0 and 1000 and above: ignored, not refused
	for d in 0 1000 65535; do
		[ "$(dcb_errno "$NSA" da pfc 0 "$d")" = 0 ] &&
			[ "$(dcbA -j pfc show dev da | jq .delay)" = 120 ]
		(($? == 0)) || check_err 1 "mlx5: delay $d not ignored: $(dcbA -j pfc show dev da)"
	done
	dcbA pfc set dev da delay 999
	[ "$(dcbA -j pfc show dev da | jq .delay)" = 999 ]
	check_err $? "mlx5: 999 m not taken"
	simA model generic
	log_test "mlx5: the delay is metres of cable, 1..999 taken, 0 and 1000 ignored"
}

# mlx5's gate: a port comes up with firmware-owned buffers, where a cable
# length is kept and reported but moves no XOFF (nor does PFC); a
# setbuffer that writes nothing takes nothing; one that changes a size
# takes them, and the thresholds then come from the length kept (ethtool
# -S reads them)
dcbsim_mlx5_owner()
{
	local thres

	simA model mlx5
	ip -n "$NSA" -d link show da | grep -q "buffer-owner firmware"
	check_err $? "a new mlx5 port is not firmware-owned: $(ip -n "$NSA" -d link show da)"
	dcbA pfc set dev da prio-pfc 3:on delay 20
	[ "$(dcbA -j pfc show dev da | jq .delay)" = 20 ] &&
		[ "$(sim_stat "$NSA" da buffer0_xoff)" = 0 ] &&
		[ "$(sim_stat "$NSA" da buffer0_size)" = 65536 ]
	(($? == 0)) || check_err 1 "firmware-owned: $(dcbA -j pfc show dev da), buffer0 $(sim_stat "$NSA" da buffer0_size)/$(sim_stat "$NSA" da buffer0_xoff)"
	# the same sizes: no write, nothing taken
	dcbA buffer set dev da buffer-size all:0 0:65536
	ip -n "$NSA" -d link show da | grep -q "buffer-owner firmware" &&
		[ "$(sim_stat "$NSA" da buffer0_xoff)" = 0 ]
	(($? == 0)) || check_err 1 "an unchanged setbuffer took the buffers"
	dcbA buffer set dev da buffer-size all:0 0:65536 1:8192
	# PFC again: now the driver's, buffer 0 turns lossless at the 20 m kept
	dcbA pfc set dev da prio-pfc 3:off && dcbA pfc set dev da prio-pfc 3:on
	thres=$(( (65536 - $(mlx5_xoff 20 10000 1500)) / 128 * 128 ))
	log_info "20 m kept while firmware-owned; a changed setbuffer takes the buffers: buffer 0's XOFF at $(sim_stat "$NSA" da buffer0_xoff) B (formula $thres)"
	ip -n "$NSA" -d link show da | grep -q "buffer-owner software" &&
		[ "$(sim_stat "$NSA" da buffer0_xoff)" = "$thres" ] &&
		[ "$(sim_stat "$NSA" da buffer1_size)" = 8192 ]
	(($? == 0)) || check_err 1 "after a changed setbuffer: $(ip -n "$NSA" -d link show da); buffer0_xoff $(sim_stat "$NSA" da buffer0_xoff)"
	simA model generic
	log_test "mlx5: firmware-owned buffers keep the length without XOFF until a setbuffer changes a size"
}

dcbsim_mlx5_enomem()
{
	local xoff7 xoff999 thres want err

	simA model mlx5 buffer-owner software
	# priority 3 PFC on: buffer 0 (every priority's) lossless
	dcbA pfc set dev da prio-pfc 3:on
	xoff7=$(mlx5_xoff 7 10000 1500)
	thres=$(( (65536 - xoff7) / 128 * 128 ))
	want="$thres,0,0,0,0,0,0,0"
	log_info "7 m, 10 Gb/s (40 counted), MTU 1500: xoff $xoff7 B; buffer 0 65536 B: XOFF at (65536 - $xoff7) in whole 128 B cells = $thres B"
	[ "$(xoff_of "$NSA" da)" = "$want" ]
	(($? == 0)) || check_err 1 "XOFF thresholds $(xoff_of "$NSA" da), expected $want"
	# 999 m: the lossless buffer below xoff + max_mtu + cell
	xoff999=$(mlx5_xoff 999 10000 1500)
	log_info "999 m: xoff $xoff999 B, floor $xoff999 + 9978 + 128 = $((xoff999 + 9978 + 128)) B > 65536 B"
	err=$(dcb_errno "$NSA" da pfc 0x08 999)
	[ "$err" = ENOMEM ]
	check_err $? "999 m: '$err', expected ENOMEM"
	[ "$(dcbA -j pfc show dev da | jq -c '[.delay, .prio_pfc[3]]')" = '[7,true]' ] &&
		[ "$(xoff_of "$NSA" da)" = "$want" ]
	(($? == 0)) || check_err 1 "999 m refused: the length or the buffers changed: $(dcbA -j pfc show dev da) xoff $(xoff_of "$NSA" da)"
	# a new pfc_en is set first and stays, the length put back
	err=$(dcb_errno "$NSA" da pfc 0x18 999)
	[ "$err" = ENOMEM ] &&
		[ "$(dcbA -j pfc show dev da | jq -c '[.delay, .prio_pfc[3], .prio_pfc[4]]')" = '[7,true,true]' ]
	(($? == 0)) || check_err 1 "pfc_en 0x18 at 999 m: '$err', $(dcbA -j pfc show dev da)"
	simA model generic
	log_test "mlx5: a lossless buffer below the floor refused with ENOMEM, the cable length kept"
}

# mlx5 at 100 Gb/s: buffer 1 (50000 B asked: 49920) lossless for priority 3
mlx5_buffer_setup()
{
	simA model mlx5 speed 100000
	dcbA buffer set dev da buffer-size 0:65536 1:50000 &&
		dcbA pfc set dev da prio-pfc 3:on &&
		dcbA buffer set dev da prio-buffer all:0 3:1
}

dcbsim_mlx5_buffer()
{
	local xoff thres want

	simA model mlx5 speed 100000
	dcbA buffer set dev da buffer-size 0:65536 1:50000
	check_err $? "dcb buffer set failed"
	# rounded down to whole cells: 390 x 128
	want='[[65536,49920,0,0,0,0,0,0],262144,[0,0,0,0,0,0,0,0]]'
	[ "$(bufs "$NSA" da)" = "$want" ] &&
		[ "$(xoff_of "$NSA" da)" = 0,0,0,0,0,0,0,0 ]
	(($? == 0)) || check_err 1 "dcb buffer show $(bufs "$NSA" da), expected $want; xoff $(xoff_of "$NSA" da)"
	dcbA pfc set dev da prio-pfc 3:on
	dcbA buffer set dev da prio-buffer all:0 3:1
	xoff=$(mlx5_xoff 7 100000 1500)
	thres=$(( (49920 - xoff) / 128 * 128 ))
	log_info "7 m, 100 Gb/s, MTU 1500: xoff $xoff B; buffer 1 49920 B: XOFF at $thres B, $((49920 - thres)) B above it"
	want="0,$thres,0,0,0,0,0,0"
	[ "$(xoff_of "$NSA" da)" = "$want" ] &&
		[ "$(bufs "$NSA" da | jq -c '.[2]')" = '[0,0,0,1,0,0,0,0]' ]
	(($? == 0)) || check_err 1 "priority 3 in buffer 1: xoff $(xoff_of "$NSA" da), expected $want; $(bufs "$NSA" da)"
	# an MTU change leaves the thresholds to the next configuration
	ip -n "$NSA" link set da mtu 3000
	[ "$(xoff_of "$NSA" da)" = "$want" ]
	(($? == 0)) || check_err 1 "MTU 3000 recomputed the thresholds at once: $(xoff_of "$NSA" da)"
	dcbA pfc set dev da prio-pfc 3:on
	xoff=$(mlx5_xoff 7 100000 3000)
	thres=$(( (49920 - xoff) / 128 * 128 ))
	log_info "MTU 3000, then a PFC set that changes nothing: xoff $xoff B, XOFF at $thres B"
	want="0,$thres,0,0,0,0,0,0"
	[ "$(xoff_of "$NSA" da)" = "$want" ]
	(($? == 0)) || check_err 1 "after MTU 3000: xoff $(xoff_of "$NSA" da), expected $want"
	ip -n "$NSA" link set da mtu 1500
	simA model generic speed 10000
	log_test "mlx5: buffer sizes in whole cells, XOFF thresholds exact, MTU taken at the next configuration"
}

dcbsim_mlx5_einval()
{
	local before xoff err want

	mlx5_buffer_setup
	check_err $? "mlx5 buffers not set up"
	before="$(bufs "$NSA" da) $(xoff_of "$NSA" da)"
	err=$(dcb_errno "$NSA" da buffer 0,0,0,1,0,0,0,0 65536,0,0,0,0,0,0,0)
	[ "$err" = EINVAL ] && [ "$(bufs "$NSA" da) $(xoff_of "$NSA" da)" = "$before" ]
	(($? == 0)) || check_err 1 "lossless buffer 1 of size 0: '$err', $(bufs "$NSA" da)"
	# 65536 + 300000 grows 250080 B past the 146688 B spare
	err=$(dcb_errno "$NSA" da buffer 0,0,0,1,0,0,0,0 65536,300000,0,0,0,0,0,0)
	[ "$err" = EINVAL ] && [ "$(bufs "$NSA" da) $(xoff_of "$NSA" da)" = "$before" ]
	(($? == 0)) || check_err 1 "sizes past buffer-total: '$err', $(bufs "$NSA" da)"
	xoff=$(mlx5_xoff 7 100000 1500)
	log_info "floor of a lossless buffer: xoff $xoff + 9978 + 128 = $((xoff + 9978 + 128)) B"
	err=$(dcb_errno "$NSA" da buffer 0,0,0,1,0,0,0,0 65536,40000,0,0,0,0,0,0)
	[ "$err" = ENOMEM ] && [ "$(bufs "$NSA" da) $(xoff_of "$NSA" da)" = "$before" ]
	(($? == 0)) || check_err 1 "lossless 40000 B: '$err', $(bufs "$NSA" da)"
	# the floor itself: checked in bytes, kept in cells, rounded down
	err=$(dcb_errno "$NSA" da buffer 0,0,0,1,0,0,0,0 65536,$((xoff + 9978 + 128)),0,0,0,0,0,0)
	want="$(( (xoff + 9978 + 128) / 128 * 128 )) 0,$(( (9978 + 128) / 128 * 128 )),0,0,0,0,0,0"
	[ "$err" = 0 ] &&
		[ "$(bufs "$NSA" da | jq -r '.[0][1]') $(xoff_of "$NSA" da)" = "$want" ]
	(($? == 0)) || check_err 1 "the floor: '$err', $(bufs "$NSA" da) xoff $(xoff_of "$NSA" da), expected $want"
	simA model generic speed 10000
	log_test "mlx5: a lossless buffer of size 0 or sizes past the total EINVAL, below the floor ENOMEM"
}

# mlxsw_want MTU DELAY_BITS LANES: buffers 0 (lossy) and 1 (lossless), as
# mlxsw_sp_hdroom_bufs_reset_sizes() computes them in 128-byte cells, and
# the total (buffers 0, 1 and 9, the control buffer): MLXSW_WANT is
# "[[S0,S1,0,0,0,0,0,0],TOTAL,[0,0,0,1,0,0,0,0]] XOFF" with the XOFF
# thresholds, MLXSW_WHY how
mlxsw_want()
{
	local x=1 thres delay s1 s9

	[ "$3" = 8 ] && x=2
	thres=$((x * 2 * $(cells "$1" 128)))
	delay=$((x * (2 * $(cells $(( ($2 + 7) / 8 )) 128) + $(cells "$1" 128))))
	s1=$((thres + delay))
	s9=$(cells $((x * (10218 + 22))) 128)
	MLXSW_WHY="MTU $1, $2 bits, $3 lanes: thres = $x x 2 x cells($1) = $thres, buffer 1 = $thres + $x x (2 x cells(ceil($2 / 8)) + cells($1)) = $s1, buffer 9 = cells($x x 10240) = $s9 cells"
	MLXSW_WANT="[[$((thres * 128)),$((s1 * 128)),0,0,0,0,0,0],$(( (thres + s1 + s9) * 128 )),[0,0,0,1,0,0,0,0]] 0,$((thres * 128)),0,0,0,0,0,0"
}

# mlxsw: priority 3 in TC 1 (so buffer 1), PFC on with DELAY bits
mlxsw_setup()
{
	dcbA ets set dev da prio-tc all:0 3:1 &&
		dcbA pfc set dev da prio-pfc 3:on delay "$1"
}

dcbsim_mlxsw_delay()
{
	local want d

	simA model mlxsw
	log_info "a new port: buffer 0 lossy, 2 x cells(1500) = 24 cells, buffer 9 cells(10240) = 80: (24 + 80) x 128 = 13312 B taken"
	want='[[3072,0,0,0,0,0,0,0],13312,[0,0,0,0,0,0,0,0]]'
	[ "$(bufs "$NSA" da)" = "$want" ]
	(($? == 0)) || check_err 1 "mlxsw's initial buffers $(bufs "$NSA" da), expected $want"
	for d in 32768 12345; do
		mlxsw_setup "$d"
		check_err $? "dcb ets/pfc set failed"
		mlxsw_want 1500 "$d" 1
		want=$MLXSW_WANT
		log_info "$MLXSW_WHY"
		[ "$(bufs "$NSA" da) $(xoff_of "$NSA" da)" = "$want" ] &&
			[ "$(dcbA -j pfc show dev da | jq .delay)" = "$d" ]
		(($? == 0)) || check_err 1 "delay $d bits: $(bufs "$NSA" da) $(xoff_of "$NSA" da), expected $want"
	done
	# 8 lanes: a new port, every headroom doubled
	simA lanes 8
	ip netns exec "$NSA" ethtool da | grep -q "Lanes: 8"
	check_err $? "ethtool does not read 8 lanes"
	mlxsw_setup 32768
	mlxsw_want 1500 32768 8
	want=$MLXSW_WANT
	log_info "$MLXSW_WHY"
	[ "$(bufs "$NSA" da) $(xoff_of "$NSA" da)" = "$want" ]
	(($? == 0)) || check_err 1 "8 lanes: $(bufs "$NSA" da) $(xoff_of "$NSA" da), expected $want"
	simA lanes 1 model generic
	log_test "mlxsw: the delay in bits sizes the lossless buffer exactly, doubled on 8 lanes"
}

dcbsim_mlxsw_refused()
{
	local before err want

	simA model mlxsw
	mlxsw_setup 32768
	before="$(bufs "$NSA" da) $(xoff_of "$NSA" da)"
	err=$(dcb_errno "$NSA" da buffer 0,0,0,1,0,0,0,0 65536,65536,0,0,0,0,0,0)
	[ "$err" = EINVAL ] && [ "$(bufs "$NSA" da) $(xoff_of "$NSA" da)" = "$before" ]
	(($? == 0)) || check_err 1 "dcbnl_setbuffer in DCB mode: '$err', $(bufs "$NSA" da)"
	# 468 cells of headroom: buffers 24 + 100 + 80 and a reserve of
	# cells(3 x 10240 + 38 x 10000 / 1000) + 1 = 244 take 448
	simA buffer-total 60000
	log_info "reserve $(( $(cells $((3 * 10240 + 380)) 128) + 1 )) cells; 65535 bits: buffer 1 = 24 + 2 x $(cells 8192 128) + 12 cells"
	err=$(dcb_errno "$NSA" da pfc 0x08 65535)
	[ "$err" = ENOBUFS ] && [ "$(bufs "$NSA" da) $(xoff_of "$NSA" da)" = "$before" ] &&
		[ "$(dcbA -j pfc show dev da | jq .delay)" = 32768 ]
	(($? == 0)) || check_err 1 "65535 bits past the headroom: '$err', $(bufs "$NSA" da)"
	# the MTU re-sizes the headroom, and is refused when it does not fit
	ip -n "$NSA" link set da mtu 9000 2>/dev/null
	check_fail $? "MTU 9000 taken past the headroom"
	[ "$(bufs "$NSA" da) $(xoff_of "$NSA" da)" = "$before" ]
	(($? == 0)) || check_err 1 "a refused MTU changed the buffers: $(bufs "$NSA" da)"
	simA buffer-total 262144
	ip -n "$NSA" link set da mtu 9000
	check_err $? "MTU 9000 refused"
	mlxsw_want 9000 32768 1
	want=$MLXSW_WANT
	log_info "$MLXSW_WHY"
	[ "$(bufs "$NSA" da) $(xoff_of "$NSA" da)" = "$want" ]
	(($? == 0)) || check_err 1 "MTU 9000: $(bufs "$NSA" da) $(xoff_of "$NSA" da), expected $want"
	ip -n "$NSA" link set da mtu 1500
	simA model generic
	log_test "mlxsw: dcbnl_setbuffer EINVAL, headroom past the total ENOBUFS, the MTU re-sizes it"
}

dcbsim_knobs()
{
	local err

	err=$(ip -n "$NSA" link set da type dcbsim speed 5 2>&1)
	check_fail $? "speed 5 accepted"
	err=$(ip -n "$NSA" link set da type dcbsim model furlongs 2>&1)
	[ $? -ne 0 ] && [ "$(wc -l <<<"$err")" = 1 ] &&
		grep -q 'invalid model "furlongs"; expected generic, mlx5 or mlxsw' <<<"$err"
	check_err $? "bad model: $err"
	err=$(ip -n "$NSA" link set da type dcbsim colour blue 2>&1)
	[ $? -ne 0 ] && grep -q 'unknown argument "colour"' <<<"$err"
	check_err $? "unknown knob: $err"
	err=$(simA lanes 3 2>&1)
	[ $? -ne 0 ] && grep -q "lanes is 1, 2, 4 or 8" <<<"$err"
	check_err $? "lanes 3: $err"
	# a model's max_mtu below the MTU
	ip -n "$NSA" link set da mtu 10000
	err=$(simA model mlx5 2>&1)
	[ $? -ne 0 ] && grep -q "the MTU is above the model's max_mtu" <<<"$err"
	check_err $? "model mlx5 at MTU 10000: $err"
	ip -n "$NSA" link set da mtu 1500
	ip -n "$NSA" -d link show da | grep -q "speed 10000 lanes 1 model generic buffer-total 262144 cell 128" &&
		ip -n "$NSA" -d link show da | grep -q "maxmtu 65535" &&
		[ "$(xoff_of "$NSA" da)" = 0,0,0,0,0,0,0,0 ]
	(($? == 0)) || check_err 1 "knobs not shown: $(ip -n "$NSA" -d link show da)"
	log_test "knobs: ranges and words checked, shown by ip -d link"
}

dcbsim_ts_knobs()
{
	local err

	ip -n "$NSA" -d link show da | grep -q "hwts off ts-resolution-ns 8 clock-offset-ns 0 clock-ppb 0"
	(($? == 0)) || check_err 1 "defaults not shown: $(ip -n "$NSA" -d link show da)"
	err=$(simA ts-resolution-ns 0 2>&1)
	[ $? -ne 0 ] && grep -q "ts-resolution-ns is 1 to 1000000" <<<"$err"
	check_err $? "ts-resolution-ns 0: $err"
	err=$(simA ts-resolution-ns 1000001 2>&1)
	[ $? -ne 0 ] && grep -q "ts-resolution-ns is 1 to 1000000" <<<"$err"
	check_err $? "ts-resolution-ns 1000001: $err"
	err=$(simA clock-ppb -10000001 2>&1)
	[ $? -ne 0 ] && grep -q "clock-ppb is within +-10000000" <<<"$err"
	check_err $? "clock-ppb -10000001: $err"
	err=$(simA clock-offset-ns 1000000000000000001 2>&1)
	[ $? -ne 0 ] && grep -q "clock-offset-ns is within +-1e18" <<<"$err"
	check_err $? "clock-offset-ns 1e18 + 1: $err"
	err=$(simA buffer-owner nobody 2>&1)
	[ $? -ne 0 ] && grep -q 'invalid buffer-owner "nobody"; expected firmware or software' <<<"$err"
	check_err $? "buffer-owner nobody: $err"
	err=$(simA hwts maybe 2>&1)
	[ $? -ne 0 ] && grep -q 'invalid hwts "maybe"' <<<"$err"
	check_err $? "hwts maybe: $err"
	simA hwts on ts-resolution-ns 1000000 clock-ppb -10000000 clock-offset-ns -1000000000000000000
	check_err $? "the knobs' bounds refused"
	ip -n "$NSA" -d link show da | grep -q "hwts on ts-resolution-ns 1000000 clock-offset-ns -1000000000000000000 clock-ppb -10000000"
	(($? == 0)) || check_err 1 "knobs not shown: $(ip -n "$NSA" -d link show da)"
	# at creation as well
	ip -n "$NSA" link add dx type dcbsim hwts on clock-ppb 5 peer name dy
	check_err $? "ip link add with timestamping knobs failed"
	ip -n "$NSA" -d link show dx | grep -q "hwts on ts-resolution-ns 8 clock-offset-ns 0 clock-ppb 5"
	(($? == 0)) || check_err 1 "knobs at creation: $(ip -n "$NSA" -d link show dx)"
	ip -n "$NSA" link del dx
	ts_reset
	log_test "timestamping knobs: ranges checked with a reason, shown by ip -d link"
}

dcbsim_ts_info()
{
	local out pa pb cap

	out=$(ip netns exec "$NSA" ethtool -T da)
	grep -q "software-transmit" <<<"$out" && ! grep -q "hardware" <<<"$out" &&
		[ "$(phc_index "$NSA" da)" = none ]
	check_err $? "hwts off: $out"
	simA hwts on
	simB hwts on
	out=$(ip netns exec "$NSA" ethtool -T da)
	for cap in hardware-transmit hardware-receive hardware-raw-clock \
		   software-transmit software-receive software-system-clock; do
		grep -q "$cap" <<<"$out"
		check_err $? "hwts on: no $cap: $out"
	done
	pa=$(phc_index "$NSA" da)
	pb=$(phc_index "$NSB" db)
	log_info "PHCs: da /dev/ptp$pa, db /dev/ptp$pb"
	[[ "$pa" =~ ^[0-9]+$ ]] && [[ "$pb" =~ ^[0-9]+$ ]] && [ "$pa" != "$pb" ] &&
		[ -c "/dev/ptp$pa" ] && [ -c "/dev/ptp$pb" ]
	check_err $? "PHC indexes: da '$pa', db '$pb'"
	grep -A2 "Transmit Timestamp Modes" <<<"$out" | grep -q "on" &&
		grep -A2 "Receive Filter Modes" <<<"$out" | grep -q "all"
	check_err $? "modes: $out"
	simA hwts off
	[ "$(phc_index "$NSA" da)" = none ] &&
		! ip netns exec "$NSA" ethtool -T da | grep -q "hardware"
	(($? == 0)) || check_err 1 "hwts off again: $(ip netns exec "$NSA" ethtool -T da)"
	# the clock stays while hwts is off
	[ -c "/dev/ptp$pa" ]
	check_err $? "hwts off removed the PHC"
	ts_reset
	log_test "ethtool -T: hardware timestamps and a PHC with hwts on, software only without"
}

dcbsim_hwtstamp_config()
{
	local cfg

	hwts_cfg "$NSA" da >/dev/null
	check_fail $? "hwts off: SIOCGHWTSTAMP answered"
	hwts_cfg "$NSA" da -t 1 -r 1 >/dev/null
	check_fail $? "hwts off: SIOCSHWTSTAMP taken"
	simA hwts on
	cfg=$(hwts_cfg "$NSA" da)
	[ "$cfg" = "0 0" ]
	check_err $? "default configuration: '$cfg', expected OFF/NONE (0 0)"
	# HWTSTAMP_FILTER_PTP_V2_EVENT (12) is widened to ALL (1)
	cfg=$(hwts_cfg "$NSA" da -t 1 -r 12)
	[ "$cfg" = "1 1" ]
	check_err $? "tx ON, rx PTP_V2_EVENT: '$cfg', expected ON/ALL (1 1)"
	cfg=$(hwts_cfg "$NSA" da)
	[ "$cfg" = "1 1" ]
	check_err $? "read back: '$cfg'"
	# HWTSTAMP_TX_ONESTEP_SYNC (2): -ERANGE, nothing changed
	hwts_cfg "$NSA" da -t 2 >/dev/null
	check_fail $? "tx_type ONESTEP_SYNC taken"
	[ "$(hwts_cfg "$NSA" da)" = "1 1" ]
	(($? == 0)) || check_err 1 "a refused set changed the configuration: $(hwts_cfg "$NSA" da)"
	cfg=$(hwts_cfg "$NSA" da -t 0 -r 0)
	[ "$cfg" = "0 0" ]
	check_err $? "back to OFF/NONE: '$cfg'"
	hwts_cfg "$NSA" da -t 1 -r 1 >/dev/null
	simA hwts off
	simA hwts on
	[ "$(hwts_cfg "$NSA" da)" = "0 0" ]
	(($? == 0)) || check_err 1 "hwts off did not reset the configuration: $(hwts_cfg "$NSA" da)"
	ts_reset
	log_test "hardware timestamping configuration: OFF/ON, filters widened to ALL, refused without hwts"
}

dcbsim_phc()
{
	local ptp t t0 t1 caps

	simB hwts on
	ptp=ptp$(phc_index "$NSB" db)
	caps=$(phc "$ptp" caps 2>&1)
	grep -q "100000000 maximum frequency adjustment" <<<"$caps"
	check_err $? "caps: $caps"
	t=$(phc_time "$ptp" set 1000 get)
	check_err $? "phc_ctl set/get failed"
	log_info "set 1000 s, read $t s"
	awk -v t="$t" 'BEGIN { exit !(t >= 1000 && t < 1010) }'
	check_err $? "set 1000: read '$t'"
	t=$(phc_time "$ptp" adj 5 get)
	awk -v t="$t" 'BEGIN { exit !(t >= 1005 && t < 1015) }'
	check_err $? "adj 5: read '$t'"
	t=$(phc_time "$ptp" adj -500 get)
	awk -v t="$t" 'BEGIN { exit !(t >= 505 && t < 515) }'
	check_err $? "adj -500: read '$t'"
	phc "$ptp" freq 5000 >/dev/null
	phc "$ptp" freq | grep -q "frequency offset is 5000.000000ppb"
	(($? == 0)) || check_err 1 "freq 5000: $(phc "$ptp" freq)"
	phc "$ptp" cmp | grep -q "offset from CLOCK_REALTIME"
	(($? == 0)) || check_err 1 "cmp (PTP_SYS_OFFSET): $(phc "$ptp" cmp)"
	# the knob starts the clock afresh from the host's time: without a
	# frequency error, read between two readings of CLOCK_MONOTONIC
	phc "$ptp" freq 0 >/dev/null
	simB clock-offset-ns 0
	t0=$(mono_ns)
	t=$(phc_time "$ptp" get)
	t1=$(mono_ns)
	awk -v t="$t" -v t0="$t0" -v t1="$t1" 'BEGIN { exit !(t * 1e9 >= t0 - 1000 && t * 1e9 <= t1 + 1000) }'
	check_err $? "clock-offset-ns 0: read $t s, CLOCK_MONOTONIC $t0 to $t1 ns"
	ts_reset
	log_test "the PHC: caps, set, get, adj, freq and cmp (phc_ctl)"
}

dcbsim_hw_stamps()
{
	local out

	simA hwts on delay-ns 100
	simB hwts on delay-ns 2500
	out=$(probe -n 3 "$NSA" da "$NSB" db)
	stamps_exact "$out" 100 8
	check_err $? "delay 100, resolution 8: rx - tx $STAMPS_DIFFS: $out"
	log_info "delay-ns 100, ts-resolution-ns 8: rx - tx = $STAMPS_DIFFS"
	simA ts-resolution-ns 1
	simB ts-resolution-ns 1
	out=$(probe -n 3 "$NSA" da "$NSB" db)
	stamps_exact "$out" 100 1
	check_err $? "delay 100, resolution 1: rx - tx $STAMPS_DIFFS: $out"
	log_info "delay-ns 100, ts-resolution-ns 1: rx - tx = $STAMPS_DIFFS"
	simA ts-resolution-ns 8 delay-ns 10000
	simB ts-resolution-ns 8
	out=$(probe -n 3 "$NSA" da "$NSB" db)
	stamps_exact "$out" 10000 8
	check_err $? "delay 10000: rx - tx $STAMPS_DIFFS: $out"
	log_info "delay-ns 10000: rx - tx = $STAMPS_DIFFS"
	out=$(probe -o -n 3 "$NSA" da "$NSB" db)
	stamps_exact "$out" 10000 8
	check_err $? "delay 10000, OPT_TSONLY: rx - tx $STAMPS_DIFFS: $out"
	# the other way: db's own delay
	out=$(probe -n 3 "$NSB" db "$NSA" da)
	stamps_exact "$out" 2500 8
	check_err $? "db to da, delay 2500: rx - tx $STAMPS_DIFFS: $out"
	log_info "db to da, delay-ns 2500: rx - tx = $STAMPS_DIFFS"
	# the delay-0 path (delivered from xmit) stamps the same way
	simA delay-ns 0
	out=$(probe -n 2 "$NSA" da "$NSB" db)
	stamps_exact "$out" 0 8
	check_err $? "delay 0: rx - tx $STAMPS_DIFFS: $out"
	# rx_filter NONE at db: no receive stamp; hwts off at da: no transmit one
	hwts_cfg "$NSB" db -r 0 >/dev/null
	out=$(probe -C -w 500 "$NSA" da "$NSB" db)
	grep -Eq "^seq 0 tx [0-9]+ rx none$" <<<"$out"
	check_err $? "rx_filter NONE: $out"
	hwts_cfg "$NSB" db -r 1 >/dev/null
	simA hwts off
	out=$(probe -C -w 500 "$NSA" da "$NSB" db)
	grep -Eq "^seq 0 tx none rx [0-9]+$" <<<"$out"
	check_err $? "hwts off at the sender: $out"
	ts_reset
	log_test "hardware stamps: rx - tx is delay-ns to the resolution, none unless asked"
}

# clock_check OUT D OFFSET PPB T0 T1 RES: tsprobe's frames against the
# clock model, the receiver's clock reading x + OFFSET + (x - xa) x PPB /
# 1e9 since its anchor xa (host ns) and the sender's reading the host's x:
# - each frame's rx is the receiver's clock at x_tx + D, rounded down to
#   RES, with x_tx within [tx, tx + RES) and xa within [T0, T1] (T0 "-":
#   xa unknown, not checked);
# - between the first and last frames, rx ran faster than tx by exactly
#   PPB, to the resolution (2 x RES + 2 ns).
# Prints what it found.
clock_check()
{
	awk -v d="$2" -v off="$3" -v ppb="$4" -v t0="$5" -v t1="$6" -v r="$7" '
		function drift(dx) { return dx * ppb / 1e9 }
		/^seq/ { if ($4 !~ /^-?[0-9]+$/ || $6 !~ /^-?[0-9]+$/) { bad = bad " a frame without stamps"; next }
			 n++; tx[n] = $4; rx[n] = $6
			 if (t0 == "-")
				next
			 a = drift($4 + d - t1); b = drift($4 + r + d - t0)
			 lo = $4 + d + off + (a < b ? a : b) - r - 1
			 hi = $4 + r + d + off + (a < b ? b : a) + 1
			 if ($6 < lo || $6 > hi)
				bad = bad sprintf(" frame %d: rx %.0f outside [%.0f, %.0f];", n, $6, lo, hi) }
		END { if (n < 2) { print "fewer than 2 frames" bad; exit 1 }
		      got = (rx[n] - rx[1]) - (tx[n] - tx[1])
		      want = drift(tx[n] - tx[1])
		      printf "rx ran %.0f ns ahead of tx over %.0f ns (expected %.0f)", got, tx[n] - tx[1], want
		      if (t0 != "-")
			printf ", frame 1 rx - tx - delay - offset = %.0f", rx[1] - tx[1] - d - off
		      if (got - want > 2 * r + 2 || want - got > 2 * r + 2)
			bad = bad " the rate is off"
		      if (bad != "") { print ":" bad; exit 1 }
		      print "" }' <<<"$1"
}

dcbsim_hw_stamps_clock()
{
	local out t0 t1 ptp res

	simA hwts on delay-ns 10000
	simB hwts on
	# an offset alone: exact
	simB clock-offset-ns 1000000000
	out=$(probe -n 3 "$NSA" da "$NSB" db)
	stamps_exact "$out" 1000010000 8
	check_err $? "offset 1e9: rx - tx $STAMPS_DIFFS: $out"
	log_info "clock-offset-ns 1e9, delay-ns 10000: rx - tx = $STAMPS_DIFFS"
	# and an oscillator's error: the rate exact, the drift since the
	# knob's instant (known to within the time ip took) within that
	# instant's uncertainty x 100000 ppb
	t0=$(mono_ns)
	simB clock-offset-ns 1000000000 clock-ppb 100000
	t1=$(mono_ns)
	out=$(probe -n 3 -i 300 "$NSA" da "$NSB" db)
	res=$(clock_check "$out" 10000 1000000000 100000 "$t0" "$t1" 8)
	check_err $? "offset 1e9, 100000 ppb: $res: $out"
	log_info "clock-offset-ns 1e9, clock-ppb 100000 (set within $(( (t1 - t0) / 1000 )) us: +-$(( (t1 - t0) / 10000 )) ns): $res"
	# the PHC's own correction adds to the oscillator's error
	ptp=ptp$(phc_index "$NSB" db)
	phc "$ptp" freq -40000 >/dev/null
	out=$(probe -n 3 -i 300 "$NSA" da "$NSB" db)
	res=$(clock_check "$out" 10000 1000000000 60000 - - 8)
	check_err $? "clock-ppb 100000 + freq -40000: $res: $out"
	log_info "clock-ppb 100000, phc freq -40000: $res"
	phc "$ptp" freq 0 >/dev/null
	# a negative offset and error at the receiver, da; db's delay is 0
	simB clock-offset-ns 0 clock-ppb 0
	t0=$(mono_ns)
	simA clock-offset-ns -500000 clock-ppb -2000000
	t1=$(mono_ns)
	out=$(probe -n 3 -i 300 "$NSB" db "$NSA" da)
	res=$(clock_check "$out" 0 -500000 -2000000 "$t0" "$t1" 8)
	check_err $? "offset -500 us, -2000000 ppb at the receiver da: $res: $out"
	log_info "clock-offset-ns -500000, clock-ppb -2000000 (set within $(( (t1 - t0) / 1000 )) us: +-$(( (t1 - t0) / 500 )) ns): $res"
	ts_reset
	log_test "hardware stamps on offset and drifting clocks: the peer's clock at x_tx + delay-ns"
}

# ptp4l_locked LOG: the slave's last 5 lines are in s2 within 100 ns of
# the master, path delay within 100 ns of 5000, correcting +50000 ppb
# (ptp4l prints the adjustment it subtracts)
ptp4l_locked()
{
	grep "master offset" "$1" | tail -n 5 | awk '
		{ n++; o = $4 + 0; f = $7 + 0; d = $10 + 0
		  if ($5 != "s2" || o > 100 || o < -100 || d > 5100 || d < 4900 ||
		      f > 50500 || f < 49500) bad++ }
		END { exit !(n == 5 && !bad) }'
}

dcbsim_ptp4l()
{
	local pa pb i

	simA hwts on delay-ns 5000
	simB hwts on delay-ns 5000 clock-offset-ns 3000000000 clock-ppb 50000
	ip netns exec "$NSA" ptp4l -2 -H -i da -m --priority1 100 \
		--uds_address="$TMPD/ptp4l-a" >"$TMPD/ptp4l-a.log" 2>&1 &
	pa=$!
	ip netns exec "$NSB" ptp4l -2 -H -i db -s -m --step_threshold 1 \
		--uds_address="$TMPD/ptp4l-b" >"$TMPD/ptp4l-b.log" 2>&1 &
	pb=$!
	for i in $(seq 1 90); do
		ptp4l_locked "$TMPD/ptp4l-b.log" && break
		sleep 1
	done
	kill "$pa" "$pb"
	wait "$pa" "$pb"
	ptp4l_locked "$TMPD/ptp4l-b.log"
	(($? == 0)) || check_err 1 "the slave did not lock: $(tail -n 8 "$TMPD/ptp4l-b.log"; tail -n 3 "$TMPD/ptp4l-a.log")"
	log_info "ptp4l slave after ${i} s: $(grep "master offset" "$TMPD/ptp4l-b.log" | tail -n 1 | sed 's/.*master/master/')"
	ts_reset
	log_test "ptp4l -H over the pair: the slave locks to the master, path delay delay-ns"
}

# dcbsim_pfc_storm's helpers: PFC pause frames and storms (pfc-storm)

dcbB()
{
	dcb -n "$NSB" "$@"
}

# sim_stat NS DEV NAME: one of DEV's ethtool -S counters
sim_stat()
{
	ip netns exec "$1" ethtool -S "$2" | awk -v n="$3:" '$1 == n { print $2 }'
}

# link_val NS DEV KEY: the value ip -d link show prints after KEY
link_val()
{
	ip -n "$1" -d link show "$2" | sed -n "s/.* $3 \([^ ]*\) .*/\1/p"
}

# pfc_of NS DEV PRIO: "REQUESTS INDICATIONS" of PRIO, as dcb -s reads them
pfc_of()
{
	dcb -n "$1" -s -j pfc show dev "$2" |
		jq -r --argjson p "$3" '"\(.requests[$p]) \(.indications[$p])"'
}

# paused_samples NS DEV MASK N: DEV's pfc-paused read N times in a row by
# one ip -batch; prints "SAMPLES PAUSED CHANGES": how many were read, how
# many showed MASK, how many times that changed
paused_samples()
{
	yes "link show dev $2" | head -n "$4" | ip -n "$1" -d -batch - |
		awk -v m="$3" '/pfc-paused/ { v = ($0 ~ " pfc-paused " m " ")
				n++; p += v; if (n > 1 && v != l) c++; l = v }
			END { print n + 0, p + 0, c + 0 }'
}

# mac_ctl_send NS DEV PRIO: one MAC control frame (0x8808, an opcode
# nobody uses) from DEV with skb->priority PRIO, through a packet socket
mac_ctl_send()
{
	ip netns exec "$1" python3 - "$2" "$3" <<'EOF'
import socket, sys
s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
s.setsockopt(socket.SOL_SOCKET, socket.SO_PRIORITY, int(sys.argv[2]))
s.bind((sys.argv[1], 0))
src = s.getsockname()[4]
s.send(bytes.fromhex("0180c2000001") + src + b"\x88\x08\xff\xfe" + bytes(44))
EOF
}

# One end (da) storms priority P; both ends have PFC on P. db's traffic
# on P: a VLAN mapping its priority 0 to PCP 3 (P = 3), or where the
# kernel has no VLANs (the debug kernel) an untagged ping with TOS 0x10,
# which IPv4 gives skb->priority 6 (P = 6). db's speed is 100 Mb/s while
# its pause must hold (a pause then lasts 65535 x 512 bit times =
# 335.5 ms, beyond any hiccup of the guest's timers), 10 Gb/s for the
# bursts (3.36 ms: paused in each burst, not between). da refreshes at
# 10 Gb/s: every 65535 x 512 / 1e10 / 2 s = 1677696 ns.
dcbsim_pfc_storm()
{
	local t0 t1 a b a2 b2 n tx0 tx1 tx2 since since2 max out rem st pa pb
	local p=3 mask=0x08 dst=198.51.100.1 qos=() vlan=1

	out=$(ip -n "$NSA" -d link show da)
	grep -q " pfc-storm off pfc-storm-on-ms 0 pfc-storm-off-ms 0 pfc-storm-since-ns 0 pfc-paused 0x00 " <<<"$out"
	check_err $? "storm defaults: $out"
	out=$(simA pfc-storm 8 2>&1)
	[ $? -ne 0 ] && grep -q 'invalid pfc-storm "8"' <<<"$out"
	check_err $? "pfc-storm 8: $out"
	if ! ip -n "$NSA" link add link da name da.10 type vlan id 10 2>/dev/null; then
		vlan=
		p=6
		mask=0x40
		dst=192.0.2.1
		qos=(-Q 0x10)
		log_info "no VLANs in this kernel: priority 6, untagged with TOS 0x10"
	fi
	dcbA pfc set dev da prio-pfc "$p:on" && dcbB pfc set dev db prio-pfc "$p:on"
	check_err $? "PFC on priority $p not set"
	simB speed 100
	if [ -n "$vlan" ]; then
		ip -n "$NSA" addr add 198.51.100.1/24 dev da.10 &&
			ip -n "$NSA" link set da.10 up &&
			ip -n "$NSB" link add link db name db.10 type vlan id 10 egress-qos-map 0:3 &&
			ip -n "$NSB" addr add 198.51.100.2/24 dev db.10 &&
			ip -n "$NSB" link set db.10 up
		check_err $? "VLAN 10 not set up"
	fi
	ip netns exec "$NSB" ping "${qos[@]}" -c 1 -W 5 "$dst" >/dev/null
	check_err $? "no ping on priority $p before the storm"
	tx0=$(sim_stat "$NSB" db "tx_prio${p}_packets")
	[ "${tx0:-0}" -ge 1 ]
	check_err $? "the ping not counted on priority $p: tx_prio${p}_packets '$tx0'"

	# the storm: counted at both ends at the refresh interval
	t0=$(mono_ns)
	simA pfc-storm "$p"
	sleep 1
	a=$(pfc_of "$NSA" da "$p")
	t1=$(mono_ns)
	b=$(pfc_of "$NSB" db "$p")
	since=$(link_val "$NSA" da pfc-storm-since-ns)
	max=$(( (t1 - since) / 1677696 + 1 ))
	log_info "storm: da sent ${a% *} pauses in $(( (t1 - since) / 1000000 )) ms (at most $max), db received ${b#* }; since $since, set at $t0"
	[ "${a% *}" -ge 1 ] && [ "${b#* }" -ge 1 ] && [ "${a#* }" = 0 ] &&
		[ "${b% *}" = 0 ]
	check_err $? "dcb -s pfc show: da '$a', db '$b' (requests indications)"
	[ "$since" -ge "$t0" ] && [ "$since" -le "$t1" ]
	check_err $? "pfc-storm-since-ns $since outside [$t0, $t1]"
	[ "${a% *}" -le "$max" ]
	check_err $? "${a% *} pauses: more than one per refresh interval ($max)"
	debug_kernel || [ "${a% *}" -ge $((max / 8)) ]
	check_err $? "${a% *} pauses: far fewer than one per refresh interval ($max)"

	# db's priority paused: its frames held, priority 0 goes
	pb=$(link_val "$NSB" db pfc-paused)
	pa=$(link_val "$NSA" da pfc-paused)
	[ "$pb" = "$mask" ] && [ "$pa" = 0x00 ]
	check_err $? "pfc-paused: db $pb, da $pa"
	tx0=$(sim_stat "$NSB" db "tx_prio${p}_packets")
	ip netns exec "$NSB" ping "${qos[@]}" -c 2 -i 0.2 -W 1 "$dst" >/dev/null
	check_fail $? "a ping on the paused priority $p answered"
	tx1=$(sim_stat "$NSB" db "tx_prio${p}_packets")
	[ "$tx1" = "$tx0" ]
	check_err $? "tx_prio${p}_packets grew while paused: $tx0, then $tx1"
	ip netns exec "$NSB" ping -c 1 -W 5 192.0.2.1 >/dev/null
	check_err $? "priority 0 paused as well"
	# a MAC control frame on the paused priority is sent regardless
	mac_ctl_send "$NSB" db "$p"
	tx2=$(sim_stat "$NSB" db "tx_prio${p}_packets")
	[ "$tx2" = $((tx1 + 1)) ]
	check_err $? "a MAC control frame on the paused priority: tx_prio${p}_packets $tx1, then $tx2"

	# PFC off at db: the pause ignored, the held frames sent at once
	dcbB pfc set dev db prio-pfc "$p:off"
	tx0=$(sim_stat "$NSB" db "tx_prio${p}_packets")
	pb=$(link_val "$NSB" db pfc-paused)
	log_info "PFC off at db: tx_prio${p}_packets $tx2, then $tx0"
	[ "$tx0" -ge $((tx2 + 2)) ]
	check_err $? "held frames not released by PFC off: tx_prio${p}_packets $tx2, then $tx0"
	[ "$pb" = 0x00 ]
	check_err $? "PFC off, still paused: $pb"
	ip netns exec "$NSB" ping "${qos[@]}" -c 1 -W 5 "$dst" >/dev/null
	check_err $? "no ping on priority $p with PFC off at db"
	b2=$(pfc_of "$NSB" db "$p")
	[ "${b2#* }" -gt "${b#* }" ]
	check_err $? "db with PFC off does not count pauses: ${b#* }, then ${b2#* }"
	dcbB pfc set dev db prio-pfc "$p:on"
	pb=$(link_val "$NSB" db pfc-paused)
	[ "$pb" = "$mask" ]
	check_err $? "PFC on again at db, not paused: $pb"

	# storm off: the counters stop, the pause (335 ms) lapses
	simA pfc-storm off
	a=$(pfc_of "$NSA" da "$p")
	sleep 0.5
	a2=$(pfc_of "$NSA" da "$p")
	b=$(pfc_of "$NSB" db "$p")
	pb=$(link_val "$NSB" db pfc-paused)
	[ "$a2" = "$a" ] && [ "$pb" = 0x00 ]
	check_err $? "storm off: da '$a', then '$a2'; db paused $pb"
	pa=$(sim_stat "$NSA" da "tx_prio${p}_pause")
	pb=$(sim_stat "$NSB" db "rx_prio${p}_pause")
	[ "$pa" = "${a% *}" ] && [ "$pb" = "${b#* }" ] && [ "${a% *}" = "${b#* }" ]
	check_err $? "ethtool -S tx_prio${p}_pause $pa, rx_prio${p}_pause $pb, dcb '$a' '$b'"
	ip netns exec "$NSB" ping "${qos[@]}" -c 1 -W 5 "$dst" >/dev/null
	check_err $? "no ping on priority $p after the storm"

	# da with PFC off on P sends no pause
	since=$(link_val "$NSA" da pfc-storm-since-ns)
	dcbA pfc set dev da prio-pfc "$p:off"
	simA pfc-storm "$p"
	sleep 0.3
	a2=$(pfc_of "$NSA" da "$p")
	since2=$(link_val "$NSA" da pfc-storm-since-ns)
	[ "$a2" = "$a" ] && [ "$since2" = "$since" ]
	check_err $? "da with PFC off on $p sent pauses: '$a', then '$a2', since $since, then $since2"

	# bursts of 100 ms every 300 ms, db at 10 Gb/s
	simA pfc-storm off
	simB speed 10000
	dcbA pfc set dev da prio-pfc "$p:on"
	simA pfc-storm-on-ms 100 pfc-storm-off-ms 200 pfc-storm "$p"
	since=$(link_val "$NSA" da pfc-storm-since-ns)
	st=$(paused_samples "$NSB" db "$mask" 2000)
	a2=$(pfc_of "$NSA" da "$p")
	t1=$(mono_ns)
	since2=$(link_val "$NSA" da pfc-storm-since-ns)
	n=$(( ${a2% *} - ${a% *} ))
	max=$(( ( (t1 - since) / 300000000 + 1) * (100000000 / 1677696 + 2) ))
	rem=$(( (since2 - since) % 300000000 ))
	[ "$rem" -gt 150000000 ] && rem=$((300000000 - rem))
	log_info "bursts: $n pauses in $(( (t1 - since) / 1000000 )) ms (at most $max; endless: $(( (t1 - since) / 1677696 ))); bursts began at $since, $since2 ($(( (since2 - since) / 1000000 )) ms later); db's pfc-paused read, paused, changes: $st"
	[ "$n" -ge 1 ] && [ "$n" -le "$max" ]
	check_err $? "bursts: $n pauses, at most $max"
	[ "$since2" -ge $((since + 300000000)) ]
	check_err $? "bursts: the last began at $since2, the first at $since"
	if ! debug_kernel; then
		[ "$rem" -le 50000000 ]
		(($? == 0)) || check_err 1 "bursts: $(( (since2 - since) / 1000000 )) ms between two, not a multiple of 300"
		# two changes at least: paused and released, then again.
		# Under TCG the 2000 readings come in clumps of a few
		# hundred us (4 expected; 2 or 3 seen from the same code in
		# most runs on 2026-11-27), so more would test the emulator.
		read -r n a b <<<"$st"
		[ "$b" -ge 2 ] && [ $((a * 10)) -ge "$n" ] && [ $((a * 10)) -le $((n * 7)) ]
		check_err $? "bursts: db's priority $p paused in $a of $n readings, $b changes"
	fi

	simA pfc-storm off pfc-storm-on-ms 0 pfc-storm-off-ms 0
	dcbA pfc set dev da prio-pfc all:off
	dcbB pfc set dev db prio-pfc all:off
	if [ -n "$vlan" ]; then
		ip -n "$NSA" link del da.10
		ip -n "$NSB" link del db.10
	fi
	log_test "PFC storm: pauses counted, the peer's priority paused and released, bursts"
}

# pfc_tx_send NSA NSB MODE Q WAIT_NS N: from one python, db's stream and
# da's PFC frames (priority 3 only, Q quanta) through packet sockets
# with hardware transmit stamps. db sends pairs of 0x88B6 frames, one
# with SO_PRIORITY 3 (untagged: dcbsim's priority 3), one with 0. MODE:
# "expiry": 20 pairs, an XOFF from da, pairs until WAIT_NS past it;
# "xon": the same with an XON from da N ns after the XOFF;
# "hold": an XOFF (none for Q -1), then N frames on priority 3 alone,
# no stamps read.
# Prints "xoff TS", "xon TS", "p3 TS" and "p0 TS" lines (host ns, the
# clocks being equal to it) and "sent3 N", "sent0 N".
pfc_tx_send()
{
	python3 - "$@" <<'EOF'
import ctypes, os, select, socket, struct, sys, time
nsa, nsb, mode, q, wait, n = sys.argv[1:7]
q, wait, n = int(q), int(wait), int(n)
libc = ctypes.CDLL(None, use_errno=True)
def enter(ns):
    fd = os.open("/run/netns/" + ns, os.O_RDONLY)
    if libc.setns(fd, 0x40000000):
        sys.exit("setns %s: %s" % (ns, os.strerror(ctypes.get_errno())))
    os.close(fd)
SO_TIMESTAMPING = 37
FLAGS = (1 << 0) | (1 << 6)    # TX_HARDWARE | RAW_HARDWARE
def sock(dev, prio):
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_PRIORITY, prio)
    s.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPING, FLAGS)
    # room on the error queue for every frame's stamp (SO_RCVBUFFORCE)
    s.setsockopt(socket.SOL_SOCKET, 33, 1 << 24)
    s.bind((dev, 0))
    return s
enter(nsb)
s3, s0 = sock("db", 3), sock("db", 0)
enter(nsa)
sa = sock("da", 0)
src = s3.getsockname()[4]
dst = sa.getsockname()[4]
def frame(prio, seq):
    f = dst + src + b"\x88\xb6" + struct.pack("!IBI", 0x70667478, prio, seq)
    return f + bytes(60 - len(f))
def pfc(quanta):
    t = [0] * 8
    t[3] = quanta
    f = (bytes.fromhex("0180c2000001") + dst + b"\x88\x08" +
         struct.pack("!HH8H", 0x0101, 0x08, *t))
    return f + bytes(60 - len(f))
seq = 0
sent = {3: 0, 0: 0}
def pair():
    global seq
    for s, p in ((s3, 3), (s0, 0)):
        s.send(frame(p, seq))
        sent[p] += 1
    seq += 1
now = time.monotonic_ns
if mode == "hold":
    if q >= 0:
        sa.send(pfc(q))
    for i in range(n):
        s3.send(frame(3, i))
    sys.exit(0)
for i in range(20):
    pair()
sa.send(pfc(q))
# at once a frame on 3: at 100 Gb/s the pause lasts 336 us, about a
# loop's turn in a guest
s3.send(frame(3, seq))
sent[3] += 1
t0, xon = now(), mode == "xon"
while now() < t0 + wait:
    pair()
    if xon and now() >= t0 + n:
        sa.send(pfc(0))
        xon = False
def stamps(s, want):
    out = []
    while len(out) < want:
        r, _, _ = select.select([s], [], [], 3)
        if not r:
            break
        data, anc, fl, _ = s.recvmsg(2048, 1024, socket.MSG_ERRQUEUE)
        for lvl, typ, d in anc:
            if lvl == socket.SOL_SOCKET and typ == SO_TIMESTAMPING:
                sec, ns = struct.unpack_from("qq", d, 32)
                out.append(sec * 10**9 + ns)
    return out
for i, t in enumerate(stamps(sa, 2 if mode == "xon" else 1)):
    print("xon" if i else "xoff", t)
for p, s in ((3, s3), (0, s0)):
    for t in stamps(s, sent[p]):
        print("p%d" % p, t)
    print("sent%d" % p, sent[p])
EOF
}

# pfc_tx_prep SPEED RESP: both ends at SPEED, db's pfc-response-ns RESP,
# 10 us of cable each way, PFC on priority 3 at both, both clocks the
# host's CLOCK_MONOTONIC to the ns, hardware transmit stamps on
pfc_tx_prep()
{
	local d

	simA speed "$1" delay-ns 10000 hwts on ts-resolution-ns 1 &&
		simB speed "$1" delay-ns 10000 hwts on ts-resolution-ns 1 \
			pfc-response-ns "$2" || return 1
	for d in "$NSA da" "$NSB db"; do
		phc "ptp$(phc_index $d)" freq 0 >/dev/null || return 1
		hwts_cfg $d -t 1 -r 1 >/dev/null || return 1
	done
	simA clock-ppb 0 clock-offset-ns 0 && simB clock-ppb 0 clock-offset-ns 0 &&
		dcbA pfc set dev da prio-pfc 3:on && dcbB pfc set dev db prio-pfc 3:on
}

# db's counter NAME, ethtool -S
db_stat()
{
	sim_stat "$NSB" db "$1"
}

# db's tx_dropped
db_dropped()
{
	ip -n "$NSB" -s -j link show db | jq '.[0].stats64.tx.dropped'
}

# pfc_tx_check SPEED RESP MODE: one run of pfc_tx_send and its judgement
# on the stamps, exact to the ns. Returns 2 for a run to repeat: the XON
# not inside the pause, or no frame taken during it (the guest too slow).
pfc_tx_check()
{
	local speed=$1 resp=$2 mode=$3 q=65535 d=10000
	local h0 h1 n0 n1 pt0 pt1 dr0 dr1 c0 c1 out v pause wait
	local xoff xon T E U end sent3 held late in0 at last f

	pause=$((q * 512 * 1000 / speed))
	wait=$((d + resp + pause + 3000000))
	h0=$(db_stat tx_prio3_held) n0=$(db_stat tx_prio3_packets)
	pt0=$(db_stat tx_prio3_paused_ns) c0=$(db_stat rx_prio3_pause)
	dr0=$(db_dropped)
	# the XON sent a third into the pause as the host sees it
	out=$(pfc_tx_send "$NSA" "$NSB" "$mode" "$q" "$wait" $((resp + pause / 3)))
	h1=$(db_stat tx_prio3_held) n1=$(db_stat tx_prio3_packets)
	pt1=$(db_stat tx_prio3_paused_ns) c1=$(db_stat rx_prio3_pause)
	dr1=$(db_dropped)
	xoff=$(awk '$1 == "xoff" { print $2 }' <<<"$out")
	xon=$(awk '$1 == "xon" { print $2 }' <<<"$out")
	sent3=$(awk '$1 == "sent3" { print $2 }' <<<"$out")
	if [ -z "$xoff" ] || { [ "$mode" = xon ] && [ -z "$xon" ]; }; then
		check_err 1 "$speed Mb/s, response $resp: no stamp for da's PFC frames: $(head -c 300 <<<"$out")"
		return 1
	fi
	# the XOFF is whole at db at T, its 64 bytes after its stamped start
	# and the cable (802.1Qbb acts on the frame whole); db's transmit on
	# 3 stops at E, for the pause's quanta at db's speed, or until the
	# XON, likewise whole, reaches it
	f=$(((64 * 8000 + speed - 1) / speed))
	T=$((xoff + d + f)) E=$((T + resp)) U=$((T + resp + pause))
	end=$U
	if [ "$mode" = xon ]; then
		end=$((xon + d + f))
		if [ "$end" -le "$E" ] || [ "$end" -ge "$U" ]; then
			log_info "$speed Mb/s, response $resp: the XON reached db $((end - T)) ns after the XOFF, outside the pause: again"
			return 2
		fi
	fi
	held=$((h1 - h0))
	# held: frames on 3 stamped exactly at the pause's end; none within it;
	# priority 0 within it, one between each two held frames at least
	# but the first two (one sent at once after the XOFF, alone)
	v=$(awk -v E="$E" -v end="$end" -v T="$T" '
		$1 == "p3" && $2 >= E && $2 < end { in3++ }
		$1 == "p3" && $2 == end { at++ }
		$1 == "p3" && $2 < E && (!seen || $2 - T > last) { last = $2 - T; seen = 1 }
		$1 == "p3" { n3++ }
		$1 == "p0" && $2 >= E && $2 < end { in0++ }
		END { print in3 + 0, at + 0, n3 + 0, in0 + 0, (seen ? last : "none") }' <<<"$out")
	read -r late at v in0 last <<<"$v"
	if [ "$held" -eq 0 ] && [ "$late" -eq 0 ]; then
		log_info "$speed Mb/s, response $resp, $mode: no frame on 3 taken during the pause: again"
		return 2
	fi
	log_info "$speed Mb/s, response $resp ns, $mode: XOFF at T; pause [T+$resp, T+$((end - T))) ns; last frame on 3 before it at T+$last ns; $held held, $at stamped at the pause's end, $late inside it; $in0 on 0 inside it; paused $((pt1 - pt0)) ns; $sent3 sent on 3, $v stamped, $((n1 - n0)) counted"
	[ "$late" -eq 0 ]
	check_err $? "$speed Mb/s, response $resp, $mode: $late frames on 3 entered the cable inside the pause [E, E+$((end - E)))"
	[ "$last" = none ] || [ "$last" -lt "$resp" ]
	check_err $? "$speed Mb/s, response $resp, $mode: the last frame on 3 before the pause left T+$last ns"
	[ "$held" -ge 1 ] && [ "$at" -eq "$held" ]
	check_err $? "$speed Mb/s, response $resp, $mode: $held held (tx_prio3_held), $at stamped at the pause's end T+$((end - T))"
	[ "$in0" -ge $((held - 2)) ]
	check_err $? "$speed Mb/s, response $resp, $mode: priority 0 paused too: $in0 frames inside the pause, $held held on 3"
	[ "$((pt1 - pt0))" -eq "$((end - E))" ]
	check_err $? "$speed Mb/s, response $resp, $mode: tx_prio3_paused_ns grew by $((pt1 - pt0)), the pause was $((end - E)) ns"
	[ "$v" -eq "$sent3" ] && [ "$((n1 - n0))" -eq "$sent3" ] && [ "$dr1" -eq "$dr0" ]
	check_err $? "$speed Mb/s, response $resp, $mode: $sent3 sent on 3, $v stamped, $((n1 - n0)) on the cable, tx_dropped $dr0 then $dr1"
	[ "$((c1 - c0))" -eq "$([ "$mode" = xon ] && echo 2 || echo 1)" ]
	check_err $? "$speed Mb/s, response $resp, $mode: rx_prio3_pause grew by $((c1 - c0))"
	return 0
}

# db honours PFC on transmit, as a MAC: a PFC frame from da (crafted,
# through a packet socket) stops db's priority 3 pfc-response-ns after it
# reaches db, for its quanta at db's speed or until an XON; frames taken
# meanwhile are held, not dropped, and enter the cable when it ends;
# priority 0 flows. Every instant is a hardware stamp on the cable's
# timeline (both clocks equal to the host's, 1 ns resolution), so the
# bounds are exact whatever the guest's timing: a run where the guest
# sent nothing on 3 during the pause, or the XON missed it, is repeated.
dcbsim_pfc_tx()
{
	local speed resp mode i rc

	pfc_tx_prep 25000 0
	check_err $? "cannot set up PFC on priority 3 with hardware stamps"
	[ "$(link_val "$NSB" db pfc-response-ns)" = 0 ]
	check_err $? "pfc-response-ns not shown: $(ip -n "$NSB" -d link show db | tail -1)"
	simB pfc-response-ns 1000001 2>/dev/null
	check_fail $? "pfc-response-ns 1000001 accepted"
	# the stock kernel before the newest: one speed and response, its
	# main path; the newest runs the whole table
	local speeds="25000 100000" resps="0 500 5000"
	case $(uname -r) in 6.1.*) speeds=25000 resps=500 ;; esac
	for speed in $speeds; do
		for resp in $resps; do
			pfc_tx_prep "$speed" "$resp"
			check_err $? "cannot set $speed Mb/s and pfc-response-ns $resp"
			# an XON must reach db inside the pause: 1.34 ms of
			# 65535 quanta at 25 Gb/s, 336 us at 100 Gb/s, where a
			# guest's sends (a few hundred us each) land it too late
			for mode in expiry $( ((speed <= 25000)) && echo xon); do
				for i in 1 2 3 4 5; do
					pfc_tx_check "$speed" "$resp" "$mode"
					rc=$?
					[ "$rc" -eq 2 ] || break
				done
				[ "$rc" -ne 2 ]
				check_err $? "$speed Mb/s, response $resp, $mode: no usable run in 5"
			done
		done
	done
	simA hwts off ts-resolution-ns 8 delay-ns 0 speed 10000
	simB hwts off ts-resolution-ns 8 delay-ns 0 speed 10000 pfc-response-ns 0
	dcbA pfc set dev da prio-pfc all:off
	dcbB pfc set dev db prio-pfc all:off
	log_test "PFC on transmit: XOFF after pfc-response-ns, held frames, XON and expiry exact"
}

# A PFC frame for a priority db has PFC off on: counted, ignored. Then
# frames held on 3 (da storming it, so that the pause outlasts the
# tools' start-up) when db's PFC goes off on 3 (they go at once), when
# db goes down (dropped, counted) and when the pair is deleted.
dcbsim_pfc_tx_teardown()
{
	local n0 n1 h0 h1 c0 c1 dr0 dr1 pb

	# 10 Mb/s: each of the storm's pauses lasts 3.36 s, so the frames
	# stay held however late its refresh (every 10 ms) runs. At 10 Gb/s
	# (3.4 ms, refreshed every 1.7 ms) and at 1 Gb/s (33.6 ms, every
	# 10 ms), guests sharing the host's cores ran the storm's timer late
	# enough for the held frames to go between two reads.
	simA speed 10 && simB speed 10 &&
		dcbA pfc set dev da prio-pfc 3:on && dcbB pfc set dev db prio-pfc 3:off
	check_err $? "cannot set 10 Mb/s and PFC on priority 3"
	c0=$(db_stat rx_prio3_pause) h0=$(db_stat tx_prio3_held)
	pfc_tx_send "$NSA" "$NSB" hold 65535 0 3
	c1=$(db_stat rx_prio3_pause) h1=$(db_stat tx_prio3_held)
	pb=$(link_val "$NSB" db pfc-paused)
	[ "$((c1 - c0))" -eq 1 ] && [ "$h1" -eq "$h0" ] && [ "$pb" = 0x00 ]
	check_err $? "PFC off on 3: rx_prio3_pause grew by $((c1 - c0)), $((h1 - h0)) held, pfc-paused $pb"

	dcbB pfc set dev db prio-pfc 3:on
	simA pfc-storm 3
	sleep 0.1
	n0=$(db_stat tx_prio3_packets) h0=$(db_stat tx_prio3_held)
	pfc_tx_send "$NSA" "$NSB" hold -1 0 5
	h1=$(db_stat tx_prio3_held) n1=$(db_stat tx_prio3_packets)
	pb=$(link_val "$NSB" db pfc-paused)
	[ "$((h1 - h0))" -eq 5 ] && [ "$n1" -eq "$n0" ] && [ "$pb" = 0x08 ]
	check_err $? "stormed: $((h1 - h0)) held, tx_prio3_packets $n0 then $n1, pfc-paused $pb"
	dcbB pfc set dev db prio-pfc 3:off
	n1=$(db_stat tx_prio3_packets)
	pb=$(link_val "$NSB" db pfc-paused)
	[ "$n1" -eq $((n0 + 5)) ] && [ "$pb" = 0x00 ]
	check_err $? "PFC off while paused: tx_prio3_packets $n0 then $n1, pfc-paused $pb"

	# down with frames held and the pause timer armed
	dcbB pfc set dev db prio-pfc 3:on
	sleep 0.1
	dr0=$(db_dropped) h0=$(db_stat tx_prio3_held)
	pfc_tx_send "$NSA" "$NSB" hold -1 0 4
	ip -n "$NSB" link set db down
	dr1=$(db_dropped) h1=$(db_stat tx_prio3_held)
	[ "$((dr1 - dr0))" -eq 4 ] && [ "$((h1 - h0))" -eq 4 ]
	check_err $? "down with frames held: $((h1 - h0)) held, tx_dropped $dr0 then $dr1"
	ip -n "$NSB" link set db up
	# deleted with frames held and timers armed, the pair made afresh
	sleep 0.1
	pfc_tx_send "$NSA" "$NSB" hold -1 0 4
	ip -n "$NSA" link del da
	check_err $? "deleting the pair with frames held failed"
	setup
	check_err $? "cannot make the pair again"
	log_test "PFC on transmit: ignored with PFC off, released by PFC off, dropped by down, freed by delete"
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

dcbsim_phc_teardown()
{
	local pa pb

	setup || { check_err 1 "cannot set the pair up again"; log_test "PHC teardown"; return; }
	simA hwts on delay-ns 50000000
	simB hwts on delay-ns 50000000
	pa=/dev/ptp$(phc_index "$NSA" da)
	pb=/dev/ptp$(phc_index "$NSB" db)
	# a PHC held open, and stamped frames on the cable, when the pair goes
	exec 3<"$pb"
	phc "${pb#/dev/}" freq 1000 >/dev/null
	probe -n 5 -w 100 "$NSA" da "$NSB" db >/dev/null &
	sleep 0.2
	ip -n "$NSA" link del da
	check_err $? "deleting the pair failed"
	wait
	[ ! -e "$pa" ] && [ ! -e "$pb" ]
	(($? == 0)) || check_err 1 "a PHC outlived its device: $(ls /dev/ptp* 2>&1)"
	exec 3<&-
	log_test "deleting the pair unregisters both PHCs, one held open, stamped frames in flight"
}

require_root
require_cmd jq ip dcb ethtool ping phc_ctl hwstamp_ctl ptp4l
require_built "$TSPROBE"
TMPD=$(mktemp -d)
trap 'ns_cleanup; rm -rf "$TMPD"' EXIT
if ! dcbsim_load; then
	echo "1..0 # SKIP the dcbsim test device is not available"
	exit $ksft_skip
fi
setup || { echo "1..0 # SKIP cannot create a dcbsim pair"; exit $ksft_skip; }
tests_run
