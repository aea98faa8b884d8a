// SPDX-License-Identifier: GPL-2.0
/* Round-trip samples from each probe's timestamps: no I/O. */
#include "hdrm_samples.h"

#define HDRM_PPB	1000000000LL

/**
 * hdrm_ratio_ppb() - how fast the peer's clock runs against ours
 * @d_local: an interval on this end's clock, ns (not 0)
 * @d_peer: the same interval on the peer's
 *
 * Return: (d_peer - d_local) / d_local in parts per billion, rounded
 * towards zero; beyond +/-HDRM_RATIO_MAX_PPB (a clock stepped during the
 * measurement, not an oscillator's error) it returns S64_MAX without
 * computing it. Within that bound the difference is at most d_local / 1000,
 * and d_local is at most the longest measurement (4096 probes 1 s apart
 * and a 4 s timeout, below 2^43 ns), so the product stays below 2^63.
 */
s64 hdrm_ratio_ppb(u64 d_local, u64 d_peer)
{
	u64 diff = d_peer > d_local ? d_peer - d_local : d_local - d_peer;
	s64 ppb;

	if (!d_local || d_local >= (1ULL << 43) ||
	    diff > div64_u64(d_local, HDRM_PPB / HDRM_RATIO_MAX_PPB))
		return S64_MAX;
	ppb = div64_s64((s64)diff * HDRM_PPB, (s64)d_local);
	return d_peer > d_local ? ppb : -ppb;
}

/**
 * hdrm_ratio_scale() - an interval on the peer's clock, on ours
 * @peer_ns: the interval as the peer's clock measured it, below 2^33 (a
 *	     turnaround is at most the 4 s timeout: hdrm_samples_build()
 *	     checks it before scaling)
 * @ppb: the peer's clock against ours (hdrm_ratio_ppb()), within
 *	 HDRM_RATIO_MAX_PPB
 *
 * Return: @peer_ns x 10^9 / (10^9 + @ppb), rounded to the nearest ns.
 */
u64 hdrm_ratio_scale(u64 peer_ns, s32 ppb)
{
	u64 den = (u64)(HDRM_PPB + ppb);

	return div64_u64(peer_ns * (u64)HDRM_PPB + den / 2, den);
}

/* One probe's exchange, once its clocks are chosen. */
struct hdrm_pick {
	u64 total;		/* t4 - t1 */
	u64 turnaround;		/* t3 - t2, on the peer's clock */
	bool hw;		/* the NIC's timestamps at both ends */
};

/*
 * The clocks one probe's round trip is taken from, or false when it is not
 * a sample: no reply, a follow-up that never came, late, or without the
 * timestamps the mode asks for (@rejected).
 */
static bool hdrm_pick(const struct hdrm_samples_in *in,
		      const struct hdrm_rec *r, struct hdrm_pick *pk,
		      struct hdrm_samples_out *out)
{
	bool hw_ok = in->ts_mode == HDRM_TS_AUTO ||
		     in->ts_mode == HDRM_TS_HARDWARE;
	bool soft_ok = in->ts_mode != HDRM_TS_HOOK;
	bool init_hw, peer_hw;
	u64 t1, t4;

	if (!(r->flags & HDRM_REC_REPLIED))
		return false;
	if ((r->flags & HDRM_REC_TWOSTEP) && !(r->flags & HDRM_REC_FOLLOWUP)) {
		out->followup_missing++;
		return false;
	}
	/* Late or not: the clock reads, which every probe has. */
	if (r->t4_hook < r->t1_hook ||
	    r->t4_hook - r->t1_hook > in->timeout_ns) {
		out->late++;
		return false;
	}
	init_hw = hw_ok && r->t1_hw && r->t4_hw && r->t4_hw >= r->t1_hw;
	if (init_hw) {
		t1 = r->t1_hw;
		t4 = r->t4_hw;
	} else {
		/* one clock: the driver's stamps are converted to it */
		t1 = soft_ok && r->t1_sw ? r->t1_sw : r->t1_hook;
		t4 = soft_ok && r->t4_sw ? r->t4_sw : r->t4_hook;
		if (t4 < t1) {
			t1 = r->t1_hook;
			t4 = r->t4_hook;
		}
	}
	pk->total = t4 - t1;
	pk->turnaround = 0;
	peer_hw = true;
	if (r->flags & HDRM_REC_STAMPS) {
		pk->turnaround = r->t3 - r->t2;	/* validated: t3 >= t2 */
		peer_hw = (r->flags & HDRM_REC_T2_HW) &&
			  (r->flags & HDRM_REC_T3_HW);
	}
	pk->hw = init_hw && peer_hw;
	if (in->ts_mode == HDRM_TS_HARDWARE && !pk->hw) {
		out->rejected++;
		return false;
	}
	return true;
}

