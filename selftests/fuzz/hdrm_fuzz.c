// SPDX-License-Identifier: GPL-2.0
/*
 * hdrm_fuzz: hostile frames for the dcb_hdrm receive hook, from a packet
 * socket (Documentation/threat-model.rst, T1-T3).
 *
 *   hdrm_fuzz attack DEV COUNT SEED [ TARGET ]
 *	COUNT frames, deterministic from SEED: random bytes, every field at
 *	its boundaries, truncated, oversized (and, on a device whose MTU
 *	allows frames over a page, non-linear: the payload in page
 *	fragments), VLAN-tagged, wrong addresses, opcodes and versions,
 *	replies to sessions that do not exist, control frames; stream frames
 *	(kmod/lib/hdrm_stream.c), most of them to TARGET, the MAC address of
 *	DEV's link partner (the receiving device), valid or not; and IEEE
 *	802.1Qbb PFC frames, valid XOFFs and XONs and broken ones. What the
 *	receiver must count is predicted with the module's own pure decoders
 *	(kmod/lib/hdrm_wire.c, kmod/lib/hdrm_ctl.c, kmod/lib/hdrm_stream.c)
 *	applied to the bytes its hook will see, and printed as JSON.
 *   hdrm_fuzz spoof DEV SECONDS [ OTHER ]
 *	On the wire next to the initiator of a running measurement (DEV is
 *	the initiator's link partner): for every request seen arriving, a
 *	reply with a random session and one with the right session and
 *	sequence but a t1 that is off by 1 ns; every genuine reply DEV
 *	sends towards the initiator is sent again later (duplicated and
 *	reordered) and, with OTHER, a copy of it goes at once out of OTHER,
 *	whose link partner is another port of the initiator's host (a reply
 *	arriving on the wrong port). Prints the counts.
 *   hdrm_fuzz flood DEV SECONDS
 *	Valid requests as fast as possible; counts the replies that come
 *	back and their bytes.
 *   hdrm_fuzz ptp-attack DEV COUNT SEED REQUESTER RESPONDER
 *	COUNT IEEE 1588 frames (EtherType 0x88F7, to 01-80-C2-00-00-0E),
 *	fewer if SIGTERM or SIGINT stops it first (a flood as long as a
 *	measurement), for the peer-delay hook (kmod/rx.c, hdrm_rcv_ptp),
 *	built from valid Pdelay_Resp and Pdelay_Resp_Follow_Up messages:
 *	random bytes, truncated (0 to 53 bytes), oversized (a trailer up to
 *	DEV's MTU), wrong versionPTP, messageLength and messageType,
 *	nanoseconds of 10^9 and more, seconds of 2^34 and more, corrections
 *	at and beyond +-2^46 ns, boundary values, VLAN-tagged, to other
 *	addresses, answers to other requesters, domains and SDOs; and
 *	answers spoofed to REQUESTER's identity (the measuring device's
 *	MAC: its EUI-64, port 0x8000, domain 0, SDO 0) for random
 *	sequenceIds as RESPONDER (the MAC and port identity of its ptp4l,
 *	port 1), whose stamps cannot make a sample (ptp_spoof()). What the
 *	hook must count for the frames sent is predicted with
 *	kmod/lib/hdrm_ptp.c and printed as JSON.
 *   hdrm_fuzz ptp-foreign DEV REQUESTER STRIDE
 *	A second responder: answers to REQUESTER's identity from a port
 *	identity of DEV's own, one for every STRIDE-th sequenceId, 65536 /
 *	STRIDE in all; one of them answers a probe of a pdelay measurement
 *	that has sent STRIDE or more and is still running.
 *   hdrm_fuzz stream DEV PRIO DURATION_US FRAME_LEN CAPTURE_MS
 *	The measuring end's half of a stream on request, for the selftests
 *	until the module asks for streams itself: one stream request
 *	(kmod/lib/hdrm_ctl.c, EtherType 0x88B5 to its group address) from
 *	DEV, its fields as given, out of bounds included (the encoder
 *	writes what it is given); then CAPTURE_MS of what arrives on DEV:
 *	the answer, and the stream frames of the request's session
 *	(kmod/lib/hdrm_stream.c) with the PCP their VLAN tag carries
 *	(PACKET_AUXDATA, or the tag in the frame). Prints one JSON line.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/virtio_net.h>
#include <net/if.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "hdrm_ctl.h"
#include "hdrm_ptp.h"
#include "hdrm_stream.h"
#include "hdrm_wire.h"

#define MAX_FRAME	9018	/* 9000 MTU + header + one VLAN tag */
#define HOOK_COPY	HDRM_CTL_MAX_PAYLOAD	/* what the receive hook (rx.c) reads */

static u64 rng_state;

static u64 rnd(void)
{
	/* xorshift64*, deterministic from the seed */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

static u32 rnd_below(u32 n)
{
	return n ? (u32)(rnd() % n) : 0;
}

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void die(const char *what)
{
	fprintf(stderr, "hdrm_fuzz: %s: %s\n", what, strerror(errno));
	exit(1);
}

struct dev {
	int fd;		/* plain packet socket */
	int vfd;	/* with a virtio-net header: non-linear frames */
	int ifindex;
	int mtu;
	u8 mac[6];
};

static int packet_socket(int ifindex, int proto, bool vnet)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(proto),
		.sll_ifindex = ifindex,
	};
	int one = 1, fd;

	fd = socket(AF_PACKET, SOCK_RAW, htons(proto));
	if (fd < 0)
		die("socket");
	if (vnet && setsockopt(fd, SOL_PACKET, PACKET_VNET_HDR, &one,
			       sizeof(one)))
		die("PACKET_VNET_HDR");
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		die("bind");
	return fd;
}

static void dev_open(struct dev *d, const char *name, int proto)
{
	struct ifreq ifr = {};
	int fd;

	d->ifindex = if_nametoindex(name);
	if (!d->ifindex)
		die(name);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	if (fd < 0 || ioctl(fd, SIOCGIFHWADDR, &ifr))
		die("SIOCGIFHWADDR");
	memcpy(d->mac, ifr.ifr_hwaddr.sa_data, 6);
	if (ioctl(fd, SIOCGIFMTU, &ifr))
		die("SIOCGIFMTU");
	d->mtu = ifr.ifr_mtu;
	close(fd);
	d->fd = packet_socket(d->ifindex, proto, false);
	d->vfd = packet_socket(d->ifindex, proto, true);
}

static void dev_send(const struct dev *d, const u8 *f, size_t len, bool vnet)
{
	struct virtio_net_hdr vh = { .hdr_len = HDRM_ETH_HLEN };
	struct iovec iov[2] = {
		{ .iov_base = &vh, .iov_len = sizeof(vh) },
		{ .iov_base = (void *)f, .iov_len = len },
	};
	struct msghdr msg = {
		.msg_iov = vnet ? iov : iov + 1,
		.msg_iovlen = vnet ? 2 : 1,
	};

	while (sendmsg(vnet ? d->vfd : d->fd, &msg, 0) < 0) {
		if (errno != ENOBUFS && errno != EAGAIN)
			die("sendmsg");
		usleep(100);
	}
}

/* What the receiver counts for one frame. */
enum verdict {
	V_IGNORED,	/* not for the hook: another address, another VLAN */
	V_MALFORMED,
	V_REQUEST,
	V_REPLY,	/* to no session: stale */
	V_CTL,		/* a valid control frame */
	V_CTL_STALE,	/* a valid capability reply or ack nobody awaits */
	V_STREAM,	/* a valid stream frame to the device: rx_stream */
	V_NR,
};

static const char *const verdict_names[V_NR] = {
	"ignored", "malformed", "requests", "replies", "control",
	"control_stale", "stream",
};

/* The hook's decision, from the bytes after the (inner) EtherType. */
static enum verdict predict(const u8 *payload, unsigned int len)
{
	unsigned int copy = len < HOOK_COPY ? len : HOOK_COPY;
	struct hdrm_probe p;
	struct hdrm_ctl c;

	if (hdrm_is_ctl(payload, copy)) {
		if (hdrm_ctl_decode(payload, copy, &c) != HDRM_WIRE_OK)
			return V_MALFORMED;
		/* answers to nothing this end asked: a stream's too */
		return c.type == HDRM_CTL_CAP_REPLY ||
		       c.type == HDRM_CTL_CONFIG_ACK ||
		       c.type == HDRM_CTL_STREAM_ANSWER ? V_CTL_STALE : V_CTL;
	}
	if (hdrm_payload_decode(payload, len, &p) != HDRM_WIRE_OK)
		return V_MALFORMED;
	return p.type == HDRM_TYPE_REQUEST ? V_REQUEST : V_REPLY;
}

/*
 * The hook's decision for a whole frame of @len bytes as sent, from its
 * destination address on, arriving on the device whose address is
 * @target (NULL: unknown, no unicast frame is the device's). As the
 * kernel hands it over: an 802.1Q tag with a VID other than 0 makes it
 * another host's (no VLAN device here), a tag with VID 0 is taken off,
 * and a tagged frame with less than two bytes after its inner EtherType
 * is dropped before any hook (skb_vlan_untag() reads them); a unicast
 * address not the device's is another host's. Then as hdrm_rcv()
 * decides: a stream frame to the device's own address on 0x88B5 is
 * decoded as one, and anything else must be to its EtherType's group
 * address. There a PAUSE or PFC frame (opcode 0x0001 or 0x0101) on
 * 0x8808 is another protocol's, left alone (hdrm_is_pause()); any other
 * opcode that is neither a control frame's nor a measurement frame's is
 * malformed.
 */
