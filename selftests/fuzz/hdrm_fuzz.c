// SPDX-License-Identifier: GPL-2.0
/*
 * hdrm_fuzz: hostile frames for the dcb_hdrm receive hook, from a packet
 * socket (Documentation/threat-model.rst, T1-T3).
 *
 *   hdrm_fuzz attack DEV COUNT SEED
 *	COUNT frames, deterministic from SEED: random bytes, every field at
 *	its boundaries, truncated, oversized (and, on a device whose MTU
 *	allows frames over a page, non-linear: the payload in page
 *	fragments), VLAN-tagged, wrong addresses, opcodes and versions,
 *	replies to sessions that do not exist, control frames. What the
 *	receiver must count is predicted with the module's own pure decoders
 *	(kmod/lib/hdrm_wire.c, kmod/lib/hdrm_ctl.c) applied to the bytes its hook
 *	will see, and printed as JSON.
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
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/virtio_net.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "hdrm_ctl.h"
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
	V_NR,
};

static const char *const verdict_names[V_NR] = {
	"ignored", "malformed", "requests", "replies", "control",
	"control_stale",
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
		return c.type == HDRM_CTL_CAP_REPLY ||
		       c.type == HDRM_CTL_CONFIG_ACK ? V_CTL_STALE : V_CTL;
	}
	if (hdrm_payload_decode(payload, len, &p) != HDRM_WIRE_OK)
		return V_MALFORMED;
	return p.type == HDRM_TYPE_REQUEST ? V_REQUEST : V_REPLY;
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

	switch (rnd_below(6)) {
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
	default:
		c.type = HDRM_CTL_CONFIG_ACK;
		c.has_ack = true;
		c.status = HDRM_ACK_REFUSED;
		c.reason = 1 + rnd_below(HDRM_REASON_MAX);
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

struct attack {
	u64 count[V_NR];
	u64 by_kind[12];
	u64 nonlinear, vlan;
};

static const char *const kind_names[12] = {
	"random", "valid", "boundary", "boundary2", "truncated", "oversized",
	"wrong_address", "vlan", "stale_reply", "request", "control",
	"opcode_version",
};

/*
 * One hostile frame in @f; returns its length and what the receiver
 * must count for it.
 */
static size_t attack_frame(const struct dev *d, u8 *f, enum verdict *v,
			   bool *vnet, struct attack *a)
{
	unsigned int kind = rnd_below(12), plen, max, vid = 0;
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
		*v = V_IGNORED;
		len = HDRM_ETH_HLEN + plen;
		a->count[*v]++;
		return len;
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
	if (tagged && vid)
		*v = V_IGNORED;
	else
		*v = predict(pl + (tagged ? 4 : 0), plen);
	a->count[*v]++;
	return len;
}

static int cmd_attack(const char *name, unsigned long count, u64 seed)
{
	static u8 f[MAX_FRAME + 64];
	struct attack a = {};
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
	for (i = 0; i < 12; i++)
		printf("%s\"%s\": %llu", i ? ", " : "", kind_names[i],
		       (unsigned long long)a.by_kind[i]);
	printf("}}\n");
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

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "raw"))
		return cmd_raw(argv[2], argc - 3, argv + 3);
	if (argc == 5 && !strcmp(argv[1], "attack"))
		return cmd_attack(argv[2], strtoul(argv[3], NULL, 0),
				  strtoull(argv[4], NULL, 0));
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "spoof"))
		return cmd_spoof(argv[2], strtoul(argv[3], NULL, 0),
				 argc == 5 ? argv[4] : NULL);
	if (argc == 4 && !strcmp(argv[1], "flood"))
		return cmd_flood(argv[2], strtoul(argv[3], NULL, 0));
	fprintf(stderr, "usage: hdrm_fuzz attack DEV COUNT SEED | spoof DEV SECONDS [OTHER] | flood DEV SECONDS | raw DEV HEX...\n");
	return 1;
}
