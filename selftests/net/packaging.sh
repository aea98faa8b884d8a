#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What the packages promise: the module DKMS built (selftests/packaging
# dkms, on the host, leaves it at build/dkms/ko/KVER/dcb_hdrm.ko) loads
# in this kernel, says VERSION and measures; the settings in a conf file,
# applied by the systemd unit's own ExecStart command, come back after the
# module is reloaded and the command runs again; a bad line stops a batch
# at FILE:LINE unless -force; the udev rule, as udevadm test parses it
# for the loaded module, restarts the unit when it is enabled and not
# already starting (a stand-in systemctl says which); the module loaded
# as the package loads it (the unit's modprobe, reading the packaged
# modprobe.d) answers on no device until a line of the conf file turns
# one on; a device that appears after the unit ran, under the name a
# rule renamed it to, is wanted by udev as dcb-hdrm@NAME.service, whose
# ExecStart applies its lines and no other device's.

ALL_TESTS="dkms_module settings_survive bad_line udev_rule safe_install late_nics"
# the debug kernel: none (packaging, not memory or locking)
DEBUG_TESTS=""
source "$(dirname "$0")/../lib.sh"

NSA=${NS_PREFIX}-pa
NSB=${NS_PREFIX}-pb
UNIT=$DCB_HDRM_TOP/tools/dcb-hdrm/system/dcb-hdrm.service
RULE=$DCB_HDRM_TOP/tools/dcb-hdrm/system/90-dcb-hdrm.rules
CONF=$DCB_HDRM_TOP/tools/dcb-hdrm/system/dcb-hdrm.conf
MODPROBE_CONF=$DCB_HDRM_TOP/tools/dcb-hdrm/system/modprobe-dcb-hdrm.conf
NET_RULE=$DCB_HDRM_TOP/tools/dcb-hdrm/system/99-dcb-hdrm-net.rules
IUNIT=$DCB_HDRM_TOP/tools/dcb-hdrm/system/dcb-hdrm@.service
# late_nics' devices, in this namespace (udevadm test sees only its
# own): OTHER is there at the first apply; the late one is created as
# LATE_K and renamed LATE by a rule (a "-" that its unit must escape)
OTHER=hdrmto0
LATE_K=hdrmtk0
LATE=hdrmt-late0
TOOL=$DCB_HDRM_TOP/tools/dcb-hdrm/dcb-hdrm
VERSION=$(cat "$DCB_HDRM_TOP/VERSION")
TMPD=$(mktemp -d /tmp/hdrm-packaging.XXXXXX)

cleanup()
{
	ns_cleanup
	rm -rf "$TMPD"
	rm -f /run/udev/rules.d/90-dcb-hdrm.rules
	late_cleanup
}
trap cleanup EXIT

late_cleanup()
{
	local d

	for d in "$OTHER" "$LATE_K" "$LATE"; do
		[ -e "/sys/class/net/$d" ] && ip link del "$d"
	done
	rm -f /run/udev/rules.d/99-dcb-hdrm-net.rules /run/udev/rules.d/70-hdrmt-rename.rules
}

setup()
{
	ns_cleanup
	ip netns add "$NSA" && ip netns add "$NSB" &&
		ip -n "$NSA" link add va type veth peer name vb netns "$NSB" &&
		ip -n "$NSA" link set va up && ip -n "$NSB" link set vb up
}

# reload: the module under test again, with its defaults
reload()
{
	module_unload && module_load
}

