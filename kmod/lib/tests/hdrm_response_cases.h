/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cases for the pause response's analysis (hdrm_response.c), shared by the
 * KUnit suite and the tool's user-space tests. A small generator plays a
 * stream and a pause as dcbsim would: the peer hands frames to its MAC
 * every g, the MAC sends them (back to back when they come faster than
 * the line), the XOFF takes effect a response time after the peer has
 * received it, frames the MAC would begin during the pause wait until the
 * XON arrives or the quanta run out, and every frame's last bit arrives
 * a one-way delay later. Each check returns 0, or non-zero with a message.
 */
#ifndef _HDRM_RESPONSE_CASES_H
#define _HDRM_RESPONSE_CASES_H

#include "hdrm_cases.h"
#include "../hdrm_response.h"
#include "../hdrm_sim.h"

/* ---- hand-worked repeats ---- */

/*
 * At 8000 Mb/s a byte takes 1 ns. 1000-byte untagged frames: 1024 bytes
 * of line each, 1012 from preamble to FCS. The peer begins frame k at
 * 2000k (half the line) and its clock reads 500000 more than ours; the
 * one-way delay is 1000, so frame k's last bit arrives at 2000k + 2012.
 * The XOFF leaves at 10000 and is whole at the peer at 11000; the peer
 * responds in 1500, so the frame it would begin at 14000 (k = 7) waits
 * for the XON, sent at 50000 and there at 51000, and k = 8 and 9 follow
 * it back to back (1024 apart).
 */
static const struct hdrm_response_arrival hdrm_resp_hand[] = {
	{ 2012, 500000, 0, 1000 },
	{ 4012, 502000, 1, 1000 },
	{ 6012, 504000, 2, 1000 },
	{ 8012, 506000, 3, 1000 },
	{ 10012, 508000, 4, 1000 },
	{ 12012, 510000, 5, 1000 },
	{ 14012, 512000, 6, 1000 },
	{ 53012, 514000, 7, 1000 },
	{ 54036, 516000, 8, 1000 },
	{ 55060, 518000, 9, 1000 },
};

static const struct hdrm_response_in hdrm_resp_hand_in = {
	.xoff_ns = 10000,
	.xon_ns = 50000,
	.speed_mbps = 8000,
	.rtt_ns = 2000,
	.arr = hdrm_resp_hand,
	.n = ARRAY_SIZE(hdrm_resp_hand),
};

/* Every figure of the hand-worked repeat, each by the comment's rule. */
static const struct hdrm_response_out hdrm_resp_hand_out = {
	.status = HDRM_RESP_OK,
	.threshold_ns = 10000,		/* (50000 - 10000) / 4 */
	.first_held = 7,		/* 51000 - 14000 = 37000 late */
	.last = 6,
	.hold_ns = 37000,
	.held = 3,			/* 36024 and 35048 late too */
	.after_xoff = 3,		/* 10012, 12012, 14012 */
	.lost = 0,
	.xoff_to_last_ns = 4012,	/* 14012 - 10000 */
	.bytes_after_xoff = 3072,	/* 3 x 1024 */
	.stream_rate_mbps = 4096,	/* 6 x 8192 bits in 12000 ns */
	.bytes_at_line_rate = 4012,
	.k_raw_ns = 1000,		/* 4012 - 2000 - 1012: 12000 - 11000 */
	.k_ns = 1000,
	.k_quanta = 16,			/* 8000 bits / 512, rounded up */
	.k_bytes = 1000,
	.gap_ns = 2000,			/* 514000 - 512000 */
};

static int hdrm_resp_compare(const char *what,
			     const struct hdrm_response_out *o,
			     const struct hdrm_response_out *w,
			     char *msg, size_t len)
{
	static const char * const name[] = {
		"status", "threshold_ns", "first_held", "last", "hold_ns",
		"held", "after_xoff", "lost", "xoff_to_last_ns",
		"bytes_after_xoff", "stream_rate_mbps", "bytes_at_line_rate",
		"k_raw_ns", "k_ns", "k_quanta", "k_bytes", "gap_ns",
	};
	const s64 got[] = {
		o->status, o->threshold_ns, o->first_held, o->last, o->hold_ns,
		o->held, o->after_xoff, o->lost, o->xoff_to_last_ns,
		o->bytes_after_xoff, o->stream_rate_mbps, o->bytes_at_line_rate,
		o->k_raw_ns, o->k_ns, o->k_quanta, o->k_bytes, o->gap_ns,
	};
	const s64 want[] = {
		w->status, w->threshold_ns, w->first_held, w->last, w->hold_ns,
		w->held, w->after_xoff, w->lost, w->xoff_to_last_ns,
		w->bytes_after_xoff, w->stream_rate_mbps, w->bytes_at_line_rate,
		w->k_raw_ns, w->k_ns, w->k_quanta, w->k_bytes, w->gap_ns,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(name); i++)
		if (got[i] != want[i])
			return hdrm_fail(msg, len, "%s: %s %lld, want %lld", what,
					 name[i], (long long)got[i],
					 (long long)want[i]);
	return 0;
}

