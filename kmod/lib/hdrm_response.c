// SPDX-License-Identifier: GPL-2.0
/*
 * The pause response's analysis (hdrm_response.h). Times are nanoseconds
 * on two clocks: this end's (the XOFF, the XON, each arrival) and the
 * peer's (each frame's send time), whose offset is unknown but constant
 * over a repeat; only differences on one clock, or differences of such
 * differences, are ever taken. Every input is bounded first (4 s either
 * side of the XOFF, 1.6 Tb/s, 9216-byte frames), so that no product below
 * exceeds 2^63.
 */
#include "hdrm_response.h"
#include "hdrm_stats.h"

const char *hdrm_response_status_str(enum hdrm_response_status status)
{
	static const char * const str[] = {
		[HDRM_RESP_OK]		= "ok",
		[HDRM_RESP_RANGE]	= "an input beyond the arithmetic's bounds",
		[HDRM_RESP_WINDOW]	= "the XON not after the XOFF",
		[HDRM_RESP_FEW]		= "too few frames",
		[HDRM_RESP_ORDER]	= "frames out of order or repeated",
		[HDRM_RESP_LATE]	= "no frame arrived before the XOFF",
		[HDRM_RESP_NOT_HELD]	= "no frame held: no pause, or none before the XON",
		[HDRM_RESP_SPARSE]	= "no frame arrived between the XOFF and the held ones",
		[HDRM_RESP_LOST]	= "a frame is missing just before the held ones",
		[HDRM_RESP_IDLE]	= "the priority's traffic was not flowing before the XOFF",
	};

	if ((unsigned int)status >= ARRAY_SIZE(str))
		return "unknown";
	return str[status];
}

/* How long @quanta pause quanta (512 bit times each) last, ns, rounded up. */
u64 hdrm_response_pause_ns(u16 quanta, u32 speed_mbps)
{
	return hdrm_line_ns((u64)quanta * HDRM_QUANTUM_BYTES, speed_mbps);
}

/* ceil(@a / @b) for a signed @a and a positive @b. */
static s64 hdrm_div_ceil_s64(s64 a, u32 b)
{
	if (a >= 0)
		return (s64)div64_u64((u64)a + b - 1, b);
	return -(s64)div64_u64((u64)-a, b);
}

/*
 * Frame @i's transit less frame 0's: (rx_i - rx_0) - (sent_i - sent_0).
 * The clocks' offset cancels; within the bounds checked, each difference
 * is below 2^34 and the result fits.
 */
static s64 hdrm_transit(const struct hdrm_response_arrival *a, u32 i)
{
	return (s64)(a[i].rx_ns - a[0].rx_ns) -
	       (s64)(a[i].sent_ns - a[0].sent_ns);
}

/* The inputs' bounds and order; HDRM_RESP_OK when the figures can follow. */
static enum hdrm_response_status
hdrm_response_check(const struct hdrm_response_in *in)
{
	const struct hdrm_response_arrival *a = in->arr;
	u64 s = HDRM_RESPONSE_MAX_SPAN_NS;
	u32 i;

	if (!in->speed_mbps || in->speed_mbps > HDRM_CALC_MAX_SPEED_MBPS ||
	    in->rtt_ns > s)
		return HDRM_RESP_RANGE;
	if (in->xon_ns <= in->xoff_ns)
		return HDRM_RESP_WINDOW;
	if (in->xon_ns - in->xoff_ns > s)
		return HDRM_RESP_RANGE;
	if (!a || in->n < HDRM_RESPONSE_MIN_FRAMES)
		return HDRM_RESP_FEW;
	for (i = 0; i < in->n; i++) {
		if (a[i].frame_len < HDRM_STREAM_MIN_FRAME ||
		    a[i].frame_len > HDRM_STREAM_MAX_FRAME)
			return HDRM_RESP_RANGE;
		if (i && a[i].rx_ns < a[i - 1].rx_ns)
			return HDRM_RESP_ORDER;
		/* one link, one priority: nothing overtakes, nothing repeats */
		if (i && !in->passive && (a[i].seq <= a[i - 1].seq ||
					  a[i].sent_ns < a[i - 1].sent_ns))
			return HDRM_RESP_ORDER;
	}
	/* in order, so every arrival is within s of the XOFF */
	if ((a[0].rx_ns < in->xoff_ns && in->xoff_ns - a[0].rx_ns > s) ||
	    (a[in->n - 1].rx_ns > in->xoff_ns &&
	     a[in->n - 1].rx_ns - in->xoff_ns > s) ||
	    (!in->passive && a[in->n - 1].sent_ns - a[0].sent_ns > 2 * s))
		return HDRM_RESP_RANGE;
	if (a[0].rx_ns > in->xoff_ns)
		return HDRM_RESP_LATE;
	return HDRM_RESP_OK;
}

