# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# An emulated cable between two network namespaces, with its delay between
# the two ends' drivers (ENVIRONMENT: netem on an end's own egress would be
# host queueing, which a PFC loop never sees):
#
#	NSA: DEVA <-veth-> m1  [NSA-DEVA-wire: mirred m1<->m2, netem on both]  m2 <-veth-> DEVB :NSB
#
# Every frame, MAC control frames to 01-80-C2-00-00-01 included, crosses
# the middle namespace through tc mirred, delayed by netem on the way out.
# mirred sends a copy and the original is dropped, as a wire hands on a
# new frame: a redirected frame would keep its sender's socket and its
# stamp request (skb_scrub_packet() keeps skb->sk), and every veth on the
# way would stamp it again into the sender's error queue, which ptp4l
# reads as the stamps of its later messages. A clone has no socket.
# Without act_gact (the debug kernel's config has none) the drop cannot
# be said, and frames are redirected as before: what runs there reads
# no software stamps of the sender's (pdelay.sh's ptp4l -S does not).

# cable_create NSA DEVA NSB DEVB ONE_WAY_DELAY_US
cable_create()
{
	local nsa=$1 deva=$2 nsb=$3 devb=$4 delay=$5
	local nsm=${nsa}-${deva}-wire d

	ip netns add "$nsa" 2>/dev/null
	ip netns add "$nsb" 2>/dev/null
	ip netns add "$nsm" || return 1
	ip -n "$nsa" link add "$deva" type veth peer name m1 netns "$nsm" || return 1
	ip -n "$nsb" link add "$devb" type veth peer name m2 netns "$nsm" || return 1
	for d in m1 m2; do
		ip -n "$nsm" link set "$d" up || return 1
		tc -n "$nsm" qdisc add dev "$d" ingress || return 1
		tc -n "$nsm" qdisc add dev "$d" root netem delay "${delay}us" limit 100000 || return 1
	done
	if tc -n "$nsm" filter add dev m1 parent ffff: matchall \
		action mirred egress mirror dev m2 action drop 2>/dev/null; then
		tc -n "$nsm" filter add dev m2 parent ffff: matchall \
			action mirred egress mirror dev m1 action drop || return 1
	else
		tc -n "$nsm" filter add dev m1 parent ffff: matchall \
			action mirred egress redirect dev m2 || return 1
		tc -n "$nsm" filter add dev m2 parent ffff: matchall \
			action mirred egress redirect dev m1 || return 1
	fi
	ip -n "$nsa" link set "$deva" up && ip -n "$nsb" link set "$devb" up
}

# cable_delay NSA DEVA ONE_WAY_DELAY_US [ extra netem arguments ]
cable_delay()
{
	local nsm=$1-$2-wire delay=$3 d
	shift 3

	for d in m1 m2; do
		tc -n "$nsm" qdisc change dev "$d" root netem delay "${delay}us" "$@" || return 1
	done
}

# cable_wire NSA DEVA: the middle namespace of DEVA's cable
cable_wire()
{
	echo "$1-$2-wire"
}
