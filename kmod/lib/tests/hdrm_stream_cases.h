/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cases for the stream frame codec and a frame's share of the wire
 * (hdrm_stream.c), shared by the KUnit suite and the tool's user-space
 * tests. Each check returns 0, or non-zero with a message in @msg.
 */
#ifndef _HDRM_STREAM_CASES_H
#define _HDRM_STREAM_CASES_H

#include "hdrm_cases.h"
#include "../hdrm_ctl.h"
#include "../hdrm_stream.h"

/* A 64-byte stream frame's 50 bytes after the EtherType. */
static const u8 hdrm_stream_golden[64 - HDRM_ETH_HLEN] = {
	0x01, 0x4a, 0x01, 0x00,		/* opcode, version 1, flags 0 */
	0x5e, 0x1f, 0x0a, 0x33,		/* session */
	0x00, 0x00, 0x01, 0x02,		/* sequence number 258 */
	0x00, 0x12, 0x34, 0x56,		/* sent_ns 0x0012345678abcdef */
	0x78, 0xab, 0xcd, 0xef,
	/* 30 bytes of zero padding */
};

static const struct hdrm_stream_frame hdrm_stream_golden_frame = {
	.session = 0x5e1f0a33,
	.seq = 258,
	.sent_ns = 0x0012345678abcdefULL,
};

/* The golden frame, its padding, restamping, and the encoder's bounds. */
static int hdrm_check_stream_golden(char *msg, size_t len)
{
	static u8 buf[HDRM_STREAM_MAX_FRAME + 16];
	struct hdrm_stream_frame f;
	enum hdrm_wire_err err;
	unsigned int n, i;

	memset(buf, 0xa5, sizeof(buf));
	n = hdrm_stream_encode(buf, sizeof(buf), 64, &hdrm_stream_golden_frame);
	if (n != sizeof(hdrm_stream_golden))
		return hdrm_fail(msg, len, "encoded %u bytes, want %zu", n,
				 sizeof(hdrm_stream_golden));
	for (i = 0; i < n; i++)
		if (buf[i] != hdrm_stream_golden[i])
			return hdrm_fail(msg, len, "byte %u is 0x%02x, want 0x%02x",
					 i, buf[i], hdrm_stream_golden[i]);
	if (buf[n] != 0xa5)
		return hdrm_fail(msg, len, "wrote past the frame");
	err = hdrm_stream_decode(hdrm_stream_golden, n, &f);
	if (err || f.session != 0x5e1f0a33 || f.seq != 258 ||
	    f.sent_ns != 0x0012345678abcdefULL)
		return hdrm_fail(msg, len, "golden decoded as %s, seq %u",
				 hdrm_wire_err_str(err), f.seq);
	/* restamped: the sequence number and time only */
	hdrm_stream_stamp(buf, 0xfffffffe, 0x3fffffffffffffffULL);
	err = hdrm_stream_decode(buf, n, &f);
	if (err || f.session != 0x5e1f0a33 || f.seq != 0xfffffffe ||
	    f.sent_ns != 0x3fffffffffffffffULL ||
	    memcmp(buf, hdrm_stream_golden, HDRM_STREAM_OFF_SEQ) ||
	    memcmp(buf + HDRM_STREAM_HDR_LEN,
		   hdrm_stream_golden + HDRM_STREAM_HDR_LEN,
		   n - HDRM_STREAM_HDR_LEN))
		return hdrm_fail(msg, len, "restamped: %s, seq %u",
				 hdrm_wire_err_str(err), f.seq);
	/* the largest frame: its padding all zero, nothing written past it */
	memset(buf, 0xa5, sizeof(buf));
	n = hdrm_stream_encode(buf, HDRM_STREAM_MAX_FRAME - HDRM_ETH_HLEN,
			       HDRM_STREAM_MAX_FRAME, &hdrm_stream_golden_frame);
	if (n != HDRM_STREAM_MAX_FRAME - HDRM_ETH_HLEN ||
	    buf[n - 1] || buf[HDRM_STREAM_HDR_LEN] || buf[n] != 0xa5)
		return hdrm_fail(msg, len, "9216 bytes: %u, last 0x%02x", n,
				 buf[n - 1]);
	n = hdrm_stream_encode(buf, sizeof(buf), HDRM_STREAM_MIN_FRAME,
			       &hdrm_stream_golden_frame);
	if (n != HDRM_PAYLOAD_LEN)
		return hdrm_fail(msg, len, "60 bytes: %u", n);
	if (hdrm_stream_encode(buf, sizeof(buf), HDRM_STREAM_MIN_FRAME - 1,
			       &hdrm_stream_golden_frame) ||
	    hdrm_stream_encode(buf, sizeof(buf), HDRM_STREAM_MAX_FRAME + 1,
			       &hdrm_stream_golden_frame) ||
	    hdrm_stream_encode(buf, 49, 64, &hdrm_stream_golden_frame) ||
	    hdrm_stream_encode(buf, sizeof(buf), 0, &hdrm_stream_golden_frame))
		return hdrm_fail(msg, len, "encoded out of bounds");
	return 0;
}

