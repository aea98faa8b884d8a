#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every driver's own arithmetic (Documentation/drivers.rst): dcbsim does
# mlx5's and Spectrum's DCB arithmetic exactly (model mlx5|mlxsw), the
# module plans with the same model, and the truth is read back with the
# real dcb tool and dcbsim's XOFF thresholds: the headroom above XOFF is a
# buffer's size less its threshold. Hardware timestamps make t exactly
# 2 x delay-ns, so the expected writes are worked out here from the
# drivers' formulas, independently of the module.
#
#	NSA da <-dcbsim (hwts on)-> db :NSB
ALL_TESTS="models_mlx5_auto models_mlx5_buffer_refused models_mlx5_firmware_owned
	   models_mlx5_firmware_refused models_mlx5_mtu models_mlxsw_auto
	   models_mlxsw_8lanes models_mlxsw_ceiling models_mlxsw_delay_refused
	   models_mlxsw_tc_mode
	   models_none models_auto_identity models_worked_example
	   models_manual models_cell"
# the debug kernel: the growth and the two-write path under KASAN/lockdep
DEBUG_TESTS="models_mlx5_auto"
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-a
NSB=${NS_PREFIX}-b

hdrmA()
{
	dcb-hdrm -n "$NSA" "$@"
}

hdrmB()
{
	dcb-hdrm -n "$NSB" "$@"
}

dcbA()
{
	dcb -n "$NSA" "$@"
}

setup()
{
	ns_cleanup
	dcbsim_load || return 1
	ip netns add "$NSA" && ip netns add "$NSB" || return 1
}

# pair MODEL DELAY_NS SPEED CELL [ KNOBS... ]: a fresh hardware-timestamped
# pair, MTU 1500, the module told the model and the driver's cell. The
# drivers' arithmetic is under test here, so the cells are taken as packed
# (small-packet-percent 0): the headroom is its frames' bytes in whole
# cells, as the worked example in Documentation/drivers.rst has it.
# Spectrum's own doubling of the delay's cells is its packing allowance;
# proof.sh and the pure cases test the default, 100.
pair()
{
	local model=$1 delay=$2 speed=$3 cell=$4

	shift 4
	ip -n "$NSA" link del da 2>/dev/null
	ip -n "$NSA" link add da type dcbsim hwts on model "$model" \
		delay-ns "$delay" speed "$speed" cell "$cell" "$@" \
		peer name db netns "$NSB" || return 1
	ip -n "$NSB" link set db type dcbsim hwts on delay-ns "$delay" \
		speed "$speed" || return 1
	ip -n "$NSA" link set da up && ip -n "$NSB" link set db up || return 1
	hdrmA dev set dev da hwtstamp on model "$model" cell "$cell" \
		small-packet-percent 0 &&
		hdrmB dev set dev db hwtstamp on
}

# priority 3 lossless, alone in buffer 1 of SIZE bytes (mlx5, generic);
# on mlx5 SIZE must hold the 7 m floor, or PFC comes on with buffer 1
# left lossy, as the driver leaves it
lossless_buffer()
{
	dcbA buffer set dev da prio-buffer all:0 3:1 buffer-size all:0 0:65536 1:"$1" &&
		dcbA pfc set dev da prio-pfc 3:on &&
		[ "$(xoff_of 1)" != 0 ] || [ "$(ip -n "$NSA" -d link show da | grep -c 'model generic')" = 1 ]
}

# priority 3 lossless in ETS traffic class 1, which is its buffer on
# Spectrum in DCB mode (the driver maps each priority to its class)
mlxsw_lossless()
{
	dcbA ets set dev da prio-tc all:0 3:1 && dcbA pfc set dev da prio-pfc 3:on
}

# xoff DEV_BUFFER: dcbsim's XOFF threshold of a buffer, bytes
xoff_of()
{
	ip -n "$NSA" -d link show da | sed -n 's/.* xoff \([0-9,]*\).*/\1/p' |
		cut -d, -f$(($1 + 1))
}

prio3()
{
	jq -r ".priorities[] | select(.prio == 3) | $1" <<<"$2"
}

# mlx5's xoff for METRES at SPEED Mb/s and MTU, as calculate_xoff()
mlx5_xoff()
{
	local m=$1 speed=$2 mtu=$3

	[ "$speed" -lt 40000 ] && speed=40000
	echo $(( (301 + 216 * m / 100) * speed / 1000 + 272 * mtu / 100 ))
}

# Spectrum's headroom for BITS, cell CELL, MTU, in one headroom buffer
mlxsw_hdroom()
{
	local bits=$1 cell=$2 mtu=$3
	local bytes=$(( (bits + 7) / 8 ))

	echo $(( (2 * ((bytes + cell - 1) / cell) + (mtu + cell - 1) / cell) * cell ))
}