dkms_module()
{
	local ko=$DCB_HDRM_TOP/build/dkms/ko/$(uname -r)/dcb_hdrm.ko out v

	if [ ! -f "$ko" ]; then
		log_skip "the DKMS-built module loads, says $VERSION and measures" \
			"no $ko (selftests/packaging dkms builds it on the host)"
		return
	fi
	module_unload
	check_err $? "rmmod of the module under test failed"
	insmod "$ko"
	check_err $? "insmod $ko failed"
	v=$(cat /sys/module/dcb_hdrm/version 2>/dev/null)
	[ "$v" = "$VERSION" ]
	check_err $? "the DKMS module's version is '$v', not $VERSION"
	setup
	check_err $? "cannot set up the veth pair"
	out=$(dcb-hdrm -n "$NSA" -j measure dev va count 5 interval 2000 2>&1)
	check_err $? "measure with the DKMS module failed: $out"
	[ "$(jqn .status "$out" 2>/dev/null)" = ok ]
	check_err $? "measure status is not ok: $out"
	log_info "DKMS module $ko: version $v, round trip estimate $(jqn .rtt_ns.estimate "$out" 2>/dev/null) ns"
	module_unload
	check_err $? "rmmod of the DKMS module failed"
	module_load
	check_err $? "insmod $DCB_HDRM_KO (the module under test) failed"
	log_test "the DKMS-built module loads, says $VERSION and measures"
}

# every dev set setting of va, as the conf file's lines set them
SETTINGS="reflect off
reflect-rate 777
encap ether
speed 25000
k 5000
cell 192
small-packet-percent 40
prio-mask 0x18
precision 300
max-frame 3:4000
apply delay
delay-unit metres
remeasure on
remeasure-period 600
auto-hdrm off
accept-push on
ts-mode software
model mlxsw"
# what dev show -j says of them, in order
SHOW='[.reflect, .reflect_rate, .encap, .speed_override_mbps, .k_override_bytes,
	.cell_bytes, .small_packet_percent, .prio_mask, .precision_override_ns,
	(.max_frame | map(select(.prio == 3))[0].bytes), .apply, .delay_unit,
	.remeasure, .remeasure_period_s, .auto_hdrm, .accept_push, .ts_mode, .model]'
WANT='[false,777,"ether",25000,5000,192,40,24,300,4000,"delay","metres",true,600,false,true,"software","mlxsw"]'

show_settings()
{
	dcb-hdrm -n "$NSA" -j dev show dev va | jq -c "$SHOW"
}

# the unit's ExecStart, with the tool and the conf file of this test
unit_command()
{
	sed -n 's/^ExecStart=//p' "$UNIT" |
		sed -e "s|/usr/sbin/dcb-hdrm|$TOOL|" -e "s|/etc/dcb-hdrm/dcb-hdrm.conf|$1|"
}

settings_survive()
{
	local conf=$TMPD/dcb-hdrm.conf cmd defaults got out

	reload
	check_err $? "reloading the module failed"
	ip netns list | grep -q "^$NSA" || setup
	check_err $? "cannot set up the veth pair"
	{
		echo "# every setting of va, a line each"
		sed 's/^/dev set dev va /' <<<"$SETTINGS"
	} >"$conf"
	cmd=$(unit_command "$conf")
	[[ $cmd == "$TOOL "*" $conf"* ]]
	check_err $? "cannot take the command from the unit's ExecStart: '$cmd'"
	log_info "the unit's command: $cmd"
	defaults=$(show_settings)
	[ "$defaults" != "$WANT" ]
	check_err $? "the defaults are the settings under test: $defaults"

	out=$(ip netns exec "$NSA" $cmd 2>&1)
	check_err $? "the unit's command failed: $out"
	got=$(show_settings)
	[ "$got" = "$WANT" ]
	check_err $? "after the unit's command: $got, expected $WANT"

	reload
	check_err $? "reloading the module failed"
	got=$(show_settings)
	[ "$got" = "$defaults" ]
	check_err $? "after a reload: $got, expected the defaults $defaults"

	out=$(ip netns exec "$NSA" $cmd 2>&1)
	check_err $? "the unit's command failed the second time: $out"
	got=$(show_settings)
	[ "$got" = "$WANT" ]
	check_err $? "after the unit's command again: $got, expected $WANT"
	log_test "settings: the unit's command applies all $(wc -l <<<"$SETTINGS"), a reload forgets them, the command again restores them"
}