static int hdrm_check_response_hand(char *msg, size_t len)
{
	static struct hdrm_response_arrival a[ARRAY_SIZE(hdrm_resp_hand)];
	struct hdrm_response_in in = hdrm_resp_hand_in;
	struct hdrm_response_out o, w;
	unsigned int i;
	int err;

	hdrm_response_analyse(&in, &o);
	err = hdrm_resp_compare("hand-worked", &o, &hdrm_resp_hand_out, msg,
				len);
	if (err)
		return err;

	/* the same, tagged: 4 more bytes a frame, 4 ns fewer of K */
	in.tagged = true;
	w = hdrm_resp_hand_out;
	w.bytes_after_xoff = 3 * 1028;
	w.stream_rate_mbps = 4112;	/* 6 x 8224 bits in 12000 ns */
	w.k_raw_ns = 996;
	w.k_ns = 996;
	w.k_bytes = 996;
	w.k_quanta = 16;		/* 7968 bits / 512 = 15.56 */
	hdrm_response_analyse(&in, &o);
	err = hdrm_resp_compare("tagged", &o, &w, msg, len);
	if (err)
		return err;

	/* a round trip longer than the last frame came: K below 0, kept */
	in = hdrm_resp_hand_in;
	in.rtt_ns = 4000;
	w = hdrm_resp_hand_out;
	w.k_raw_ns = -1000;
	w.k_ns = 0;
	w.k_bytes = 0;
	w.k_quanta = 0;
	hdrm_response_analyse(&in, &o);
	err = hdrm_resp_compare("K below 0", &o, &w, msg, len);
	if (err)
		return err;

	/*
	 * A 5 ms XON with 100 quanta (6400 ns at 8 Gb/s): a quarter of the
	 * quanta, not of the window, is the threshold; and frame 7, 37 us
	 * late, arrived long after such a pause ended (at 19400, within
	 * 1600): it was not held by it.
	 */
	in = hdrm_resp_hand_in;
	in.xon_ns = 5010000;
	in.xoff_quanta = 100;
	memset(&w, 0, sizeof(w));
	w.status = HDRM_RESP_NOT_HELD;
	w.threshold_ns = 1600;
	w.first_held = ARRAY_SIZE(hdrm_resp_hand);
	hdrm_response_analyse(&in, &o);
	err = hdrm_resp_compare("the quanta's threshold", &o, &w, msg, len);
	if (err)
		return err;

	/*
	 * Refreshed XOFFs at 8 Gb/s, 100 quanta (6400 ns) each, the XON at
	 * 50000 (the window's threshold, 10000): frames 7 to 9 held, sent
	 * 16 us later than before and arriving as before, when the pause
	 * ended; frame 6 sent 16 us later too and arriving on time, at 30012:
	 * 20 us after the XOFF, after the first XOFF's quanta and the round
	 * trip (8400), in a hole between its pause and a late refresh. Not
	 * K: not-held.
	 */
	memcpy(a, hdrm_resp_hand, sizeof(a));
	for (i = 6; i < ARRAY_SIZE(a); i++)
		a[i].sent_ns += 16000;
	a[6].rx_ns += 16000;
	in = hdrm_resp_hand_in;
	in.arr = a;
	in.xoff_quanta = 100;
	in.refreshed = true;
	hdrm_response_analyse(&in, &o);
	if (o.status != HDRM_RESP_NOT_HELD)
		return hdrm_fail(msg, len, "a hole between refreshes: %s",
				 hdrm_response_status_str(o.status));
	/* the hand-worked frames, frame 6 in the first pause's reach: ok */
	memcpy(a, hdrm_resp_hand, sizeof(a));
	hdrm_response_analyse(&in, &o);
	if (o.status != HDRM_RESP_OK || o.last != 6)
		return hdrm_fail(msg, len, "refreshed, no hole: %s, last %u",
				 hdrm_response_status_str(o.status), o.last);

	/*
	 * Frame 2 lost on the way: counted, and the rate over what came (5
	 * frames' bits over the same span). The peer's clock 2^62 behind
	 * ours changes nothing.
	 */
	memcpy(a, hdrm_resp_hand, sizeof(a));
	memmove(&a[2], &a[3], sizeof(a[0]) * (ARRAY_SIZE(a) - 3));
	in = hdrm_resp_hand_in;
	in.arr = a;
	in.n = ARRAY_SIZE(a) - 1;
	in.xoff_ns += 1ULL << 62;
	in.xon_ns += 1ULL << 62;
	for (i = 0; i < in.n; i++)
		a[i].rx_ns += 1ULL << 62;
	w = hdrm_resp_hand_out;
	w.first_held = 6;
	w.last = 5;
	w.lost = 1;
	w.stream_rate_mbps = 3413;	/* 40960000 / 12000 */
	hdrm_response_analyse(&in, &o);
	return hdrm_resp_compare("a frame lost early", &o, &w, msg, len);
}

/* ---- the generator ---- */

#define HDRM_SCN_MAX	1024

enum hdrm_scn_fault {
	HDRM_SCN_NONE,
	HDRM_SCN_IGNORE,	/* the peer never pauses */
	HDRM_SCN_DROP_LAST,	/* the last frame before the held ones lost */
	HDRM_SCN_SWAP,		/* frames 2 and 3 handed over swapped */
	HDRM_SCN_DUP,		/* frame 2 given twice */
	HDRM_SCN_SENT_BACK,	/* frame 3's send time before frame 2's */
	HDRM_SCN_HOLE,		/* 20 frames missing from just after the XOFF */
	HDRM_SCN_LATE_HOST,	/* never paused; late on the host after it */
};

struct hdrm_scn_exact {
	u32 first_held;
	u64 xoff_to_last_ns, bytes_after_xoff, stream_rate_mbps;
	u64 bytes_at_line_rate, k_quanta, k_bytes, gap_ns;
	s64 k_raw_ns;
};

struct hdrm_scn {
	const char *name;
	u32 speed;		/* Mb/s; a bit must be whole picoseconds */
	u32 frame_len;
	bool tagged;
	u64 g_ns;		/* the peer hands a frame over every g */
	u64 d_ns;		/* one way; the round trip is 2d */
	u64 resp_ns;		/* the peer's response, the truth */
	u64 x0_ns;		/* the XOFF's last bit leaves, from frame 0 */
	u64 window_ns;		/* XON - XOFF */
	u16 quanta;		/* the XOFF's; 0: 0xffff */
	u32 frames;
	s64 offset_ns;		/* the peer's clock less ours */
	bool passive;		/* as the peer's own traffic: no send times */
	bool refreshed;		/* XOFF again before the quanta ran out */
	enum hdrm_scn_fault fault;
	enum hdrm_response_status want;
	const struct hdrm_scn_exact *exact;
};

/* Plays @s into @a; returns how many arrivals, the XOFF and XON in @in. */
static u32 hdrm_scn_play(const struct hdrm_scn *s,
			 struct hdrm_response_arrival *a,
			 struct hdrm_response_in *in, u32 *first_held)
{
	const u64 base = 1000000000000ULL;	/* ours: 1000 s of uptime */
	const u64 bit = 1000000 / s->speed;	/* ps */
	u64 wire = hdrm_stream_wire_bytes(s->frame_len, s->tagged);
	u64 slot = 8 * wire * bit, flen = 8 * (wire - HDRM_WIRE_IFG) * bit;
	u64 x0 = s->x0_ns * 1000, d = s->d_ns * 1000;
	u64 took = x0 + d;			/* the peer has the XOFF */
	u64 from = took + s->resp_ns * 1000;	/* it holds frames from */
	u64 until = x0 + s->window_ns * 1000 + d;	/* the XON there */
	u64 expiry = took + (u64)(s->quanta ?: 0xffff) * 512 * bit;
	u64 hand, start, prev = 0;
	u32 i, n = 0;

