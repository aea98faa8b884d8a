#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Privilege and namespace isolation (threat model T6):
# - a user without CAP_NET_ADMIN reads devices and results but changes no
#   setting and starts no measurement, apply or push;
# - the root of a user namespace, with CAP_NET_ADMIN over its own network
#   namespace only, reads its own devices but changes nothing and measures
#   nothing (dev-set and measure need CAP_NET_ADMIN in the initial user
#   namespace), and cannot see or name another namespace's devices;
# - results and notifications never cross network namespaces.
#
#	NSX: xa <---- veth ----> ya (ifindex 4242) :NSY

ALL_TESTS="iso_unpriv_read iso_unpriv_set iso_unpriv_measure iso_userns_read
	   iso_userns_set iso_userns_measure iso_userns_foreign
	   iso_monitor iso_results iso_dump"
# the debug kernel: none (see Documentation/testing.rst)
DEBUG_TESTS=""
source "$(dirname "$0")/../lib.sh"

NSX=${NS_PREFIX}-isox
NSY=${NS_PREFIX}-isoy
NLFUZZ=$DCB_HDRM_TOP/selftests/lib/nlfuzz.py
YIDX=4242
UPID=
# dev set keys, each to a value other than its default. The check is the
# family's, before any key is read; the debug kernel, ten times slower,
# tries one key of each kind (a flag, a number, a nest, a mode, the bits).
if debug_kernel; then
	SET_KEYS=("reflect off" "k 1000" "max-frame 3:1500" "apply buffer"
		  "auto-hdrm off" "accept-push on")
else
	SET_KEYS=("reflect off" "reflect-rate 10" "encap ether" "speed 100"
		  "k 1000" "cell 128" "prio-mask 3" "precision 1000"
		  "max-frame 3:1500" "apply buffer" "delay-unit bits"
		  "remeasure on" "remeasure-period 60" "auto-hdrm off"
		  "accept-push on")
fi

setup()
{
	ns_cleanup
	ip netns add "$NSX" && ip netns add "$NSY" || return 1
	ip -n "$NSY" link add ya index "$YIDX" type veth peer name xa netns "$NSX" ||
		ip -n "$NSY" link add ya type veth peer name xa netns "$NSX" || return 1
	ip -n "$NSX" link set xa up && ip -n "$NSY" link set ya up || return 1
	XIDX=$(ip -n "$NSX" -j link show xa | jq '.[0].ifindex')
	YIDX=$(ip -n "$NSY" -j link show ya | jq '.[0].ifindex')
	# ya's ifindex must name nothing in NSX
	ip -n "$NSX" -j link show | jq -e --argjson y "$YIDX" 'all(.ifindex != $y)' >/dev/null ||
		return 1
	# veth reports no speed: the headroom needs one
	dcb-hdrm -n "$NSX" dev set dev xa speed 1000 &&
		dcb-hdrm -n "$NSY" dev set dev ya speed 1000 || return 1
	for _ in $(seq 1 50); do
		ip -n "$NSX" link show xa | grep -q LOWER_UP && break
		sleep 0.1
	done
	# a result in each namespace
	XOUT=$(dcb-hdrm -n "$NSX" -j measure dev xa count 20) || return 1
	XSESSION=$(jq .session <<<"$XOUT")
}

# as_nobody NS COMMAND...: without any capability, in NS
as_nobody()
{
	local ns=$1
	shift
	ip netns exec "$ns" setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
}

# dev_state NS DEV: dev show without counters and ages
dev_state()
{
	dcb-hdrm -n "$1" -j dev show dev "$2" |
		jq -cS 'del(.stats) | if .peer then del(.peer.age_ms) else . end'
}

# expect_eperm DESCRIPTION COMMAND...: exit 2 and "not permitted"
expect_eperm()
{
	local what=$1 out rc
	shift

	out=$("$@" 2>&1)
	rc=$?
	[ "$rc" -eq 2 ] && grep -qi "not permitted" <<<"$out"
	check_err $? "$what: exit $rc, '$out'"
	[ "$rc" -eq 2 ] && grep -qi "not permitted" <<<"$out" && EPERM_N=$((EPERM_N + 1))
}