bad_line()
{
	local f=$TMPD/bad.conf out rc

	# no reload: 555 and 320 are neither the defaults nor settings_survive's
	ip netns list | grep -q "^$NSA" || setup
	printf '%s\n' "# line 3 is bad" "dev set dev va reflect-rate 555" \
		"dev set dev va frobnicate 1" "dev set dev va cell 320" >"$f"
	out=$(ip netns exec "$NSA" "$TOOL" -batch "$f" 2>&1)
	rc=$?
	[ "$rc" -ne 0 ]
	check_err $? "a batch with a bad line exited 0"
	grep -qF "$f:3" <<<"$out"
	check_err $? "the error does not name $f:3: $out"
	[ "$(show_settings | jq -c '[.[1], .[5]]')" != '[555,320]' ] &&
		[ "$(show_settings | jq '.[1]')" = 555 ]
	(($? == 0)) || check_err 1 "without -force: line 2 applied, line 4 not expected; got $(show_settings)"

	out=$(ip netns exec "$NSA" "$TOOL" -force -batch "$f" 2>&1)
	rc=$?
	[ "$rc" -ne 0 ]
	check_err $? "-force: a batch with a bad line exited 0"
	grep -qF "$f:3" <<<"$out"
	check_err $? "-force: the error does not name $f:3: $out"
	[ "$(show_settings | jq '.[5]')" = 320 ]
	(($? == 0)) || check_err 1 "-force: line 4 not applied; got $(show_settings)"
	log_test "a bad line 3: FILE:3 named, line 4 not applied; with -force it is"
}

# rule_runs ENABLED STATE: what the rule's RUN command asks of a stand-in
# systemctl whose is-enabled exits ENABLED and is-active says STATE
rule_runs()
{
	FAKE_ENABLED=$1 FAKE_STATE=$2 FAKE_LOG=$TMPD/systemctl.log \
		PATH="$TMPD/bin:$PATH" sh -c "$RUN_CMD" >/dev/null 2>&1
	cat "$TMPD/systemctl.log" 2>/dev/null
	rm -f "$TMPD/systemctl.log"
}

udev_rule()
{
	local out

	if ! command -v udevadm >/dev/null; then
		log_skip "the udev rule restarts the unit on the module's add event" "no udevadm"
		return
	fi
	module_load
	mkdir -p /run/udev/rules.d "$TMPD/bin"
	cp "$RULE" /run/udev/rules.d/
	out=$(udevadm test --action=add /sys/module/dcb_hdrm 2>&1)
	# "run: '/bin/sh -c ...'" (systemd 252); the command as udev passes it
	RUN_CMD=$(sed -n "s/^run: '\/bin\/sh -c '\(.*\)''\$/\1/p" <<<"$out" | head -n 1)
	[ -n "$RUN_CMD" ]
	(($? == 0)) || check_err 1 "udevadm test does not run the rule for dcb_hdrm: $(grep -i 'run\|90-dcb' <<<"$out" | head -n 5)"
	log_info "udev runs: $RUN_CMD"
	cat >"$TMPD/bin/systemctl" <<-'EOF'
	#!/bin/sh
	case "$*" in
	"-q is-enabled dcb-hdrm.service") exit "$FAKE_ENABLED" ;;
	"is-active dcb-hdrm.service") echo "$FAKE_STATE" ;;
	*) echo "$*" >>"$FAKE_LOG" ;;
	esac
	EOF
	chmod +x "$TMPD/bin/systemctl"
	[ "$(rule_runs 0 active)" = "--no-block restart dcb-hdrm.service" ]
	check_err $? "enabled and active: no restart"
	[ "$(rule_runs 0 failed)" = "--no-block restart dcb-hdrm.service" ]
	check_err $? "enabled and failed: no restart"
	[ -z "$(rule_runs 0 activating)" ]
	check_err $? "the unit starting (its own modprobe): restarted all the same"
	[ -z "$(rule_runs 1 inactive)" ]
	check_err $? "disabled: restarted all the same"
	rm -f /run/udev/rules.d/90-dcb-hdrm.rules
	log_test "the udev rule restarts the enabled unit on the module's add event, not while it starts"
}

