#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The tool's errors: one line on stderr that says what was expected, and
# the documented exit status (1 usage, 2 kernel, 3 module not loaded).

ALL_TESTS="no_module unknown_words map_and_size_words object_help"
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
	expect_error 1 'unknown object "frobnicate"; expected one of: dev, measure, show, simulate, monitor, lldp, watchdog, metrics, help' \
		dcb-hdrm frobnicate
	expect_error 1 'monitor: unknown argument "frobs"; expected dev or count' \
		dcb-hdrm monitor frobs now
	expect_error 1 'monitor: unknown argument "eth0"; to name a device, write "dev eth0"' \
		dcb-hdrm monitor eth0
	expect_error 1 'measure: unknown argument "lo"; to name a device, write "dev lo"' \
		dcb-hdrm measure lo count 5
	expect_error 1 'invalid count "0"; expected an integer 1..1000000' \
		dcb-hdrm monitor count 0
	expect_error 1 'measure: unknown argument "sideways"; expected dev, count, interval, mode, estimator, timeout, ts-mode, apply, push, simulate, samples, histogram, response or repeats' \
		dcb-hdrm measure dev lo apply sideways 1
	expect_error 1 'dev: unknown command "list"; expected "show", "set" or "help"' \
		dcb-hdrm dev list
	expect_error 1 'dev show: unknown argument "eth0"; to name a device, write "dev eth0"' \
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

# expect_batch_errors FILE PATTERN...: "dcb-hdrm -force -batch FILE" runs
# a bad command per line of FILE (one process for all of them): status 1,
# nothing on stdout, and on stderr for each line its one error, which
# names the line ("dcb-hdrm: batch FILE:LINE: ") and, without that,
# matches the PATTERN of the same rank.
expect_batch_errors()
{
	local file=$1 out rc i=0 line pattern where
	shift

	out=$(dcb-hdrm -force -batch "$file" 2>/tmp/hdrm-err)
	rc=$?
	[ "$rc" -eq 1 ] && [ -z "$out" ]
	check_err $? "-batch $file exited $rc (expected 1), stdout '$out'"
	[ "$(wc -l </tmp/hdrm-err)" -eq $# ]
	(($? == 0)) || check_err 1 "expected $# errors of one line each: $(cat /tmp/hdrm-err)"
	for pattern in "$@"; do
		i=$((i + 1))
		where="dcb-hdrm: batch $file:$i: "
		line=$(sed -n "${i}p" /tmp/hdrm-err)
		[[ $line == "$where"* ]] &&
			grep -Eq -- "$pattern" <<<"dcb-hdrm: ${line#"$where"}"
		(($? == 0)) || check_err 1 "line $i of $file ($(sed -n "${i}p" "$file")): said '$line', expected '$where' and /$pattern/"
	done
}

# PRIO:VALUE maps (all: too) and sizes with suffixes: a bad word is one
# line naming it and what was expected, status 1, before the kernel
map_and_size_words()
{
	local f=/tmp/hdrm-batch

	cat >"$f" <<-EOF
		dev set dev lo prio 3:on 9:on
		dev set dev lo prio all:off 3:yes
		dev set dev lo prio 3
		dev set dev lo prio-mask al:on
		dev set dev lo prio auto 3:on
		dev set dev lo prio 3:on all:off
		dev set dev lo max-frame all:9000 8:1500
		dev set dev lo max-frame 3:64K
		dev set dev lo max-frame 3:1.5
		dev set dev lo max-frame all
		dev set dev lo k 12Q
		dev set dev lo k 17M
		dev set dev lo cell 1KiB
		dev set dev lo cell 0
	EOF
	expect_batch_errors "$f" \
		'^dcb-hdrm: dev set: invalid prio "9:on"; expected PRIO:on or PRIO:off, PRIO 0\.\.7 or all$' \
		'invalid prio "3:yes"; expected PRIO:on or PRIO:off' \
		'invalid prio "3"; expected PRIO:on or PRIO:off words \(PRIO 0\.\.7 or all\), or auto$' \
		'invalid prio-mask "al:on"' \
		'invalid prio "3:on" after auto' \
		'prio leaves no priority on' \
		'invalid max-frame "8:1500"; expected PRIO:BYTES or PRIO:auto, PRIO 0\.\.7 or all, BYTES an integer 64\.\.65535 \(or with a suffix B, K, KB, M, MB, G, GB, kbit, mbit or gbit\)$' \
		'invalid max-frame "3:64K"' \
		'invalid max-frame "3:1\.5"' \
		'invalid max-frame "all"' \
		'^dcb-hdrm: invalid k "12Q"; expected an integer 1\.\.16777216 \(bytes, or with a suffix B, K, KB, M, MB, G, GB, kbit, mbit or gbit\)$' \
		'invalid k "17M"; expected an integer 1\.\.16777216' \
		'invalid cell "1KiB"' \
		'invalid cell "0"; expected an integer 1\.\.65536'
	rm -f "$f"
	log_test "PRIO:VALUE words and sizes: one line naming the bad word and what was expected"
}

# OBJECT help: the object's usage on stdout, status 0, for every object
object_help()
{
	local f=/tmp/hdrm-batch out obj

	printf '%s help\n' dev measure show simulate monitor lldp watchdog >"$f"
	echo "lldp send dev lo help" >>"$f"
	out=$(dcb-hdrm -batch "$f" 2>/tmp/hdrm-err)
	(($? == 0)) || check_err 1 "help of every object: $(cat /tmp/hdrm-err)"
	[ ! -s /tmp/hdrm-err ]
	(($? == 0)) || check_err 1 "help printed on stderr: $(cat /tmp/hdrm-err)"
	for obj in dev measure show simulate monitor lldp watchdog; do
		grep -Eq "^Usage: dcb-hdrm (\[ -s \] )?$obj " <<<"$out"
		check_err $? "'$obj help' printed no usage of $obj: $out"
	done
	[ "$(grep -c '^Usage: dcb-hdrm lldp send' <<<"$out")" -eq 2 ]
	check_err $? "'lldp send dev lo help' printed no usage"
	[ "$(dcb-hdrm --version | wc -l)" -eq 1 ] &&
		dcb-hdrm --version | grep -Eq '^dcb-hdrm [^ ]+$'
	(($? == 0)) || check_err 1 "--version does not print the version: $(dcb-hdrm --version 2>&1)"
	rm -f "$f"
	log_test "help of every object: its usage on stdout, status 0"
}

require_root
module_load || exit 1
tests_run
