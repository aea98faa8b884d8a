#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The module loads and unloads cleanly, again and again, and the family
# comes and goes with it.

ALL_TESTS="load_unload_many load_netns_alloc"
source "$(dirname "$0")/../lib.sh"
# 20 cycles; 5 in the debug kernel, where each takes about 7 s (races.sh
# unloads it under load there too)
if debug_kernel; then
	CYCLES=5
else
	CYCLES=20
fi

load_unload_many()
{
	local i out

	module_unload
	check_err $? "initial rmmod failed"
	for i in $(seq 1 "$CYCLES"); do
		insmod "$DCB_HDRM_KO"
		check_err $? "insmod #$i failed"
		out=$(dcb-hdrm -j dev show 2>&1)
		check_err $? "dev show after insmod #$i failed: $out"
		rmmod dcb_hdrm
		check_err $? "rmmod #$i failed"
		dcb-hdrm dev show >/dev/null 2>&1
		[ $? -eq 3 ]
		check_err $? "family still answers after rmmod #$i"
		[ "$RET" -eq 0 ] || break
	done
	module_load
	check_err $? "final insmod failed"
	log_test "load and unload the module $CYCLES times"
}

TRACEFS=/sys/kernel/tracing

# netns_allocs: the sizes ops_init() (a pernet subsystem's generic data)
# allocates in blocks of 4 KB or more while "unshare -n true" makes a
# network namespace, one per line, sorted; the kmem:kmalloc tracepoint
# sees them all, kmalloc_large() included
netns_allocs()
{
	local ev=$TRACEFS/events/kmem/kmalloc rc

	echo 0 >"$TRACEFS/tracing_on" && echo >"$TRACEFS/trace" &&
		echo 'bytes_req >= 4096' >"$ev/filter" &&
		echo 1 >"$ev/enable" && echo 1 >"$TRACEFS/tracing_on" || return 1
	unshare -n true
	rc=$?
	echo 0 >"$TRACEFS/tracing_on"
	echo 0 >"$ev/enable"
	echo 0 >"$ev/filter"
	[ "$rc" -eq 0 ] || return 1
	sed -n 's/.*call_site=ops_init[^ ]* .*bytes_req=\([0-9]*\).*/\1/p' \
		"$TRACEFS/trace" | sort -n | tr '\n' ' '
}

# The module's share of a new namespace is small: its 80 KB of timestamp
# slots made every namespace creation ask for an order-5 block, which a
# fragmented host refuses (and with it every container's network).
load_netns_alloc()
{
	local without with

	[ -d "$TRACEFS/events" ] || mount -t tracefs nodev "$TRACEFS" 2>/dev/null
	if [ ! -d "$TRACEFS/events/kmem/kmalloc" ]; then
		log_skip "load_netns_alloc" "no kmem:kmalloc tracepoint"
		return
	fi
	module_unload
	without=$(netns_allocs)
	check_err $? "unshare -n without the module failed"
	module_load
	with=$(netns_allocs)
	check_err $? "unshare -n with the module failed"
	log_info "ops_init blocks of 4 KB or more per namespace: without the module [ $without], with it [ $with]"
	[ "$with" = "$without" ]
	check_err $? "the module adds blocks of 4 KB or more to a namespace: [ $with] against [ $without]"
	log_test "a new network namespace asks no block of 4 KB or more for the module"
}

require_root
require_cmd unshare
tests_run