/*
 * The first frame held: the first whose transit exceeds the least of the
 * HDRM_RESPONSE_REF_FRAMES before it by more than the threshold. Returns
 * its index, or @in->n for none; @ref_out is that least transit.
 */
static u32 hdrm_response_first_held(const struct hdrm_response_in *in,
				    u64 threshold, s64 *ref_out)
{
	s64 tau, ref;
	u32 i, j;

	for (i = 1; i < in->n; i++) {
		j = i > HDRM_RESPONSE_REF_FRAMES ?
		    i - HDRM_RESPONSE_REF_FRAMES : 0;
		ref = hdrm_transit(in->arr, j);
		for (j++; j < i; j++) {
			tau = hdrm_transit(in->arr, j);
			if (tau < ref)
				ref = tau;
		}
		if (hdrm_transit(in->arr, i) - ref > (s64)threshold) {
			*ref_out = ref;
			return i;
		}
	}
	return in->n;
}

/*
 * A stream's held frames, by their transit (hdrm_response_analyse()).
 * The peer lets what it held go when the pause ends there, @hold after
 * it began, so the first held frame arrives a round trip after the XOFF
 * and the hold, later by the peer's response at most: within the
 * threshold of that instant. A frame late by more than the threshold at
 * another time was not held by this pause (a stall of the peer's host
 * between its send time and its MAC, a stream that stopped across the
 * whole pause): taking it would put K at that time.
 */
static void hdrm_response_stream_held(const struct hdrm_response_in *in,
				      u64 hold, struct hdrm_response_out *out)
{
	const struct hdrm_response_arrival *a = in->arr;
	u64 resume = in->xoff_ns + hold + in->rtt_ns;
	s64 ref = 0;
	u32 i;

	out->first_held = hdrm_response_first_held(in, out->threshold_ns,
						   &ref);
	if (out->first_held == in->n ||
	    a[out->first_held].rx_ns + out->threshold_ns < resume ||
	    a[out->first_held].rx_ns > resume + out->threshold_ns) {
		out->first_held = in->n;
		out->status = HDRM_RESP_NOT_HELD;
		return;
	}
	out->hold_ns = (u64)(hdrm_transit(a, out->first_held) - ref);
	for (i = out->first_held; i < in->n; i++)
		if (hdrm_transit(a, i) - ref > (s64)out->threshold_ns)
			out->held++;
	out->last = out->first_held - 1;
	out->lost = a[out->last].seq - a[0].seq - out->last;
}

/*
 * The peer's own traffic, passive (hdrm_response_analyse()): its frames
 * carry no send time, so the pause shows as a silence. The traffic must
 * have been flowing: HDRM_RESPONSE_REF_FRAMES + 1 frames before the XOFF,
 * none of their gaps over half the threshold. The pause lasts @hold (the
 * XON - XOFF window, or the quanta's time if shorter) at the peer, so its
 * frames come again a round trip after it ends: the first frame from
 * then, less the threshold, is the first held, and the silence before it
 * must be over the threshold. Gaps the traffic had of its own before
 * that do not matter: a frame after them arrived, so the peer was not
 * paused yet. @out->gap_ns is the widest gap between the last frame and
 * the HDRM_RESPONSE_REF_FRAMES before it, the traffic's spacing, which
 * K's resolution is (the stream's gap_ns, for a stream).
 */
