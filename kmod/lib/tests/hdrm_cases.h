/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pure-logic test cases, written once: each check returns 0 or fills
 * @msg and returns -1. KUnit (hdrm_kunit.c) and the tool's user-space test
 * (tools/dcb-hdrm/tests/test_pure.c) run the same checks.
 */
#ifndef _HDRM_CASES_H
#define _HDRM_CASES_H

#include "../hdrm_apply.h"
#include "../hdrm_calc.h"
#include "../hdrm_ratelimit.h"
#include "../hdrm_stats.h"
#include "../hdrm_wire.h"

/* Says what failed; returns -1 for the check to return. */
static __printf(3, 4) int hdrm_fail(char *msg, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- headroom ---- */

struct hdrm_calc_case {
	const char *name;
	struct hdrm_calc_in in;
	int err;
	u64 inflight, frames, bytes, cells;
	u32 permille;
};

/*
 * Each expected figure worked by hand: frames = in flight + link + 64 +
 * K + max_frame; cells = ceil((frames - max) x occupancy / cell) +
 * ceil(max / cell).
 */
static const struct hdrm_calc_case hdrm_calc_cases[] = {
	{
		.name = "1 us at 100G, one-byte cells",
		.in = { .rtt_ns = 1000, .speed_mbps = 100000,
			.max_frame = 1522, .measure_frame = 64,
			.k_bytes = 25216, .cell_bytes = 1, .small_pct = 100 },
		/* 12500 + 1522 + 64 + 25216 + 1522 */
		.inflight = 12500, .frames = 40824, .bytes = 40824,
		.cells = 40824, .permille = 1000,
	},
	{
		.name = "the link's largest frame beside the priority's",
		.in = { .rtt_ns = 0, .speed_mbps = 1000, .max_frame = 1522,
			.measure_frame = 64, .cell_bytes = 1,
			.link_frame = 9022, .small_pct = 100 },
		/*
		 * 9022 + 64 + 1522; 2 x max_frame + 64 would be 3108,
		 * 7500 short
		 */
		.inflight = 0, .frames = 10608, .bytes = 10608,
		.cells = 10608, .permille = 1000,
	},
	{
		.name = "in-flight bytes round up",
		.in = { .rtt_ns = 1, .speed_mbps = 1, .max_frame = 64,
			.measure_frame = 64, .cell_bytes = 1,
			.small_pct = 100 },
		.inflight = 1, .frames = 193, .bytes = 193, .cells = 193,
		.permille = 1000,
	},
	{
		.name = "256 B cells, no small frames",
		.in = { .rtt_ns = 0, .speed_mbps = 1, .max_frame = 64,
			.measure_frame = 64, .k_bytes = 808, .cell_bytes = 256,
			.small_pct = 0 },
		/* stream 64 + 64 + 808 = 936: ceil(936 / 256) + 1 cells */
		.inflight = 0, .frames = 1000, .bytes = 1280, .cells = 5,
		.permille = 1000,
	},
	{
		.name = "256 B cells, every frame small",
		.in = { .rtt_ns = 0, .speed_mbps = 1, .max_frame = 64,
			.measure_frame = 64, .k_bytes = 808, .cell_bytes = 256,
			.small_pct = 100 },
		/* x 256/64 = 4: ceil(3744 / 256) + 1 */
		.inflight = 0, .frames = 1000, .bytes = 4096, .cells = 16,
		.permille = 4000,
	},
	{
		.name = "96 B cells, half the frames small",
		.in = { .rtt_ns = 0, .speed_mbps = 1, .max_frame = 1522,
			.measure_frame = 64, .cell_bytes = 96,
			.small_pct = 50 },
		/*
		 * 96 B: worst 2 x 96 / 97; half small: (50 x 97 + 9600) /
		 * 9700 = 1.4897; ceil(1586 x 1.4897 / 96) = 25, +
		 * ceil(1522 / 96) = 16
		 */
		.inflight = 0, .frames = 3108, .bytes = 3936, .cells = 41,
		.permille = 1490,
	},
	{
		.name = "precision counts twice",
		.in = { .rtt_ns = 1000, .precision_ns = 500, .speed_mbps = 8000,
			.max_frame = 1522, .measure_frame = 64, .cell_bytes = 1,
			.small_pct = 100 },
		.inflight = 2000, .frames = 5108, .bytes = 5108, .cells = 5108,
		.permille = 1000,
	},
	{
		.name = "10 ms at 800G, precision 1 ms",
		.in = { .rtt_ns = 10000000, .precision_ns = 1000000,
			.speed_mbps = 800000, .max_frame = 65535,
			.measure_frame = 64, .k_bytes = 57920,
			.cell_bytes = 65536, .small_pct = 100 },
		/*
		 * (10 ms + 2 x 1 ms) x 800 Gb/s = 1.2e9 B; 64 KiB cells:
		 * x 1024
		 */
		.inflight = 1200000000ULL, .frames = 1200189054ULL,
		.bytes = 1228926550016ULL, .cells = 18751931ULL,
		.permille = 1024000,
	},
	{
		.name = "the limits",
		.in = { .rtt_ns = 4000000000ULL, .precision_ns = 10000000,
			.speed_mbps = 1600000, .max_frame = 65535,
			.measure_frame = 65535, .k_bytes = 16777216,
			.cell_bytes = 65536, .link_frame = 65535,
			.small_pct = 100 },
		/*
		 * (4 s + 20 ms) x 1.6 Tb/s = 8.04e11 B, x 1024: the largest
		 * product
		 */
		.inflight = 804000000000ULL, .frames = 804016973821ULL,
		.bytes = 823313314152448ULL, .cells = 12562764193ULL,
		.permille = 1024000,
	},
	/* refused: 1 us at 1G with one figure changed */
	{
		.name = "speed 0",
		.in = { .rtt_ns = 1000, .speed_mbps = 0, .max_frame = 1522,
			.measure_frame = 64, .cell_bytes = 1,
			.small_pct = 100 },
		.err = -EINVAL,
	},
	{
		.name = "cell 0",
		.in = { .rtt_ns = 1000, .speed_mbps = 1000, .max_frame = 1522,
			.measure_frame = 64, .cell_bytes = 0,
			.small_pct = 100 },
		.err = -EINVAL,
	},
	{
		.name = "t above 4 s",
		.in = { .rtt_ns = 4000000001ULL, .speed_mbps = 1000,
			.max_frame = 1522, .measure_frame = 64, .cell_bytes = 1,
			.small_pct = 100 },
		.err = -ERANGE,
	},
	{
		.name = "precision above 10 ms",
		.in = { .rtt_ns = 1000, .precision_ns = 10000001,
			.speed_mbps = 1000, .max_frame = 1522,
			.measure_frame = 64, .cell_bytes = 1,
			.small_pct = 100 },
		.err = -ERANGE,
	},
	{
		.name = "speed above 1.6T",
		.in = { .rtt_ns = 1000, .speed_mbps = 1600001,
			.max_frame = 1522, .measure_frame = 64, .cell_bytes = 1,
			.small_pct = 100 },
		.err = -ERANGE,
	},
	{
		.name = "max frame above 65535",
		.in = { .rtt_ns = 1000, .speed_mbps = 1000, .max_frame = 65536,
			.measure_frame = 64, .cell_bytes = 1,
			.small_pct = 100 },
		.err = -ERANGE,
	},
	{
		.name = "link frame above 65535",
		.in = { .rtt_ns = 1000, .speed_mbps = 1000, .max_frame = 1522,
			.measure_frame = 64, .cell_bytes = 1,
			.link_frame = 65536, .small_pct = 100 },
		.err = -ERANGE,
	},
	{
		.name = "K above 16 MiB",
		.in = { .rtt_ns = 1000, .speed_mbps = 1000, .max_frame = 1522,
			.measure_frame = 64, .k_bytes = 16777217,
			.cell_bytes = 1, .small_pct = 100 },
		.err = -ERANGE,
	},
	{
		.name = "cell above 64 KiB",
		.in = { .rtt_ns = 1000, .speed_mbps = 1000, .max_frame = 1522,
			.measure_frame = 64, .cell_bytes = 65537,
			.small_pct = 100 },
		.err = -ERANGE,
	},
	{
		.name = "small frames above 100 %",
		.in = { .rtt_ns = 1000, .speed_mbps = 1000, .max_frame = 1522,
			.measure_frame = 64, .cell_bytes = 1,
			.small_pct = 101 },
		.err = -ERANGE,
	},
};

static int hdrm_check_calc(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_calc_case *c = &hdrm_calc_cases[i];
	struct hdrm_calc_out out = { 0 };
	int err = hdrm_headroom(&c->in, &out);

	if (err != c->err)
		return hdrm_fail(msg, len, "%s: error %d, expected %d", c->name, err, c->err);
	if (!err && (out.inflight_bytes != c->inflight ||
		     out.frame_bytes != c->frames ||
		     out.headroom_bytes != c->bytes ||
		     out.headroom_cells != c->cells ||
		     out.occupancy_permille != c->permille))
		return hdrm_fail(msg, len, "%s: %llu/%llu/%llu/%llu/%u, not %llu/%llu/%llu/%llu/%u",
				 c->name,
				 (unsigned long long)out.inflight_bytes,
				 (unsigned long long)out.frame_bytes,
				 (unsigned long long)out.headroom_bytes,
				 (unsigned long long)out.headroom_cells,
				 out.occupancy_permille,
				 (unsigned long long)c->inflight,
				 (unsigned long long)c->frames,
				 (unsigned long long)c->bytes,
				 (unsigned long long)c->cells, c->permille);
	return 0;
}

static const struct {
	u32 speed, quanta;
} hdrm_k_cases[] = {
	{ 0, 0 }, { 1, 1 }, { 100, 1 }, { 101, 2 }, { 1000, 2 },
	{ 10000, 67 }, { 10001, 80 }, { 25000, 80 }, { 30000, 118 },
	{ 40000, 118 }, { 50000, 147 }, { 100000, 394 }, { 200000, 453 },
	{ 400000, 905 }, { 800000, 905 }, { 1600000, 905 },
};

static int hdrm_check_k(char *msg, size_t len)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_k_cases); i++) {
		if (hdrm_k_quanta(hdrm_k_cases[i].speed) != hdrm_k_cases[i].quanta)
			return hdrm_fail(msg, len, "K at %u Mb/s: %u quanta, expected %u",
					 hdrm_k_cases[i].speed,
					 hdrm_k_quanta(hdrm_k_cases[i].speed),
					 hdrm_k_cases[i].quanta);
		if (hdrm_k_bytes(hdrm_k_cases[i].speed) !=
		    hdrm_k_cases[i].quanta * 64)
			return hdrm_fail(msg, len, "K bytes at %u Mb/s", hdrm_k_cases[i].speed);
	}
	/* 512 bit times a quantum: 80 at 25G, 905 at 400G, 65535 at 10G */
	if (hdrm_line_ns(80 * 64, 25000) != 1639 ||
	    hdrm_line_ns(905 * 64, 400000) != 1159 ||
	    hdrm_line_ns(65535ULL * 64, 10000) != 3355392 ||
	    hdrm_line_ns(64, 0) != 0)
		return hdrm_fail(msg, len, "pause quanta in ns: %llu, %llu, %llu",
				 (unsigned long long)hdrm_line_ns(80 * 64, 25000),
				 (unsigned long long)hdrm_line_ns(905 * 64, 400000),
				 (unsigned long long)hdrm_line_ns(65535ULL * 64, 10000));
	if (hdrm_default_max_frame(1500) != 1522 ||
	    hdrm_default_max_frame(9000) != 9022)
		return hdrm_fail(msg, len, "max frame from MTU: %u, %u",
				 hdrm_default_max_frame(1500),
				 hdrm_default_max_frame(9000));
	return 0;
}