# A 1 km cable at 100 Gb/s: mlx5's smallest sufficient length, the buffer
# grown to the driver's floor, the verdict "enough".
models_mlx5_auto()
{
	local out show need want m eff floor size xoff pfc

	pair mlx5 5000 100000 128
	check_err $? "cannot make a mlx5 pair"
	lossless_buffer 49920
	check_err $? "dcb refused buffer 1 of 49920 B with PFC on 3"
	out=$(hdrmA -j measure dev da ts-mode hardware apply auto)
	check_err $? "measure apply auto failed: $out"
	need=$(prio3 .headroom_bytes "$out")
	want=
	for m in $(seq 1 999); do
		if [ "$(mlx5_xoff "$m" 100000 1500)" -ge "$need" ]; then
			want=$m
			break
		fi
	done
	pfc=$(dcbA -j pfc show dev da)
	log_info "t $(jqn .rtt_ns.estimate "$out") ns ($(jqn .equivalent_cable_m "$out") m), headroom $need B: mlx5 length $(jqn .delay "$pfc") m (formula: $want m), xoff $(mlx5_xoff "$want" 100000 1500) B"
	[ -n "$want" ] && [ "$(jqn .delay "$pfc")" = "$want" ] &&
		[ "$(jqn .applied.delay_new "$out")" = "$want" ] &&
		[ "$(jqn .applied.delay_unit "$out")" = metres ] &&
		[ "$(jqn .applied.model "$out")" = mlx5 ]
	(($? == 0)) || check_err 1 "dcb pfc show delay $(jqn .delay "$pfc"), wanted $want m: $(jqn .applied "$out")"
	# the driver's floor: xoff + max(max_mtu 9978, 9216) + a cell
	floor=$(( $(mlx5_xoff "$want" 100000 1500) + 9978 + 128 ))
	size=$(dcbA -j buffer show dev da | jq '.buffer_size[1]')
	xoff=$(xoff_of 1)
	log_info "buffer 1: $size B (floor $floor B), XOFF at $xoff B: $((size - xoff)) B above it"
	[ "$size" -ge "$floor" ] && [ $((size - xoff)) -ge "$need" ]
	check_err $? "buffer 1 $size B, XOFF $xoff: below the floor $floor or short of $need"
	show=$(hdrmA -j show dev da)
	eff=$(prio3 .effective_headroom_bytes "$show")
	[ "$(jqn .model "$show")" = mlx5 ] && [ "$eff" = $((size - xoff)) ] &&
		[ "$(jq -r '.verdict[] | select(.prio == 3) | .verdict' <<<"$show")" = enough ]
	(($? == 0)) || check_err 1 "show: model $(jqn .model "$show"), effective $eff (dcbsim $((size - xoff))), verdict $(jq -c '.verdict' <<<"$show")"
	log_test "mlx5: apply auto writes the least cable length its xoff needs, grows the buffer to the floor"
}