/*
 * The head alone (a frame whose padding is in shared fragments): the
 * golden frame's first bytes, nothing past them, and its bounds.
 */
static int hdrm_check_stream_head(char *msg, size_t len)
{
	u8 buf[64];
	unsigned int n;

	memset(buf, 0xa5, sizeof(buf));
	n = hdrm_stream_encode_head(buf, HDRM_STREAM_HDR_LEN, 1514,
				    &hdrm_stream_golden_frame);
	if (n != HDRM_STREAM_HDR_LEN ||
	    memcmp(buf, hdrm_stream_golden, HDRM_STREAM_HDR_LEN) ||
	    buf[HDRM_STREAM_HDR_LEN] != 0xa5)
		return hdrm_fail(msg, len, "a 20-byte head: %u bytes, byte 20 0x%02x",
				 n, buf[HDRM_STREAM_HDR_LEN]);
	/* the whole payload as the head: what the encoder writes */
	memset(buf, 0xa5, sizeof(buf));
	n = hdrm_stream_encode_head(buf, 64 - HDRM_ETH_HLEN, 64,
				    &hdrm_stream_golden_frame);
	if (n != sizeof(hdrm_stream_golden) ||
	    memcmp(buf, hdrm_stream_golden, n) || buf[n] != 0xa5)
		return hdrm_fail(msg, len, "the whole payload as a head: %u bytes", n);
	if (hdrm_stream_encode_head(buf, HDRM_STREAM_HDR_LEN - 1, 1514,
				    &hdrm_stream_golden_frame) ||
	    hdrm_stream_encode_head(buf, 64 - HDRM_ETH_HLEN + 1, 64,
				    &hdrm_stream_golden_frame) ||
	    hdrm_stream_encode_head(buf, HDRM_STREAM_HDR_LEN,
				    HDRM_STREAM_MIN_FRAME - 1,
				    &hdrm_stream_golden_frame) ||
	    hdrm_stream_encode_head(buf, HDRM_STREAM_HDR_LEN,
				    HDRM_STREAM_MAX_FRAME + 1,
				    &hdrm_stream_golden_frame))
		return hdrm_fail(msg, len, "a head out of bounds encoded");
	return 0;
}

/* A stream frame is none of the others, and they are none of it. */
static int hdrm_check_stream_opcodes(char *msg, size_t len)
{
	u8 probe[HDRM_PAYLOAD_LEN], ctl[HDRM_CTL_MAX_PAYLOAD];
	struct hdrm_probe p = {
		.type = HDRM_TYPE_REQUEST,
		.session = 0x5e1f0a33,
		.seq = 258,
	};
	struct hdrm_ctl c = {
		.type = HDRM_CTL_CAP_REQUEST,
		.session = 0x5e1f0a33,
		.has_bufcfg = true,
	};
	struct hdrm_stream_frame f;
	struct hdrm_probe pq;
	struct hdrm_ctl cq;
	unsigned int n;

	hdrm_payload_encode(probe, &p);
	n = hdrm_ctl_encode(ctl, sizeof(ctl), &c);
	if (!hdrm_is_stream(hdrm_stream_golden, 2) ||
	    hdrm_is_stream(hdrm_stream_golden, 1) ||
	    hdrm_is_stream(probe, sizeof(probe)) || hdrm_is_stream(ctl, n))
		return hdrm_fail(msg, len, "hdrm_is_stream is wrong");
	if (hdrm_is_ctl(hdrm_stream_golden, sizeof(hdrm_stream_golden)) ||
	    hdrm_payload_decode(hdrm_stream_golden, sizeof(hdrm_stream_golden),
				&pq) != HDRM_WIRE_OPCODE ||
	    hdrm_ctl_decode(hdrm_stream_golden, sizeof(hdrm_stream_golden),
			    &cq) != HDRM_WIRE_OPCODE)
		return hdrm_fail(msg, len, "a stream frame read as a probe or control frame");
	if (hdrm_stream_decode(probe, sizeof(probe), &f) != HDRM_WIRE_OPCODE ||
	    hdrm_stream_decode(ctl, n, &f) != HDRM_WIRE_OPCODE)
		return hdrm_fail(msg, len, "a probe or control frame read as a stream frame");
	return 0;
}