static enum verdict predict_frame(const u8 *f, size_t len, const u8 *target)
{
	unsigned int off = 2 * ETH_ALEN, copy;
	struct hdrm_stream_frame sf;
	enum hdrm_encap encap;
	bool host;
	u16 type;

	if (len < HDRM_ETH_HLEN)
		return V_IGNORED;
	type = get_unaligned_be16(f + off);
	if (type == ETH_P_8021Q) {
		if (len < HDRM_ETH_HLEN + HDRM_VLAN_HLEN + 2 ||
		    (get_unaligned_be16(f + off + 2) & 0x0fff))
			return V_IGNORED;
		off += HDRM_VLAN_HLEN;
		type = get_unaligned_be16(f + off);
	}
	if (type == HDRM_ETHERTYPE_MACCTL)
		encap = HDRM_ENCAP_MACCTL;
	else if (type == HDRM_ETHERTYPE_EXP)
		encap = HDRM_ENCAP_ETHER;
	else
		return V_IGNORED;
	host = !(f[0] & 1);
	if (host && (!target || memcmp(f, target, ETH_ALEN)))
		return V_IGNORED;		/* PACKET_OTHERHOST */
	off += 2;
	len -= off;
	copy = len < HOOK_COPY ? len : HOOK_COPY;
	if (encap == HDRM_ENCAP_ETHER && host && hdrm_is_stream(f + off, copy))
		return hdrm_stream_decode(f + off, copy, &sf) == HDRM_WIRE_OK ?
		       V_STREAM : V_MALFORMED;
	if (memcmp(f, hdrm_encap_dest(encap), ETH_ALEN))
		return V_IGNORED;
	if (encap == HDRM_ENCAP_MACCTL && hdrm_is_pause(f + off, copy))
		return V_IGNORED;		/* PAUSE's or PFC's */
	return predict(f + off, len);
}

static u32 rnd_session(void)
{
	u32 s;

	do
		s = (u32)rnd();
	while (!s);
	return s;
}

/* A valid payload of a random kind; returns its length. */
static unsigned int valid_payload(u8 *pl)
{
	struct hdrm_probe p = {
		.session = rnd_session(),
		.seq = (u32)rnd(),
		.t1 = rnd(),
	};
	struct hdrm_ctl c = { .session = rnd_session() };
	unsigned int i;

	switch (rnd_below(8)) {
	case 0:
		p.type = HDRM_TYPE_REQUEST;
		p.flags = rnd_below(2) ? HDRM_F_LOOPBACK : 0;
		hdrm_payload_encode(pl, &p);
		return HDRM_PAYLOAD_LEN;
	case 1:
		p.type = HDRM_TYPE_REPLY;
		p.flags = HDRM_F_TIMESTAMPS;
		p.t2 = rnd() >> 1;
		p.t3 = p.t2 + rnd_below(100000);
		hdrm_payload_encode(pl, &p);
		return HDRM_PAYLOAD_LEN;
	case 2:
		c.type = HDRM_CTL_CAP_REQUEST;
		c.has_bufcfg = true;
		c.bufcfg = rnd_below(4);
		break;
	case 3:
		c.type = HDRM_CTL_CAP_REPLY;
		c.has_bufcfg = rnd_below(2);
		c.bufcfg = c.has_bufcfg ? rnd_below(4) : 0;
		break;
	case 4:
		c.type = HDRM_CTL_CONFIG;
		c.has_link = c.has_headroom = true;
		c.rtt_ns = rnd_below(3000000);
		c.precision_ns = rnd_below(100);
		c.speed = 1000;
		c.prio_mask = rnd_below(256);
		for (i = 0; i < HDRM_PRIOS; i++)
			if (c.prio_mask & BIT(i))
				c.headroom[i] = rnd_below(1 << 20);
		break;
	case 5:
		c.type = HDRM_CTL_CONFIG_ACK;
		c.has_ack = true;
		c.status = HDRM_ACK_REFUSED;
		c.reason = 1 + rnd_below(HDRM_REASON_MAX);
		break;
	case 6:
		/* refused where accept-stream is off, as it is by default */
		c.type = HDRM_CTL_STREAM_REQUEST;
		c.has_stream = true;
		c.stream.prio = rnd_below(HDRM_PRIOS);
		c.stream.duration_us = 1 + rnd_below(HDRM_STREAM_MAX_US);
		c.stream.frame_len = HDRM_STREAM_MIN_FRAME +
			rnd_below(HDRM_STREAM_MAX_FRAME - HDRM_STREAM_MIN_FRAME + 1);
		break;
	default:
		c.type = HDRM_CTL_STREAM_ANSWER;
		c.has_ack = true;
		c.status = rnd_below(2) ? HDRM_ACK_APPLIED : HDRM_ACK_REFUSED;
		c.prio = rnd_below(HDRM_PRIOS);
		if (c.status == HDRM_ACK_REFUSED) {
			static const u8 why[] = {
				HDRM_REASON_POLICY, HDRM_REASON_NO_CAP,
				HDRM_REASON_BUSY, HDRM_REASON_SENDER_NO_CAP,
				HDRM_REASON_RATE,
			};

			c.reason = why[rnd_below(sizeof(why))];
			break;
		}
		c.has_stream = true;
		c.stream.prio = c.prio;
		c.stream.duration_us = 1 + rnd_below(HDRM_STREAM_MAX_US);
		c.stream.frame_len = HDRM_STREAM_MIN_FRAME;
		break;
	}
	return hdrm_ctl_encode(pl, HDRM_CTL_MAX_PAYLOAD, &c);
}

/* Boundary values for one field of a valid payload. */
static void boundary(u8 *pl, unsigned int len)
{
	static const u8 vals[] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x7f,
				   0x80, 0xfe, 0xff };
	unsigned int off, n, i;

	off = rnd_below(len);
	n = 1 + rnd_below(4);		/* a 1- to 4-byte field */
	for (i = 0; i < n && off + i < len; i++)
		pl[off + i] = vals[rnd_below(sizeof(vals))];
}

#define K_STREAM	12
#define K_PFC		13
#define K_NR		14

struct attack {
	const u8 *target;	/* the receiving device's address, or NULL */
	u64 count[V_NR];
	u64 by_kind[K_NR];
	u64 verdicts[K_NR][V_NR];
	u64 nonlinear, vlan;
};

static const char *const kind_names[K_NR] = {
	"random", "valid", "boundary", "boundary2", "truncated", "oversized",
	"wrong_address", "vlan", "stale_reply", "request", "control",
	"opcode_version", "stream", "pfc",
};

/* A unicast address that is neither @a's nor @b's (either may be NULL). */
static void other_unicast(u8 *mac, const u8 *a, const u8 *b)
{
	u64 m;

	do {
		m = rnd();
		memcpy(mac, &m, ETH_ALEN);
		mac[0] &= 0xfe;
	} while ((a && !memcmp(mac, a, ETH_ALEN)) ||
		 (b && !memcmp(mac, b, ETH_ALEN)));
}

/*
 * A stream frame's payload (kmod/lib/hdrm_stream.c) in @pl, valid or
 * broken in one way, at most @max bytes; returns its length.
 */
static unsigned int stream_payload(u8 *pl, unsigned int max, bool *vnet)
{
	struct hdrm_stream_frame sf = {
		.session = rnd_session(),
		.seq = (u32)rnd(),
		.sent_ns = rnd(),
	};
	unsigned int frame_len, top, plen, i;

	/* mostly short, as the fuzz is; a few up to the MTU (or 9216) */
	top = max + HDRM_ETH_HLEN;
	if (top > HDRM_STREAM_MAX_FRAME)
		top = HDRM_STREAM_MAX_FRAME;
	frame_len = HDRM_STREAM_MIN_FRAME;
	if (top > HDRM_STREAM_MIN_FRAME)
		frame_len += rnd_below(4) ? rnd_below(69) :
			     rnd_below(top - HDRM_STREAM_MIN_FRAME + 1);
	if (frame_len > top)
		frame_len = top;
	plen = hdrm_stream_encode(pl, max, frame_len, &sf);
	switch (rnd_below(8)) {
	case 0:
	case 1:		/* valid */
		break;
	case 2:		/* truncated: below 46 bytes malformed, above not */
		plen = rnd_below(plen < HDRM_FRAME_LEN ? plen : HDRM_FRAME_LEN);
		break;
	case 3:		/* boundary values in the header */
		boundary(pl, HDRM_STREAM_HDR_LEN);
		if (rnd_below(2))
			boundary(pl, HDRM_STREAM_HDR_LEN);
		break;
	case 4:		/* wrong magic: next to it, ours, or any */
		switch (rnd_below(4)) {
		case 0:
			pl[1] += rnd_below(2) ? 1 : -1;
			break;
		case 1:
			put_unaligned_be16(HDRM_OPCODE, pl);
			break;
		case 2:
			put_unaligned_be16(HDRM_PFC_OPCODE, pl);
			break;
		default:
			put_unaligned_be16((u16)rnd(), pl);
			break;
		}
		break;
	case 5:		/* version or flags */
		if (rnd_below(2))
			pl[HDRM_STREAM_OFF_VERSION] = rnd_below(2) ? 0 :
				HDRM_STREAM_VERSION + 1 + rnd_below(255);
		else
			pl[HDRM_STREAM_OFF_FLAGS] = 1 + rnd_below(255);
		break;
	case 6:		/* session 0 */
		put_unaligned_be32(0, pl + HDRM_STREAM_OFF_SESSION);
		break;
	default:	/* the magic, then random bytes */
		plen = rnd_below(200);
		for (i = HDRM_STREAM_OFF_VERSION; i < plen; i++)
			pl[i] = rnd();
		break;
	}
	*vnet = plen + HDRM_ETH_HLEN > 4096 ||
		(plen > HDRM_PAYLOAD_LEN && rnd_below(4) == 0);
	return plen;
}