# package_modprobe: the module loaded as the package loads it, by the
# unit's ExecStartPre (modprobe), reading the packaged modprobe.d and
# nothing else, from a module tree of its own under $TMPD (the root is
# read-only here): the DKMS-built module where selftests/packaging dkms
# left one for this kernel, else the module under test
package_modprobe()
{
	local kver ko pre cmd

	kver=$(uname -r)
	ko=$DCB_HDRM_TOP/build/dkms/ko/$kver/dcb_hdrm.ko
	[ -f "$ko" ] || ko=$DCB_HDRM_KO
	log_info "the package's modprobe loads $ko"
	rm -rf "$TMPD/root" "$TMPD/modprobe.d"
	mkdir -p "$TMPD/root/lib/modules/$kver/extra" "$TMPD/modprobe.d" &&
		cp "$ko" "$TMPD/root/lib/modules/$kver/extra/dcb_hdrm.ko" &&
		cp "$MODPROBE_CONF" "$TMPD/modprobe.d/dcb-hdrm.conf" || return 1
	# no modules.order or modules.builtin in this tree: depmod says so
	depmod -b "$TMPD/root" "$kver" 2>"$TMPD/depmod.log" ||
		{ cat "$TMPD/depmod.log"; return 1; }
	pre=$(sed -n 's/^ExecStartPre=//p' "$UNIT")
	cmd=${pre/\/modprobe /\/modprobe -d $TMPD\/root -C $TMPD\/modprobe.d }
	if [ "$cmd" = "$pre" ]; then
		echo "the unit's ExecStartPre is not modprobe: '$pre'"
		return 1
	fi
	log_info "the unit's modprobe: $cmd"
	$cmd
}

# reflecting NS...: the devices of the namespaces NS (- for this one)
# whose answering is on, a name a line; "none" when there are none
reflecting()
{
	local ns out

	for ns in "$@"; do
		if [ "$ns" = - ]; then
			out=$(dcb-hdrm -j dev show)
		else
			out=$(dcb-hdrm -n "$ns" -j dev show)
		fi
		jq -r '.[] | select(.reflect != false) | .ifname' <<<"$out"
	done | grep . || echo none
}

# pkg_extract: the dcb-hdrm package make check built before the guests
# (selftests/packaging debs, build/pkg/), extracted with dpkg-deb into
# $TMPD/pkgroot. Fails, saying why, when there is none (a test run on
# its own) or it is not this tree's (its unit, conf or modprobe.d file
# differ from the tree's).
pkg_extract()
{
	local deb f

	deb=$(ls "$DCB_HDRM_TOP"/build/pkg/dcb-hdrm_"$VERSION"_*.deb 2>/dev/null | head -n 1)
	[ -n "$deb" ] || { echo "no dcb-hdrm_${VERSION}_*.deb in build/pkg"; return 1; }
	rm -rf "$TMPD/pkgroot" && mkdir -p "$TMPD/pkgroot" &&
		dpkg-deb -x "$deb" "$TMPD/pkgroot" || { echo "dpkg-deb -x $deb failed"; return 1; }
	for f in "$MODPROBE_CONF:etc/modprobe.d/dcb-hdrm.conf" "$CONF:etc/dcb-hdrm/dcb-hdrm.conf" \
		 "$UNIT:lib/systemd/system/dcb-hdrm.service"; do
		cmp -s "${f%%:*}" "$TMPD/pkgroot/${f#*:}" ||
			{ echo "$deb is not this tree's: /${f#*:} differs"; return 1; }
	done
	[ -x "$TMPD/pkgroot/usr/sbin/dcb-hdrm" ] || { echo "$deb has no /usr/sbin/dcb-hdrm"; return 1; }
	echo "$deb"
}

