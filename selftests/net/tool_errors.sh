#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The tool's errors: one line on stderr that says what was expected, and
# the documented exit status (1 usage, 2 kernel, 3 module not loaded).

ALL_TESTS="no_module unknown_words"
# the debug kernel: none (see Documentation/testing.rst)
DEBUG_TESTS=""
source "$(dirname "$0")/../lib.sh"

# expect_error STATUS PATTERN CMD...: CMD fails with STATUS and prints
# exactly one line on stderr matching PATTERN, nothing on stdout.
expect_error()
{
	local status=$1 pattern=$2 out err rc
	shift 2

	out=$("$@" 2>/tmp/hdrm-err)
	rc=$?
	err=$(cat /tmp/hdrm-err)
	[ "$rc" -eq "$status" ]
	check_err $? "'$*' exited $rc, expected $status"
	[ -z "$out" ]
	check_err $? "'$*' printed on stdout: $out"
	[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ]
	check_err $? "'$*' printed more than one line: $err"
	printf '%s\n' "$err" | grep -Eq -- "$pattern"
	check_err $? "'$*' said '$err', expected /$pattern/"
}

no_module()
{
	module_unload
	check_err $? "rmmod failed"
	expect_error 3 '^dcb-hdrm: the dcb_hdrm kernel module is not loaded; load it with "modprobe dcb_hdrm"' \
		dcb-hdrm dev show
	expect_error 3 'not loaded' dcb-hdrm -j dev show
	module_load
	check_err $? "insmod failed"
	log_test "module absent: one line saying how to load it, status 3"
}

unknown_words()
{
	expect_error 1 'unknown object "frobnicate"; expected one of: dev, measure, show, simulate, monitor, lldp, help' \
		dcb-hdrm frobnicate
	expect_error 1 'monitor: unknown argument "eth0"; expected dev or count' \
		dcb-hdrm monitor eth0 now
	expect_error 1 'invalid count "0"; expected an integer 1..1000000' \
		dcb-hdrm monitor count 0
	expect_error 1 'measure: unknown argument "sideways"; expected dev, count, interval, mode, estimator, timeout, ts-mode, apply, push, simulate, samples or histogram' \
		dcb-hdrm measure dev lo apply sideways 1
	expect_error 1 'dev: unknown command "list"; expected "show", "set" or "help"' \
		dcb-hdrm dev list
	expect_error 1 'dev show: unknown argument "eth0"; expected "dev DEV"' \
		dcb-hdrm dev show eth0
	expect_error 1 'dev show: "dev" needs a device name' \
		dcb-hdrm dev show dev
	expect_error 1 'device "nosuchdev0" does not exist' \
		dcb-hdrm dev show dev nosuchdev0
	expect_error 1 'unknown option "-x"' dcb-hdrm -x dev show
	expect_error 1 'option "-n" needs a namespace name' dcb-hdrm -n
	expect_error 1 'cannot open network namespace "nope"' dcb-hdrm -n nope dev show
	dcb-hdrm -V | grep -q '^dcb-hdrm '
	check_err $? "-V does not print the version"
	dcb-hdrm help | grep -q '^Usage: dcb-hdrm'
	check_err $? "help does not print usage"
	log_test "unknown words and bad arguments: one line naming what was expected"
}

require_root
module_load || exit 1
tests_run