/*
 * An IEEE 802.1Qbb PFC frame's payload (hdrm_pfc_encode()'s form, which
 * the measuring end sends) in @pl: a random class-enable vector with
 * random times, XOFF, XON or in between, or broken; returns its length.
 */
static unsigned int pfc_payload(const struct dev *d, u8 *pl, unsigned int max,
				bool *vnet)
{
	static const u16 opcodes[] = {
		0x0001, 0x0100, 0x0102, 0x1010, HDRM_OPCODE, HDRM_CTL_OPCODE,
		HDRM_STREAM_OPCODE,
	};
	static const u16 times[] = { 0, 1, 0x7fff, 0xfffe, 0xffff };
	u8 frame[HDRM_FRAME_LEN];
	unsigned int plen, i;
	u16 t;

	hdrm_pfc_encode(frame, sizeof(frame), d->mac, rnd_below(HDRM_PRIOS),
			0xffff);
	memcpy(pl, frame + HDRM_ETH_HLEN, HDRM_PAYLOAD_LEN);
	plen = HDRM_PAYLOAD_LEN;
	/* the vector: priorities 0-7, now and then the reserved bits too */
	put_unaligned_be16(rnd_below(8) ? rnd_below(256) : (u16)rnd(),
			   pl + HDRM_PFC_OFF_VECTOR);
	for (i = 0; i < HDRM_PRIOS; i++) {
		t = rnd_below(2) ? times[rnd_below(ARRAY_SIZE(times))] :
				   (u16)rnd();
		put_unaligned_be16(t, pl + HDRM_PFC_OFF_TIME + 2 * i);
	}
	switch (rnd_below(8)) {
	case 0:
	case 1:
	case 2:		/* valid, as above */
		break;
	case 3:		/* an XON for every priority */
		put_unaligned_be16(0xff, pl + HDRM_PFC_OFF_VECTOR);
		memset(pl + HDRM_PFC_OFF_TIME, 0, 2 * HDRM_PRIOS);
		break;
	case 4:		/* another opcode: 802.3x PAUSE, its neighbours, ours */
		t = rnd_below(4) ? opcodes[rnd_below(ARRAY_SIZE(opcodes))] :
				   (u16)rnd();
		put_unaligned_be16(t, pl);
		break;
	case 5:		/* truncated */
		plen = rnd_below(HDRM_PAYLOAD_LEN);
		break;
	case 6:		/* oversized: a trailer up to the MTU */
		max = max > plen ? max : plen;
		for (i = plen; i < max; i++)
			pl[i] = rnd_below(2) ? 0 : rnd();
		plen += rnd_below(max - plen + 1);
		break;
	default:	/* boundary values in the opcode, vector and times */
		boundary(pl, HDRM_PFC_OFF_TIME + 2 * HDRM_PRIOS);
		break;
	}
	*vnet = plen + HDRM_ETH_HLEN > 4096 ||
		(plen > HDRM_PAYLOAD_LEN && rnd_below(2));
	return plen;
}

/*
 * A stream frame or a PFC frame in @f, to the address its kind goes to
 * or another, VLAN-tagged or not; returns its length.
 */
static size_t attack_new_frame(const struct dev *d, u8 *f, unsigned int kind,
			       unsigned int max, bool *vnet, struct attack *a)
{
	static const u8 bcast[ETH_ALEN] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const u8 slow[ETH_ALEN] = { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x02 };
	bool stream = kind == K_STREAM;
	u8 *pl = f + HDRM_ETH_HLEN;
	unsigned int plen, r;
	u16 type;

	plen = stream ? stream_payload(pl, max, vnet) :
			pfc_payload(d, pl, max, vnet);
	type = stream ? HDRM_ETHERTYPE_EXP : HDRM_ETHERTYPE_MACCTL;
	if (!rnd_below(16))	/* the other EtherType */
		type = stream ? HDRM_ETHERTYPE_MACCTL : HDRM_ETHERTYPE_EXP;
	/*
	 * A stream frame goes to the device's own address, a PFC frame to
	 * 01-80-C2-00-00-01; one in three elsewhere.
	 */
	r = rnd_below(12);
	if (r < 8 && stream && a->target)
		memcpy(f, a->target, ETH_ALEN);
	else if (r < 8)
		memcpy(f, hdrm_encap_dest(HDRM_ENCAP_MACCTL), ETH_ALEN);
	else if (r == 8)
		memcpy(f, hdrm_encap_dest(stream ? HDRM_ENCAP_MACCTL :
					  HDRM_ENCAP_ETHER), ETH_ALEN);
	else if (r == 9)
		other_unicast(f, a->target, d->mac);
	else if (r == 10)
		memcpy(f, stream || !a->target ? bcast : a->target, ETH_ALEN);
	else
		memcpy(f, slow, ETH_ALEN);
	memcpy(f + ETH_ALEN, d->mac, ETH_ALEN);
	put_unaligned_be16(type, f + 12);
	if (!rnd_below(4)) {	/* VID 0 reaches the hook, others not */
		memmove(pl + HDRM_VLAN_HLEN, pl, plen);
		memmove(f + 16, f + 12, 2);
		put_unaligned_be16(ETH_P_8021Q, f + 12);
		put_unaligned_be16((rnd_below(8) << 13) |
				   (rnd_below(2) ? 0 : 1 + rnd_below(4094)),
				   f + 14);
		a->vlan++;
		plen += HDRM_VLAN_HLEN;
	}
	return HDRM_ETH_HLEN + plen;
}

/*
 * One hostile frame in @f; returns its length and what the receiver
 * must count for it.
 */
static size_t attack_frame(const struct dev *d, u8 *f, enum verdict *v,
			   bool *vnet, struct attack *a)
{
	unsigned int kind = rnd_below(K_NR), plen, max, vid = 0;
	bool ether = rnd_below(2), tagged = false;
	u8 *pl = f + HDRM_ETH_HLEN;
	size_t len;

	a->by_kind[kind]++;
	memcpy(f, hdrm_encap_dest(ether ? HDRM_ENCAP_ETHER : HDRM_ENCAP_MACCTL),
	       6);
	memcpy(f + 6, d->mac, 6);
	put_unaligned_be16(hdrm_encap_ethertype(ether ? HDRM_ENCAP_ETHER :
						     HDRM_ENCAP_MACCTL), f + 12);
	max = d->mtu < MAX_FRAME - 18 ? d->mtu : MAX_FRAME - 18;
	*vnet = false;

	switch (kind) {
	case K_STREAM:
	case K_PFC:
		len = attack_new_frame(d, f, kind, max, vnet, a);
		*v = predict_frame(f, len, a->target);
		a->verdicts[kind][*v]++;
		a->count[*v]++;
		return len;
	case 0:		/* random bytes, random length */
		plen = rnd_below(200);
		for (unsigned int i = 0; i < plen; i++)
			pl[i] = rnd();
		break;
	case 1:
	case 9:
	case 10:
		plen = valid_payload(pl);
		if (kind == 9) {	/* a request */
			struct hdrm_probe p = {
				.type = HDRM_TYPE_REQUEST,
				.session = rnd_session(),
				.seq = (u32)rnd(),
			};

			hdrm_payload_encode(pl, &p);
			plen = HDRM_PAYLOAD_LEN;
		}
		break;
	case 2:
	case 3:
		plen = valid_payload(pl);
		boundary(pl, plen);
		if (kind == 3)
			boundary(pl, plen);
		break;
	case 4:		/* truncated */
		plen = valid_payload(pl);
		plen = rnd_below(plen);
		break;
	case 5:		/* oversized: a trailer up to the MTU */
		plen = valid_payload(pl);
		max = max > plen ? max : plen;
		for (unsigned int i = plen; i < max; i++)
			pl[i] = rnd_below(2) ? 0 : rnd();
		plen = plen + rnd_below(max - plen + 1);
		/* over a page, a virtio-net header puts it in fragments */
		*vnet = plen + HDRM_ETH_HLEN > 4096 || rnd_below(2);
		break;
	case 6:		/* the right payload to the wrong address */
		plen = valid_payload(pl);
		switch (rnd_below(3)) {
		case 0:
			f[5] ^= 0x0f;			/* another group */
			break;
		case 1:
			memcpy(f, d->mac, 6);		/* unicast */
			f[0] &= 0xfe;
			f[5] ^= 0x55;
			break;
		default:			/* the other pairing */
			memcpy(f, hdrm_encap_dest(ether ? HDRM_ENCAP_MACCTL :
						      HDRM_ENCAP_ETHER), 6);
			break;
		}
		break;
	case 7:		/* VLAN-tagged: VID 0 reaches the hook, others not */
		tagged = true;
		vid = rnd_below(2) ? 0 : 1 + rnd_below(4094);
		plen = valid_payload(pl);
		if (rnd_below(2))
			boundary(pl, plen);
		memmove(pl + 4, pl, plen);
		memmove(f + 16, f + 12, 2);		/* inner EtherType */
		put_unaligned_be16(ETH_P_8021Q, f + 12);
		put_unaligned_be16((rnd_below(8) << 13) | vid, f + 14);
		a->vlan++;
		break;
	case 8:		/* a reply to a session that does not exist */
	default: {
		struct hdrm_probe p = {
			.type = HDRM_TYPE_REPLY,
			.flags = HDRM_F_LOOPBACK,
			.session = rnd_session(),
			.seq = rnd_below(4096),
			.t1 = now_ns(),
		};

		hdrm_payload_encode(pl, &p);
		plen = HDRM_PAYLOAD_LEN;
		if (kind == 11) {	/* opcode or version off by a little */
			if (rnd_below(2))
				pl[1] += rnd_below(2) ? 1 : -1;
			else
				pl[HDRM_OFF_VERSION] = rnd_below(2) ? 0 : 2;
		}
		break;
	}
	}
	len = HDRM_ETH_HLEN + plen + (tagged ? 4 : 0);
	if (len < HDRM_ETH_HLEN)
		len = HDRM_ETH_HLEN;
	*v = predict_frame(f, len, a->target);
	a->count[*v]++;
	return len;
}