# Installed as packaged: the package's own files where make check built
# it (the modprobe.d file, the conf as shipped, the unit and the tool,
# from the .deb), else the tree's; the module the package's DKMS built.
safe_install()
{
	local deb tool=$TOOL unit=$UNIT mconf=$MODPROBE_CONF sconf=$CONF

	if deb=$(pkg_extract); then
		log_info "from the package $deb: its modprobe.d file, conf, unit and tool"
		TOOL=$TMPD/pkgroot/usr/sbin/dcb-hdrm
		UNIT=$TMPD/pkgroot/lib/systemd/system/dcb-hdrm.service
		MODPROBE_CONF=$TMPD/pkgroot/etc/modprobe.d/dcb-hdrm.conf
		CONF=$TMPD/pkgroot/etc/dcb-hdrm/dcb-hdrm.conf
	else
		log_info "the tree's files, not a package's: $deb"
	fi
	safe_install_run
	TOOL=$tool UNIT=$unit MODPROBE_CONF=$mconf CONF=$sconf
}

safe_install_run()
{
	local conf=$TMPD/on.conf cmd out rc n ns

	module_unload
	check_err $? "rmmod of the module under test failed"
	out=$(package_modprobe 2>&1)
	check_err $? "the unit's modprobe with the packaged modprobe.d failed: $out"
	log_info "$out"
	[ "$(cat /sys/module/dcb_hdrm/parameters/reflect_default 2>/dev/null)" = N ]
	(($? == 0)) || check_err 1 "reflect_default is '$(cat /sys/module/dcb_hdrm/parameters/reflect_default 2>&1)', not N"
	setup
	check_err $? "cannot set up the veth pair"

	# the unit's own command with the conf file as shipped
	cmd=$(unit_command "$CONF")
	for ns in "$NSA" "$NSB"; do
		out=$(ip netns exec "$ns" $cmd 2>&1)
		check_err $? "the unit's command with the shipped conf failed in $ns: $out"
	done
	n=$(dcb-hdrm -n "$NSA" -j dev show | jq length)
	[ "$n" -ge 1 ]
	check_err $? "no device in $NSA to check"
	out=$(reflecting - "$NSA" "$NSB")
	[ "$out" = none ]
	check_err $? "installed, no line: devices that answer: $out"
	out=$(dcb-hdrm -n "$NSA" measure dev va count 10 timeout 100 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 4 ]
	check_err $? "measuring va's link without a line on vb exited $rc, not 4 (no reply): $out"
	[ "$(dcb-hdrm -n "$NSB" -j dev show dev vb | jq .stats.not_reflecting)" -ge 10 ]
	check_err $? "vb did not count the requests it left unanswered"

	# the shipped example, uncommented, for vb: vb answers, va does not
	sed 's/^#\(dev set dev \)eth0\( reflect on\)$/\1vb\2/' "$CONF" >"$conf"
	[ "$(grep -Ev '^[[:space:]]*(#|$)' "$conf")" = "dev set dev vb reflect on" ]
	check_err $? "the shipped conf has no line '#dev set dev eth0 reflect on' to uncomment"
	out=$(ip netns exec "$NSB" $(unit_command "$conf") 2>&1)
	check_err $? "the unit's command with vb's line failed: $out"
	out=$(reflecting - "$NSA" "$NSB")
	[ "$out" = vb ]
	check_err $? "with vb's line, devices that answer: $out (vb only expected)"
	out=$(dcb-hdrm -n "$NSA" -j measure dev va count 5 interval 2000 2>&1)
	check_err $? "measuring va's link with vb answering failed: $out"
	[ "$(jqn .status "$out" 2>/dev/null)" = ok ]
	check_err $? "measure status is not ok: $out"

	reload
	check_err $? "reloading the module under test with its defaults failed"
	[ "$(cat /sys/module/dcb_hdrm/parameters/reflect_default 2>/dev/null)" = Y ]
	check_err $? "the module under test is not back with reflect_default Y"
	log_test "installed as packaged: no device answers until a line of the conf turns one on"
}

