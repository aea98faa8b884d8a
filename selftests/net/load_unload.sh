#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The module loads and unloads cleanly, again and again, and the family
# comes and goes with it.

ALL_TESTS="load_unload_20"
source "$(dirname "$0")/../lib.sh"

load_unload_20()
{
	local i out

	module_unload
	check_err $? "initial rmmod failed"
	for i in $(seq 1 20); do
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
	log_test "load and unload the module 20 times"
}

require_root
tests_run
