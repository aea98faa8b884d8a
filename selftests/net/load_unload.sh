#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The module loads and unloads cleanly, again and again, and the family
# comes and goes with it.

ALL_TESTS="load_unload_many"
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

require_root
tests_run
