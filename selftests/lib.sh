# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Shared by the selftests, in the manner of the kernel's
# tools/testing/selftests/net/forwarding/lib.sh: a test script sets
# ALL_TESTS to its test functions and calls tests_run; each function
# resets RET, records failures with check_err/check_fail and ends with
# log_test. Output is TAP; the script exits 0 (all passed), 1 (a failure)
# or 4 (everything skipped, kselftest's skip).

ksft_skip=4
RET=0
RETMSG=
EXIT_STATUS=0
TESTS_RUN=0
TESTS_SKIPPED=0
TAP_N=0

DCB_HDRM_TOP=${DCB_HDRM_TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
DCB_HDRM_KO=${DCB_HDRM_KO:-}
SPEC=$DCB_HDRM_TOP/Documentation/netlink/specs/dcb_hdrm.yaml
export PATH="$DCB_HDRM_TOP/tools/dcb-hdrm:$PATH"

# A message that runs commands to say what went wrong is built only on
# failure, as in: (($? == 0)) || check_err 1 "got $(jq -c . <<<"$out")".
# Each command takes 0.1 to 3 s to start in the guests.
check_err()
{
	local err=$1
	local msg=$2

	if [ "$RET" -eq 0 ] && [ "$err" -ne 0 ]; then
		RET=$err
		RETMSG=$msg
	fi
}

check_fail()
{
	local err=$1
	local msg=$2

	if [ "$RET" -eq 0 ] && [ "$err" -eq 0 ]; then
		RET=1
		RETMSG=$msg
	fi
}

log_test()
{
	local name=$1

	TAP_N=$((TAP_N + 1))
	TESTS_RUN=$((TESTS_RUN + 1))
	if [ "$RET" -ne 0 ]; then
		EXIT_STATUS=1
		echo "not ok $TAP_N - $name"
		echo "# FAIL: $RETMSG"
	else
		echo "ok $TAP_N - $name"
	fi
	RET=0
	RETMSG=
}

log_skip()
{
	local name=$1
	local why=$2

	TAP_N=$((TAP_N + 1))
	TESTS_RUN=$((TESTS_RUN + 1))
	TESTS_SKIPPED=$((TESTS_SKIPPED + 1))
	echo "ok $TAP_N - $name # SKIP $why"
	RET=0
}

log_info()
{
	echo "# $*"
}

require_cmd()
{
	local cmd

	for cmd in "$@"; do
		if ! command -v "$cmd" >/dev/null 2>&1; then
			echo "1..0 # SKIP $cmd not found"
			exit $ksft_skip
		fi
	done
}

# require_built PATH: a helper program from selftests/fuzz, which make
# check builds; without it the script fails
require_built()
{
	[ -x "$1" ] || { echo "# $1 not built (make -C selftests/fuzz)"; exit 1; }
}

# debug_kernel: true in the debug kernel (KASAN, lockdep, kmemleak)
debug_kernel()
{
	[ "${DCB_HDRM_KERNEL:-}" = debug ]
}

require_root()
{
	if [ "$(id -u)" -ne 0 ]; then
		echo "1..0 # SKIP needs root"
		exit $ksft_skip
	fi
}

module_loaded()
{
	[ -d /sys/module/dcb_hdrm ]
}

# Loads the module under test (the one vm-run names) if it is not loaded.
module_load()
{
	module_loaded && return 0
	if [ -z "$DCB_HDRM_KO" ] || [ ! -f "$DCB_HDRM_KO" ]; then
		echo "# DCB_HDRM_KO does not name a module file" >&2
		return 1
	fi
	insmod "$DCB_HDRM_KO"
}

# dcb ARGS...: iproute2's dcb; a set that fails with "Protocol error" is
# run once more. dcb 6.1 asks for an ACK on every request and stops
# reading at the reply, so the GET's ACK is still queued when the SET that
# follows it in the same process reads its answer. Both carry time(NULL)
# as their sequence number: within one second the stale ACK passes for
# the SET's (error 0), across a second's boundary libmnl refuses it with
# EPROTO (strace in a 6.12 guest: the SET's recvmsg returns the GET's
# NLMSG_ERROR, seq one less). About 1 set in 60 under TCG. Namespaces go
# by -n, so that this function is the one run.
dcb()
{
	local err rc

	{ err=$(command dcb "$@" 2>&1 1>&3 3>&-); } 3>&1
	rc=$?
	if [ $rc -ne 0 ] && [[ " $* " == *" set "* ]] &&
		grep -q "Protocol error" <<<"$err"; then
		echo "# dcb $*: iproute2's stale ACK (Protocol error), once more" >&2
		command dcb "$@"
		return
	fi
	[ -z "$err" ] || printf '%s\n' "$err" >&2
	return $rc
}

# ynl_ns NS ARGS...: the kernel's YNL client (YNL_CLI) on the family's
# spec, in network namespace NS
ynl_ns()
{
	local ns=$1

	shift
	ip netns exec "$ns" python3 "$YNL_CLI" --no-schema --spec "$SPEC" "$@"
}

# dcbsim_load: the test DCB device (selftests/dcbsim), built for this
# kernel by build-kmod; `ip` finds its link plugin through IP_LIB_DIR.
dcbsim_load()
{
	lsmod | grep -q "^dcbsim " && return 0
	[ -n "${DCB_HDRM_DCBSIM_KO:-}" ] && [ -f "$DCB_HDRM_DCBSIM_KO" ] ||
		return 1
	[ -n "${IP_LIB_DIR:-}" ] && [ -f "$IP_LIB_DIR/link_dcbsim.so" ] ||
		return 1
	insmod "$DCB_HDRM_DCBSIM_KO"
}

# dcbsim_start: load the module and the dcbsim test device, then call the
# script's setup; the script is skipped when either is not available
dcbsim_start()
{
	module_load || exit 1
	if ! dcbsim_load; then
		echo "1..0 # SKIP the dcbsim test device is not available"
		exit $ksft_skip
	fi
	setup || { echo "1..0 # SKIP cannot set up the dcbsim devices"; exit $ksft_skip; }
}

# jqn FILTER JSON: one jq -r query of a JSON text. A member path
# (.a.b) goes to jget first (selftests/lib/jget.c: jq takes 0.5 s to
# start in a stock guest, up to 3 s in the debug kernel's), which answers
# as jq -r would or says with status 3 that jq must.
JGET=$DCB_HDRM_TOP/selftests/lib/jget
jqn()
{
	local rc

	if [[ $1 =~ ^(\.[A-Za-z_][A-Za-z0-9_]*)+$ ]] && [ -x "$JGET" ]; then
		"$JGET" "$1" <<<"$2"
		rc=$?
		[ "$rc" -eq 3 ] || return "$rc"
	fi
	jq -r "$1" <<<"$2"
}

# wait_probing NS DEV: until a measurement of DEV has sent some probes
wait_probing()
{
	local before i

	before=$(dcb-hdrm -n "$1" -j dev show dev "$2" | jq .stats.tx_probes)
	for i in $(seq 1 100); do
		[ "$(dcb-hdrm -n "$1" -j dev show dev "$2" | jq .stats.tx_probes)" -gt $((before + 2)) ] &&
			return 0
		sleep 0.1
	done
	return 1
}

# drops_trace_start: record skb:kfree_skb events of the measurement
# frames' EtherTypes (0x8808, 0x88B5) from now on; false where the kernel
# has no such tracepoint
TRACEFS=/sys/kernel/tracing
drops_trace_start()
{
	[ -d "$TRACEFS/events" ] || mount -t tracefs nodev "$TRACEFS" 2>/dev/null
	[ -d "$TRACEFS/events/skb/kfree_skb" ] || return 1
	echo 0 >"$TRACEFS/tracing_on"
	echo >"$TRACEFS/trace"
	echo "protocol == 0x8808 || protocol == 0x88b5" >"$TRACEFS/events/skb/kfree_skb/filter"
	echo 1 >"$TRACEFS/events/skb/kfree_skb/enable"
	echo 1 >"$TRACEFS/tracing_on"
}

# drops_trace_stop: how many drops drops_trace_start recorded; stops it
drops_trace_stop()
{
	echo 0 >"$TRACEFS/events/skb/kfree_skb/enable"
	grep -c 'kfree_skb:' "$TRACEFS/trace"
	echo 0 >"$TRACEFS/events/skb/kfree_skb/filter"
	echo >"$TRACEFS/trace"
}

# measure_ended_by NS DEV PATTERN CMD...: a long measurement of DEV in NS
# (the script's TMPD keeps its stderr), ended by CMD once its probes go
# out; true when the tool exits 2 with one line matching PATTERN, else
# false with ENDED_BY saying what happened instead. The measurement lasts
# 100 s: in the debug kernel beside another guest, as in CI, a tool call
# takes seconds, and a 20 s one may end by itself before CMD comes (the
# likeliest cause of races.sh's one failure in CI, whose log was cut).
measure_ended_by()
{
	local ns=$1 dev=$2 pattern=$3 pid rc err

	shift 3
	ENDED_BY=
	dcb-hdrm -n "$ns" measure dev "$dev" count 1000 interval 100000 \
		>/dev/null 2>"$TMPD/ended_by" &
	pid=$!
	wait_probing "$ns" "$dev" || ENDED_BY="the measurement of $dev did not start; "
	"$@" || ENDED_BY="$ENDED_BY$* failed; "
	wait $pid
	rc=$?
	err=$(cat "$TMPD/ended_by")
	[ -z "$ENDED_BY" ] && [ "$rc" -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -Eq "$pattern" <<<"$err" && return 0
	ENDED_BY="${ENDED_BY}exit $rc, '$err'"
	return 1
}

module_unload()
{
	module_loaded || return 0
	rmmod dcb_hdrm
}

# Namespaces made by a test carry this prefix and go at exit.
NS_PREFIX=hdrmt
# |a - b|
absdiff()
{
	local d=$(($1 - $2))

	echo "${d#-}"
}

# ptp4l_responder NS DEV LOG ARGS...: linuxptp's ptp4l -2 -P on DEV in
# NS, the peer-delay responder of a test, logging to LOG (ARGS: -H or -S,
# --uds_address, ...); back once its port listens, its pid in PTP4L_PID.
# Its transmit stamps get 100 ms, not ptp4l's 1: the debug kernel took
# longer, and ptp4l faulted its port for it (FT_UNSPECIFIED).
PTP4L_PID=
ptp4l_responder()
{
	local ns=$1 dev=$2 log=$3 i

	shift 3
	# the debug kernel under CI's load: a timestamp later than ptp4l's
	# timeout faults its port (no answers for 16 s), so a second there
	ip netns exec "$ns" ptp4l -2 -P -i "$dev" -m \
		--tx_timestamp_timeout "$(debug_kernel && echo 1000 || echo 100)" \
		"$@" >"$log" 2>&1 &
	PTP4L_PID=$!
	for i in $(seq 1 100); do
		grep -q "INITIALIZING to LISTENING" "$log" && return 0
		sleep 0.2
	done
	return 1
}

ptp4l_responder_stop()
{
	[ -n "$PTP4L_PID" ] || return 0
	kill "$PTP4L_PID" 2>/dev/null
	wait "$PTP4L_PID" 2>/dev/null
	PTP4L_PID=
}

ns_cleanup()
{
	local ns

	for ns in $(ip netns list 2>/dev/null | awk '{print $1}'); do
		case "$ns" in
		"$NS_PREFIX"*) ip netns del "$ns" ;;
		esac
	done
}

# packet_socket_wait NS TYPE: wait until a packet socket for EtherType
# TYPE (hex as /proc/net/packet shows it: 88cc, 0003 for every type) is
# open in NS, so that a frame sent now reaches its reader (starting one
# takes seconds in the debug kernel, or on a busy host)
packet_socket_wait()
{
	local i

	for i in $(seq 1 300); do
		ip netns exec "$1" awk -v t="$2" 'NR > 1 && $4 == t { f = 1 } END { exit !f }' \
			/proc/net/packet && return 0
		sleep 0.2
	done
	echo "# no packet socket for $2 in $1 after 60 s" >&2
	return 1
}

# genl_listener_wait NS: until a generic netlink socket in NS has joined a
# multicast group (dcb-hdrm monitor, once it listens), so that an event
# caused now reaches it
genl_listener_wait()
{
	local i

	for i in $(seq 1 300); do
		ip netns exec "$1" awk 'NR > 1 && $2 == 16 && $4 !~ /^0+$/ { f = 1 } END { exit !f }' \
			/proc/net/netlink && return 0
		sleep 0.2
	done
	echo "# no generic netlink listener in $1 after 60 s" >&2
	return 1
}

# lldp_listener_wait NS: until an LLDP listener (EtherType 0x88cc) is up
lldp_listener_wait()
{
	packet_socket_wait "$1" 88cc
}

# lldp_send_raw NS DEV HEX...: one frame per HEX from DEV to the LLDP
# address, the LLDPDU given in hex, padded to the Ethernet minimum (a C
# sender: python takes seconds to start in the debug kernel)
lldp_send_raw()
{
	local ns=$1

	shift
	ip netns exec "$ns" "$DCB_HDRM_TOP/selftests/fuzz/hdrm_fuzz" raw "$@"
}

# The debug kernel (KASAN, lockdep, kmemleak) runs under emulation ten or
# more times slower than the others. It is there for memory, locking and
# lifetime: KUnit, the hostile-input and race tests, load and unload, and
# one pass of each feature's main path. A script lists the tests it runs
# there in DEBUG_TESTS (unset: all of them); its other tests, functional
# and timed ones, run in debian-6.1 and debian-6.12 and are skipped in
# debug, saying so.
DEBUG_TESTS=${DEBUG_TESTS-all}

# debug_runs TEST: whether TEST runs in this kernel
debug_runs()
{
	! debug_kernel || [ "$DEBUG_TESTS" = all ] ||
		[[ " $(echo $DEBUG_TESTS) " == *" $1 "* ]]
}

# Tests whose subject is user space (the kernel's YNL client, lldpd, the
# tool's refusals) or decisions the unit tests cover (the watchdog's
# escalation and timing) run on the newest stock kernel alone: a script
# lists them in NEWEST_TESTS, and debian-6.1 skips them, saying so. Its
# other tests cover the kernel paths they touch (the family, dcbnl, the
# watchdog's poll and undo); about 150 s of its lane, the one that
# finishes first.
NEWEST_TESTS=${NEWEST_TESTS-}

# older_runs TEST: whether TEST runs in this kernel (not debian-6.1 for
# a test of NEWEST_TESTS)
older_runs()
{
	[ "${DCB_HDRM_KERNEL:-}" != debian-6.1 ] ||
		[[ " $(echo $NEWEST_TESTS) " != *" $1 "* ]]
}

# tests_run runs ALL_TESTS, or only those of them named in ONLY
tests_run()
{
	local t start

	for t in $ALL_TESTS; do
		if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $t "* ]]; then
			continue
		fi
		if ! debug_runs "$t"; then
			log_skip "$t" "the stock kernels run it; the debug kernel runs only$(printf ' %s' $DEBUG_TESTS)"
			continue
		fi
		if ! older_runs "$t"; then
			log_skip "$t" "debian-6.12 runs it: user space or decisions the unit tests cover"
			continue
		fi
		start=$SECONDS
		$t
		echo "# $t: $((SECONDS - start)) s"
	done
	echo "1..$TAP_N"
	if [ "$EXIT_STATUS" -eq 0 ] && [ "$TESTS_RUN" -gt 0 ] &&
	   [ "$TESTS_SKIPPED" -eq "$TESTS_RUN" ]; then
		exit $ksft_skip
	fi
	exit $EXIT_STATUS
}

# A script with nothing for the debug kernel ends here there, before its
# setup, each of its tests skipped with the reason.
if debug_kernel && [ -z "$(echo $DEBUG_TESTS)" ]; then
	for t in $ALL_TESTS; do
		log_skip "$t" "the stock kernels run it; the debug kernel runs none of this script"
	done
	echo "1..$TAP_N"
	exit $ksft_skip
fi