	if (expiry < until && !s->refreshed)
		until = expiry;
	*first_held = s->frames;
	for (i = 0; i < s->frames && i < HDRM_SCN_MAX; i++) {
		hand = i * s->g_ns * 1000;
		start = i && prev + slot > hand ? prev + slot : hand;
		if (s->fault != HDRM_SCN_IGNORE &&
		    s->fault != HDRM_SCN_LATE_HOST && start >= from &&
		    start < until) {
			start = until;
			if (*first_held == s->frames)
				*first_held = i;
		}
		prev = start;
		a[n].rx_ns = base + div64_u64(start + flen + d, 1000);
		a[n].sent_ns = (u64)((s64)base + s->offset_ns) +
			       div64_u64(hand, 1000);
		a[n].seq = i;
		a[n].frame_len = s->frame_len;
		n++;
	}
	memset(in, 0, sizeof(*in));
	in->xoff_ns = base + s->x0_ns;
	in->xon_ns = in->xoff_ns + s->window_ns;
	in->xoff_quanta = s->quanta;
	in->refreshed = s->refreshed;
	in->speed_mbps = s->speed;
	in->rtt_ns = 2 * s->d_ns;
	in->tagged = s->tagged;
	in->arr = a;
	in->n = n;
	return n;
}

/*
 * Documentation/design.rst's worked example: 25 Gb/s, 5 us each way,
 * tagged 1514-byte frames (1542 bytes of line, 493.44 ns) every 2 us, a
 * response of 500 ns. The XOFF leaves at 18.8 us and is whole at the peer
 * at 23.8 us; frame 12 began at 24 us, before 24.3 us, so it still goes:
 * its last bit arrives at 24000 + 489.6 + 5000 = 29489.6, stamped 29489.
 */
static const struct hdrm_scn_exact hdrm_scn_doc = {
	.first_held = 13,
	.xoff_to_last_ns = 10689,	/* 29489 - 18800 */
	.bytes_after_xoff = 9252,	/* frames 7..12: 6 x 1542 */
	.stream_rate_mbps = 6168,	/* 12 x 12336 bits in 24000 ns */
	.bytes_at_line_rate = 33404,	/* 10689 x 25000 / 8000 = 33403.1 */
	.k_raw_ns = 200,		/* 10689 - 10000 - 489.6 = 199.4 */
	.k_quanta = 10,			/* 5000 bits / 512 = 9.8 */
	.k_bytes = 625,
	.gap_ns = 2000,
};

#define HDRM_US	1000ULL