/* ---- statistics ---- */

static int hdrm_check_stats(char *msg, size_t len)
{
	/* static: KASAN's stack redzones would make copies too large */
	static const u64 eight_init[] = { 9, 4, 2, 5, 4, 7, 4, 5 };
	static u64 one[1], eight[8], three[3], big[2], over[1], hundred[100];
	struct hdrm_stats st;
	unsigned int i;

	one[0] = 5;
	memcpy(eight, eight_init, sizeof(eight));
	three[0] = 3;
	three[1] = 1;
	three[2] = 2;
	big[0] = HDRM_STATS_MAX_SAMPLE;
	big[1] = 0;
	over[0] = HDRM_STATS_MAX_SAMPLE + 1;

	if (hdrm_stats_compute(one, 0, &st) != -ENODATA)
		return hdrm_fail(msg, len, "no samples accepted");
	if (hdrm_stats_compute(over, 1, &st) != -ERANGE)
		return hdrm_fail(msg, len, "a sample above 4 s accepted");
	if (hdrm_stats_compute(one, 1, &st) || st.min != 5 || st.median != 5 ||
	    st.p99 != 5 || st.max != 5 || st.stddev != 0)
		return hdrm_fail(msg, len, "one sample");
	/* population sd of {2,4,4,4,5,5,7,9} is exactly 2 */
	if (hdrm_stats_compute(eight, 8, &st) || st.min != 2 || st.max != 9 ||
	    st.median != 4 || st.p99 != 9 || st.mean != 5 || st.stddev != 2)
		return hdrm_fail(msg, len,
				 "eight samples: min %llu median %llu p99 %llu max %llu sd %llu",
				 (unsigned long long)st.min,
				 (unsigned long long)st.median,
				 (unsigned long long)st.p99,
				 (unsigned long long)st.max,
				 (unsigned long long)st.stddev);
	if (eight[0] != 2 || eight[7] != 9)
		return hdrm_fail(msg, len, "samples not left sorted");
	if (hdrm_stats_compute(three, 3, &st) || st.median != 2)
		return hdrm_fail(msg, len, "odd count median");
	/* 1..100 in a scrambled order: p99 is the 99th smallest */
	for (i = 0; i < 100; i++)
		hundred[i] = (i * 37) % 100 + 1;
	if (hdrm_stats_compute(hundred, 100, &st) || st.min != 1 ||
	    st.max != 100 || st.median != 50 || st.p99 != 99 ||
	    st.stddev != 28)
		return hdrm_fail(msg, len, "1..100: median %llu p99 %llu sd %llu",
				 (unsigned long long)st.median,
				 (unsigned long long)st.p99,
				 (unsigned long long)st.stddev);
	/* deviations of 2e9 ns: squares near 2^62, no overflow */
	if (hdrm_stats_compute(big, 2, &st) || st.mean != 2000000000ULL ||
	    st.stddev != 2000000000ULL)
		return hdrm_fail(msg, len, "4 s samples: sd %llu", (unsigned long long)st.stddev);
	if (hdrm_stats_pick(&st, HDRM_EST_MIN) != st.min ||
	    hdrm_stats_pick(&st, HDRM_EST_MEDIAN) != st.median ||
	    hdrm_stats_pick(&st, HDRM_EST_MAX) != st.max)
		return hdrm_fail(msg, len, "estimator pick");
	return 0;
}