/* "NAME": {"ignored": N, ...}: what the frames of one kind came to */
static void print_verdicts(const struct attack *a, unsigned int kind)
{
	unsigned int i;

	printf(", \"%s_frames\": {", kind_names[kind]);
	for (i = 0; i < V_NR; i++)
		printf("%s\"%s\": %llu", i ? ", " : "", verdict_names[i],
		       (unsigned long long)a->verdicts[kind][i]);
	printf("}");
}

static int cmd_attack(const char *name, unsigned long count, u64 seed,
		      const u8 *target)
{
	static u8 f[MAX_FRAME + 64];
	struct attack a = { .target = target };
	struct dev d;
	unsigned long i;
	enum verdict v;
	size_t len;
	bool vnet;
	u64 start;

	rng_state = seed ? seed : 1;
	dev_open(&d, name, 0);		/* send only */
	start = now_ns();
	for (i = 0; i < count; i++) {
		memset(f, 0, 64);
		len = attack_frame(&d, f, &v, &vnet, &a);
		/* the device takes no more than its MTU plus the header */
		if (len > (size_t)d.mtu + HDRM_ETH_HLEN + 4) {
			a.count[v]--;
			i--;
			continue;
		}
		a.nonlinear += vnet && len > 4096;
		dev_send(&d, f, len, vnet);
	}
	printf("{\"sent\": %lu, \"seconds\": %.3f, \"nonlinear\": %llu, \"vlan\": %llu, \"expect\": {",
	       count, (now_ns() - start) / 1e9,
	       (unsigned long long)a.nonlinear, (unsigned long long)a.vlan);
	for (i = 0; i < V_NR; i++)
		printf("%s\"%s\": %llu", i ? ", " : "", verdict_names[i],
		       (unsigned long long)a.count[i]);
	printf("}, \"kinds\": {");
	for (i = 0; i < K_NR; i++)
		printf("%s\"%s\": %llu", i ? ", " : "", kind_names[i],
		       (unsigned long long)a.by_kind[i]);
	printf("}");
	print_verdicts(&a, K_STREAM);
	print_verdicts(&a, K_PFC);
	printf("}\n");
	return 0;
}

/* Is @f, @len bytes from the Ethernet header on, a measurement frame? */
static bool probe_of(const u8 *f, ssize_t len, struct hdrm_probe *p)
{
	enum hdrm_encap e;

	return len >= HDRM_FRAME_LEN &&
	       hdrm_frame_decode(f, len, &e, p) == HDRM_WIRE_OK;
}

#define SPOOF_QUEUE	64

static int cmd_spoof(const char *name, unsigned int seconds,
		     const char *other_name)
{
	u8 f[2048], queue[SPOOF_QUEUE][HDRM_FRAME_LEN], out[HDRM_FRAME_LEN];
	unsigned long spoofed = 0, duplicated = 0, crossed = 0;
	struct sockaddr_ll from;
	unsigned int queued = 0;
	struct hdrm_probe p, r;
	struct dev d, other;
	socklen_t fl;
	u64 end;
	ssize_t n;

	rng_state = now_ns();
	dev_open(&d, name, ETH_P_ALL);
	if (other_name)
		dev_open(&other, other_name, 0);	/* send only */
	end = now_ns() + seconds * 1000000000ULL;
	while (now_ns() < end) {
		struct pollfd pfd = { .fd = d.fd, .events = POLLIN };

		if (poll(&pfd, 1, 100) <= 0)
			continue;
		fl = sizeof(from);
		n = recvfrom(d.fd, f, sizeof(f), 0, (struct sockaddr *)&from,
			     &fl);
		if (n < 0 || !probe_of(f, n, &p))
			continue;
		if (from.sll_pkttype == PACKET_OUTGOING) {
			/* a genuine reply leaving: send a copy later */
			if (p.type != HDRM_TYPE_REPLY)
				continue;
			if (other_name) {
				dev_send(&other, f, HDRM_FRAME_LEN, false);
				crossed++;
			}
			if (queued == SPOOF_QUEUE) {
				dev_send(&d, queue[rnd_below(SPOOF_QUEUE)],
					 HDRM_FRAME_LEN, false);
				duplicated++;
				queued--;
				memcpy(queue[rnd_below(queued + 1)], queue[queued],
				       HDRM_FRAME_LEN);
			}
			memcpy(queue[queued++], f, HDRM_FRAME_LEN);
			continue;
		}
		if (p.type != HDRM_TYPE_REQUEST)
			continue;
		/* a random session, then the right one with t1 off by 1 ns */
		r = p;
		r.type = HDRM_TYPE_REPLY;
		r.flags = p.flags & HDRM_F_LOOPBACK ? HDRM_F_LOOPBACK :
						      HDRM_F_TIMESTAMPS;
		r.t2 = r.flags & HDRM_F_TIMESTAMPS ? 1000 : 0;
		r.t3 = r.flags & HDRM_F_TIMESTAMPS ? 1000 + rnd_below(1000) : 0;
		r.session = rnd_session();
		if (r.session == p.session)
			r.session ^= 1;
		hdrm_frame_encode(out, HDRM_ENCAP_MACCTL, d.mac, &r);
		memcpy(out, f, 6);	/* same destination as the request */
		memcpy(out, hdrm_encap_dest(f[12] == 0x88 && f[13] == 0xb5 ?
					    HDRM_ENCAP_ETHER :
					    HDRM_ENCAP_MACCTL), 6);
		put_unaligned_be16(get_unaligned_be16(f + 12), out + 12);
		dev_send(&d, out, HDRM_FRAME_LEN, false);
		r.session = p.session;
		r.t1 = p.t1 + 1;
		hdrm_frame_encode(out, HDRM_ENCAP_MACCTL, d.mac, &r);
		memcpy(out, hdrm_encap_dest(f[12] == 0x88 && f[13] == 0xb5 ?
					    HDRM_ENCAP_ETHER :
					    HDRM_ENCAP_MACCTL), 6);
		put_unaligned_be16(get_unaligned_be16(f + 12), out + 12);
		dev_send(&d, out, HDRM_FRAME_LEN, false);
		spoofed += 2;
	}
	/* the rest of the genuine replies, once more each */
	while (queued) {
		dev_send(&d, queue[--queued], HDRM_FRAME_LEN, false);
		duplicated++;
	}
	printf("{\"spoofed\": %lu, \"duplicated\": %lu, \"crossed\": %lu}\n",
	       spoofed, duplicated, crossed);
	return 0;
}

/* Reads one frame if there is one; counts it when it is a reply to us. */
static bool flood_reply(int fd, u32 session, int flags, u64 *replies,
			u64 *bytes)
{
	struct sockaddr_ll from;
	socklen_t fl = sizeof(from);
	struct hdrm_probe r;
	u8 f[2048];
	ssize_t n;

	n = recvfrom(fd, f, sizeof(f), flags, (struct sockaddr *)&from, &fl);
	if (n < 0)
		return false;
	if (from.sll_pkttype != PACKET_OUTGOING && probe_of(f, n, &r) &&
	    r.type == HDRM_TYPE_REPLY && r.session == session) {
		(*replies)++;
		*bytes += n;
	}
	return true;
}

static int cmd_flood(const char *name, unsigned int seconds)
{
	u64 sent = 0, sent_bytes = 0, replies = 0, reply_bytes = 0;
	struct hdrm_probe p = {
		.type = HDRM_TYPE_REQUEST,
		.session = 0,
	};
	u8 req[HDRM_FRAME_LEN];
	u64 start, end, t;
	struct dev d;

	rng_state = now_ns();
	p.session = rnd_session();
	dev_open(&d, name, ETH_P_PAUSE);
	start = now_ns();
	end = start + seconds * 1000000000ULL;
	while ((t = now_ns()) < end) {
		p.seq = (u32)sent;
		hdrm_frame_encode(req, HDRM_ENCAP_MACCTL, d.mac, &p);
		if (send(d.fd, req, sizeof(req), MSG_DONTWAIT) == sizeof(req)) {
			sent++;
			sent_bytes += sizeof(req);
		}
		/* drain what came back */
		while (flood_reply(d.fd, p.session, MSG_DONTWAIT, &replies,
				   &reply_bytes))
			;
	}
	/* the last replies may still be on their way */
	for (t = now_ns() + 200000000ULL; now_ns() < t;) {
		struct pollfd pfd = { .fd = d.fd, .events = POLLIN };

		if (poll(&pfd, 1, 50) > 0)
			flood_reply(d.fd, p.session, 0, &replies, &reply_bytes);
	}
	printf("{\"seconds\": %u, \"sent\": %llu, \"sent_bytes\": %llu, \"sent_per_s\": %llu, \"replies\": %llu, \"reply_bytes\": %llu, \"replies_per_s\": %llu}\n",
	       seconds, (unsigned long long)sent,
	       (unsigned long long)sent_bytes,
	       (unsigned long long)(sent / seconds),
	       (unsigned long long)replies, (unsigned long long)reply_bytes,
	       (unsigned long long)(replies / seconds));
	return 0;
}

