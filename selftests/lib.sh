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

module_unload()
{
	module_loaded || return 0
	rmmod dcb_hdrm
}

# Namespaces made by a test carry this prefix and go at exit.
NS_PREFIX=hdrmt
ns_cleanup()
{
	local ns

	for ns in $(ip netns list 2>/dev/null | awk '{print $1}'); do
		case "$ns" in
		"$NS_PREFIX"*) ip netns del "$ns" ;;
		esac
	done
}

# lldp_listener_wait NS: wait until an LLDP packet socket (EtherType
# 0x88cc) is open in NS, so that a frame sent now reaches the listener
# (starting it takes seconds in the debug kernel under emulation)
lldp_listener_wait()
{
	local i

	for i in $(seq 1 300); do
		ip netns exec "$1" awk 'NR > 1 && $4 == "88cc" { f = 1 } END { exit !f }' \
			/proc/net/packet && return 0
		sleep 0.2
	done
	echo "# no LLDP listener in $1 after 60 s" >&2
	return 1
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
# more times slower than the others. It runs every test for what it finds
# in memory and locking, except those a script names with production_only:
# tests that judge a time, a rate or an accuracy, which such a kernel
# cannot meet, and tests whose kernel paths the others already take there.
# Those run in debian-6.1 and debian-6.12 and are skipped in debug, saying
# why.
declare -A PRODUCTION_ONLY=()

# production_only TEST WHY
production_only()
{
	PRODUCTION_ONLY[$1]=$2
}

tests_run()
{
	local t start

	for t in $ALL_TESTS; do
		if debug_kernel && [ -n "${PRODUCTION_ONLY[$t]:-}" ]; then
			log_skip "$t" "not in the debug kernel: ${PRODUCTION_ONLY[$t]}"
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