/* ---- the frame ---- */

static const u8 hdrm_golden_src[6] = { 0x02, 0, 0, 0, 0, 0x01 };

static const struct hdrm_probe hdrm_golden_probe = {
	.type = HDRM_TYPE_REPLY,
	.flags = HDRM_F_TIMESTAMPS,
	.session = 0x11223344,
	.seq = 0x55667788,
	.t1 = 0x0102030405060708ULL,
	.t2 = 0x1112131415161718ULL,
	.t3 = 0x2122232425262728ULL,
};

/* Documentation/wire-format.rst, byte for byte */
static const u8 hdrm_golden_frame[HDRM_FRAME_LEN] = {
	0x01, 0x80, 0xc2, 0x00, 0x00, 0x01,		/* destination */
	0x02, 0x00, 0x00, 0x00, 0x00, 0x01,		/* source */
	0x88, 0x08,					/* EtherType */
	0x01, 0x48,					/* opcode */
	0x00, 0x00,					/* priority vector */
	0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,	/* t1 */
	0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18,	/* t2 */
	0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28,	/* t3 */
	0x01, 0x02, 0x01, 0x00,				/* ver type flags rsvd */
	0x11, 0x22, 0x33, 0x44,				/* session */
	0x55, 0x66, 0x77, 0x88,				/* sequence */
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00,		/* reserved */
};