# apply buffer on mlx5 cannot move XOFF: refused in one line, nothing changes
models_mlx5_buffer_refused()
{
	local before_b before_p err rc

	pair mlx5 5000 100000 128
	lossless_buffer 49920
	before_b=$(dcbA -j buffer show dev da)
	before_p=$(dcbA -j pfc show dev da)
	err=$(hdrmA measure dev da ts-mode hardware apply buffer 2>&1 >/dev/null)
	rc=$?
	log_info "$err"
	# xoff(7 m) = 35,680 B; at the floor, 45,786 B in 358 cells of 128,
	# XOFF sits at (45,824 - 35,680) / 128 = 79 cells: 279 cells above it
	[ "$rc" -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "apply buffer failed: mlx5 keeps xoff = (301 + 2.16 x cable m) x Gb/s + 2.72 x MTU above a lossless buffer's XOFF point whatever its size: 35712 B at 7 m, less than the measured" <<<"$err"
	check_err $? "apply buffer on mlx5: exit $rc, '$err'"
	[ "$(dcbA -j buffer show dev da)" = "$before_b" ] &&
		[ "$(dcbA -j pfc show dev da)" = "$before_p" ]
	check_err $? "the refused write changed the driver's state"
	log_test "mlx5: apply buffer that would leave less than measured above XOFF is refused, nothing changes"
}

# stat NAME: one of da's ethtool -S counters (dcbsim's buffer<N>_size,
# _xoff, _xon: the emulated hardware's own state, bytes)
stat()
{
	ip netns exec "$NSA" ethtool -S da | awk -v n="$1:" '$1 == n { print $2 }'
}

# mlx5_want NEED: the least cable length whose xoff at 100 Gb/s, MTU 1500
# holds NEED bytes, by calculate_xoff()
mlx5_want()
{
	local m

	for m in $(seq 1 999); do
		if [ "$(mlx5_xoff "$m" 100000 1500)" -ge "$1" ]; then
			echo "$m"
			return
		fi
	done
}

# A 100 m cable at 100 Gb/s, buffer 1 of 98,304 B lossless for priority
# 3, its buffers then handed back to the firmware (buffer-owner firmware),
# as on a port just up: a cable length is stored and moves no XOFF. show
# has no verdict, even once the length alone is written; apply auto takes
# the buffers with a setbuffer one cell away, then the length, then the
# sizes as they were, and XOFF moves to where mlx5 puts it.
models_mlx5_firmware_owned()
{
	local out show need want x7 xoff thres verdict

	pair mlx5 500 100000 128
	check_err $? "cannot make a mlx5 pair"
	lossless_buffer 98304
	check_err $? "dcb refused buffer 1 of 98304 B with PFC on 3"
	ip -n "$NSA" link set da type dcbsim buffer-owner firmware
	check_err $? "dcbsim refused buffer-owner firmware"
	x7=$(stat buffer1_xoff)
	[ "$x7" = $(( (98304 - $(mlx5_xoff 7 100000 1500)) / 128 * 128 )) ]
	(($? == 0)) || check_err 1 "buffer1_xoff $x7 at 7 m"
	out=$(hdrmA -j measure dev da ts-mode hardware)
	check_err $? "measure failed: $out"
	need=$(prio3 .headroom_bytes "$out")
	want=$(mlx5_want "$need")
	# what apply used to do: the length alone, stored and not acted on
	dcbA pfc set dev da delay "$want"
	show=$(hdrmA -j show dev da)
	verdict=$(jq -r '.verdict[] | select(.prio == 3) | .verdict' <<<"$show")
	log_info "need $need B: $want m; the length alone leaves buffer1_xoff at $(stat buffer1_xoff) B (7 m: $x7); show says $verdict"
	[ "$(stat buffer1_xoff)" = "$x7" ] && [ "$verdict" = unknown ] &&
		[ "$(jqn .buffer_owner "$show")" = unknown ]
	(($? == 0)) || check_err 1 "firmware-owned: xoff $(stat buffer1_xoff), show $(jq -c '[.buffer_owner, .verdict]' <<<"$show")"
	dcbA pfc set dev da delay 7
	out=$(hdrmA -j measure dev da ts-mode hardware apply auto)
	check_err $? "measure apply auto failed: $out"
	xoff=$(mlx5_xoff "$want" 100000 1500)
	thres=$(( (98304 - xoff) / 128 * 128 ))
	log_info "apply auto: $(jqn .applied.delay_new "$out") m, buffers_taken $(jqn .applied.buffers_taken "$out"); buffer1 $(stat buffer1_size) B, XOFF at $(stat buffer1_xoff) B (by the formula $thres): $((98304 - $(stat buffer1_xoff))) B above it"
	[ "$(jqn .applied.delay_new "$out")" = "$want" ] &&
		[ "$(jqn .applied.buffers_taken "$out")" = true ] &&
		[ "$(stat buffer1_size)" = 98304 ] &&
		[ "$(stat buffer1_xoff)" = "$thres" ] &&
		[ $((98304 - thres)) -ge "$need" ] &&
		ip -n "$NSA" -d link show da | grep -q "buffer-owner software"
	(($? == 0)) || check_err 1 "apply auto: $(jq -c .applied <<<"$out"); ethtool -S buffer1 $(stat buffer1_size)/$(stat buffer1_xoff)"
	show=$(hdrmA -j show dev da)
	[ "$(jqn .buffer_owner "$show")" = software ] &&
		[ "$(jq -r '.verdict[] | select(.prio == 3) | .verdict' <<<"$show")" = enough ]
	(($? == 0)) || check_err 1 "after apply: show $(jq -c '[.buffer_owner, .verdict]' <<<"$show")"
	log_test "mlx5, firmware-owned buffers: show says unknown, apply auto takes them and XOFF moves"
}

# The same link with buffer 1 at the floor of the length needed and a
# total with no cell to spare: no setbuffer can change a size, so the
# buffers cannot be taken. apply auto is refused in one line naming the
# firmware, and nothing changes.
models_mlx5_firmware_refused()
{
	local out need want floor err rc x7

	pair mlx5 500 100000 128
	check_err $? "cannot make a mlx5 pair"
	dcbA pfc set dev da prio-pfc 3:on
	out=$(hdrmA -j measure dev da ts-mode hardware)
	check_err $? "measure failed: $out"
	need=$(prio3 .headroom_bytes "$out")
	want=$(mlx5_want "$need")
	floor=$(( ($(mlx5_xoff "$want" 100000 1500) + 9978 + 128 + 127) / 128 * 128 ))
	# mlx5 maps before it sizes: PFC off while buffer 1 is made
	dcbA pfc set dev da prio-pfc 3:off &&
		ip -n "$NSA" link set da type dcbsim buffer-total $((65536 + floor)) &&
		lossless_buffer "$floor" &&
		ip -n "$NSA" link set da type dcbsim buffer-owner firmware
	check_err $? "cannot set buffer 1 to $floor B of $((65536 + floor))"
	x7=$(stat buffer1_xoff)
	err=$(hdrmA measure dev da ts-mode hardware apply auto 2>&1 >/dev/null)
	rc=$?
	log_info "need $need B: $want m, floor $floor B, total $((65536 + floor)) B: $err"
	[ "$rc" -ne 0 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "firmware-owned.*buffer 1 ($floor B) cannot move by a cell.*measured need is $need B" <<<"$err"
	check_err $? "apply auto with buffers it cannot take: exit $rc, '$err'"
	[ "$(stat buffer1_xoff)" = "$x7" ] && [ "$(stat buffer1_size)" = "$floor" ] &&
		[ "$(dcbA -j pfc show dev da | jq .delay)" = 7 ] &&
		ip -n "$NSA" -d link show da | grep -q "buffer-owner firmware"
	(($? == 0)) || check_err 1 "the refusal changed something: xoff $(stat buffer1_xoff), size $(stat buffer1_size), $(dcbA -j pfc show dev da)"
	log_test "mlx5, firmware-owned buffers that cannot be taken: apply auto refused, nothing changes"
}

# Spectrum at 25 Gb/s, 50 m on LANES lanes: the least delay in bits its
# formula needs (at 100 Gb/s the 16-bit delay cannot hold 50 m: 65535
# bits is 655 ns). On 8 lanes the driver doubles the size it configures
# for two headroom buffers that split it (spectrum_buffers.c,
# mlxsw_sp_port_headroom_8x_adjust): each must hold the need alone.
mlxsw_auto()
{
	local lanes=$1 out show need want bits pfc buf size xoff eff lo hi mid
	local halves=1

	[ "$lanes" -eq 8 ] && halves=2
	pair mlxsw 250 25000 144 lanes "$lanes"
	check_err $? "cannot make a mlxsw pair"
	mlxsw_lossless
	check_err $? "dcb refused ETS or PFC"
	out=$(hdrmA -j measure dev da ts-mode hardware apply auto)
	check_err $? "measure apply auto failed: $out"
	need=$(prio3 .headroom_bytes "$out")
	lo=0
	hi=65535
	while [ "$lo" -lt "$hi" ]; do
		mid=$(( (lo + hi) / 2 ))
		if [ "$(mlxsw_hdroom "$mid" 144 1500)" -ge "$need" ]; then
			hi=$mid
		else
			lo=$((mid + 1))
		fi
	done
	want=$lo
	pfc=$(dcbA -j pfc show dev da)
	bits=$(jqn .delay "$pfc")
	buf=$(dcbA -j buffer show dev da)
	size=$(jq '.buffer_size[1]' <<<"$buf")
	xoff=$(xoff_of 1)
	log_info "$lanes lanes: t $(jqn .rtt_ns.estimate "$out") ns, headroom $need B: mlxsw delay $bits bits (formula: $want), buffer 1 $size B, XOFF at $xoff B: $((size - xoff)) B above it in $halves headroom buffer(s)"
	[ "$bits" = "$want" ] && [ "$(jqn .applied.delay_unit "$out")" = bits ] &&
		[ $(( (size - xoff) / halves )) -ge "$need" ] &&
		[ $(( (size - xoff) / halves )) = "$(mlxsw_hdroom "$want" 144 1500)" ]
	(($? == 0)) || check_err 1 "delay $bits (wanted $want), headroom above XOFF $((size - xoff)) in $halves buffer(s) for $need"
	show=$(hdrmA -j show dev da)
	eff=$(prio3 .effective_headroom_bytes "$show")
	[ "$(jqn .model "$show")" = mlxsw ] && [ "$eff" = $(( (size - xoff) / halves )) ] &&
		[ "$(jq -r '.verdict[] | select(.prio == 3) | .verdict' <<<"$show")" = enough ]
	(($? == 0)) || check_err 1 "show: model $(jqn .model "$show"), effective $eff, verdict $(jq -c '.verdict' <<<"$show")"
}

models_mlxsw_auto()
{
	mlxsw_auto 4
	log_test "mlxsw: apply auto writes the least delay in bits its formula needs, read back with dcb"
}

models_mlxsw_8lanes()
{
	mlxsw_auto 8
	log_test "mlxsw, 8 lanes: each of the two headroom buffers holds the need"
}

# 1 km at 100 Gb/s needs over 100 KB; Spectrum's 16-bit delay gives at
# most (2 x cells(8192) + cells(1500)) x 144 = 18,000 B at MTU 1500.
# Refused with both figures (auto's write there is the delay, and the
# error names it); the delay stays; show does not say enough.
models_mlxsw_ceiling()
{
	local before err rc ceiling show

	ceiling=$(mlxsw_hdroom 65535 144 1500)
	pair mlxsw 5000 100000 144 lanes 4
	mlxsw_lossless
	check_err $? "dcb refused ETS or PFC"
	before=$(dcbA -j pfc show dev da)
	err=$(hdrmA measure dev da ts-mode hardware apply auto 2>&1 >/dev/null)
	rc=$?
	log_info "$err"
	[ "$rc" -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "apply delay failed: mlxsw's largest PFC delay, 65535 bits, gives $ceiling B above the threshold, less than the measured [0-9]* B, so nothing was written; with the port's egress under tc" <<<"$err"
	check_err $? "apply auto over the ceiling: exit $rc, '$err'"
	[ "$(dcbA -j pfc show dev da)" = "$before" ]
	check_err $? "the refused write changed the PFC delay"
	show=$(hdrmA -j show dev da)
	[ "$(jq -r '.verdict[] | select(.prio == 3) | .verdict' <<<"$show")" != enough ]
	(($? == 0)) || check_err 1 "show says enough: $(jq -c '.verdict' <<<"$show")"
	log_test "mlxsw: a need over what the 16-bit delay gives is refused with both figures, nothing written"
}

# Model auto, as on real hardware: the module picks the model from the
# driver's name (ethtool's drvinfo), which dcbsim gives as mlx5_core and
# mlxsw_spectrum2 for its two models; apply auto then writes in that
# driver's unit. Before, every dcbsim said "dcbsim" and auto meant
# generic, so the path from a driver to its model was never run.
models_auto_identity()
{
	local model drv out show unit cell

	for model in mlx5 mlxsw; do
		cell=128
		[ "$model" = mlxsw ] && cell=144
		pair "$model" 250 25000 "$cell"
		check_err $? "cannot make a $model pair"
		hdrmA dev set dev da model auto
		check_err $? "dev set model auto refused"
		if [ "$model" = mlx5 ]; then
			drv=mlx5_core
			unit=metres
			lossless_buffer 49920
		else
			drv=mlxsw_spectrum2
			unit=bits
			mlxsw_lossless
		fi
		check_err $? "$model: dcb refused the lossless setup"
		ip netns exec "$NSA" ethtool -i da | grep -qx "driver: $drv"
		(($? == 0)) || check_err 1 "ethtool -i of a $model dcbsim: $(ip netns exec "$NSA" ethtool -i da | head -n 1)"
		out=$(hdrmA -j measure dev da ts-mode hardware apply auto)
		check_err $? "$model: measure apply auto failed: $out"
		show=$(hdrmA -j show dev da)
		log_info "$drv: model auto applied as $(jqn .applied.model "$out"), delay $(jqn .applied.delay_new "$out") $(jqn .applied.delay_unit "$out"); show: $(prio3 .effective_headroom_bytes "$show") B for $(prio3 .headroom_bytes "$show") B"
		[ "$(jqn .applied.model "$out")" = "$model" ] &&
			[ "$(jqn .applied.delay_unit "$out")" = "$unit" ] &&
			[ "$(jqn .model "$show")" = "$model" ] &&
			[ "$(prio3 .effective_headroom_bytes "$show")" -ge "$(prio3 .headroom_bytes "$show")" ]
		(($? == 0)) || check_err 1 "$drv with model auto: $(jq -c '.applied' <<<"$out") / show model $(jqn .model "$show")"
	done
	log_test "model auto resolves dcbsim's mlx5_core and mlxsw_spectrum2 to their models and applies in their units"
}

# The round trip in bits, as the uAPI means it, is short on Spectrum: the
# driver does not add the frames. Refused; nothing changes.
models_mlxsw_delay_refused()
{
	local before err rc

	pair mlxsw 250 25000 144 lanes 4
	mlxsw_lossless
	before=$(dcbA -j pfc show dev da)
	err=$(hdrmA measure dev da ts-mode hardware apply delay 2>&1 >/dev/null)
	rc=$?
	log_info "$err"
	[ "$rc" -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "apply delay failed: mlxsw's headroom 2 x cells(delay) + cells(MTU) gives [0-9]* B for that delay, less than the measured [0-9]* B" <<<"$err"
	check_err $? "apply delay on mlxsw: exit $rc, '$err'"
	[ "$(dcbA -j pfc show dev da)" = "$before" ]
	check_err $? "the refused write changed the PFC delay"
	err=$(hdrmA measure dev da ts-mode hardware apply buffer 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 2 ] && grep -q "mlxsw takes buffer sizes only when its egress is configured by tc" <<<"$err"
	check_err $? "apply buffer on mlxsw: exit $rc, '$err'"
	log_test "mlxsw: apply delay short of the measured headroom and apply buffer are refused in one line"
}

models_none()
{
	local out err rc

	pair generic 250 25000 128
	hdrmA dev set dev da model none
	dcbA pfc set dev da prio-pfc 3:on
	err=$(hdrmA measure dev da ts-mode hardware apply auto 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 2 ] && grep -q "reads neither the PFC delay nor buffer sizes (model none): nothing to write" <<<"$err"
	check_err $? "apply on model none: exit $rc, '$err'"
	out=$(hdrmA -j show dev da)
	[ "$(jqn .model "$out")" = null ] &&
		[ "$(prio3 .effective_headroom_bytes "$out")" = null ]
	(($? == 0)) || check_err 1 "model none: show says model $(jqn .model "$out"), effective $(prio3 .effective_headroom_bytes "$out")"
	[ "$(hdrmA -j dev show dev da | jq -r .model_in_use)" = none ]
	check_err $? "dev show does not report model none"
	hdrmA dev set dev da model auto
	[ "$(hdrmA -j dev show dev da | jq -r .model_in_use)" = generic ]
	check_err $? "auto on dcbsim does not resolve to generic"
	log_test "model none writes nothing and judges nothing; auto resolves dcbsim to generic"
}

# Documentation/drivers.rst's worked example: one link, 25 Gb/s and 50 m
# (250 ns each way), MTU 1500, applied to the three models.
models_worked_example()
{
	local model out show eff size xoff line

	for model in generic mlx5 mlxsw; do
		case $model in
		mlxsw)	pair mlxsw 250 25000 144 lanes 4
			mlxsw_lossless ;;
		*)	pair "$model" 250 25000 128
			lossless_buffer 49920 ;;
		esac
		check_err $? "$model: setting up priority 3 failed"
		out=$(hdrmA -j measure dev da ts-mode hardware apply auto)
		check_err $? "$model: measure apply auto failed: $out"
		show=$(hdrmA -j show dev da)
		eff=$(prio3 .effective_headroom_bytes "$show")
		size=$(dcbA -j buffer show dev da | jq '.buffer_size[1]')
		line="$model: t $(jqn .rtt_ns.estimate "$out") ns ($(jqn .equivalent_cable_m "$out") m), headroom $(prio3 .headroom_bytes "$out") B;"
		line+=" wrote"
		if [ "$(jqn .applied.delay_new "$out")" != null ]; then
			line+=" pfc delay $(jqn .applied.delay_old "$out") -> $(jqn .applied.delay_new "$out") $(jqn .applied.delay_unit "$out")"
		fi
		line+=" buffer 1 $size B; effective $eff B, verdict $(jq -r '.verdict[] | select(.prio == 3) | .verdict' <<<"$show")"
		[ "$(jqn .applied.rule.name "$out")" != null ] &&
			line+=" ($(jqn .applied.rule.why "$out"))"
		log_info "$line"
		if [ "$model" != generic ]; then
			xoff=$(xoff_of 1)
			[ "$eff" = $((size - xoff)) ]
			(($? == 0)) || check_err 1 "$model: effective $eff, dcbsim says $((size - xoff))"
		fi
		[ "$eff" -ge "$(prio3 .headroom_bytes "$out")" ] &&
			[ "$(jq -r '.verdict[] | select(.prio == 3) | .verdict' <<<"$show")" = enough ]
		check_err $? "$model: effective $eff short of the headroom, or not enough"
	done
	log_test "one link on generic, mlx5 and mlxsw: each driver gets at least the measured headroom"
}

# manual_line MEASURE_OUT: measure again with B's auto-hdrm off; the
# prompt's line after "by hand: " (the status must be 5, one line)
manual_line()
{
	local err rc

	hdrmB dev set dev db auto-hdrm off || return 1
	err=$(hdrmA measure dev da ts-mode hardware 2>&1 >/dev/null)
	rc=$?
	hdrmB dev set dev db auto-hdrm on
	[ "$rc" -eq 5 ] && [ "$(wc -l <<<"$err")" -eq 1 ] || {
		echo "exit $rc: $err"
		return 1
	}
	sed -n 's/.*set the headroom by hand: //p' <<<"$err"
}

# The line to type by hand when the peer lacks the capability (claims 8
# and 23), in each driver's own unit: a measurement against a capable
# peer, then one against the same peer with auto-hdrm off, whose prompt
# must give what the drivers' formulas, worked here, call for.
models_manual()
{
	local out need want line s lo hi mid bits

	# mlx5, buffers the firmware's: metres, then the take writes
	pair mlx5 500 100000 128 && lossless_buffer 98304 &&
		ip -n "$NSA" link set da type dcbsim buffer-owner firmware
	check_err $? "cannot make the mlx5 pair"
	out=$(hdrmA -j measure dev da ts-mode hardware)
	check_err $? "mlx5: measure failed: $out"
	need=$(prio3 .headroom_bytes "$out")
	want=$(mlx5_want "$need")
	s=$(jqn .session "$out")
	line=$(manual_line)
	log_info "mlx5, need $need B: $line"
	[[ "$line" == "dcb pfc set dev da delay $want && dcb buffer set dev da buffer-size 1:98432 && dcb buffer set dev da buffer-size 1:98304 (mlx5: $want m of cable is the least length whose xoff = (301 + 2.16 x m) x Gb/s + 2.72 x MTU holds the $need B of the last measurement, session $s; mlnx_qos -i da --cable_len=$want sets the same length;"* ]]
	check_err $? "mlx5: the line is not $want m with the take writes: $line"
	# mlxsw: bits by Spectrum's formula
	pair mlxsw 250 25000 144 && mlxsw_lossless
	check_err $? "cannot make the mlxsw pair"
	out=$(hdrmA -j measure dev da ts-mode hardware)
	check_err $? "mlxsw: measure failed: $out"
	need=$(prio3 .headroom_bytes "$out")
	s=$(jqn .session "$out")
	lo=0
	hi=65535
	while [ "$lo" -lt "$hi" ]; do
		mid=$(( (lo + hi) / 2 ))
		if [ "$(mlxsw_hdroom "$mid" 144 1500)" -ge "$need" ]; then
			hi=$mid
		else
			lo=$((mid + 1))
		fi
	done
	bits=$lo
	line=$(manual_line)
	log_info "mlxsw, need $need B: $line"
	[ "$line" = "dcb pfc set dev da delay $bits (mlxsw: $bits bits is the least delay whose headroom 2 x cells(delay) + cells(MTU) holds the $need B of the last measurement, session $s)" ]
	check_err $? "mlxsw: the line is not $bits bits: $line"
	# none: the vendor's tool, with each priority's bytes
	pair generic 250 25000 1 && hdrmA dev set dev da model none &&
		dcbA pfc set dev da prio-pfc 3:on
	check_err $? "cannot make the pair for model none"
	out=$(hdrmA -j measure dev da ts-mode hardware)
	check_err $? "none: measure failed: $out"
	need=$(prio3 .headroom_bytes "$out")
	line=$(manual_line)
	log_info "none: $line"
	[ "$line" = "the driver of da (dcbsim) takes no headroom through dcbnl (model none, Documentation/drivers.rst): give each lossless priority at least its headroom from the last measurement (session $(jqn .session "$out")) with the NIC vendor's own tool: prio 3 $need bytes" ]
	check_err $? "none: $line"
	log_test "the manual line for a peer without the capability: mlx5 metres, mlxsw bits, none the vendor's tool"
}

# The buffer cell a headroom is counted in: the driver's own when none is
# set (mlx5_core 128 B, Spectrum-2 144 B; dcbsim's generic driver has
# none known: one byte), a cell set wins, "cell auto" goes back; the
# result says which (cell_source).
models_cell()
{
	local out one drv

	pair mlx5 500 100000 128 && lossless_buffer 98304 &&
		hdrmA dev set dev da cell auto
	check_err $? "cannot make the mlx5 pair with cell auto"
	out=$(hdrmA -j measure dev da ts-mode hardware)
	check_err $? "mlx5: measure failed: $out"
	drv=$(prio3 .headroom_bytes "$out")
	[ "$(jqn .cell_bytes "$out") $(jqn .cell_source "$out")" = "128 driver" ] &&
		[ "$(hdrmA -j dev show dev da | jq .cell_bytes)" = 0 ]
	(($? == 0)) || check_err 1 "mlx5, cell auto: $(jq -c '[.cell_bytes, .cell_source]' <<<"$out")"
	hdrmA dev set dev da cell 1 &&
		out=$(hdrmA -j measure dev da ts-mode hardware)
	check_err $? "mlx5, cell 1: measure failed: $out"
	one=$(prio3 .headroom_bytes "$out")
	[ "$(jqn .cell_bytes "$out") $(jqn .cell_source "$out")" = "1 set" ] &&
		[ "$drv" -gt "$one" ]
	(($? == 0)) || check_err 1 "mlx5, cell 1: $(jq -c '[.cell_bytes, .cell_source]' <<<"$out"), $one B against $drv B"
	log_info "mlx5_core, 100 m at 100G: $drv B in its 128-byte cells, $one B counted as packed (cell 1)"
	hdrmA dev set dev da cell auto &&
		out=$(hdrmA -j measure dev da ts-mode hardware)
	[ "$(jqn .cell_bytes "$out") $(jqn .cell_source "$out")" = "128 driver" ]
	(($? == 0)) || check_err 1 "mlx5, cell auto again: $(jq -c '[.cell_bytes, .cell_source]' <<<"$out")"
	pair mlxsw 250 25000 144 && mlxsw_lossless && hdrmA dev set dev da cell auto
	check_err $? "cannot make the mlxsw pair with cell auto"
	out=$(hdrmA -j measure dev da ts-mode hardware)
	[ "$(jqn .cell_bytes "$out") $(jqn .cell_source "$out")" = "144 driver" ]
	(($? == 0)) || check_err 1 "mlxsw_spectrum2, cell auto: $(jq -c '[.cell_bytes, .cell_source]' <<<"$out")"
	pair generic 250 25000 1 && dcbA pfc set dev da prio-pfc 3:on &&
		hdrmA dev set dev da cell auto
	check_err $? "cannot make the generic pair with cell auto"
	out=$(hdrmA -j measure dev da ts-mode hardware)
	[ "$(jqn .cell_bytes "$out") $(jqn .cell_source "$out")" = "1 default" ]
	(($? == 0)) || check_err 1 "dcbsim (generic), cell auto: $(jq -c '[.cell_bytes, .cell_source]' <<<"$out")"
	log_test "the cell: the driver's by default (mlx5 128, Spectrum-2 144), a set cell wins, cell_source says which"
}

# Spectrum in TC mode (mlxsw_sp_qdisc_create: an offloaded root qdisc
# puts the headroom in MLXSW_SP_HDROOM_MODE_TC, where the PFC delay sizes
# nothing): the model in use is none, dev show says why, apply auto is
# refused with the reason and writes nothing. The qdisc deleted, the port
# is back in DCB mode and apply auto writes its bits again.
models_mlxsw_tc_mode()
{
	local show before err rc out

	pair mlxsw 250 25000 144 && mlxsw_lossless
	check_err $? "cannot make the mlxsw pair"
	ip netns exec "$NSA" tc qdisc add dev da root handle 1: prio &&
		ip -n "$NSA" -d link show da | grep -q "tc-mode on"
	check_err $? "a root prio did not put dcbsim's mlxsw in TC mode: $(ip -n "$NSA" -d link show da)"
	show=$(hdrmA -j dev show dev da)
	[ "$(jq -c '[.model_in_use, .tc_mode]' <<<"$show")" = '["none",true]' ] &&
		hdrmA dev show dev da | grep -q "in mlxsw's TC mode"
	(($? == 0)) || check_err 1 "dev show in TC mode: $(jq -c '[.model, .model_in_use, .tc_mode]' <<<"$show")"
	before=$(dcbA -j pfc show dev da)
	err=$(hdrmA measure dev da ts-mode hardware apply auto 2>&1 >/dev/null)
	rc=$?
	log_info "$err"
	[ "$rc" -ne 0 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "in mlxsw's TC mode (an offloaded prio, ets, red or tbf root qdisc), where the driver ignores the PFC delay: nothing written" <<<"$err" &&
		[ "$(dcbA -j pfc show dev da)" = "$before" ]
	(($? == 0)) || check_err 1 "apply auto in TC mode: exit $rc, '$err'"
	ip netns exec "$NSA" tc qdisc del dev da root &&
		ip -n "$NSA" -d link show da | grep -q "tc-mode off"
	check_err $? "deleting the root qdisc left TC mode on"
	out=$(hdrmA -j measure dev da ts-mode hardware apply auto)
	[ "$(hdrmA -j dev show dev da | jq -c '[.model_in_use, .tc_mode]')" = '["mlxsw",false]' ] &&
		[ "$(jqn .applied.error "$out")" = 0 ] &&
		[ "$(jqn .applied.delay_unit "$out")" = bits ]
	(($? == 0)) || check_err 1 "back in DCB mode: $(jq -c .applied <<<"$out")"
	log_test "mlxsw in TC mode: model none with the reason, apply refused, nothing written; DCB mode again without the qdisc"
}

# mlx5 keeps XOFF where the MTU of its last configuration put it (dcbsim
# as the driver: an MTU change recomputes nothing until the next one).
# After an MTU change the module applies the last result again, writing
# the buffers out and back so the driver recomputes, even where the
# length it picks is the same: XOFF lands where 2.72 x the new MTU puts
# it.
models_mlx5_mtu()
{
	local out need want m x1500 thres

	pair mlx5 500 100000 128 && lossless_buffer 98304
	check_err $? "cannot make the mlx5 pair"
	out=$(hdrmA -j measure dev da ts-mode hardware apply auto)
	check_err $? "measure apply auto failed: $out"
	need=$(prio3 .headroom_bytes "$out")
	x1500=$(stat buffer1_xoff)
	ip -n "$NSA" link set da mtu 4000 && ip -n "$NSB" link set db mtu 4000
	check_err $? "MTU 4000 refused"
	want=
	for m in $(seq 1 999); do
		if [ "$(mlx5_xoff "$m" 100000 4000)" -ge "$need" ]; then
			want=$m
			break
		fi
	done
	thres=$(( (98304 - $(mlx5_xoff "$want" 100000 4000)) / 128 * 128 ))
	# the apply runs from a work after the notifier: up to 5 s
	for m in $(seq 50); do
		[ "$(stat buffer1_xoff)" = "$thres" ] && break
		sleep 0.1
	done
	[ "$(stat buffer1_xoff)" = "$thres" ]
	(($? == 0)) || check_err 1 "MTU 4000: buffer1_xoff $(stat buffer1_xoff), by the formula $thres (at MTU 1500: $x1500)"
	log_info "MTU 1500 -> 4000: the module applied again, $want m; buffer1_xoff $x1500 -> $(stat buffer1_xoff) B (formula $thres)"
	[ "$(dcbA -j pfc show dev da | jq .delay)" = "$want" ]
	(($? == 0)) || check_err 1 "the length after the MTU change: $(dcbA -j pfc show dev da), wanted $want"
	ip -n "$NSA" link set da mtu 1500 && ip -n "$NSB" link set db mtu 1500
	log_test "mlx5: a new MTU is applied again, XOFF where the driver's formula puts it"
}

require_root
require_cmd jq ip dcb
trap ns_cleanup EXIT
setup || exit 1
tests_run