# udev_wants DEV: dcb-hdrm's units among the SYSTEMD_WANTS that udevadm
# test gives DEV's add event, a line each
udev_wants()
{
	udevadm test --action=add "/sys/class/net/$1" 2>&1 |
		sed -n 's/^SYSTEMD_WANTS=//p' | tr ' ' '\n' | grep '^dcb-hdrm'
}

# instance_line KEY NAME CONF: dcb-hdrm@.service's KEY= command for the
# device NAME (%I), with the tool, CONF and stand-in systemctl of this test
instance_line()
{
	sed -n "s/^$1=//p" "$IUNIT" |
		sed -e "s|/usr/sbin/dcb-hdrm|$TOOL|" -e "s|/etc/dcb-hdrm/dcb-hdrm.conf|$3|" \
			-e "s|/bin/systemctl|$TMPD/ibin/systemctl|" -e "s|%I|$2|g"
}

# instance_conditions CONF: whether dcb-hdrm@.service's conditions hold,
# CONF standing for the conf file
instance_conditions()
{
	local conds=()

	# a here-string, not <(...): the guest has no /dev/fd
	mapfile -t conds <<<"$(sed -n 's/^\(Condition[A-Za-z]*=.*\)/\1/p' "$IUNIT" |
		sed "s|/etc/dcb-hdrm/dcb-hdrm.conf|$1|")"
	((${#conds[@]})) && systemd-analyze condition "${conds[@]}" >"$TMPD/conditions" 2>&1
}

late_nics()
{
	local conf=$TMPD/late.conf out rc wants inst cmd start

	if ! command -v udevadm >/dev/null || ! command -v systemd-escape >/dev/null ||
		! command -v systemd-analyze >/dev/null; then
		log_skip "late NICs: a device's lines only, by its final name" \
			"no udevadm, systemd-escape or systemd-analyze"
		return
	fi
	module_load
	check_err $? "loading the module under test failed"
	late_cleanup
	ip link add "$OTHER" type veth peer name hdrmto1
	check_err $? "cannot create $OTHER"
	printf '%s\n' "dev set dev $OTHER reflect-rate 111" \
		"dev set dev $LATE reflect-rate 222 cell 192" >"$conf"

	# the unit at boot: the late device's line fails, OTHER's applies
	out=$($(unit_command "$conf") 2>&1)
	rc=$?
	[ "$rc" -ne 0 ] && grep -qF "$conf:2" <<<"$out"
	(($? == 0)) || check_err 1 "the first apply, $LATE absent: exit $rc, '$out'; a failure at $conf:2 expected"
	[ "$(dcb-hdrm -j dev show dev "$OTHER" | jq .reflect_rate)" = 111 ]
	check_err $? "$OTHER's line was not applied by the unit's command"
	# changed by hand since: the late device's lines must leave it so
	dcb-hdrm dev set dev "$OTHER" reflect-rate 333
	check_err $? "setting $OTHER by hand failed"

	mkdir -p /run/udev/rules.d "$TMPD/ibin"
	cp "$NET_RULE" /run/udev/rules.d/
	echo "SUBSYSTEM==\"net\", ACTION==\"add\", KERNEL==\"$LATE_K\", NAME=\"$LATE\"" \
		>/run/udev/rules.d/70-hdrmt-rename.rules
	start=$SECONDS
	ip link add "$LATE_K" type veth peer name hdrmtk1
	check_err $? "cannot create $LATE_K"
	wants=$(udev_wants "$LATE_K")
	# udevadm test of systemd 252 renames the device as udevd would;
	# where it does not, the name is given as udevd would give it
	[ -e "/sys/class/net/$LATE" ] || ip link set dev "$LATE_K" name "$LATE"
	check_err $? "cannot rename $LATE_K to $LATE"
	[ "$wants" = 'dcb-hdrm@hdrmt\x2dlate0.service' ]
	check_err $? "udev wants '$wants' for $LATE_K renamed $LATE, not 'dcb-hdrm@hdrmt\x2dlate0.service'"
	out=$(udev_wants hdrmtk1)
	[ "$out" = dcb-hdrm@hdrmtk1.service ]
	check_err $? "udev wants '$out' for hdrmtk1, not dcb-hdrm@hdrmtk1.service"
	out=$(udev_wants lo)
	[ -z "$out" ]
	check_err $? "udev wants '$out' for lo"
	inst=$(systemd-escape -u --instance "$wants")
	[ "$inst" = "$LATE" ]
	check_err $? "the unit's %I for $wants is '$inst', not $LATE"

	# the unit runs where the module is loaded and dcb-hdrm.service is
	# enabled (a stand-in systemctl answers is-enabled with FAKE_ENABLED)
	instance_conditions "$conf"
	check_err $? "dcb-hdrm@.service's conditions fail with the module loaded: $(tr '\n' ' ' <"$TMPD/conditions")"
	cat >"$TMPD/ibin/systemctl" <<-'EOF'
	#!/bin/sh
	[ "$*" = "-q is-enabled dcb-hdrm.service" ] || { echo "systemctl $*" >&2; exit 255; }
	exit "$FAKE_ENABLED"
	EOF
	chmod +x "$TMPD/ibin/systemctl"
	cmd=$(instance_line ExecCondition "$inst" "$conf")
	FAKE_ENABLED=1 $cmd
	rc=$?
	[ "$rc" -ge 1 ] && [ "$rc" -le 254 ]
	check_err $? "ExecCondition '$cmd' with dcb-hdrm.service disabled: exit $rc, not 1..254 (skip)"
	FAKE_ENABLED=0 $cmd
	check_err $? "ExecCondition '$cmd' with dcb-hdrm.service enabled: exit $?"

	cmd=$(instance_line ExecStart "$inst" "$conf")
	[[ $cmd == "$TOOL "*" $conf "*" $LATE" ]]
	check_err $? "cannot take the command from dcb-hdrm@.service's ExecStart: '$cmd'"
	log_info "dcb-hdrm@.service's command: $cmd"
	out=$($cmd 2>&1)
	check_err $? "the instance's command failed: $out"
	out=$(dcb-hdrm -j dev show dev "$LATE" | jq -c '[.reflect_rate, .cell_bytes]')
	[ "$out" = "[222,192]" ]
	check_err $? "$LATE after its instance: $out, expected [222,192]"
	log_info "$LATE created, announced and its lines applied in $((SECONDS - start)) s"
	[ $((SECONDS - start)) -le 15 ]
	check_err $? "$LATE's lines took $((SECONDS - start)) s"
	out=$(dcb-hdrm -j dev show dev "$OTHER" | jq .reflect_rate)
	[ "$out" = 333 ]
	check_err $? "$OTHER's line was run again: reflect-rate $out, not 333 as set by hand"

	module_unload
	check_err $? "rmmod of the module under test failed"
	instance_conditions "$conf"
	check_fail $? "dcb-hdrm@.service's conditions hold without the module"
	module_load
	check_err $? "insmod $DCB_HDRM_KO (the module under test) failed"
	late_cleanup
	log_test "late NICs: a device renamed $LATE_K -> $LATE gets its lines only, as dcb-hdrm@hdrmt\x2dlate0"
}

require_root
require_cmd jq
module_load || exit 1
tests_run