static int hdrm_probe_equal(const struct hdrm_probe *a,
			    const struct hdrm_probe *b)
{
	return a->type == b->type && a->flags == b->flags &&
	       a->session == b->session && a->seq == b->seq &&
	       a->t1 == b->t1 && a->t2 == b->t2 && a->t3 == b->t3;
}

static int hdrm_check_golden(char *msg, size_t len)
{
	u8 frame[HDRM_FRAME_LEN + 40];
	struct hdrm_probe p;
	enum hdrm_encap encap;
	unsigned int i;

	memset(frame, 0xaa, sizeof(frame));
	hdrm_frame_encode(frame, HDRM_ENCAP_MACCTL, hdrm_golden_src,
			  &hdrm_golden_probe);
	for (i = 0; i < HDRM_FRAME_LEN; i++)
		if (frame[i] != hdrm_golden_frame[i])
			return hdrm_fail(msg, len, "byte %u is 0x%02x, expected 0x%02x", i,
					 frame[i], hdrm_golden_frame[i]);
	if (frame[HDRM_FRAME_LEN] != 0xaa)
		return hdrm_fail(msg, len, "encode wrote past 60 bytes");
	if (hdrm_frame_decode(hdrm_golden_frame, HDRM_FRAME_LEN, &encap, &p) !=
	    HDRM_WIRE_OK || encap != HDRM_ENCAP_MACCTL ||
	    !hdrm_probe_equal(&p, &hdrm_golden_probe))
		return hdrm_fail(msg, len, "golden frame does not decode to its probe");
	/* a longer frame (padding, trailer) decodes the same */
	if (hdrm_frame_decode(frame, sizeof(frame), &encap, &p) != HDRM_WIRE_OK ||
	    !hdrm_probe_equal(&p, &hdrm_golden_probe))
		return hdrm_fail(msg, len, "a padded frame was refused");
	/* the other encapsulation */
	hdrm_frame_encode(frame, HDRM_ENCAP_ETHER, hdrm_golden_src,
			  &hdrm_golden_probe);
	if (frame[5] != 0x0e || frame[12] != 0x88 || frame[13] != 0xb5 ||
	    hdrm_frame_decode(frame, HDRM_FRAME_LEN, &encap, &p) != HDRM_WIRE_OK ||
	    encap != HDRM_ENCAP_ETHER || !hdrm_probe_equal(&p, &hdrm_golden_probe))
		return hdrm_fail(msg, len, "0x88B5 encapsulation round trip");
	/* a request round trip */
	{
		struct hdrm_probe req = { HDRM_TYPE_REQUEST, 0, 7, 0, 42, 0, 0 };

		hdrm_frame_encode(frame, HDRM_ENCAP_MACCTL, hdrm_golden_src, &req);
		if (hdrm_frame_decode(frame, HDRM_FRAME_LEN, &encap, &p) !=
		    HDRM_WIRE_OK || !hdrm_probe_equal(&p, &req))
			return hdrm_fail(msg, len, "request round trip");
	}
	return 0;
}

