// SPDX-License-Identifier: GPL-2.0
/* A measurement's result from its samples and settings: no I/O. */
#include "hdrm_derive.h"
#include "hdrm_wire.h"

/* Each priority of @in's mask: its maximum frame and its headroom. */
static void hdrm_derive_headroom(const struct hdrm_derive_in *in,
				 u32 prio_mask, struct hdrm_derived *out)
{
	struct hdrm_calc_in c = {
		.rtt_ns = out->rtt_estimate,
		.precision_ns = out->precision,
		.speed_mbps = out->speed,
		.measure_frame = HDRM_FRAME_WIRE_LEN,
		.k_bytes = out->k_bytes,
		.cell_bytes = out->cell,
		.link_frame = out->link_frame,
		.small_pct = out->small_pct,
	};
	struct hdrm_calc_out h;
	int prio;

	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!(prio_mask & BIT(prio)))
			continue;
		c.max_frame = in->max_frame[prio] ?:
			      hdrm_default_max_frame(in->mtu);
		out->max_frame[prio] = c.max_frame;
		if (hdrm_headroom(&c, &h)) {
			/* the frame is beyond the arithmetic: say so */
			out->unsized_mask |= BIT(prio);
			continue;
		}
		out->prio_mask |= BIT(prio);
		out->occupancy_permille = h.occupancy_permille;
		out->frame_bytes[prio] = h.frame_bytes;
		out->headroom_bytes[prio] = h.headroom_bytes;
		out->headroom_cells[prio] = h.headroom_cells;
		out->inflight_bytes[prio] = h.inflight_bytes;
	}
}

/*
 * The precision: the override; else, when every sample had the NICs'
 * timestamps, the coarser end's hardware resolution; else what the
 * software samples show: their standard deviation, never below the
 * clock's resolution. A round trip measured in software includes the
 * hosts' own delays, which vary from probe to probe: the spread of the
 * samples, not the clock's tick, is what such an estimate is good to.
 */
static void hdrm_derive_precision(const struct hdrm_derive_in *in,
				  const struct hdrm_stats *rtt,
				  struct hdrm_derived *out)
{
	u64 p = HDRM_SW_CLOCK_RES_NS;

	if (in->precision_override) {
		out->precision = in->precision_override;
		out->precision_source = HDRM_PREC_OVERRIDE;
		return;
	}
	if (in->hardware) {
		out->precision = in->hw_resolution ?: 1;
		out->precision_source = HDRM_PREC_HARDWARE;
		return;
	}
	if (rtt && rtt->stddev > p)
		p = rtt->stddev;
	out->precision = p > U32_MAX ? U32_MAX : (u32)p;
	out->precision_source = HDRM_PREC_SAMPLES;
}

/**
 * hdrm_k_choose() - K for a headroom, and where it came from
 * @measured: take @measured_ns, a response measured (k-measured)
 * @measured_ns: that K, ns; in bytes at @speed, rounded up
 * @k_override: else this, bytes (0: none)
 * @speed: Mb/s; else the pause-quanta table's K at it
 * @k_bytes: K, bytes
 *
 * A local result's (hdrm_derive()) and a pushed one's take K so.
 * Return: HDRM_K_MEASURED, HDRM_K_SET or HDRM_K_TABLE.
 */
u8 hdrm_k_choose(bool measured, u32 measured_ns, u32 k_override, u32 speed,
		 u32 *k_bytes)
{
	if (measured) {
		*k_bytes = (u32)DIV_ROUND_UP_ULL((u64)measured_ns * speed,
						 8000);
		return HDRM_K_MEASURED;
	}
	if (k_override) {
		*k_bytes = k_override;
		return HDRM_K_SET;
	}
	*k_bytes = hdrm_k_bytes(speed);
	return HDRM_K_TABLE;
}

/**
 * hdrm_derive() - a measurement's result
 * @in: its samples (sorted here) and the settings in force
 * @out: the settings used, the statistics, the estimate, and with
 *	 @in->size each priority's headroom
 *
 * Each setting is its override when set, else the link's: speed, the
 * priorities to size, K (hdrm_k_choose()) and each maximum frame (from
 * the MTU); the precision is the override, else the measurement's own
 * (hdrm_derive_precision()). Without a speed nothing is sized (@out->no_speed).
 */
void hdrm_derive(const struct hdrm_derive_in *in, struct hdrm_derived *out)
{
	struct hdrm_stats ta;

	memset(out, 0, sizeof(*out));
	out->speed = in->speed_override ?: in->speed_link;
	out->k_table_bytes = hdrm_k_bytes(out->speed);
	out->k_source = hdrm_k_choose(in->k_measured, in->k_measured_ns,
				      in->k_override, out->speed,
				      &out->k_bytes);
	out->cell = in->cell;
	out->small_pct = in->small_pct;
	out->link_frame = hdrm_link_frame(in->max_frame, in->mtu);
	hdrm_derive_precision(in, NULL, out);
	if (!in->received)
		return;
	if (hdrm_stats_compute(in->rtt, in->received, &out->rtt))
		return;
	out->has_rtt = true;
	hdrm_derive_precision(in, &out->rtt, out);
	out->rtt_estimate = hdrm_stats_pick(&out->rtt, in->estimator);
	if (in->turnaround &&
	    !hdrm_stats_compute(in->turnaround, in->received, &ta))
		out->turnaround_median = ta.median;
	if (!in->size)
		return;
	if (!out->speed) {
		out->no_speed = true;
		return;
	}
	hdrm_derive_headroom(in, in->prio_override ?: in->prio_pfc, out);
}