static void hdrm_response_passive_held(const struct hdrm_response_in *in,
				       u64 hold, struct hdrm_response_out *out)
{
	const struct hdrm_response_arrival *a = in->arr;
	u64 resume = in->xoff_ns + hold + in->rtt_ns - out->threshold_ns;
	u32 before, i, from;

	for (before = 0; before < in->n && a[before].rx_ns <= in->xoff_ns;
	     before++)
		;
	if (before <= HDRM_RESPONSE_REF_FRAMES) {
		out->status = HDRM_RESP_IDLE;
		return;
	}
	for (i = before - HDRM_RESPONSE_REF_FRAMES; i < before; i++)
		if (a[i].rx_ns - a[i - 1].rx_ns > out->threshold_ns / 2) {
			out->status = HDRM_RESP_IDLE;
			return;
		}
	for (i = before; i < in->n && a[i].rx_ns < resume; i++)
		;
	if (i == in->n || a[i].rx_ns - a[i - 1].rx_ns <= out->threshold_ns) {
		out->status = HDRM_RESP_NOT_HELD;
		return;
	}
	out->first_held = i;
	out->last = i - 1;
	out->hold_ns = a[i].rx_ns - a[i - 1].rx_ns;
	out->held = in->n - i;
	from = out->last > HDRM_RESPONSE_REF_FRAMES ?
	       out->last - HDRM_RESPONSE_REF_FRAMES : 1;
	for (i = from; i <= out->last; i++)
		if (a[i].rx_ns - a[i - 1].rx_ns > out->gap_ns)
			out->gap_ns = a[i].rx_ns - a[i - 1].rx_ns;
}

/* K from the last frame's arrival: hdrm_response_analyse() says how. */
static void hdrm_response_k(const struct hdrm_response_in *in,
			    struct hdrm_response_out *out)
{
	u32 speed = in->speed_mbps;
	u64 frame_bits;
	s64 kx;

	/* the last frame from its preamble's first bit to its FCS's last */
	frame_bits = 8ULL * (hdrm_stream_wire_bytes(in->arr[out->last].frame_len,
						    in->tagged) - HDRM_WIRE_IFG);
	/* in ns x Mb/s (millibits), exactly: at most 4e9 x 1.6e6 */
	kx = ((s64)out->xoff_to_last_ns - (s64)in->rtt_ns) * speed -
	     (s64)(frame_bits * 1000);
	out->k_raw_ns = hdrm_div_ceil_s64(kx, speed);
	out->k_ns = out->k_raw_ns > 0 ? (u64)out->k_raw_ns : 0;
	out->k_bytes = DIV_ROUND_UP_ULL(out->k_ns * speed, 8000);
	out->k_quanta = DIV_ROUND_UP_ULL(out->k_ns * speed,
					 8000 * HDRM_QUANTUM_BYTES);
}