/*
 * IEEE 1588 peer delay: what the hook (kmod/rx.c, hdrm_rcv_ptp) does with
 * a frame of EtherType 0x88F7, and the frames that test it.
 */
enum ptp_verdict {
	P_IGNORED,	/* not for it, refused by hdrm_ptp_decode(), a request */
	P_OTHERS,	/* to another identity, domain or SDO; a Delay_Resp */
	P_SPOOFED,	/* spoofed to the requester: ptp_others or stale */
	P_NR,
};

static const char *const ptp_verdict_names[P_NR] = {
	"ignored", "others", "spoofed",
};

/* why hdrm_ptp_decode() refused, by enum hdrm_ptp_err */
#define PTP_ERR_NR	(HDRM_PTP_CORRECTION + 1)
static const char *const ptp_err_names[PTP_ERR_NR] = {
	"ok", "short", "version", "type", "length", "nsec", "seconds",
	"correction",
};

enum ptp_kind {
	PK_RANDOM, PK_OTHER, PK_SPOOF_RESP, PK_SPOOF_FUP, PK_BOUNDARY,
	PK_TRUNCATED, PK_OVERSIZED, PK_VERSION, PK_LENGTH, PK_TYPE, PK_STAMPS,
	PK_CORRECTION, PK_VLAN, PK_ADDRESS, PK_NR,
};

static const char *const ptp_kind_names[PK_NR] = {
	"random", "other", "spoofed_response", "spoofed_followup", "boundary",
	"truncated", "oversized", "version", "length", "type", "stamps",
	"correction", "vlan", "address",
};

/* The messages' offsets (Documentation/wire-format.rst, "Peer delay") */
#define PTP_OFF_VERSION		1
#define PTP_OFF_LENGTH		2
#define PTP_OFF_DOMAIN		4
#define PTP_OFF_FLAGS		6
#define PTP_OFF_CORRECTION	8
#define PTP_OFF_SOURCE		20
#define PTP_OFF_SEQ		30
#define PTP_OFF_CONTROL		32
#define PTP_OFF_LOG_INTERVAL	33
#define PTP_OFF_TS		34
#define PTP_OFF_REQUESTING	44

#define NSEC_PER_S		1000000000ULL
#define DAY_NS			(86400ULL * NSEC_PER_S)
#define PTP_SECONDS_LIMIT	(1ULL << 34)	/* refused from here */
#define PTP_TS_LIMIT		(PTP_SECONDS_LIMIT * NSEC_PER_S)
#define PTP_CORR_LIMIT		(1LL << 62)	/* refused from +-here */
#define PTP_TURN_LIMIT		((s64)HDRM_PTP_TURN_MAX_NS << 16)

static u64 realtime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec * NSEC_PER_S + ts.tv_nsec;
}

struct ptp_fields {
	u8 type, sdo, domain, version;
	u16 flags, seq;
	s64 correction;		/* ns x 2^16 */
	u64 ts;			/* ns, below PTP_TS_LIMIT */
	struct hdrm_ptp_pid source, requesting;
};

/* A Pdelay_Resp or Pdelay_Resp_Follow_Up, as a responder writes one */
static void ptp_encode(u8 *msg, const struct ptp_fields *f)
{
	u64 sec = f->ts / NSEC_PER_S;

	memset(msg, 0, HDRM_PTP_PDELAY_LEN);
	msg[0] = (f->sdo & 0xf) << 4 | (f->type & 0xf);
	msg[PTP_OFF_VERSION] = f->version;
	put_unaligned_be16(HDRM_PTP_PDELAY_LEN, msg + PTP_OFF_LENGTH);
	msg[PTP_OFF_DOMAIN] = f->domain;
	put_unaligned_be16(f->flags, msg + PTP_OFF_FLAGS);
	put_unaligned_be64((u64)f->correction, msg + PTP_OFF_CORRECTION);
	memcpy(msg + PTP_OFF_SOURCE, f->source.clock, 8);
	put_unaligned_be16(f->source.port, msg + PTP_OFF_SOURCE + 8);
	put_unaligned_be16(f->seq, msg + PTP_OFF_SEQ);
	msg[PTP_OFF_CONTROL] = HDRM_PTP_CONTROL_OTHER;
	msg[PTP_OFF_LOG_INTERVAL] = HDRM_PTP_LOG_INTERVAL_NONE;
	put_unaligned_be16(sec >> 32, msg + PTP_OFF_TS);
	put_unaligned_be32((u32)sec, msg + PTP_OFF_TS + 2);
	put_unaligned_be32(f->ts % NSEC_PER_S, msg + PTP_OFF_TS + 6);
	memcpy(msg + PTP_OFF_REQUESTING, f->requesting.clock, 8);
	put_unaligned_be16(f->requesting.port, msg + PTP_OFF_REQUESTING + 8);
}

static void rnd_pid(struct hdrm_ptp_pid *pid)
{
	u64 c = rnd();

	memcpy(pid->clock, &c, 8);
	pid->port = 1 + rnd_below(0xfffe);
}

static void rnd_unicast(u8 *mac)
{
	u64 m = rnd();

	memcpy(mac, &m, 6);
	mac[0] &= 0xfe;
}

static bool parse_mac(const char *s, u8 *mac)
{
	char end;

	return sscanf(s, "%hhx:%hhx:%hhx:%hhx:%hhx:%hhx%c", &mac[0], &mac[1],
		      &mac[2], &mac[3], &mac[4], &mac[5], &end) == 6;
}

struct ptp_attack {
	struct dev d;
	u8 requester[6], responder[6];
	/* the requester's session's identity, and its responder's */
	struct hdrm_ptp_pid self, peer;
	u64 count[P_NR], by_kind[PK_NR], refused[PTP_ERR_NR];
	u64 requests, nonlinear, vlan, rerolled;
};

/*
 * A valid answer to someone else: another requester, or the requester's
 * identity in another domain or SDO (802.1AS's 1), from anyone or from
 * the responder itself. Its source address in @src.
 */
static void ptp_other(const struct ptp_attack *a, u8 *msg, u8 *src)
{
	struct ptp_fields f = {
		.type = rnd_below(2) ? HDRM_PTP_PDELAY_RESP :
				       HDRM_PTP_PDELAY_RESP_FUP,
		.version = rnd_below(2) ? 0x02 : 0x12,
		.seq = (u16)rnd(),
		.ts = rnd() % PTP_TS_LIMIT,
		.correction = (s64)(rnd() >> 24) - (1LL << 39),
	};

	if (f.type == HDRM_PTP_PDELAY_RESP && rnd_below(2))
		f.flags = HDRM_PTP_FLAG_TWO_STEP;
	if (!rnd_below(4))
		f.flags |= HDRM_PTP_FLAG_UNICAST;	/* ignored */
	switch (rnd_below(4)) {
	case 0:
	case 1:
		rnd_pid(&f.requesting);
		f.domain = rnd_below(4) ? 0 : (u8)rnd();
		f.sdo = rnd_below(4) ? 0 : rnd_below(16);
		break;
	case 2:
		f.requesting = a->self;
		f.domain = 1 + rnd_below(255);
		f.sdo = rnd_below(16);
		break;
	default:
		f.requesting = a->self;
		f.sdo = 1 + rnd_below(15);
		break;
	}
	if (rnd_below(2)) {
		f.source = a->peer;
		memcpy(src, a->responder, 6);
	} else {
		rnd_pid(&f.source);
		rnd_unicast(src);
	}
	ptp_encode(msg, &f);
}

/*
 * An answer spoofed to the requester's identity as its responder (its
 * port identity, from its address), for a random sequenceId, whose
 * stamps cannot make a sample whichever probe it meets
 * (kmod/session.c, hdrm_session_ptp_rx):
 *  - a follow-up whose t3 is a day or more before now or after it: the
 *    responder stamped the probe's t2 on CLOCK_REALTIME (ptp4l -S) during
 *    the measurement, so t3 is before t2 or 4 s or more after it
 *    (hdrm_ptp_turnaround() refuses both before any correction counts);
 *  - a one-step response whose correction says a negative turnaround or
 *    one of 4 s or more.
 * Such an answer is stale where it meets a probe and counted in
 * ptp_others where it does not. Never a two-step response: the first one
 * from the responder names a probe's t2, which its follow-up measures
 * from (a responder that can see the requests, and lie, is threat-model
 * T-PD's "not defended").
 */
static void ptp_spoof(const struct ptp_attack *a, u8 *msg, u8 *src, bool fup,
		      u64 now)
{
	struct ptp_fields f = {
		.version = rnd_below(2) ? 0x02 : 0x12,
		.seq = (u16)rnd(),
		.source = a->peer,
		.requesting = a->self,
	};

	memcpy(src, a->responder, 6);
	if (fup) {
		f.type = HDRM_PTP_PDELAY_RESP_FUP;
		if (now > 2 * DAY_NS && rnd_below(2))
			f.ts = rnd() % (now - DAY_NS);
		else
			f.ts = now + DAY_NS + rnd() % (PTP_TS_LIMIT - now - DAY_NS);
		/* any correction: it is not reached */
		f.correction = (s64)(rnd() >> 2) * (rnd_below(2) ? 1 : -1);
	} else {
		f.type = HDRM_PTP_PDELAY_RESP;
		f.flags = rnd_below(4) ? 0 : HDRM_PTP_FLAG_UNICAST;
		f.ts = rnd_below(2) ? 0 : rnd() % PTP_TS_LIMIT;
		if (rnd_below(2))	/* below -0.5 ns: negative, rounded */
			f.correction = -(s64)(65536 + rnd() % (PTP_CORR_LIMIT - 65536));
		else
			f.correction = PTP_TURN_LIMIT +
				       (s64)(rnd() % (PTP_CORR_LIMIT - PTP_TURN_LIMIT));
	}
	ptp_encode(msg, &f);
}