iso_unpriv_read()
{
	local out

	out=$(as_nobody "$NSX" dcb-hdrm -j dev show 2>&1)
	check_err $? "unprivileged dev show failed: $out"
	jq -e 'map(.ifname) == ["xa"]' <<<"$out" >/dev/null
	check_err $? "unprivileged dev show in $NSX did not list exactly xa: $out"
	out=$(as_nobody "$NSX" dcb-hdrm -j show dev xa 2>&1)
	check_err $? "unprivileged show failed: $out"
	jq -e --argjson s "$XSESSION" '.ifname == "xa" and .session == $s' <<<"$out" >/dev/null
	check_err $? "unprivileged show did not report xa's session $XSESSION: $out"
	log_test "a user without CAP_NET_ADMIN reads dev show and show"
}

iso_unpriv_set()
{
	local before after kv

	EPERM_N=0
	before=$(dev_state "$NSX" xa)
	# every key (SET_KEYS), then the two bits back on and off
	for kv in "${SET_KEYS[@]}" "auto-hdrm on" "accept-push off"; do
		# shellcheck disable=SC2086
		expect_eperm "unprivileged dev set $kv" \
			as_nobody "$NSX" dcb-hdrm dev set dev xa $kv
	done
	log_info "$EPERM_N dev set commands refused with \"not permitted\""
	after=$(dev_state "$NSX" xa)
	[ "$after" = "$before" ]
	check_err $? "dev show changed: before $before, after $after"
	log_test "a user without CAP_NET_ADMIN cannot dev set any key (exit 2, not permitted, nothing changed)"
}

iso_unpriv_measure()
{
	local before after out yb

	EPERM_N=0
	before=$(dev_state "$NSX" xa)
	yb=$(dcb-hdrm -n "$NSY" -j dev show dev ya | jq .stats.rx_requests)
	expect_eperm "unprivileged measure" as_nobody "$NSX" dcb-hdrm measure dev xa count 5
	expect_eperm "unprivileged measure apply" as_nobody "$NSX" dcb-hdrm measure dev xa count 5 apply buffer
	expect_eperm "unprivileged measure push" as_nobody "$NSX" dcb-hdrm measure dev xa count 5 push
	expect_eperm "unprivileged measure apply push" as_nobody "$NSX" dcb-hdrm measure dev xa count 5 apply delay push
	after=$(dev_state "$NSX" xa)
	[ "$after" = "$before" ]
	check_err $? "dev show changed: before $before, after $after"
	out=$(dcb-hdrm -n "$NSX" -j show dev xa)
	[ "$(jq .session <<<"$out")" = "$XSESSION" ]
	check_err $? "xa's result is no longer session $XSESSION: $out"
	[ "$(dcb-hdrm -n "$NSY" -j dev show dev ya | jq .stats.rx_requests)" = "$yb" ]
	check_err $? "the peer received measurement requests"
	log_test "a user without CAP_NET_ADMIN cannot measure, apply or push (exit 2, not permitted, nothing changed)"
}

# The root of a user namespace, with its own network namespace: a process
# that stays there, and commands run inside with nsenter (which leaves
# every capability of the initial user namespace behind). A chrooted
# process may not create a user namespace, and the guest runs chrooted
# into the host's root (a 9p mount on its initramfs): when that is so, the
# creator, in a private mount namespace, leaves the chroot for the
# namespace's bottom, moves the mount it was chrooted into over / (on top
# of whatever is mounted there) and enters it, as switch_root does, so
# that its root is the mount namespace's root.
USERNS_PY='
import ctypes, os, sys
MS_MOVE = 8192
libc = ctypes.CDLL(None, use_errno=True)
fd = os.open("/", os.O_RDONLY | os.O_DIRECTORY)
os.makedirs(sys.argv[1], exist_ok=True)
os.chroot(sys.argv[1])
os.fchdir(fd)
for _ in range(64):
    os.chdir("..")
os.chroot(".")
os.fchdir(fd)
if libc.mount(b".", b"/", None, MS_MOVE, None):
    sys.exit("mount --move of the root over /: " +
             os.strerror(ctypes.get_errno()))
os.chroot(".")
os.chdir("/")
os.execvp("unshare", ["unshare", "-U", "-r", "-n", "sleep", "600"])
'

userns_start()
{
	if unshare -U -r -n true 2>/dev/null; then
		unshare -U -r -n sleep 600 2>"$TMPD/userns.err" &
	else
		unshare -m --propagation private -- python3 -c "$USERNS_PY" \
			"$TMPD/esc" 2>"$TMPD/userns.err" &
	fi
	UPID=$!
	for _ in $(seq 1 100); do
		[ "$(readlink /proc/$UPID/ns/net 2>/dev/null)" != "$(readlink /proc/self/ns/net)" ] &&
			[ "$(readlink /proc/$UPID/ns/user 2>/dev/null)" != "$(readlink /proc/self/ns/user)" ] &&
			break
		kill -0 "$UPID" 2>/dev/null || break
		sleep 0.1
	done
	uns ip link add ua type veth peer name ub || return 1
	uns ip link set ua up && uns ip link set ub up
}