/**
 * hdrm_response_analyse() - what one pause of a stream shows
 * @in: the XOFF and XON, the link, and the stream's frames as they arrived
 *	(some before the XOFF, through the held ones and beyond)
 * @out: the classification and, with HDRM_RESP_OK, the figures
 *
 * A frame's transit, tau = rx_ns - sent_ns, is constant but for the
 * clocks' unknown offset while nothing holds it: the peer's queue, the
 * cable and this end's stamping. Frames the peer's MAC held during the
 * pause arrive late by about the time they were held, which their send
 * times do not show; frames the peer's host sent late (a slow stream) show
 * the delay in their send times too, so their transit stays. A frame is
 * held when its tau exceeds the least of the eight before it by more than
 * the threshold, a quarter of the pause: of the XON - XOFF window, or of
 * the XOFF's own quanta when they run out first. The first held frame
 * waits nearly the whole pause (all but the response), three quarters of
 * which are left for the response and the stamps' jitter; against the
 * eight before it, rather than the whole stream's least, a transit that
 * grows slowly as the peer's transmit queue fills is never taken for
 * a hold.
 *
 * The last frame that still arrives is the one before the first held.
 * From it, with the last bit of each frame stamped (US 2025/0267110 A1,
 * claims 4 and 19): the peer took the XOFF whole at xoff + rtt / 2 and
 * began its last frame at most K later, whose last bit then took its
 * length and rtt / 2 to arrive, so K = xoff_to_last - rtt - the frame's
 * time from its preamble to its FCS (its gap follows its last bit),
 * rounded up to whole ns, then in quanta and bytes at the speed, rounded
 * up. The gap in the peer's send times after that frame bounds how much
 * earlier the peer may have stopped than K says, when the stream is
 * slower than the line.
 *
 * With @in->passive the frames are the peer's own traffic on the
 * priority, without send times or sequence numbers: the held ones are
 * told by the silence the pause leaves (hdrm_response_passive_held()),
 * and the figures follow from the last frame as above.
 *
 * Return: @out->status.
 */
enum hdrm_response_status
hdrm_response_analyse(const struct hdrm_response_in *in,
		      struct hdrm_response_out *out)
{
	const struct hdrm_response_arrival *a = in->arr;
	u64 hold, pause, bytes, bits = 0;
	u32 i, last;

	memset(out, 0, sizeof(*out));
	out->status = hdrm_response_check(in);
	if (out->status != HDRM_RESP_OK)
		return out->status;

	/*
	 * The pause as the peer has it: the window, or the quanta's time
	 * when they run out first; an XOFF sent again before they did keeps
	 * the peer paused to the XON.
	 */
	hold = in->xon_ns - in->xoff_ns;
	pause = hdrm_response_pause_ns(in->xoff_quanta ?:
				       HDRM_RESPONSE_XOFF_QUANTA,
				       in->speed_mbps);
	if (pause < hold && !in->refreshed)
		hold = pause;
	out->threshold_ns = hold / 4;
	if (in->passive)
		hdrm_response_passive_held(in, hold, out);
	else
		hdrm_response_stream_held(in, hold, out);
	if (out->status != HDRM_RESP_OK)
		return out->status;
	last = out->last;
	if (a[last].rx_ns <= in->xoff_ns) {
		out->status = HDRM_RESP_SPARSE;
		return out->status;
	}
	/* a frame lost there may have been the last to arrive, or held */
	if (!in->passive && a[out->first_held].seq - a[last].seq > 1) {
		out->status = HDRM_RESP_LOST;
		return out->status;
	}

	for (i = 0; i <= last; i++) {
		bytes = hdrm_stream_wire_bytes(a[i].frame_len, in->tagged);
		if (i)
			bits += 8 * bytes;
		if (a[i].rx_ns > in->xoff_ns) {
			out->after_xoff++;
			out->bytes_after_xoff += bytes;
		}
	}
	out->xoff_to_last_ns = a[last].rx_ns - in->xoff_ns;
	/*
	 * Refreshed, the first XOFF alone must have paused the peer: a last
	 * frame later than its quanta and the round trip was sent in a hole
	 * between its pause and a refresh that came late, not within K.
	 */
	if (in->refreshed && out->xoff_to_last_ns > pause + in->rtt_ns) {
		out->status = HDRM_RESP_NOT_HELD;
		return out->status;
	}
	/* frames 1..last: the span from frame 0's last bit holds theirs */
	if (a[last].rx_ns > a[0].rx_ns)
		out->stream_rate_mbps = div64_u64(bits * 1000,
						  a[last].rx_ns - a[0].rx_ns);
	out->bytes_at_line_rate = DIV_ROUND_UP_ULL(out->xoff_to_last_ns *
						   in->speed_mbps, 8000);
	if (!in->passive)
		out->gap_ns = a[out->first_held].sent_ns - a[last].sent_ns;
	hdrm_response_k(in, out);
	return out->status;
}