/* A valid message, to be mutated: half others', half spoofed */
static void ptp_base(const struct ptp_attack *a, u8 *msg, u8 *src, u64 now)
{
	if (rnd_below(2))
		ptp_other(a, msg, src);
	else
		ptp_spoof(a, msg, src, rnd_below(2), now);
}

/*
 * Can @m, an answer to the requester's identity from @src, never be a
 * sample? (ptp_spoof()'s rules, for whatever a mutation left.)
 */
static bool ptp_harmless(const struct ptp_attack *a,
			 const struct hdrm_ptp_msg *m, const u8 *src, u64 now)
{
	struct hdrm_ptp_turn turn;

	/* another identity ends the session, foreign */
	if (memcmp(src, a->responder, 6) ||
	    !hdrm_ptp_pid_equal(&m->source, &a->peer))
		return false;
	if (m->type == HDRM_PTP_PDELAY_RESP)
		return !(m->flags & HDRM_PTP_FLAG_TWO_STEP) &&
		       hdrm_ptp_turnaround(m, NULL, &turn) != HDRM_PTP_TURN_OK;
	return m->ts + DAY_NS <= now || m->ts >= now + DAY_NS;
}

/*
 * The hook's decision on frame @f of @len bytes: the address, a VLAN tag
 * other than VID 0 (PACKET_OTHERHOST), the first 54 bytes after the
 * EtherType through hdrm_ptp_decode(), requests left alone, peer delay's
 * answers taken on its group only and E2E's Delay_Resp (counted in
 * ptp_others) on E2E's group or to the device only. Sets @reroll
 * for a frame that must not be sent: an answer to the requester's
 * identity that could be a sample or end its session, or one to its
 * clockIdentity and another port, a local ptp4l's exchange (which holds
 * off pdelay measurements of that device for a while).
 */
static enum ptp_verdict ptp_predict(const struct ptp_attack *a, const u8 *f,
				    size_t len, u64 now, enum hdrm_ptp_err *err,
				    bool *request, bool *reroll)
{
	unsigned int hl = HDRM_ETH_HLEN;
	struct hdrm_ptp_msg m;
	bool p2p;

	*err = HDRM_PTP_OK;
	*request = *reroll = false;
	p2p = !memcmp(f, hdrm_ptp_dest(), 6);
	/* a Delay_Resp is looked at on E2E's group or to the device itself */
	if (!p2p && memcmp(f, hdrm_ptp_e2e_dest(), 6) &&
	    memcmp(f, a->requester, 6))
		return P_IGNORED;
	if (get_unaligned_be16(f + 12) == ETH_P_8021Q) {
		if (get_unaligned_be16(f + 14) & 0xfff)
			return P_IGNORED;
		hl += 4;
	}
	if (get_unaligned_be16(f + hl - 2) != HDRM_PTP_ETHERTYPE)
		return P_IGNORED;
	if (len < hl + HDRM_PTP_PDELAY_LEN) {
		*err = HDRM_PTP_SHORT;
		return P_IGNORED;
	}
	*err = hdrm_ptp_decode(f + hl, HDRM_PTP_PDELAY_LEN, &m);
	if (*err != HDRM_PTP_OK)
		return P_IGNORED;
	if (m.type == HDRM_PTP_PDELAY_REQ) {
		*request = p2p;
		return P_IGNORED;
	}
	/* peer delay's answers on its group, E2E's Delay_Resp off it */
	if ((m.type == HDRM_PTP_DELAY_RESP) == p2p)
		return P_IGNORED;
	if (!memcmp(m.requesting.clock, a->self.clock, 8) &&
	    m.requesting.port != a->self.port) {
		*reroll = true;
		return P_IGNORED;
	}
	/* E2E's answer: only counted, whoever it names */
	if (m.type == HDRM_PTP_DELAY_RESP)
		return P_OTHERS;
	if (!hdrm_ptp_pid_equal(&m.requesting, &a->self) || m.domain || m.sdo)
		return P_OTHERS;
	*reroll = !ptp_harmless(a, &m, f + 6, now);
	return P_SPOOFED;
}

/* One frame of @kind in @f; returns its length. */
static size_t ptp_frame(struct ptp_attack *a, u8 *f, unsigned int kind,
			bool *vnet, bool *tagged, u64 now)
{
	static const u8 other_dest[][6] = {
		{ 0x01, 0x1b, 0x19, 0x00, 0x00, 0x00 },	/* PTP's primary group */
		{ 0x01, 0x80, 0xc2, 0x00, 0x00, 0x0f },
		{ 0x01, 0x80, 0xc2, 0x00, 0x00, 0x01 },	/* MAC control */
		{ 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },
	};
	static const u16 lengths[] = { 0, 1, 34, 44, 53, 55, 64, 1500, 0xffff };
	static const u8 types[] = {
		0x0, 0x1, 0x2, 0x8, 0x9, 0xb,	/* Sync .. Announce */
		0xc, 0xd, 0x4, 0x5, 0x6, 0x7, 0xe, 0xf,
	};
	static const s64 corrections[] = {
		INT64_MIN, INT64_MAX, PTP_CORR_LIMIT, -PTP_CORR_LIMIT,
		PTP_CORR_LIMIT - 1, -PTP_CORR_LIMIT + 1,
	};
	unsigned int plen = HDRM_PTP_PDELAY_LEN, max, v;
	u8 *pl = f + HDRM_ETH_HLEN;
	u64 sec;

	memcpy(f, hdrm_ptp_dest(), 6);
	put_unaligned_be16(HDRM_PTP_ETHERTYPE, f + 12);
	max = a->d.mtu < MAX_FRAME - 18 ? a->d.mtu : MAX_FRAME - 18;
	*vnet = *tagged = false;
	if (kind != PK_RANDOM && kind != PK_OTHER && kind != PK_SPOOF_RESP &&
	    kind != PK_SPOOF_FUP)
		ptp_base(a, pl, f + 6, now);

	switch (kind) {
	case PK_RANDOM:		/* random bytes; half with a likely header */
		memcpy(f + 6, a->d.mac, 6);
		plen = rnd_below(200);
		for (unsigned int i = 0; i < plen; i++)
			pl[i] = rnd();
		if (plen >= 4 && rnd_below(2)) {
			pl[0] = (pl[0] & 0xf0) | (rnd_below(2) ?
				HDRM_PTP_PDELAY_RESP : HDRM_PTP_PDELAY_RESP_FUP);
			pl[PTP_OFF_VERSION] = (pl[PTP_OFF_VERSION] & 0xf0) |
					      HDRM_PTP_VERSION;
			put_unaligned_be16(HDRM_PTP_PDELAY_LEN,
					   pl + PTP_OFF_LENGTH);
		}
		break;
	case PK_OTHER:
		ptp_other(a, pl, f + 6);
		break;
	case PK_SPOOF_RESP:
	case PK_SPOOF_FUP:
		ptp_spoof(a, pl, f + 6, kind == PK_SPOOF_FUP, now);
		break;
	case PK_BOUNDARY:
		boundary(pl, plen);
		if (rnd_below(2))
			boundary(pl, plen);
		break;
	case PK_TRUNCATED:
		plen = rnd_below(HDRM_PTP_PDELAY_LEN);
		break;
	case PK_OVERSIZED:	/* a trailer up to the MTU */
		max = max > plen ? max : plen;
		for (unsigned int i = plen; i < max; i++)
			pl[i] = rnd_below(2) ? 0 : rnd();
		plen = plen + rnd_below(max - plen + 1);
		/* over a page, a virtio-net header puts it in fragments */
		*vnet = plen + HDRM_ETH_HLEN > 4096 || rnd_below(2);
		break;
	case PK_VERSION:
		do
			v = rnd_below(16);
		while (v == HDRM_PTP_VERSION);
		pl[PTP_OFF_VERSION] = rnd_below(16) << 4 | v;
		break;
	case PK_LENGTH:
		do
			v = rnd_below(2) ? lengths[rnd_below(ARRAY_SIZE(lengths))] :
					   (u16)rnd();
		while (v == HDRM_PTP_PDELAY_LEN);
		put_unaligned_be16(v, pl + PTP_OFF_LENGTH);
		break;
	case PK_TYPE:		/* Sync, Announce, Pdelay_Req and the rest */
		pl[0] = (pl[0] & 0xf0) | types[rnd_below(ARRAY_SIZE(types))];
		/* half the Delay_Resps where E2E sends them */
		if ((pl[0] & 0xf) == HDRM_PTP_DELAY_RESP && rnd_below(2))
			memcpy(f, rnd_below(2) ? hdrm_ptp_e2e_dest() :
						 a->requester, 6);
		break;
	case PK_STAMPS:
		sec = (u64)get_unaligned_be16(pl + PTP_OFF_TS) << 32 |
		      get_unaligned_be32(pl + PTP_OFF_TS + 2);
		switch (rnd_below(4)) {
		case 0:		/* nanoseconds of a second or more */
			v = rnd_below(2) ? NSEC_PER_S :
			    NSEC_PER_S + rnd_below(0xffffffffU - NSEC_PER_S + 1);
			put_unaligned_be32(v, pl + PTP_OFF_TS + 6);
			break;
		case 1:		/* seconds beyond 2^34 */
			sec = PTP_SECONDS_LIMIT +
			      (rnd_below(2) ? 0 : rnd() % ((1ULL << 48) - PTP_SECONDS_LIMIT));
			break;
		case 2:		/* the last valid nanosecond */
			put_unaligned_be32(NSEC_PER_S - 1, pl + PTP_OFF_TS + 6);
			break;
		default:	/* the last valid second */
			sec = PTP_SECONDS_LIMIT - 1;
			break;
		}
		put_unaligned_be16(sec >> 32, pl + PTP_OFF_TS);
		put_unaligned_be32((u32)sec, pl + PTP_OFF_TS + 2);
		break;
	case PK_CORRECTION:	/* at and beyond +-2^46 ns, and huge ones */
		put_unaligned_be64(rnd_below(2) ?
				   (u64)corrections[rnd_below(ARRAY_SIZE(corrections))] :
				   rnd() | (1ULL << 62),
				   pl + PTP_OFF_CORRECTION);
		break;
	case PK_VLAN:		/* VID 0 reaches the hook, others not */
		if (rnd_below(2))
			boundary(pl, plen);
		memmove(pl + 4, pl, plen);
		put_unaligned_be16(HDRM_PTP_ETHERTYPE, f + 16);
		put_unaligned_be16(ETH_P_8021Q, f + 12);
		put_unaligned_be16((rnd_below(8) << 13) |
				   (rnd_below(2) ? 0 : 1 + rnd_below(4094)),
				   f + 14);
		*tagged = true;
		break;
	default:		/* PK_ADDRESS: to another group, or unicast */
		if (rnd_below(5))
			memcpy(f, other_dest[rnd_below(ARRAY_SIZE(other_dest))], 6);
		else
			memcpy(f, a->requester, 6);
		break;
	}
	return HDRM_ETH_HLEN + plen + (*tagged ? 4 : 0);
}