/**
 * hdrm_samples_build() - the round-trip samples of a measurement
 * @in: what each probe gathered
 * @rtt: room for @in->sent samples, filled with t, ns
 * @turnaround: room for @in->sent, filled with the peer's t3 - t2 on our
 *		clock's scale (0 without stamps)
 * @out: the counts, whether all samples were hardware, and the ratio
 *
 * The peer's clock may run at another rate than ours: its turnaround is
 * then off by that much (100 ppm of a 1 ms turnaround is 100 ns). Where
 * both ends stamp in hardware the ratio is taken from the earliest and the
 * latest such probe, (t2' - t2) / (t1' - t1) (what PTP calls the neighbour
 * rate ratio), and each hardware turnaround is scaled by it. Software
 * timestamps jitter far more than any oscillator drifts: no correction.
 */
void hdrm_samples_build(const struct hdrm_samples_in *in, u64 *rtt,
			u64 *turnaround, struct hdrm_samples_out *out)
{
	const struct hdrm_rec *first = NULL, *last = NULL;
	struct hdrm_pick pk;
	u32 i;
	s64 ppb;

	memset(out, 0, sizeof(*out));
	/* The ratio first: from the hardware probes that span the longest. */
	for (i = 0; i < in->sent; i++) {
		const struct hdrm_rec *r = &in->rec[i];
		struct hdrm_samples_out scratch = { 0 };

		if (!(r->flags & HDRM_REC_STAMPS) ||
		    !hdrm_pick(in, r, &pk, &scratch) || !pk.hw)
			continue;
		if (!first || r->t1_hw < first->t1_hw)
			first = r;
		if (!last || r->t1_hw > last->t1_hw)
			last = r;
	}
	if (first && last && last->t1_hw - first->t1_hw >= HDRM_RATIO_MIN_SPAN_NS &&
	    last->t2 > first->t2) {
		ppb = hdrm_ratio_ppb(last->t1_hw - first->t1_hw,
				     last->t2 - first->t2);
		if (ppb >= -HDRM_RATIO_MAX_PPB && ppb <= HDRM_RATIO_MAX_PPB) {
			out->has_ratio = true;
			out->ratio_ppb = (s32)ppb;
		}
	}

	out->hardware = true;
	for (i = 0; i < in->sent; i++) {
		const struct hdrm_rec *r = &in->rec[i];
		u64 ta;

		if (!hdrm_pick(in, r, &pk, out))
			continue;
		ta = pk.turnaround;
		if (ta > pk.total) {
			/* a peer whose turnaround exceeds the exchange */
			out->rejected++;
			continue;
		}
		if (pk.hw && out->has_ratio) {
			/* no turnaround is longer than the 4 s timeout */
			if (ta >= (1ULL << 33)) {
				out->rejected++;
				continue;
			}
			ta = hdrm_ratio_scale(ta, out->ratio_ppb);
		}
		if (ta > pk.total) {
			/* a peer whose turnaround exceeds the exchange */
			out->rejected++;
			continue;
		}
		rtt[out->received] = pk.total - ta;
		turnaround[out->received] = ta;
		out->received++;
		if (r->flags & HDRM_REC_FOLLOWUP)
			out->two_step++;
		if (!pk.hw)
			out->hardware = false;
	}
	if (!out->received)
		out->hardware = false;
}