/* The least, median and greatest of @v's @n values; @v is sorted. */
static void hdrm_response_range(u64 *v, u32 n, struct hdrm_response_range *r)
{
	hdrm_sort_u64(v, n);
	r->min = v[0];
	r->median = v[(n - 1) / 2];
	r->max = v[n - 1];
}

/* The figures the aggregate ranges over, in hdrm_response_agg's order. */
#define HDRM_RESPONSE_FIGURES	8

static u64 hdrm_response_figure(const struct hdrm_response_out *o,
				unsigned int f)
{
	const u64 v[HDRM_RESPONSE_FIGURES] = {
		o->xoff_to_last_ns, o->bytes_after_xoff, o->stream_rate_mbps,
		o->bytes_at_line_rate, o->k_ns, o->k_quanta, o->k_bytes,
		o->gap_ns,
	};

	return v[f];
}

/**
 * hdrm_response_aggregate() - the figures over a measurement's repeats
 * @rep: each repeat's analysis
 * @n: how many, at most HDRM_RESPONSE_MAX_REPEATS
 * @agg: how each repeat ended, and the least, median and greatest of each
 *	 figure over those that succeeded
 *
 * Return: 0; -ENODATA when no repeat succeeded (@agg still counts them);
 * -ERANGE for more than HDRM_RESPONSE_MAX_REPEATS.
 */
int hdrm_response_aggregate(const struct hdrm_response_out *rep, u32 n,
			    struct hdrm_response_agg *agg)
{
	struct hdrm_response_range *r[HDRM_RESPONSE_FIGURES] = {
		&agg->xoff_to_last_ns, &agg->bytes_after_xoff,
		&agg->stream_rate_mbps, &agg->bytes_at_line_rate,
		&agg->k_ns, &agg->k_quanta, &agg->k_bytes, &agg->gap_ns,
	};
	u64 v[HDRM_RESPONSE_MAX_REPEATS];
	u32 i, f, k;

	if (n > HDRM_RESPONSE_MAX_REPEATS)
		return -ERANGE;
	memset(agg, 0, sizeof(*agg));
	agg->repeats = n;
	for (i = 0; i < n; i++) {
		if ((unsigned int)rep[i].status < HDRM_RESP_NSTATUS)
			agg->status[rep[i].status]++;
		if (rep[i].status == HDRM_RESP_OK)
			agg->ok++;
	}
	if (!agg->ok)
		return -ENODATA;
	for (f = 0; f < HDRM_RESPONSE_FIGURES; f++) {
		for (i = 0, k = 0; i < n; i++)
			if (rep[i].status == HDRM_RESP_OK)
				v[k++] = hdrm_response_figure(&rep[i], f);
		hdrm_response_range(v, k, r[f]);
	}
	return 0;
}

/**
 * hdrm_response_k_bytes() - the measured K, as the headroom takes it
 * @agg: a measurement's figures
 * @k_bytes: the greatest K of its repeats, bytes: what hdrm_calc_in's
 *	     k_bytes takes in place of the table's hdrm_k_bytes()
 *
 * The greatest, not the median: the headroom must hold the slowest
 * response seen. It may be 0 (a peer that stops within a frame), which
 * the settings' k_override cannot say (0 there means the table).
 *
 * Return: 0; -ENODATA when no repeat succeeded; -ERANGE when K exceeds
 * what the arithmetic takes (HDRM_CALC_MAX_K).
 */
int hdrm_response_k_bytes(const struct hdrm_response_agg *agg, u32 *k_bytes)
{
	if (!agg->ok)
		return -ENODATA;
	if (agg->k_bytes.max > HDRM_CALC_MAX_K)
		return -ERANGE;
	*k_bytes = (u32)agg->k_bytes.max;
	return 0;
}