struct hdrm_stream_reject_case {
	const char *name;
	unsigned int off;	/* byte to change in the golden frame */
	u8 val;
	unsigned int len;	/* bytes after the EtherType; 0: the golden's */
	bool no_session;	/* the session id zeroed */
	enum hdrm_wire_err want;
};

static const struct hdrm_stream_reject_case hdrm_stream_reject_cases[] = {
	{ .name = "45 bytes", .len = 45, .want = HDRM_WIRE_SHORT },
	{ .name = "46 bytes", .len = 46, .want = HDRM_WIRE_OK },
	{ .name = "the measurement opcode", .off = 1, .val = 0x48,
	  .want = HDRM_WIRE_OPCODE },
	{ .name = "the control opcode", .off = 1, .val = 0x49,
	  .want = HDRM_WIRE_OPCODE },
	{ .name = "version 0", .off = 2, .val = 0x00,
	  .want = HDRM_WIRE_BAD_VERSION },
	{ .name = "version 2", .off = 2, .val = 0x02,
	  .want = HDRM_WIRE_BAD_VERSION },
	{ .name = "a flag", .off = 3, .val = 0x80, .want = HDRM_WIRE_FLAGS },
	{ .name = "session 0", .no_session = true,
	  .want = HDRM_WIRE_SESSION },
	{ .name = "session 1", .off = 7, .val = 0x01, .no_session = true,
	  .want = HDRM_WIRE_OK },
	{ .name = "a padding byte set: not read", .off = 49, .val = 0xff,
	  .want = HDRM_WIRE_OK },
	{ .name = "a trailer", .len = 64, .want = HDRM_WIRE_OK },
};

static int hdrm_check_stream_reject(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_stream_reject_case *t = &hdrm_stream_reject_cases[i];
	u8 buf[64] = {};
	struct hdrm_stream_frame f = {};
	enum hdrm_wire_err err;

	memcpy(buf, hdrm_stream_golden, sizeof(hdrm_stream_golden));
	if (t->no_session)
		memset(buf + HDRM_STREAM_OFF_SESSION, 0, 4);
	if (t->off)
		buf[t->off] = t->val;
	err = hdrm_stream_decode(buf, t->len ?: sizeof(hdrm_stream_golden),
				 &f);
	if (err != t->want)
		return hdrm_fail(msg, len, "%s: got \"%s\", want \"%s\"",
				 t->name, hdrm_wire_err_str(err),
				 hdrm_wire_err_str(t->want));
	if (err == HDRM_WIRE_OK && f.seq != 258)
		return hdrm_fail(msg, len, "%s: sequence number %u", t->name,
				 f.seq);
	if (err != HDRM_WIRE_OK && f.seq)
		return hdrm_fail(msg, len, "%s: filled though refused", t->name);
	return 0;
}

struct hdrm_stream_wire_case {
	u32 frame_len;
	bool tagged;
	u32 speed;		/* Mb/s */
	u32 bytes;		/* line time in bytes */
	u64 ns;			/* and in ns at the speed, rounded up */
};

/* Worked by hand: bytes = max(frame, 60) + tag 4 + FCS 4 + 8 + 12. */
static const struct hdrm_stream_wire_case hdrm_stream_wire_cases[] = {
	{ 60, false, 10000, 84, 68 },		/* 672 bits: 67.2 ns */
	{ 14, false, 10000, 84, 68 },		/* padded to 60 */
	{ 60, true, 25000, 88, 29 },		/* 704 bits: 28.16 ns */
	{ 1514, false, 25000, 1538, 493 },	/* 12304 bits: 492.16 ns */
	{ 1514, true, 25000, 1542, 494 },	/* 12336 bits: 493.44 ns */
	{ 1518, true, 100000, 1546, 124 },	/* 12368 bits: 123.68 ns */
	{ 9216, true, 800000, 9244, 93 },	/* 73952 bits: 92.44 ns */
	{ 1000, false, 8000, 1024, 1024 },	/* a byte a ns, exactly */
	{ 9216, true, 0, 9244, 0 },		/* no speed, no time */
};

static int hdrm_check_stream_wire(char *msg, size_t len)
{
	const struct hdrm_stream_wire_case *t;
	unsigned int i;
	u64 ns;
	u32 b;

	for (i = 0; i < ARRAY_SIZE(hdrm_stream_wire_cases); i++) {
		t = &hdrm_stream_wire_cases[i];
		b = hdrm_stream_wire_bytes(t->frame_len, t->tagged);
		ns = hdrm_stream_wire_ns(t->frame_len, t->tagged, t->speed);
		if (b != t->bytes || ns != t->ns)
			return hdrm_fail(msg, len, "%u%s at %u Mb/s: %u B %llu ns, want %u %llu",
					 t->frame_len, t->tagged ? " tagged" : "",
					 t->speed, b, (unsigned long long)ns,
					 t->bytes, (unsigned long long)t->ns);
	}
	return 0;
}