static const struct hdrm_scn hdrm_scn_cases[] = {
	{ .name = "the worked example: 25G, 2 us apart, response 500 ns",
	  .speed = 25000, .frame_len = 1514, .tagged = true, .g_ns = 2000,
	  .d_ns = 5000, .resp_ns = 500, .x0_ns = 18800,
	  .window_ns = 40 * HDRM_US, .frames = 64,
	  .offset_ns = 123456789, .want = HDRM_RESP_OK,
	  .exact = &hdrm_scn_doc },
	{ .name = "25G, response 0", .speed = 25000, .frame_len = 1514,
	  .tagged = true, .g_ns = 600, .d_ns = 1000, .resp_ns = 0,
	  .x0_ns = 20 * HDRM_US, .window_ns = 40 * HDRM_US, .frames = 128,
	  .offset_ns = -987654321, .want = HDRM_RESP_OK },
	{ .name = "25G, response 500 ns", .speed = 25000, .frame_len = 1514,
	  .tagged = true, .g_ns = 600, .d_ns = 1000, .resp_ns = 500,
	  .x0_ns = 20 * HDRM_US + 123, .window_ns = 40 * HDRM_US,
	  .frames = 128, .offset_ns = 5, .want = HDRM_RESP_OK },
	{ .name = "25G, response 5000 ns", .speed = 25000, .frame_len = 1514,
	  .tagged = true, .g_ns = 600, .d_ns = 1000, .resp_ns = 5000,
	  .x0_ns = 20 * HDRM_US + 77, .window_ns = 40 * HDRM_US,
	  .frames = 128, .want = HDRM_RESP_OK },
	{ .name = "100G, response 0", .speed = 100000, .frame_len = 1514,
	  .tagged = true, .g_ns = 150, .d_ns = 2000, .resp_ns = 0,
	  .x0_ns = 10 * HDRM_US + 31, .window_ns = 40 * HDRM_US,
	  .frames = 512, .offset_ns = 1LL << 61, .want = HDRM_RESP_OK },
	{ .name = "100G, response 500 ns", .speed = 100000, .frame_len = 1514,
	  .tagged = true, .g_ns = 150, .d_ns = 2000, .resp_ns = 500,
	  .x0_ns = 10 * HDRM_US, .window_ns = 40 * HDRM_US, .frames = 512,
	  .offset_ns = -(1LL << 39), .want = HDRM_RESP_OK },
	{ .name = "100G, response 5000 ns", .speed = 100000, .frame_len = 1514,
	  .tagged = true, .g_ns = 150, .d_ns = 2000, .resp_ns = 5000,
	  .x0_ns = 10 * HDRM_US + 7, .window_ns = 40 * HDRM_US,
	  .frames = 512, .want = HDRM_RESP_OK },
	{ .name = "25G, handed over faster than the line: queued",
	  .speed = 25000, .frame_len = 1514, .tagged = true, .g_ns = 400,
	  .d_ns = 1000, .resp_ns = 500, .x0_ns = 20 * HDRM_US,
	  .window_ns = 40 * HDRM_US, .frames = 160, .want = HDRM_RESP_OK },
	{ .name = "100G, least frames back to back", .speed = 100000,
	  .frame_len = 60, .tagged = true, .g_ns = 0, .d_ns = 500,
	  .resp_ns = 1000, .x0_ns = 2 * HDRM_US, .window_ns = 20 * HDRM_US,
	  .frames = 1024, .want = HDRM_RESP_OK },
	{ .name = "10G, untagged jumbo frames", .speed = 10000,
	  .frame_len = 9014, .g_ns = 8000, .d_ns = 300, .resp_ns = 3000,
	  .x0_ns = 100 * HDRM_US, .window_ns = 200 * HDRM_US, .frames = 64,
	  .want = HDRM_RESP_OK },
	{ .name = "100G, the quanta run out before the XON", .speed = 100000,
	  .frame_len = 1514, .tagged = true, .g_ns = 1000, .d_ns = 2000,
	  .resp_ns = 500, .x0_ns = 10 * HDRM_US, .window_ns = 1000 * HDRM_US,
	  .frames = 512, .want = HDRM_RESP_OK },
	{ .name = "100G, the XOFF refreshed: paused to the XON 1 ms on",
	  .speed = 100000, .frame_len = 1514, .tagged = true, .g_ns = 1000,
	  .d_ns = 2000, .resp_ns = 500, .x0_ns = 10 * HDRM_US,
	  .window_ns = 1000 * HDRM_US, .frames = 1024, .refreshed = true,
	  .want = HDRM_RESP_OK },
	{ .name = "25G, 1000 quanta (20.48 us) in a 1 ms window",
	  .speed = 25000, .frame_len = 1514, .tagged = true, .g_ns = 600,
	  .d_ns = 1000, .resp_ns = 500, .x0_ns = 20 * HDRM_US,
	  .window_ns = 1000 * HDRM_US, .quanta = 1000, .frames = 128,
	  .want = HDRM_RESP_OK },
	{ .name = "the peer ignores the pause", .speed = 25000,
	  .frame_len = 1514, .tagged = true, .g_ns = 600, .d_ns = 1000,
	  .resp_ns = 500, .x0_ns = 20 * HDRM_US, .window_ns = 40 * HDRM_US,
	  .frames = 128, .fault = HDRM_SCN_IGNORE,
	  .want = HDRM_RESP_NOT_HELD },
	{ .name = "not paused, a host's stall after the XON: not held",
	  .speed = 25000, .frame_len = 1514, .tagged = true, .g_ns = 600,
	  .d_ns = 1000, .resp_ns = 500, .x0_ns = 20 * HDRM_US,
	  .window_ns = 40 * HDRM_US, .frames = 256,
	  .fault = HDRM_SCN_LATE_HOST, .want = HDRM_RESP_NOT_HELD },
	{ .name = "the peer responds after the XON", .speed = 25000,
	  .frame_len = 1514, .tagged = true, .g_ns = 600, .d_ns = 1000,
	  .resp_ns = 41 * HDRM_US, .x0_ns = 20 * HDRM_US,
	  .window_ns = 40 * HDRM_US, .frames = 128,
	  .want = HDRM_RESP_NOT_HELD },
	{ .name = "the stream ended before the XOFF", .speed = 25000,
	  .frame_len = 1514, .tagged = true, .g_ns = 600, .d_ns = 1000,
	  .resp_ns = 500, .x0_ns = 20 * HDRM_US, .window_ns = 40 * HDRM_US,
	  .frames = 30, .want = HDRM_RESP_NOT_HELD },
	{ .name = "a sparse stream: nothing between XOFF and pause",
	  .speed = 25000, .frame_len = 1514, .tagged = true, .g_ns = 30000,
	  .d_ns = 1000, .resp_ns = 500, .x0_ns = 35 * HDRM_US,
	  .window_ns = 40 * HDRM_US, .frames = 4, .want = HDRM_RESP_SPARSE },
	{ .name = "the XOFF before the first frame", .speed = 25000,
	  .frame_len = 1514, .tagged = true, .g_ns = 600, .d_ns = 1000,
	  .resp_ns = 500, .x0_ns = 0, .window_ns = 40 * HDRM_US,
	  .frames = 128, .want = HDRM_RESP_LATE },
	{ .name = "the last frame before the held ones lost", .speed = 25000,
	  .frame_len = 1514, .tagged = true, .g_ns = 600, .d_ns = 1000,
	  .resp_ns = 500, .x0_ns = 20 * HDRM_US, .window_ns = 40 * HDRM_US,
	  .frames = 128, .fault = HDRM_SCN_DROP_LAST,
	  .want = HDRM_RESP_LOST },
	{ .name = "two frames swapped", .speed = 25000, .frame_len = 1514,
	  .tagged = true, .g_ns = 600, .d_ns = 1000, .resp_ns = 500,
	  .x0_ns = 20 * HDRM_US, .window_ns = 40 * HDRM_US, .frames = 128,
	  .fault = HDRM_SCN_SWAP, .want = HDRM_RESP_ORDER },
	{ .name = "a frame twice", .speed = 25000, .frame_len = 1514,
	  .tagged = true, .g_ns = 600, .d_ns = 1000, .resp_ns = 500,
	  .x0_ns = 20 * HDRM_US, .window_ns = 40 * HDRM_US, .frames = 128,
	  .fault = HDRM_SCN_DUP, .want = HDRM_RESP_ORDER },
	{ .name = "a send time going back", .speed = 25000, .frame_len = 1514,
	  .tagged = true, .g_ns = 600, .d_ns = 1000, .resp_ns = 500,
	  .x0_ns = 20 * HDRM_US, .window_ns = 40 * HDRM_US, .frames = 128,
	  .fault = HDRM_SCN_SENT_BACK, .want = HDRM_RESP_ORDER },
	/* passive: the same traffic, its send times and numbers unread */
	{ .name = "passive: 25G, 600 ns apart, response 500 ns",
	  .speed = 25000, .frame_len = 1514, .tagged = true, .g_ns = 600,
	  .d_ns = 1000, .resp_ns = 500, .x0_ns = 20 * HDRM_US,
	  .window_ns = 40 * HDRM_US, .frames = 128, .passive = true,
	  .want = HDRM_RESP_OK },
	{ .name = "passive: 100G back to back, response 5 us",
	  .speed = 100000, .frame_len = 1514, .tagged = true, .g_ns = 100,
	  .d_ns = 2500, .resp_ns = 5 * HDRM_US, .x0_ns = 20 * HDRM_US,
	  .window_ns = 100 * HDRM_US, .frames = 1024, .passive = true,
	  .want = HDRM_RESP_OK },
	{ .name = "passive: untagged 64-byte frames, quanta run out first",
	  .speed = 25000, .frame_len = 64, .g_ns = 100, .d_ns = 1000,
	  .resp_ns = 500, .x0_ns = 20 * HDRM_US,
	  .window_ns = 1000 * HDRM_US, .quanta = 1000, .frames = 1024,
	  .passive = true, .want = HDRM_RESP_OK },
	{ .name = "passive: a hole in the traffic before the pause acts",
	  .speed = 25000, .frame_len = 1514, .tagged = true, .g_ns = 600,
	  .d_ns = 1000, .resp_ns = 15 * HDRM_US, .x0_ns = 20 * HDRM_US,
	  .window_ns = 40 * HDRM_US, .frames = 128, .passive = true,
	  .fault = HDRM_SCN_HOLE, .want = HDRM_RESP_OK },
	{ .name = "passive: traffic too sparse to pause", .speed = 25000,
	  .frame_len = 1514, .tagged = true, .g_ns = 6000, .d_ns = 1000,
	  .resp_ns = 500, .x0_ns = 80 * HDRM_US, .window_ns = 40 * HDRM_US,
	  .frames = 64, .passive = true, .want = HDRM_RESP_IDLE },
	{ .name = "passive: too few frames before the XOFF", .speed = 25000,
	  .frame_len = 1514, .tagged = true, .g_ns = 600, .d_ns = 1000,
	  .resp_ns = 500, .x0_ns = 4 * HDRM_US, .window_ns = 40 * HDRM_US,
	  .frames = 128, .passive = true, .want = HDRM_RESP_IDLE },
	{ .name = "passive: the peer ignores the pause", .speed = 25000,
	  .frame_len = 1514, .tagged = true, .g_ns = 600, .d_ns = 1000,
	  .resp_ns = 500, .x0_ns = 20 * HDRM_US, .window_ns = 40 * HDRM_US,
	  .frames = 128, .passive = true, .fault = HDRM_SCN_IGNORE,
	  .want = HDRM_RESP_NOT_HELD },
	{ .name = "passive: the traffic stops at the pause", .speed = 25000,
	  .frame_len = 1514, .tagged = true, .g_ns = 600, .d_ns = 1000,
	  .resp_ns = 500, .x0_ns = 20 * HDRM_US, .window_ns = 40 * HDRM_US,
	  .frames = 36, .passive = true, .want = HDRM_RESP_NOT_HELD },
};