/* A valid request payload, then one change that makes it malformed. */
struct hdrm_reject_case {
	const char *name;
	unsigned int off;
	u8 val;
	unsigned int len;
	enum hdrm_wire_err err;
	bool reply;	/* start from a 4ts reply instead of a request */
};

static const struct hdrm_reject_case hdrm_reject_cases[] = {
	{ .name = "short by one byte",
	  .off = 0, .val = 0x01, .len = HDRM_PAYLOAD_LEN - 1,
	  .err = HDRM_WIRE_SHORT },
	{ .name = "PFC opcode 0x0101",
	  .off = 1, .val = 0x01, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_OPCODE },
	{ .name = "PAUSE opcode 0x0001",
	  .off = 0, .val = 0x00, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_OPCODE },
	{ .name = "priority vector bit",
	  .off = 3, .val = 0x08, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_VECTOR },
	{ .name = "version 0",
	  .off = 28, .val = 0, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_BAD_VERSION },
	{ .name = "version 2",
	  .off = 28, .val = 2, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_BAD_VERSION },
	{ .name = "type 0",
	  .off = 29, .val = 0, .len = HDRM_PAYLOAD_LEN, .err = HDRM_WIRE_TYPE },
	{ .name = "type 4",
	  .off = 29, .val = 4, .len = HDRM_PAYLOAD_LEN, .err = HDRM_WIRE_TYPE },
	{ .name = "unknown flag",
	  .off = 30, .val = 0x10, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_FLAGS },
	{ .name = "reserved byte 45",
	  .off = 31, .val = 1, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_RESERVED },
	{ .name = "reserved byte 54",
	  .off = 40, .val = 1, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_RESERVED },
	{ .name = "reserved byte 59",
	  .off = 45, .val = 0x80, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_RESERVED },
	{ .name = "request with t2",
	  .off = 19, .val = 1, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_REQ_STAMPS },
	{ .name = "request with t3",
	  .off = 27, .val = 1, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_REQ_STAMPS },
	{ .name = "request flagged with stamps",
	  .off = 30, .val = HDRM_F_TIMESTAMPS, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_REQ_STAMPS },
	{ .name = "reply with t3 before t2",
	  .off = 20, .val = 0x00, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_REPLY_STAMPS, .reply = true },
	{ .name = "reply flagged stamps and loopback",
	  .off = 30, .val = HDRM_F_ALL, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_FLAGS, .reply = true },
	{ .name = "loopback reply with t2",
	  .off = 30, .val = HDRM_F_LOOPBACK, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_REPLY_STAMPS, .reply = true },
	{ .name = "loopback request asking for hardware stamps",
	  .off = 30, .val = HDRM_F_LOOPBACK | HDRM_F_HWTS,
	  .len = HDRM_PAYLOAD_LEN, .err = HDRM_WIRE_FLAGS },
	{ .name = "two-step reply without stamps",
	  .off = 30, .val = HDRM_F_TWOSTEP, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_FLAGS, .reply = true },
	{ .name = "two-step reply whose t3 is not its t2",
	  .off = 30, .val = HDRM_F_TIMESTAMPS | HDRM_F_TWOSTEP,
	  .len = HDRM_PAYLOAD_LEN, .err = HDRM_WIRE_REPLY_STAMPS,
	  .reply = true },
	{ .name = "follow-up without stamps",
	  .off = 29, .val = HDRM_TYPE_FOLLOWUP, .len = HDRM_PAYLOAD_LEN,
	  .err = HDRM_WIRE_FLAGS },
};

static int hdrm_check_reject(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_reject_case *c = &hdrm_reject_cases[i];
	struct hdrm_probe req = { HDRM_TYPE_REQUEST, 0, 0x01020304, 9, 1000, 0, 0 };
	u8 payload[HDRM_PAYLOAD_LEN];
	struct hdrm_probe p = { 0 };
	enum hdrm_wire_err err;

	if (c->reply)
		hdrm_payload_encode(payload, &hdrm_golden_probe);
	else
		hdrm_payload_encode(payload, &req);
	if (hdrm_payload_decode(payload, HDRM_PAYLOAD_LEN, &p) != HDRM_WIRE_OK)
		return hdrm_fail(msg, len, "%s: the unchanged frame is refused", c->name);
	payload[c->off] = c->val;
	memset(&p, 0x5a, sizeof(p));
	err = hdrm_payload_decode(payload, c->len, &p);
	if (err != c->err)
		return hdrm_fail(msg, len, "%s: %s, expected %s", c->name, hdrm_wire_err_str(err),
				 hdrm_wire_err_str(c->err));
	if (p.session != 0x5a5a5a5a)
		return hdrm_fail(msg, len, "%s: a refused frame was written to the probe", c->name);
	return 0;
}