static volatile sig_atomic_t ptp_stop;

static void ptp_stop_handler(int sig)
{
	ptp_stop = 1;
}

static int cmd_ptp_attack(const char *name, unsigned long count, u64 seed,
			  const u8 *requester, const u8 *responder)
{
	/* restarted: a send interrupted is not lost, nor counted twice */
	struct sigaction sa = {
		.sa_handler = ptp_stop_handler,
		.sa_flags = SA_RESTART,
	};
	static u8 f[MAX_FRAME + 64];
	static struct ptp_attack a;
	enum hdrm_ptp_err err;
	enum ptp_verdict v;
	unsigned int kind;
	bool vnet, tagged, request, reroll;
	unsigned long i;
	u64 start, now;
	size_t len;

	rng_state = seed ? seed : 1;
	memcpy(a.requester, requester, 6);
	memcpy(a.responder, responder, 6);
	hdrm_ptp_clock_id(requester, a.self.clock);
	a.self.port = HDRM_PTP_OWN_PORT;
	hdrm_ptp_clock_id(responder, a.peer.clock);
	a.peer.port = 1;		/* ptp4l's first port */
	dev_open(&a.d, name, 0);	/* send only */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	start = now_ns();
	for (i = 0; i < count && !ptp_stop;) {
		now = realtime_ns();
		memset(f, 0, 64);
		kind = rnd_below(PK_NR);
		len = ptp_frame(&a, f, kind, &vnet, &tagged, now);
		v = ptp_predict(&a, f, len, now, &err, &request, &reroll);
		/* the device takes no more than its MTU plus the header */
		if (reroll || len > (size_t)a.d.mtu + HDRM_ETH_HLEN + 4) {
			a.rerolled++;
			continue;
		}
		a.count[v]++;
		a.by_kind[kind]++;
		a.refused[err]++;
		a.requests += request;
		a.vlan += tagged;
		a.nonlinear += vnet && len > 4096;
		dev_send(&a.d, f, len, vnet);
		i++;
	}
	count = i;
	printf("{\"sent\": %lu, \"seconds\": %.3f, \"nonlinear\": %llu, \"vlan\": %llu, \"rerolled\": %llu, \"requests\": %llu, \"expect\": {",
	       count, (now_ns() - start) / 1e9,
	       (unsigned long long)a.nonlinear, (unsigned long long)a.vlan,
	       (unsigned long long)a.rerolled,
	       (unsigned long long)a.requests);
	for (i = 0; i < P_NR; i++)
		printf("%s\"%s\": %llu", i ? ", " : "", ptp_verdict_names[i],
		       (unsigned long long)a.count[i]);
	printf("}, \"refused\": {");
	for (i = 1; i < PTP_ERR_NR; i++)
		printf("%s\"%s\": %llu", i > 1 ? ", " : "", ptp_err_names[i],
		       (unsigned long long)a.refused[i]);
	printf("}, \"kinds\": {");
	for (i = 0; i < PK_NR; i++)
		printf("%s\"%s\": %llu", i ? ", " : "", ptp_kind_names[i],
		       (unsigned long long)a.by_kind[i]);
	printf("}}\n");
	return 0;
}

/*
 * Answers to @requester's identity from DEV's own (its EUI-64, port 1),
 * for sequenceIds 0, STRIDE, 2 x STRIDE ...: any STRIDE consecutive ones
 * a session has sent hold one of them. Responses and follow-ups in turn.
 */
static int cmd_ptp_foreign(const char *name, const u8 *requester,
			   unsigned int stride)
{
	u8 f[HDRM_PTP_FRAME_LEN];
	struct ptp_fields p = {
		.version = 0x02,
		.requesting.port = HDRM_PTP_OWN_PORT,
		.source.port = 1,
	};
	unsigned long n = 0;
	struct dev d;
	u32 seq;

	dev_open(&d, name, 0);
	hdrm_ptp_clock_id(requester, p.requesting.clock);
	hdrm_ptp_clock_id(d.mac, p.source.clock);
	memcpy(f, hdrm_ptp_dest(), 6);
	memcpy(f + 6, d.mac, 6);
	put_unaligned_be16(HDRM_PTP_ETHERTYPE, f + 12);
	for (seq = 0; seq < 0x10000; seq += stride, n++) {
		p.seq = seq;
		p.type = n & 1 ? HDRM_PTP_PDELAY_RESP_FUP : HDRM_PTP_PDELAY_RESP;
		p.flags = n & 1 ? 0 : HDRM_PTP_FLAG_TWO_STEP;
		p.ts = realtime_ns() + (n & 1 ? 10000 : 0);
		ptp_encode(f + HDRM_ETH_HLEN, &p);
		dev_send(&d, f, sizeof(f), false);
	}
	printf("{\"sent\": %lu, \"stride\": %u}\n", n, stride);
	return 0;
}

/*
 * raw DEV HEX...: one frame per HEX argument from DEV to the LLDP address
 * (01:80:c2:00:00:0e, EtherType 0x88cc), the payload given in hex and
 * padded to the Ethernet minimum. The LLDP selftests use it instead of a
 * python one-liner, which takes seconds to start in the debug kernel.
 */
static int cmd_raw(const char *name, int n, char **hex)
{
	static const u8 lldp_mc[6] = { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x0e };
	u8 f[1514];
	struct dev d;
	size_t hl, len, i;
	int k;

	dev_open(&d, name, 0x88cc);
	for (k = 0; k < n; k++) {
		const char *h = hex[k];

		hl = strlen(h);
		if (hl % 2 || hl / 2 > sizeof(f) - 14 ||
		    strspn(h, "0123456789abcdefABCDEF") != hl) {
			fprintf(stderr, "hdrm_fuzz raw: bad hex payload (frame %d)\n",
				k + 1);
			return 1;
		}
		memset(f, 0, sizeof(f));
		memcpy(f, lldp_mc, 6);
		memcpy(f + 6, d.mac, 6);
		f[12] = 0x88;
		f[13] = 0xcc;
		for (i = 0; i < hl / 2; i++)
			sscanf(h + 2 * i, "%2hhx", &f[14 + i]);
		len = 14 + hl / 2;
		dev_send(&d, f, len < 60 ? 60 : len, false);
	}
	return 0;
}

/* What the stream subcommand saw of the stream frames. */
struct stream_seen {
	u64 frames, untagged, bad_pcp, bad_vid, other_session, malformed;
	u32 first_seq, last_seq;
	bool consecutive;
	u64 first_rx_ns, last_rx_ns;	/* the socket's receive stamps */
	u64 first_sent_ns, last_sent_ns;	/* the peer's, in the frames */
	u32 len_min, len_max;
};