#undef HDRM_US

static int hdrm_check_response_scn(unsigned int c, char *msg, size_t len)
{
	static struct hdrm_response_arrival a[HDRM_SCN_MAX + 1];
	const struct hdrm_scn *s = &hdrm_scn_cases[c];
	const struct hdrm_scn_exact *x = s->exact;
	struct hdrm_response_out o, w;
	u64 slot_ns, tol, bytes, gap;
	struct hdrm_response_in in;
	u32 n, held, after = 0, i;

	n = hdrm_scn_play(s, a, &in, &held);
	switch (s->fault) {
	case HDRM_SCN_DROP_LAST:
		memmove(&a[held - 1], &a[held], sizeof(a[0]) * (n - held));
		in.n = --n;
		break;
	case HDRM_SCN_SWAP:
		o.xoff_to_last_ns = a[2].rx_ns;		/* a spare u64 */
		a[2].rx_ns = a[3].rx_ns;
		a[3].rx_ns = o.xoff_to_last_ns;
		a[2].seq = 3;
		a[3].seq = 2;
		break;
	case HDRM_SCN_DUP:
		memmove(&a[3], &a[2], sizeof(a[0]) * (n - 2));
		in.n = ++n;
		break;
	case HDRM_SCN_SENT_BACK:
		a[3].sent_ns = a[2].sent_ns - 1;
		break;
	case HDRM_SCN_LATE_HOST:
		/*
		 * The peer's host stalls half the window between the send
		 * time and the MAC, a window after the XON: every frame
		 * from then on is that much later in transit.
		 */
		for (i = 0; i < n && a[i].rx_ns <= in.xon_ns + s->window_ns;
		     i++)
			;
		if (i + 16 > n)
			return hdrm_fail(msg, len, "%s: no room for the stall",
					 s->name);
		for (; i < n; i++)
			a[i].rx_ns += s->window_ns / 2;
		break;
	case HDRM_SCN_HOLE:
		for (i = 0; i < n && a[i].rx_ns <= in.xoff_ns; i++)
			;
		if (i + 20 > held)
			return hdrm_fail(msg, len, "%s: no room for the hole",
					 s->name);
		memmove(&a[i], &a[i + 20], sizeof(a[0]) * (n - i - 20));
		in.n = n -= 20;
		held -= 20;
		break;
	default:
		break;
	}
	if (s->passive) {
		in.passive = true;
		for (i = 0; i < n; i++) {
			a[i].sent_ns = 0;
			a[i].seq = 0;
		}
	}
	hdrm_response_analyse(&in, &o);
	if (o.status != s->want)
		return hdrm_fail(msg, len, "%s: \"%s\", want \"%s\" (held from %u of %u)",
				 s->name, hdrm_response_status_str(o.status),
				 hdrm_response_status_str(s->want), held, n);
	if (o.status != HDRM_RESP_OK)
		return 0;

	/* the generator knows which frame was held first, and the rest */
	if (o.first_held != held || o.last != held - 1 || o.lost)
		return hdrm_fail(msg, len, "%s: first held %u, want %u; lost %u",
				 s->name, o.first_held, held, o.lost);
	bytes = hdrm_stream_wire_bytes(s->frame_len, s->tagged);
	for (i = 0; i < held; i++)
		if (a[i].rx_ns > in.xoff_ns)
			after++;
	if (s->passive) {
		/* the traffic's widest gap over the last 8 before the pause */
		gap = 0;
		for (i = held > 9 ? held - 9 : 1; i < held; i++)
			if (a[i].rx_ns - a[i - 1].rx_ns > gap)
				gap = a[i].rx_ns - a[i - 1].rx_ns;
	} else {
		gap = a[held].sent_ns - a[held - 1].sent_ns;
	}
	if (o.after_xoff != after || o.bytes_after_xoff != after * bytes ||
	    o.xoff_to_last_ns != a[held - 1].rx_ns - in.xoff_ns ||
	    o.gap_ns != gap)
		return hdrm_fail(msg, len, "%s: %u after the XOFF, %llu bytes, %llu ns, gap %llu",
				 s->name, o.after_xoff,
				 (unsigned long long)o.bytes_after_xoff,
				 (unsigned long long)o.xoff_to_last_ns,
				 (unsigned long long)o.gap_ns);
	/*
	 * The peer's last frame began within the response, and no earlier
	 * than a frame (or a gap of the stream's) before its end: K is
	 * within that of the truth, and never above it (the stamps round
	 * down, K up: one more ns below).
	 */
	slot_ns = hdrm_stream_wire_ns(s->frame_len, s->tagged, s->speed);
	tol = slot_ns > s->g_ns ? slot_ns : s->g_ns;
	if (o.k_raw_ns > (s64)s->resp_ns ||
	    o.k_raw_ns < (s64)s->resp_ns - (s64)tol - 1 ||
	    o.k_ns != (o.k_raw_ns > 0 ? (u64)o.k_raw_ns : 0) ||
	    s->resp_ns - o.k_ns > slot_ns + s->g_ns)
		return hdrm_fail(msg, len, "%s: K %lld ns for a response of %llu (within %llu)",
				 s->name, (long long)o.k_raw_ns,
				 (unsigned long long)s->resp_ns,
				 (unsigned long long)tol);
	if (!s->resp_ns && o.k_ns)
		return hdrm_fail(msg, len, "%s: K %llu for an immediate response",
				 s->name, (unsigned long long)o.k_ns);
	if (!x)
		return 0;
	/* the worked example's figures, each */
	w = o;
	w.first_held = x->first_held;
	w.last = x->first_held - 1;
	w.xoff_to_last_ns = x->xoff_to_last_ns;
	w.bytes_after_xoff = x->bytes_after_xoff;
	w.stream_rate_mbps = x->stream_rate_mbps;
	w.bytes_at_line_rate = x->bytes_at_line_rate;
	w.k_raw_ns = x->k_raw_ns;
	w.k_ns = x->k_raw_ns > 0 ? x->k_raw_ns : 0;
	w.k_quanta = x->k_quanta;
	w.k_bytes = x->k_bytes;
	w.gap_ns = x->gap_ns;
	return hdrm_resp_compare(s->name, &o, &w, msg, len);
}