static int hdrm_check_frame_encap(char *msg, size_t len)
{
	u8 frame[HDRM_FRAME_LEN];
	enum hdrm_encap encap;
	struct hdrm_probe p;

	memcpy(frame, hdrm_golden_frame, sizeof(frame));
	frame[5] = 0x0e;	/* 0x8808 to the 0x88B5 address */
	if (hdrm_frame_decode(frame, sizeof(frame), &encap, &p) != HDRM_WIRE_ENCAP)
		return hdrm_fail(msg, len, "MAC control frame to the wrong address accepted");
	memcpy(frame, hdrm_golden_frame, sizeof(frame));
	frame[12] = 0x08;
	frame[13] = 0x00;
	if (hdrm_frame_decode(frame, sizeof(frame), &encap, &p) != HDRM_WIRE_ENCAP)
		return hdrm_fail(msg, len, "IPv4 EtherType accepted");
	if (hdrm_frame_decode(frame, 13, &encap, &p) != HDRM_WIRE_SHORT)
		return hdrm_fail(msg, len, "13-byte frame accepted");
	return 0;
}

static int hdrm_check_reflect_rtt(char *msg, size_t len)
{
	struct hdrm_probe req = { HDRM_TYPE_REQUEST, 0, 77, 3, 1000, 0, 0 };
	struct hdrm_probe reply, fu, back;
	u8 payload[HDRM_PAYLOAD_LEN];
	s64 rtt;

	if (hdrm_reflect(&req, 5000, 5600, 0, &reply) ||
	    reply.type != HDRM_TYPE_REPLY || reply.flags != HDRM_F_TIMESTAMPS ||
	    reply.session != 77 || reply.seq != 3 || reply.t1 != 1000 ||
	    reply.t2 != 5000 || reply.t3 != 5600)
		return hdrm_fail(msg, len, "4ts reflection");
	if (hdrm_probe_rtt(&reply, 3000, &rtt) || rtt != 1400)
		return hdrm_fail(msg, len, "4ts rtt (3000-1000)-(5600-5000) = 1400, got %lld",
				 (long long)rtt);
	if (hdrm_probe_rtt(&reply, 999, &rtt) != -ERANGE)
		return hdrm_fail(msg, len, "t4 before t1 accepted");
	if (hdrm_probe_rtt(&reply, 1500, &rtt) != -ERANGE)
		return hdrm_fail(msg, len, "turnaround longer than the exchange accepted");
	if (hdrm_reflect(&req, 5000, 4999, 0, &reply) != -EINVAL)
		return hdrm_fail(msg, len, "t3 before t2 accepted");
	if (hdrm_reflect(&hdrm_golden_probe, 1, 2, 0, &reply) != -EINVAL)
		return hdrm_fail(msg, len, "a reply reflected");

	/* two-step: the reply's t3 is its t2, the follow-up brings t3 */
	if (hdrm_reflect(&req, 5000, 5600, HDRM_F_TWOSTEP, &reply) != -EINVAL)
		return hdrm_fail(msg, len, "two-step answered to a request without it");
	req.flags = HDRM_F_TWOSTEP | HDRM_F_HWTS;
	if (hdrm_reflect(&req, 5000, 5600, HDRM_F_TWOSTEP | HDRM_F_HWTS, &reply) ||
	    reply.flags != (HDRM_F_TIMESTAMPS | HDRM_F_TWOSTEP | HDRM_F_HWTS) ||
	    reply.t2 != 5000 || reply.t3 != 5000)
		return hdrm_fail(msg, len, "two-step reflection");
	if (hdrm_followup(&reply, 4999, true, &fu) != -EINVAL)
		return hdrm_fail(msg, len, "a follow-up's t3 before its t2 accepted");
	if (hdrm_followup(&reply, 5600, true, &fu) ||
	    fu.type != HDRM_TYPE_FOLLOWUP ||
	    fu.flags != (HDRM_F_TIMESTAMPS | HDRM_F_HWTS) ||
	    fu.session != 77 || fu.seq != 3 || fu.t1 != 1000 ||
	    fu.t2 != 5000 || fu.t3 != 5600)
		return hdrm_fail(msg, len, "follow-up");
	hdrm_payload_encode(payload, &fu);
	if (hdrm_payload_decode(payload, sizeof(payload), &back) != HDRM_WIRE_OK ||
	    memcmp(&back, &fu, sizeof(fu)))
		return hdrm_fail(msg, len, "follow-up round trip");
	hdrm_payload_encode(payload, &reply);
	if (hdrm_payload_decode(payload, sizeof(payload), &back) != HDRM_WIRE_OK)
		return hdrm_fail(msg, len, "two-step reply refused");
	if (hdrm_reflect(&req, 5000, 5600, 0, &reply) ||
	    hdrm_followup(&reply, 5600, false, &fu) != -EINVAL)
		return hdrm_fail(msg, len, "a follow-up to a one-step reply");

	req.flags = HDRM_F_LOOPBACK;
	if (hdrm_reflect(&req, 5000, 5600, 0, &reply) ||
	    reply.flags != HDRM_F_LOOPBACK || reply.t2 || reply.t3)
		return hdrm_fail(msg, len, "2ts reflection carries stamps");
	if (hdrm_probe_rtt(&reply, 3000, &rtt) || rtt != 2000)
		return hdrm_fail(msg, len, "2ts rtt t4 - t1 = 2000, got %lld", (long long)rtt);
	return 0;
}