static void stream_frame(struct stream_seen *st, u32 session, u8 prio,
			 const u8 *f, size_t len, bool tagged, u16 tci,
			 u64 rx_ns)
{
	struct hdrm_stream_frame sf;

	/* the tag in the frame itself, when the stack left it there */
	if (!tagged && len >= 18 && get_unaligned_be16(f + 12) == ETH_P_8021Q) {
		tagged = true;
		tci = get_unaligned_be16(f + 14);
		memmove((u8 *)f + 12, f + 16, len - 16);
		len -= 4;
	}
	if (len < HDRM_ETH_HLEN ||
	    get_unaligned_be16(f + 12) != HDRM_ETHERTYPE_EXP ||
	    !hdrm_is_stream(f + HDRM_ETH_HLEN, len - HDRM_ETH_HLEN))
		return;
	if (hdrm_stream_decode(f + HDRM_ETH_HLEN, len - HDRM_ETH_HLEN,
			       &sf) != HDRM_WIRE_OK) {
		st->malformed++;
		return;
	}
	if (sf.session != session) {
		st->other_session++;
		return;
	}
	if (!tagged)
		st->untagged++;
	else if ((tci >> 13) != prio)
		st->bad_pcp++;
	if (tagged && (tci & 0xfff))
		st->bad_vid++;
	if (!st->frames) {
		st->first_seq = sf.seq;
		st->consecutive = sf.seq == 0;
		st->first_rx_ns = rx_ns;
		st->first_sent_ns = sf.sent_ns;
		st->len_min = st->len_max = len;
	} else if (sf.seq != st->last_seq + 1) {
		st->consecutive = false;
	}
	st->last_seq = sf.seq;
	st->last_rx_ns = rx_ns;
	st->last_sent_ns = sf.sent_ns;
	st->len_min = len < st->len_min ? len : st->len_min;
	st->len_max = len > st->len_max ? len : st->len_max;
	st->frames++;
}

static int cmd_stream(const char *name, unsigned int prio, unsigned int us,
		      unsigned int frame_len, unsigned int capture_ms)
{
	struct hdrm_ctl req = {
		.type = HDRM_CTL_STREAM_REQUEST,
		.has_stream = true,
		.stream = { .prio = prio, .duration_us = us,
			    .frame_len = frame_len },
	};
	struct sockaddr_ll sll = { .sll_family = AF_PACKET };
	struct stream_seen st = { .consecutive = false };
	struct hdrm_ctl ans;
	bool answered = false;
	static u8 f[MAX_FRAME + 64];
	u8 pl[HDRM_CTL_MAX_PAYLOAD];
	char cbuf[512];
	int one = 1, rcvbuf = 64 << 20, fd;
	u64 deadline;
	struct dev d;
	size_t plen;

	req.session = (u32)(now_ns() ^ ((u64)getpid() << 16));
	if (!req.session)
		req.session = 1;
	dev_open(&d, name, 0);		/* send only */
	/* the capture first, so that nothing arrives before it listens */
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (fd < 0)
		die("socket");
	sll.sll_protocol = htons(ETH_P_ALL);
	sll.sll_ifindex = d.ifindex;
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)) ||
	    setsockopt(fd, SOL_PACKET, PACKET_AUXDATA, &one, sizeof(one)) ||
	    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof(one)))
		die("capture socket");
	/* a whole stream of small frames, queued while it arrives */
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf));

	plen = hdrm_ctl_encode(pl, sizeof(pl), &req);
	memset(f, 0, 64);
	memcpy(f, hdrm_encap_dest(HDRM_ENCAP_ETHER), 6);
	memcpy(f + 6, d.mac, 6);
	put_unaligned_be16(HDRM_ETHERTYPE_EXP, f + 12);
	memcpy(f + HDRM_ETH_HLEN, pl, plen);
	dev_send(&d, f, HDRM_ETH_HLEN + plen, false);

	deadline = now_ns() + capture_ms * 1000000ULL;
	for (;;) {
		struct iovec iov = { .iov_base = f, .iov_len = sizeof(f) };
		struct msghdr msg = {
			.msg_name = &sll, .msg_namelen = sizeof(sll),
			.msg_iov = &iov, .msg_iovlen = 1,
			.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
		};
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		struct tpacket_auxdata *aux = NULL;
		struct timespec *ts = NULL;
		struct cmsghdr *cm;
		u64 now = now_ns(), rx_ns;
		ssize_t len;

		if (now >= deadline)
			break;
		if (poll(&pfd, 1, (int)((deadline - now) / 1000000) + 1) <= 0)
			continue;
		len = recvmsg(fd, &msg, MSG_DONTWAIT);
		if (len < 0 || sll.sll_pkttype == PACKET_OUTGOING)
			continue;
		for (cm = CMSG_FIRSTHDR(&msg); cm; cm = CMSG_NXTHDR(&msg, cm)) {
			if (cm->cmsg_level == SOL_PACKET &&
			    cm->cmsg_type == PACKET_AUXDATA)
				aux = (struct tpacket_auxdata *)CMSG_DATA(cm);
			else if (cm->cmsg_level == SOL_SOCKET &&
				 cm->cmsg_type == SO_TIMESTAMPNS)
				ts = (struct timespec *)CMSG_DATA(cm);
		}
		rx_ns = ts ? ts->tv_sec * 1000000000ULL + ts->tv_nsec : now;
		/* the answer, to the group address in the request's encapsulation */
		if (!answered && len > HDRM_ETH_HLEN &&
		    !memcmp(f, hdrm_encap_dest(HDRM_ENCAP_ETHER), 6) &&
		    get_unaligned_be16(f + 12) == HDRM_ETHERTYPE_EXP &&
		    hdrm_ctl_decode(f + HDRM_ETH_HLEN, len - HDRM_ETH_HLEN,
				    &ans) == HDRM_WIRE_OK &&
		    ans.type == HDRM_CTL_STREAM_ANSWER &&
		    ans.session == req.session) {
			answered = true;
			continue;
		}
		stream_frame(&st, req.session, prio, f, len,
			     aux && (aux->tp_status & TP_STATUS_VLAN_VALID),
			     aux ? aux->tp_vlan_tci : 0, rx_ns);
	}
	close(fd);

	printf("{\"session\": %u, \"answer\": ", req.session);
	if (!answered) {
		printf("null");
	} else {
		printf("{\"status\": \"%s\", \"reason\": %u, \"value\": %u, \"limit\": %u, \"prio\": %u, \"check\": %d, \"granted\": ",
		       ans.status == HDRM_ACK_APPLIED ? "granted" : "refused",
		       ans.reason, ans.value, ans.limit, ans.prio,
		       hdrm_stream_answer_check(&req, &ans));
		/* a refusal carries no stream TLV: null, not its zeros */
		if (ans.has_stream)
			printf("{\"prio\": %u, \"duration_us\": %u, \"frame_len\": %u}}",
			       ans.stream.prio, ans.stream.duration_us,
			       ans.stream.frame_len);
		else
			printf("null}");
	}
	printf(", \"stream\": {\"frames\": %llu, \"first_seq\": %u, \"last_seq\": %u, \"consecutive\": %s, \"span_us\": %.3f, \"sent_span_us\": %.3f, \"untagged\": %llu, \"bad_pcp\": %llu, \"bad_vid\": %llu, \"len_min\": %u, \"len_max\": %u, \"other_session\": %llu, \"malformed\": %llu}}\n",
	       (unsigned long long)st.frames, st.first_seq, st.last_seq,
	       st.frames && st.consecutive ? "true" : "false",
	       (st.last_rx_ns - st.first_rx_ns) / 1e3,
	       (st.last_sent_ns - st.first_sent_ns) / 1e3,
	       (unsigned long long)st.untagged, (unsigned long long)st.bad_pcp,
	       (unsigned long long)st.bad_vid, st.len_min, st.len_max,
	       (unsigned long long)st.other_session,
	       (unsigned long long)st.malformed);
	return 0;
}

int main(int argc, char **argv)
{
	u8 req[6], resp[6];

	if (argc >= 4 && !strcmp(argv[1], "raw"))
		return cmd_raw(argv[2], argc - 3, argv + 3);
	if ((argc == 5 || (argc == 6 && parse_mac(argv[5], req))) &&
	    !strcmp(argv[1], "attack"))
		return cmd_attack(argv[2], strtoul(argv[3], NULL, 0),
				  strtoull(argv[4], NULL, 0),
				  argc == 6 ? req : NULL);
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "spoof"))
		return cmd_spoof(argv[2], strtoul(argv[3], NULL, 0),
				 argc == 5 ? argv[4] : NULL);
	if (argc == 4 && !strcmp(argv[1], "flood"))
		return cmd_flood(argv[2], strtoul(argv[3], NULL, 0));
	if (argc == 7 && !strcmp(argv[1], "ptp-attack") &&
	    parse_mac(argv[5], req) && parse_mac(argv[6], resp))
		return cmd_ptp_attack(argv[2], strtoul(argv[3], NULL, 0),
				      strtoull(argv[4], NULL, 0), req, resp);
	if (argc == 5 && !strcmp(argv[1], "ptp-foreign") &&
	    parse_mac(argv[3], req) && strtoul(argv[4], NULL, 0) >= 1 &&
	    strtoul(argv[4], NULL, 0) <= 0x10000)
		return cmd_ptp_foreign(argv[2], req, strtoul(argv[4], NULL, 0));
	if (argc == 7 && !strcmp(argv[1], "stream"))
		return cmd_stream(argv[2], strtoul(argv[3], NULL, 0),
				  strtoul(argv[4], NULL, 0),
				  strtoul(argv[5], NULL, 0),
				  strtoul(argv[6], NULL, 0));
	fprintf(stderr, "usage: hdrm_fuzz attack DEV COUNT SEED [TARGET] | spoof DEV SECONDS [OTHER] | flood DEV SECONDS | raw DEV HEX...\n"
		"       hdrm_fuzz ptp-attack DEV COUNT SEED REQUESTER RESPONDER | ptp-foreign DEV REQUESTER STRIDE\n"
		"       hdrm_fuzz stream DEV PRIO DURATION_US FRAME_LEN CAPTURE_MS\n"
		"       (TARGET, REQUESTER, RESPONDER: MAC addresses, aa:bb:cc:dd:ee:ff)\n");
	return 1;
}