/* ---- inputs refused ---- */

struct hdrm_resp_bad_case {
	const char *name;
	/* changes to the hand-worked repeat, where not 0 */
	u64 xoff_ns, xon_ns, rtt_ns;
	u32 speed;
	bool no_speed;
	u32 n;			/* arrivals to take */
	bool none;		/* no arrivals at all */
	unsigned int frame;	/* which to change below */
	u32 frame_len;
	u64 rx_ns;
	enum hdrm_response_status want;
};

static const struct hdrm_resp_bad_case hdrm_resp_bad_cases[] = {
	{ .name = "speed 0", .no_speed = true, .want = HDRM_RESP_RANGE },
	/*
	 * Taken, not refused; at 1.6 Tb/s the quanta end the pause at the
	 * peer 21 us after the XOFF, so frame 7, which the XON at 40 us
	 * released, was not held by it (the case's frames are 8 Gb/s's).
	 */
	{ .name = "1.6 Tb/s", .speed = 1600000, .want = HDRM_RESP_NOT_HELD },
	{ .name = "over 1.6 Tb/s", .speed = 1600001,
	  .want = HDRM_RESP_RANGE },
	/* taken; frame 7 came 4 s before such a pause could release it */
	{ .name = "a round trip of 4 s", .rtt_ns = 4000000000ULL,
	  .want = HDRM_RESP_NOT_HELD },
	{ .name = "a round trip over 4 s", .rtt_ns = 4000000001ULL,
	  .want = HDRM_RESP_RANGE },
	{ .name = "the XON with the XOFF", .xon_ns = 10000,
	  .want = HDRM_RESP_WINDOW },
	{ .name = "the XON before the XOFF", .xon_ns = 9999,
	  .want = HDRM_RESP_WINDOW },
	{ .name = "a window over 4 s", .xon_ns = 4000010001ULL,
	  .want = HDRM_RESP_RANGE },
	{ .name = "two frames", .n = 2, .want = HDRM_RESP_FEW },
	{ .name = "no frames", .none = true, .want = HDRM_RESP_FEW },
	{ .name = "a 59-byte frame", .frame = 3, .frame_len = 59,
	  .want = HDRM_RESP_RANGE },
	{ .name = "a 9217-byte frame", .frame = 3, .frame_len = 9217,
	  .want = HDRM_RESP_RANGE },
	{ .name = "a 9216-byte frame", .frame = 3, .frame_len = 9216,
	  .want = HDRM_RESP_OK },
	{ .name = "an arrival before the one before it", .frame = 3,
	  .rx_ns = 6011, .want = HDRM_RESP_ORDER },
	{ .name = "two arrivals at once", .frame = 3, .rx_ns = 6012,
	  .want = HDRM_RESP_OK },
	{ .name = "a held frame over 4 s after the XOFF", .frame = 9,
	  .rx_ns = 4000010001ULL, .want = HDRM_RESP_RANGE },
	{ .name = "a held frame 4 s after the XOFF", .frame = 9,
	  .rx_ns = 4000010000ULL, .want = HDRM_RESP_OK },
	{ .name = "the first frame over 4 s before the XOFF",
	  .xoff_ns = 4000002013ULL, .xon_ns = 4000042013ULL,
	  .want = HDRM_RESP_RANGE },
	{ .name = "the XOFF as the first frame arrives", .xoff_ns = 2012,
	  .xon_ns = 42012, .want = HDRM_RESP_OK },
	{ .name = "the XOFF 1 ns before the first frame", .xoff_ns = 2011,
	  .xon_ns = 42011, .want = HDRM_RESP_LATE },
	{ .name = "the XOFF as the last frame arrives", .xoff_ns = 14012,
	  .xon_ns = 54012, .want = HDRM_RESP_SPARSE },
	{ .name = "the XOFF 1 ns before the last frame", .xoff_ns = 14011,
	  .xon_ns = 54011, .want = HDRM_RESP_OK },
};

static int hdrm_check_response_bad(unsigned int c, char *msg, size_t len)
{
	static struct hdrm_response_arrival a[ARRAY_SIZE(hdrm_resp_hand)];
	const struct hdrm_resp_bad_case *t = &hdrm_resp_bad_cases[c];
	struct hdrm_response_in in = hdrm_resp_hand_in;
	struct hdrm_response_out o;

	memcpy(a, hdrm_resp_hand, sizeof(a));
	in.arr = a;
	if (t->xoff_ns)
		in.xoff_ns = t->xoff_ns;
	if (t->xon_ns)
		in.xon_ns = t->xon_ns;
	if (t->rtt_ns)
		in.rtt_ns = t->rtt_ns;
	if (t->speed || t->no_speed)
		in.speed_mbps = t->speed;
	if (t->n || t->none)
		in.n = t->n;
	if (t->none)
		in.arr = NULL;
	if (t->frame_len)
		a[t->frame].frame_len = t->frame_len;
	if (t->rx_ns)
		a[t->frame].rx_ns = t->rx_ns;
	memset(&o, 0xa5, sizeof(o));
	hdrm_response_analyse(&in, &o);
	if (o.status != t->want)
		return hdrm_fail(msg, len, "%s: \"%s\", want \"%s\"", t->name,
				 hdrm_response_status_str(o.status),
				 hdrm_response_status_str(t->want));
	if (o.status != HDRM_RESP_OK && (o.k_ns || o.k_bytes || o.gap_ns))
		return hdrm_fail(msg, len, "%s: figures left from before",
				 t->name);
	return 0;
}