/* ---- the reply rate limit ---- */

static int hdrm_check_ratelimit(char *msg, size_t len)
{
	u64 tat = 0, now;
	unsigned int allowed = 0;

	/* 10/s: a burst of 2 at once, the third refused */
	if (!hdrm_rl_allow(&tat, 0, 10) || !hdrm_rl_allow(&tat, 0, 10))
		return hdrm_fail(msg, len, "burst of 2 refused");
	if (hdrm_rl_allow(&tat, 0, 10))
		return hdrm_fail(msg, len, "third at once allowed");
	if (!hdrm_rl_allow(&tat, 100000000, 10))
		return hdrm_fail(msg, len, "one allowed after 100 ms");
	/* 1000 requests/s for 10 s against 100/s: 10 x 100 + the burst */
	tat = 0;
	for (now = 1; now <= 10 * HDRM_NSEC_PER_SEC; now += 1000000)
		allowed += hdrm_rl_allow(&tat, now, 100);
	if (allowed < 1000 || allowed > 1000 + hdrm_rl_burst(100))
		return hdrm_fail(msg, len, "100/s over 10 s allowed %u", allowed);
	return 0;
}

/* ---- applying: delay units, buffer mapping, static models ---- */

struct hdrm_delay_case {
	const char *name;
	u64 ns;
	u32 mbps;
	enum hdrm_delay_unit unit;
	u64 wanted;
	u16 value;
	bool clamped;
};

static const struct hdrm_delay_case hdrm_delay_cases[] = {
	{ .name = "5 us at 1 Gb/s is 5000 bits", .ns = 5000, .mbps = 1000,
	  .unit = HDRM_DELAY_BITS, .wanted = 5000, .value = 5000 },
	{ .name = "bits round up", .ns = 1, .mbps = 1,
	  .unit = HDRM_DELAY_BITS, .wanted = 1, .value = 1 },
	{ .name = "65535 bits fit", .ns = 65535, .mbps = 1000,
	  .unit = HDRM_DELAY_BITS, .wanted = 65535, .value = 65535 },
	{ .name = "10 us at 10 Gb/s is cut to 65535 bits", .ns = 10000,
	  .mbps = 10000, .unit = HDRM_DELAY_BITS, .wanted = 100000,
	  .value = 65535, .clamped = true },
	{ .name = "70 ns is 7 m", .ns = 70, .unit = HDRM_DELAY_METRES,
	  .wanted = 7, .value = 7 },
	{ .name = "metres round up", .ns = 71, .unit = HDRM_DELAY_METRES,
	  .wanted = 8, .value = 8 },
	{ .name = "0 ns is raised to 1 m (0 means no change)", .ns = 0,
	  .unit = HDRM_DELAY_METRES, .wanted = 0, .value = 1, .clamped = true },
	{ .name = "50 us is cut to 999 m", .ns = 50000,
	  .unit = HDRM_DELAY_METRES, .wanted = 5000, .value = 999,
	  .clamped = true },
	{ .name = "4.002 s at 1.6 Tb/s does not overflow", .ns = 4002000000ULL,
	  .mbps = 1600000, .unit = HDRM_DELAY_BITS,
	  .wanted = 6403200000000ULL, .value = 65535, .clamped = true },
};

static int hdrm_check_delay(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_delay_case *c = &hdrm_delay_cases[i];
	struct hdrm_delay d;

	if (hdrm_delay_value(c->ns, c->mbps, c->unit, &d))
		return hdrm_fail(msg, len, "%s: refused", c->name);
	if (d.wanted != c->wanted || d.value != c->value ||
	    d.clamped != c->clamped)
		return hdrm_fail(msg, len, "%s: %llu/%u/%d, expected %llu/%u/%d",
				 c->name, (unsigned long long)d.wanted, d.value,
				 d.clamped, (unsigned long long)c->wanted,
				 c->value, c->clamped);
	return 0;
}

static int hdrm_check_delay_misc(char *msg, size_t len)
{
	struct hdrm_delay d;

	if (hdrm_delay_value(1000, 0, HDRM_DELAY_BITS, &d) != -EINVAL)
		return hdrm_fail(msg, len, "bits at speed 0 accepted");
	if (hdrm_delay_value(1000, 0, HDRM_DELAY_METRES, &d) ||
	    d.value != 100)
		return hdrm_fail(msg, len, "metres need no speed: 1 us is 100 m");
	return 0;
}

/* Every priority on buffer 0 (64 KiB) but priority 3, alone on buffer 1. */
static const struct hdrm_buffers hdrm_buf_base = {
	.prio2buffer = { 0, 0, 0, 1, 0, 0, 0, 0 },
	.size = { 65536, 0 },
	.total = 262144,
};