uns()
{
	nsenter -t "$UPID" -U -n -- "$@"
}

iso_userns_read()
{
	local out

	[ -n "$UPID" ] || { log_skip "${FUNCNAME[0]}" "no user namespace"; return; }
	out=$(uns dcb-hdrm -j dev show 2>&1)
	check_err $? "dev show in the user namespace failed: $out"
	jq -e 'map(.ifname) | sort == ["ua", "ub"]' <<<"$out" >/dev/null
	check_err $? "dev show in the user namespace did not list exactly ua and ub: $out"
	log_test "a user namespace root reads its own devices, and only those"
}

iso_userns_set()
{
	local before after kv

	[ -n "$UPID" ] || { log_skip "${FUNCNAME[0]}" "no user namespace"; return; }
	EPERM_N=0
	before=$(uns dcb-hdrm -j dev show dev ua | jq -cS 'del(.stats)')
	for kv in "${SET_KEYS[@]}"; do
		# shellcheck disable=SC2086
		expect_eperm "user namespace dev set $kv" uns dcb-hdrm dev set dev ua $kv
	done
	log_info "$EPERM_N of ${#SET_KEYS[@]} dev set commands refused with \"not permitted\""
	after=$(uns dcb-hdrm -j dev show dev ua | jq -cS 'del(.stats)')
	[ "$after" = "$before" ]
	check_err $? "dev show changed: before $before, after $after"
	log_test "a user namespace root cannot dev set its own devices (CAP_NET_ADMIN of the initial namespace needed)"
}

iso_userns_measure()
{
	local before out

	[ -n "$UPID" ] || { log_skip "${FUNCNAME[0]}" "no user namespace"; return; }
	EPERM_N=0
	before=$(uns dcb-hdrm -j dev show dev ub | jq .stats.rx_requests)
	expect_eperm "user namespace measure" uns dcb-hdrm measure dev ua count 5
	expect_eperm "user namespace measure apply" uns dcb-hdrm measure dev ua count 5 apply buffer
	expect_eperm "user namespace measure push" uns dcb-hdrm measure dev ua count 5 push
	out=$(uns dcb-hdrm -j show dev ua 2>&1)
	[ $? -ne 0 ]
	check_err $? "ua has a result after refused measurements: $out"
	[ "$(uns dcb-hdrm -j dev show dev ub | jq .stats.rx_requests)" = "$before" ]
	check_err $? "ub received measurement requests"
	log_test "a user namespace root cannot measure, apply or push (exit 2, not permitted)"
}

iso_userns_foreign()
{
	local out

	[ -n "$UPID" ] || { log_skip "${FUNCNAME[0]}" "no user namespace"; return; }
	uns ip -j link show | jq -e --argjson y "$YIDX" 'all(.ifindex != $y)' >/dev/null ||
		{ log_skip "${FUNCNAME[0]}" "ifindex $YIDX exists in the user namespace"; return; }
	# by ifindex, past the tool's name lookup
	out=$(uns python3 "$NLFUZZ" get --spec "$SPEC" dev-get "$YIDX" 2>&1)
	[ $? -eq 1 ] && grep -q "errno ENODEV: .*no device" <<<"$out"
	check_err $? "dev-get of $NSY's ifindex $YIDX from the user namespace: $out"
	out=$(uns python3 "$NLFUZZ" get --spec "$SPEC" result-get "$YIDX" 2>&1)
	[ $? -eq 1 ] && grep -q "errno ENODEV: .*no device" <<<"$out"
	check_err $? "result-get of $NSY's ifindex $YIDX from the user namespace: $out"
	out=$(uns dcb-hdrm dev show dev ya 2>&1)
	[ $? -ne 0 ] && grep -qi "does not exist\|no such device" <<<"$out"
	check_err $? "dev show dev ya from the user namespace: $out"
	log_test "a user namespace root cannot see or name another namespace's device (ENODEV)"
}