/* The bounds' ends, at the highest speed, exact and within 64 bits. */
static int hdrm_check_response_limits(char *msg, size_t len)
{
	static struct hdrm_response_arrival a[3];
	struct hdrm_response_in in = {
		.xoff_ns = 4000000000ULL,
		.xon_ns = 8000000000ULL,
		.speed_mbps = 1600000,
		.arr = a,
		.n = 3,
	};
	const struct hdrm_response_arrival f0 = { 0, 0, 0, 9216 };
	struct hdrm_response_agg agg;
	struct hdrm_response_out o;
	u32 kb;

	/* 4 s before the XOFF to 4 s after it, 8 s of the peer's: taken */
	a[0] = f0;
	a[1] = f0;
	a[1].rx_ns = 4000000001ULL;
	a[1].sent_ns = 4000000001ULL;
	a[1].seq = 1;
	a[2] = f0;
	a[2].rx_ns = 8000000000ULL;
	a[2].sent_ns = 8000000000ULL;
	a[2].seq = 2;
	hdrm_response_analyse(&in, &o);
	if (o.status != HDRM_RESP_NOT_HELD)
		return hdrm_fail(msg, len, "at the span's ends: %s",
				 hdrm_response_status_str(o.status));
	a[2].rx_ns++;
	hdrm_response_analyse(&in, &o);
	if (o.status != HDRM_RESP_RANGE)
		return hdrm_fail(msg, len, "1 ns past 4 s: %s",
				 hdrm_response_status_str(o.status));
	a[2].rx_ns--;
	a[2].sent_ns++;
	hdrm_response_analyse(&in, &o);
	if (o.status != HDRM_RESP_RANGE)
		return hdrm_fail(msg, len, "the peer's 8 s and 1 ns: %s",
				 hdrm_response_status_str(o.status));

	/*
	 * Frame 2 held 4 s less 1 ns, against a threshold of 1 ns, on a
	 * round trip of 4 s less 4 ns: the pause of 4 ns ends there, and
	 * frame 2 arrives a round trip later, at 8 s. K: 1 ns less the
	 * round trip and the frame's 9228 bytes from preamble to FCS (46.14
	 * ns at 1.6 Tb/s) is -4000000041.14, rounded up -4000000041; 1 ns
	 * of line is 200 bytes.
	 */
	a[2].sent_ns = 4000000001ULL;
	in.xon_ns = 4000000004ULL;
	in.rtt_ns = 3999999996ULL;
	hdrm_response_analyse(&in, &o);
	if (o.status != HDRM_RESP_OK || o.threshold_ns != 1 ||
	    o.first_held != 2 || o.hold_ns != 3999999999ULL ||
	    o.xoff_to_last_ns != 1 || o.k_raw_ns != -4000000041LL || o.k_ns ||
	    o.bytes_at_line_rate != 200 || o.bytes_after_xoff != 9240 ||
	    o.gap_ns || o.stream_rate_mbps)
		return hdrm_fail(msg, len, "held 4 s: %s, held %llu, K %lld, %llu B, %llu Mb/s",
				 hdrm_response_status_str(o.status),
				 (unsigned long long)o.hold_ns,
				 (long long)o.k_raw_ns,
				 (unsigned long long)o.bytes_at_line_rate,
				 (unsigned long long)o.stream_rate_mbps);

	/*
	 * The longest pause, at 10 Mb/s: 0xffff quanta are 3355392000 ns,
	 * shorter than the 4 s window, and set the threshold (838848000).
	 * Frame 2, held 1 s, arrives at 8 s, 644608000 after the pause's end
	 * (4 s + 3355392000, no round trip): within it. The last frame 3 s
	 * after the XOFF: K 3 s less the frame's 7382400 ns, exact; x 1.25
	 * bytes and / 51.2 quanta a ns, rounded up.
	 */
	in.speed_mbps = 10;
	in.rtt_ns = 0;
	a[1].rx_ns = 7000000000ULL;
	a[1].sent_ns = 7000000000ULL;
	a[2].rx_ns = 8000000000ULL;
	a[2].sent_ns = 7000000000ULL;
	in.xon_ns = 8000000000ULL;
	hdrm_response_analyse(&in, &o);
	if (o.status != HDRM_RESP_OK || o.threshold_ns != 838848000ULL ||
	    o.hold_ns != 1000000000ULL || o.xoff_to_last_ns != 3000000000ULL ||
	    o.k_raw_ns != 2992617600LL || o.k_ns != 2992617600ULL ||
	    o.k_bytes != 3740772ULL || o.k_quanta != 58450ULL ||
	    o.bytes_at_line_rate != 3750000ULL)
		return hdrm_fail(msg, len, "3 s: %s, K %lld ns %llu B %llu q",
				 hdrm_response_status_str(o.status),
				 (long long)o.k_raw_ns,
				 (unsigned long long)o.k_bytes,
				 (unsigned long long)o.k_quanta);
	/* the headroom's arithmetic takes K up to HDRM_CALC_MAX_K bytes */
	if (hdrm_response_aggregate(&o, 1, &agg) ||
	    hdrm_response_k_bytes(&agg, &kb) || kb != 3740772U)
		return hdrm_fail(msg, len, "a K of 3740772 bytes refused");
	agg.k_bytes.max = HDRM_CALC_MAX_K + 1ULL;
	if (hdrm_response_k_bytes(&agg, &kb) != -ERANGE)
		return hdrm_fail(msg, len, "a K over HDRM_CALC_MAX_K taken");
	return 0;
}

/* ---- the aggregate ---- */