static int hdrm_check_buffer_plan(char *msg, size_t len)
{
	u64 need[HDRM_PRIOS] = { 0, 0, 0, 10001, 5000, 0, 0, 0 };
	struct hdrm_buffers cur = hdrm_buf_base;
	struct hdrm_buffer_plan plan;
	int err;

	/* priority 3 lossless: buffer 1 holds its headroom in 128 B cells */
	err = hdrm_buffer_plan(&cur, BIT(3), need, 0xff, 128, &plan);
	if (err || plan.lossless != BIT(1) || plan.wanted[1] != 10112 ||
	    plan.next.size[1] != 10112 || plan.next.size[0] != 65536 ||
	    plan.clamped || memcmp(plan.next.prio2buffer, cur.prio2buffer, 8) ||
	    plan.next.total != cur.total)
		return hdrm_fail(msg, len, "one lossless buffer: err %d size %u",
				 err, plan.next.size[1]);
	/* priorities 3 and 4 share buffer 1: the larger headroom, once */
	cur.prio2buffer[4] = 1;
	err = hdrm_buffer_plan(&cur, BIT(3) | BIT(4), need, 0xff, 128, &plan);
	if (err || plan.next.size[1] != 10112 || plan.next.size[0] != 65536)
		return hdrm_fail(msg, len, "shared lossless buffer: size %u",
				 plan.next.size[1]);
	/* a lossless priority on the big buffer 0 shrinks it to its need */
	cur = hdrm_buf_base;
	err = hdrm_buffer_plan(&cur, BIT(4), need, 0xff, 1, &plan);
	if (err || plan.next.size[0] != 5000 || plan.next.size[1] != 0)
		return hdrm_fail(msg, len, "oversized lossless buffer: %u",
				 plan.next.size[0]);
	/* total 20000, lossy buffer 0 at 15000: 5000 left, cut to cells */
	cur.size[0] = 15000;
	cur.total = 20000;
	err = hdrm_buffer_plan(&cur, BIT(3), need, 0xff, 128, &plan);
	if (err || !plan.clamped || plan.wanted[1] != 10112 ||
	    plan.next.size[1] != 4992 || plan.next.size[0] != 15000)
		return hdrm_fail(msg, len, "clamp to the total: %d %u", err,
				 plan.next.size[1]);
	/* no total stated: no clamp */
	cur.total = 0;
	err = hdrm_buffer_plan(&cur, BIT(3), need, 0xff, 128, &plan);
	if (err || plan.clamped || plan.next.size[1] != 10112)
		return hdrm_fail(msg, len, "no total: %u", plan.next.size[1]);
	/* refusals */
	cur = hdrm_buf_base;
	if (hdrm_buffer_plan(&cur, 0, need, 0xff, 128, &plan) != -ENOENT)
		return hdrm_fail(msg, len, "no PFC priority accepted");
	if (hdrm_buffer_plan(&cur, BIT(3), need, BIT(4), 128, &plan) != -ENODATA)
		return hdrm_fail(msg, len, "a lossless priority without headroom accepted");
	if (hdrm_buffer_plan(&cur, BIT(3), need, 0xff, 0, &plan) != -EINVAL)
		return hdrm_fail(msg, len, "cell 0 accepted");
	cur.prio2buffer[3] = 8;
	if (hdrm_buffer_plan(&cur, BIT(3), need, 0xff, 128, &plan) != -EINVAL)
		return hdrm_fail(msg, len, "buffer index 8 accepted");
	cur = hdrm_buf_base;
	cur.size[2] = cur.total;
	if (hdrm_buffer_plan(&cur, BIT(3), need, 0xff, 128, &plan) != -ENOSPC)
		return hdrm_fail(msg, len, "lossy buffers filling the total accepted");
	/* a headroom beyond a u32 is cut to what a buffer can hold */
	cur.size[2] = 0;
	cur.total = 0;
	need[3] = 1ULL << 40;
	err = hdrm_buffer_plan(&cur, BIT(3), need, 0xff, 128, &plan);
	if (err || !plan.clamped || plan.next.size[1] != U32_MAX / 128 * 128)
		return hdrm_fail(msg, len, "2^40 bytes: %d %u", err,
				 plan.next.size[1]);
	return 0;
}

static int hdrm_check_static(char *msg, size_t len)
{
	u64 v;

	/* 9216 + 1522 + 3840 + 13000 (100 m at 100 Gb/s) */
	v = hdrm_static_cable(100000, 1522, 100);
	if (v != 27578)
		return hdrm_fail(msg, len, "cable model 100G 100 m: %llu",
				 (unsigned long long)v);
	/* 1300 bytes per 100 m at 10 Gb/s, as the seeds' table says */
	v = hdrm_static_cable(10000, 0, 100) - hdrm_static_cable(10000, 0, 0);
	if (v != 1300)
		return hdrm_fail(msg, len, "10G per 100 m: %llu",
				 (unsigned long long)v);
	return 0;
}

#endif /* _HDRM_CASES_H */