iso_monitor()
{
	local out rcx rcy pidx pidy

	timeout 15 dcb-hdrm -n "$NSX" -j monitor count 1 >"$TMPD/monx" 2>&1 &
	pidx=$!
	timeout 60 dcb-hdrm -n "$NSY" -j monitor count 1 >"$TMPD/mony" 2>&1 &
	pidy=$!
	sleep 2
	out=$(dcb-hdrm -n "$NSY" -j measure dev ya count 20 2>&1)
	check_err $? "measure of ya in $NSY failed: $out"
	YSESSION=$(jq .session <<<"$out" 2>/dev/null)
	wait "$pidy"
	rcy=$?
	wait "$pidx"
	rcx=$?
	[ "$rcy" -eq 0 ] && jq -e --argjson s "${YSESSION:-0}" \
		'.event == "result" and .ifname == "ya" and .session == $s' \
		"$TMPD/mony" >/dev/null
	(($? == 0)) || check_err 1 "the monitor in $NSY did not receive ya's result (exit $rcy): $(head -c 300 "$TMPD/mony")"
	[ "$rcx" -eq 124 ] && [ ! -s "$TMPD/monx" ]
	(($? == 0)) || check_err 1 "the monitor in $NSX received something (exit $rcx): $(head -c 300 "$TMPD/monx")"
	log_info "monitor in $NSY: 1 result (session $YSESSION); in $NSX: exit $rcx, $(wc -c <"$TMPD/monx") bytes"
	log_test "a measurement in one namespace notifies only that namespace's monitor"
}

iso_results()
{
	local out

	out=$(dcb-hdrm -n "$NSX" -j show dev xa 2>&1)
	jq -e --argjson s "$XSESSION" '.ifname == "xa" and .session == $s' <<<"$out" >/dev/null
	check_err $? "show in $NSX does not report xa's own session $XSESSION: $out"
	out=$(dcb-hdrm -n "$NSX" show dev ya 2>&1)
	[ $? -ne 0 ]
	check_err $? "show dev ya in $NSX succeeded: $out"
	out=$(ip netns exec "$NSX" python3 "$NLFUZZ" get --spec "$SPEC" result-get "$YIDX" 2>&1)
	[ $? -eq 1 ] && grep -q "errno ENODEV" <<<"$out"
	check_err $? "result-get of ifindex $YIDX (ya) in $NSX: $out"
	out=$(ip netns exec "$NSX" python3 "$NLFUZZ" get --spec "$SPEC" dev-get "$YIDX" 2>&1)
	[ $? -eq 1 ] && grep -q "errno ENODEV" <<<"$out"
	check_err $? "dev-get of ifindex $YIDX (ya) in $NSX: $out"
	log_test "show in one namespace never reports the other's result or device"
}

iso_dump()
{
	local out

	out=$(ip netns exec "$NSX" python3 "$NLFUZZ" dump --spec "$SPEC" result-get 2>&1)
	check_err $? "result-get dump in $NSX failed: $out"
	jq -e --argjson x "$XIDX" '. == [{"ifindex": $x, "ifname": "xa"}]' <<<"$out" >/dev/null
	check_err $? "result-get dump in $NSX is not exactly xa: $out"
	log_info "result-get dump in $NSX: $out"
	out=$(ip netns exec "$NSY" python3 "$NLFUZZ" dump --spec "$SPEC" result-get 2>&1)
	jq -e --argjson y "$YIDX" '. == [{"ifindex": $y, "ifname": "ya"}]' <<<"$out" >/dev/null
	check_err $? "result-get dump in $NSY is not exactly ya: $out"
	out=$(ip netns exec "$NSX" python3 "$NLFUZZ" dump --spec "$SPEC" dev-get 2>&1)
	jq -e 'map(.ifname) == ["xa"]' <<<"$out" >/dev/null
	check_err $? "dev-get dump in $NSX is not exactly xa: $out"
	if [ -n "$UPID" ]; then
		out=$(uns python3 "$NLFUZZ" dump --spec "$SPEC" result-get 2>&1)
		[ "$out" = "[]" ]
		check_err $? "result-get dump in the user namespace is not empty: $out"
	fi
	log_test "result-get and dev-get dumps list only the caller's namespace"
}

cleanup()
{
	[ -n "$UPID" ] && kill "$UPID" 2>/dev/null
	ns_cleanup
	rm -rf "$TMPD"
}

require_root
require_cmd jq ip python3 setpriv unshare nsenter timeout
python3 -c 'import yaml' 2>/dev/null ||
	{ echo "1..0 # SKIP python3-yaml is not installed"; exit $ksft_skip; }
TMPD=$(mktemp -d)
trap cleanup EXIT
module_load || exit 1
setup || { echo "1..0 # SKIP cannot set up the two namespaces"; exit $ksft_skip; }
if ! userns_start; then
	log_info "no user namespace: $(head -c 300 "$TMPD/userns.err")"
	kill "$UPID" 2>/dev/null
	UPID=
fi
tests_run