static int hdrm_check_response_aggregate(char *msg, size_t len)
{
	static struct hdrm_response_out rep[HDRM_RESPONSE_MAX_REPEATS + 1];
	static const u32 k[] = { 700, 100, 500, 300, 900, 200 };
	struct hdrm_response_agg agg;
	u32 kb, i;
	int err;

	memset(rep, 0, sizeof(rep));
	for (i = 0; i < ARRAY_SIZE(k); i++) {
		rep[i].status = HDRM_RESP_OK;
		rep[i].k_ns = k[i];
		rep[i].k_bytes = 10 * k[i];
		rep[i].k_quanta = k[i] / 100;
		rep[i].xoff_to_last_ns = 1000 + k[i];
		rep[i].bytes_after_xoff = 5;
		rep[i].stream_rate_mbps = 25000 - k[i];
		rep[i].bytes_at_line_rate = 2 * k[i];
		rep[i].gap_ns = i;
	}
	/* two failures between them, left out of every figure */
	rep[6].status = HDRM_RESP_LOST;
	rep[6].k_ns = 99999;
	rep[6].k_bytes = 99999;
	rep[7].status = HDRM_RESP_NOT_HELD;
	err = hdrm_response_aggregate(rep, 8, &agg);
	/* six ok: 100 200 300 500 700 900, the lower middle 300 */
	if (err || agg.repeats != 8 || agg.ok != 6 ||
	    agg.status[HDRM_RESP_OK] != 6 || agg.status[HDRM_RESP_LOST] != 1 ||
	    agg.status[HDRM_RESP_NOT_HELD] != 1 ||
	    agg.k_ns.min != 100 || agg.k_ns.median != 300 ||
	    agg.k_ns.max != 900 || agg.k_bytes.max != 9000 ||
	    agg.k_quanta.median != 3 || agg.xoff_to_last_ns.min != 1100 ||
	    agg.bytes_after_xoff.median != 5 ||
	    agg.stream_rate_mbps.min != 24100 ||
	    agg.stream_rate_mbps.median != 24500 ||
	    agg.bytes_at_line_rate.max != 1800 || agg.gap_ns.max != 5 ||
	    agg.gap_ns.median != 2)
		return hdrm_fail(msg, len, "six of eight: %d, ok %u, K %llu/%llu/%llu",
				 err, agg.ok,
				 (unsigned long long)agg.k_ns.min,
				 (unsigned long long)agg.k_ns.median,
				 (unsigned long long)agg.k_ns.max);
	if (hdrm_response_k_bytes(&agg, &kb) || kb != 9000)
		return hdrm_fail(msg, len, "K for the headroom: %u", kb);
	/* an odd count: the middle one; the input left unsorted */
	err = hdrm_response_aggregate(rep, 5, &agg);
	if (err || agg.k_ns.median != 500 || rep[0].k_ns != 700)
		return hdrm_fail(msg, len, "five: median %llu",
				 (unsigned long long)agg.k_ns.median);
	err = hdrm_response_aggregate(rep + 6, 2, &agg);
	if (err != -ENODATA || agg.ok || agg.repeats != 2 ||
	    hdrm_response_k_bytes(&agg, &kb) != -ENODATA)
		return hdrm_fail(msg, len, "none ok: %d", err);
	if (hdrm_response_aggregate(rep, HDRM_RESPONSE_MAX_REPEATS + 1, &agg) !=
	    -ERANGE)
		return hdrm_fail(msg, len, "17 repeats taken");
	for (i = 0; i < HDRM_RESPONSE_MAX_REPEATS; i++) {
		rep[i].status = HDRM_RESP_OK;
		rep[i].k_bytes = HDRM_CALC_MAX_K;
	}
	err = hdrm_response_aggregate(rep, HDRM_RESPONSE_MAX_REPEATS, &agg);
	if (err || agg.ok != 16 || hdrm_response_k_bytes(&agg, &kb) ||
	    kb != HDRM_CALC_MAX_K)
		return hdrm_fail(msg, len, "sixteen at the largest K: %d", err);
	rep[3].k_bytes = HDRM_CALC_MAX_K + 1ULL;
	hdrm_response_aggregate(rep, HDRM_RESPONSE_MAX_REPEATS, &agg);
	if (hdrm_response_k_bytes(&agg, &kb) != -ERANGE)
		return hdrm_fail(msg, len, "a K beyond the arithmetic taken");
	return 0;
}

/* The measured K in the headroom, where the table's would go. */
/*
 * Bytes after the XOFF against the PFC loop simulator (hdrm_sim.h): a
 * stream back to back at the line, as the simulator's sender, at 25 and
 * 100 Gb/s with responses of 0, 500 and 5000 ns. The simulator's sender
 * begins its last frame the whole response after it has the XOFF; the
 * played one begins it at most a frame earlier, so bytes_at_line_rate
 * lies within one frame (its wire bytes) below the simulator's time from
 * the XOFF's last bit leaving to that frame's last byte, at the line.
 * K's bytes round up to whole bytes in the simulator, and the stamps
 * round down: a byte either way more.
 */
static int hdrm_resp_sim_one(u32 speed, u64 resp, char *msg, size_t len)
{
	static struct hdrm_response_arrival a[HDRM_SCN_MAX + 1];
	struct hdrm_scn s = {
		.name = "back to back", .speed = speed, .frame_len = 1514,
		.tagged = true, .g_ns = 0, .d_ns = 1000, .resp_ns = resp,
		.x0_ns = 20000, .window_ns = 40000, .frames = HDRM_SCN_MAX,
		.want = HDRM_RESP_OK,
	};
	struct hdrm_sim_in si = {
		.speed_mbps = speed, .delay_ns = 1000, .max_frame = 1522,
		.link_frame = 1522, .cell = 1, .pattern = HDRM_SIM_MAX,
		.k_bytes = DIV_ROUND_UP_ULL(resp * speed, 8000),
	};
	u64 wire = hdrm_stream_wire_bytes(1514, true), want, got;
	struct hdrm_response_out o;
	struct hdrm_response_in in;
	struct hdrm_sim_out so;
	u32 held;

	hdrm_scn_play(&s, a, &in, &held);
	if (hdrm_response_analyse(&in, &o) != HDRM_RESP_OK)
		return hdrm_fail(msg, len, "%u Mb/s, %llu ns: %s", speed,
				 (unsigned long long)resp,
				 hdrm_response_status_str(o.status));
	if (hdrm_sim_run(&si, &so))
		return hdrm_fail(msg, len, "the simulator refused %u Mb/s",
				 speed);
	want = DIV_ROUND_UP_ULL((so.last_byte_ns - so.pfc_sent_ns) * speed,
				8000);
	got = o.bytes_at_line_rate;
	if (got > want + 1 || got + wire + 1 < want)
		return hdrm_fail(msg, len,
				 "%u Mb/s, %llu ns: %llu bytes, the simulator %llu",
				 speed, (unsigned long long)resp,
				 (unsigned long long)got,
				 (unsigned long long)want);
	return 0;
}

static int hdrm_check_response_sim(char *msg, size_t len)
{
	static const u32 speed[] = { 25000, 100000 };
	static const u64 resp[] = { 0, 500, 5000 };
	unsigned int i, j;
	int err;

	for (i = 0; i < ARRAY_SIZE(speed); i++)
		for (j = 0; j < ARRAY_SIZE(resp); j++) {
			err = hdrm_resp_sim_one(speed[i], resp[j], msg, len);
			if (err)
				return err;
		}
	return 0;
}

static int hdrm_check_response_headroom(char *msg, size_t len)
{
	struct hdrm_response_out o[3];
	struct hdrm_response_agg agg;
	struct hdrm_calc_out h;
	struct hdrm_calc_in c = {
		.rtt_ns = 1000,
		.speed_mbps = 8000,
		.max_frame = 1522,
		.measure_frame = HDRM_FRAME_WIRE_LEN,
		.cell_bytes = 1,
		.small_pct = 100,
	};
	unsigned int i;
	u32 kb;

	for (i = 0; i < 3; i++)
		hdrm_response_analyse(&hdrm_resp_hand_in, &o[i]);
	o[1].k_bytes = 1200;
	if (hdrm_response_aggregate(o, 3, &agg) ||
	    hdrm_response_k_bytes(&agg, &kb) || kb != 1200)
		return hdrm_fail(msg, len, "K from the repeats: %u", kb);
	c.k_bytes = kb;
	/* 1000 + 1522 + 64 + 1200 + 1522: the table's 2 quanta would be 128 */
	if (hdrm_headroom(&c, &h) || h.frame_bytes != 5308)
		return hdrm_fail(msg, len, "headroom %llu",
				 (unsigned long long)h.frame_bytes);
	return 0;
}

#endif /* _HDRM_RESPONSE_CASES_H */