/* The XOFF of priority 3 for 0xFFFF quanta, after its EtherType. */
static const u8 hdrm_pfc_xoff_golden[HDRM_PAYLOAD_LEN] = {
	0x01, 0x01, 0x00, 0x08,		/* opcode 0x0101, vector: 3 */
	0x00, 0x00, 0x00, 0x00,		/* time[0], time[1] */
	0x00, 0x00, 0xff, 0xff,		/* time[2], time[3] */
	0x00, 0x00, 0x00, 0x00,		/* time[4], time[5] */
	0x00, 0x00, 0x00, 0x00,		/* time[6], time[7] */
	/* 26 bytes of zero padding */
};

/* The XOFF and XON a response measurement sends, and what is refused. */
static int hdrm_check_pfc_frame(char *msg, size_t len)
{
	static const u8 src[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 };
	static const u8 head[14] = {
		0x01, 0x80, 0xc2, 0x00, 0x00, 0x01,
		0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x88, 0x08,
	};
	u8 buf[HDRM_FRAME_LEN + 4];
	unsigned int n, i;

	memset(buf, 0xa5, sizeof(buf));
	n = hdrm_pfc_encode(buf, sizeof(buf), src, 3, 0xffff);
	if (n != HDRM_FRAME_LEN || memcmp(buf, head, sizeof(head)))
		return hdrm_fail(msg, len, "XOFF: %u bytes, or a wrong header",
				 n);
	for (i = 0; i < HDRM_PAYLOAD_LEN; i++)
		if (buf[HDRM_ETH_HLEN + i] != hdrm_pfc_xoff_golden[i])
			return hdrm_fail(msg, len, "XOFF byte %u is 0x%02x, want 0x%02x",
					 i, buf[HDRM_ETH_HLEN + i],
					 hdrm_pfc_xoff_golden[i]);
	if (buf[HDRM_FRAME_LEN] != 0xa5)
		return hdrm_fail(msg, len, "XOFF: wrote past 60 bytes");
	n = hdrm_pfc_encode(buf, sizeof(buf), src, 7, 0);
	for (i = HDRM_ETH_HLEN + HDRM_PFC_OFF_TIME; i < HDRM_FRAME_LEN; i++)
		if (buf[i])
			return hdrm_fail(msg, len, "XON of 7: byte %u is 0x%02x", i, buf[i]);
	if (n != HDRM_FRAME_LEN || buf[HDRM_ETH_HLEN + 2] != 0x00 ||
	    buf[HDRM_ETH_HLEN + 3] != 0x80)
		return hdrm_fail(msg, len, "XON of 7: %u bytes, vector %02x%02x", n,
				 buf[HDRM_ETH_HLEN + 2], buf[HDRM_ETH_HLEN + 3]);
	if (hdrm_pfc_encode(buf, sizeof(buf), src, 8, 0xffff) ||
	    hdrm_pfc_encode(buf, HDRM_FRAME_LEN - 1, src, 3, 0xffff))
		return hdrm_fail(msg, len, "priority 8, or 59 bytes of room, encoded");
	/* PFC and PAUSE are another protocol's; ours and a byte are not */
	if (!hdrm_is_pause(buf + HDRM_ETH_HLEN, HDRM_PAYLOAD_LEN))
		return hdrm_fail(msg, len, "the XON is not taken for a PFC frame");
	buf[HDRM_ETH_HLEN + 1] = 0x01;
	buf[HDRM_ETH_HLEN] = 0x00;
	if (!hdrm_is_pause(buf + HDRM_ETH_HLEN, 2))
		return hdrm_fail(msg, len, "opcode 0x0001 is not taken for PAUSE");
	if (hdrm_is_pause(buf + HDRM_ETH_HLEN, 1) ||
	    hdrm_is_pause(hdrm_pfc_xoff_golden + 0, 0))
		return hdrm_fail(msg, len, "one byte taken for a PAUSE frame");
	buf[HDRM_ETH_HLEN] = HDRM_OPCODE >> 8;
	buf[HDRM_ETH_HLEN + 1] = HDRM_OPCODE & 0xff;
	if (hdrm_is_pause(buf + HDRM_ETH_HLEN, HDRM_PAYLOAD_LEN))
		return hdrm_fail(msg, len, "the measurement opcode taken for PAUSE");
	return 0;
}

#endif /* _HDRM_STREAM_CASES_H */
