// SPDX-License-Identifier: GPL-2.0
/* Headroom arithmetic (US 2025/0267110 A1, [0102]), in bytes and cells. */
#include "hdrm_calc.h"

/*
 * K, the PFC response allowance: how long the peer may take to act on a
 * pause, in pause quanta (512 bit times, 64 bytes) per port speed. These
 * are the figures SONiC's dynamic buffer model uses. A speed between two
 * rows takes the higher row; above the last, the last.
 */
static const struct {
	u32 speed_mbps;
	u32 quanta;
} hdrm_k_table[] = {
	{ 100, 1 },
	{ 1000, 2 },
	{ 10000, 67 },
	{ 25000, 80 },
	{ 40000, 118 },
	{ 50000, 147 },
	{ 100000, 394 },
	{ 200000, 453 },
	{ 400000, 905 },
	{ 800000, 905 },
};

#define HDRM_QUANTUM_BYTES	64	/* 512 bit times */

/* Pause quanta for @speed_mbps; 0 for speed 0 (unknown). */
u32 hdrm_k_quanta(u32 speed_mbps)
{
	unsigned int i;

	if (!speed_mbps)
		return 0;
	for (i = 0; i < ARRAY_SIZE(hdrm_k_table); i++)
		if (speed_mbps <= hdrm_k_table[i].speed_mbps)
			return hdrm_k_table[i].quanta;
	return hdrm_k_table[ARRAY_SIZE(hdrm_k_table) - 1].quanta;
}

u32 hdrm_k_bytes(u32 speed_mbps)
{
	return hdrm_k_quanta(speed_mbps) * HDRM_QUANTUM_BYTES;
}

/* The largest frame an MTU allows on the wire: header, one VLAN tag, FCS. */
u32 hdrm_default_max_frame(u32 mtu)
{
	return mtu + 14 + 4 + 4;
}

/**
 * hdrm_headroom() - one priority's headroom
 * @in: t, precision, speed, frame sizes, K and cell size, each within the
 *	HDRM_CALC_MAX_* limits; speed and cell at least 1
 * @out: the in-flight term, the headroom in bytes and in cells
 *
 * (t + 2 x precision) x speed is in ns x Mb/s = 1e-3 bits, so the bytes in
 * flight are ceil((t + 2p) x speed / 8000). At the limits, (4 s + 20 ms) x
 * 1.6e6 is 6.43e15, far below 2^64.
 *
 * Return: 0, -EINVAL for a zero speed or cell, -ERANGE for an input above
 * its limit.
 */
int hdrm_headroom(const struct hdrm_calc_in *in, struct hdrm_calc_out *out)
{
	u64 t;

	if (!in->speed_mbps || !in->cell_bytes)
		return -EINVAL;
	if (in->rtt_ns > HDRM_CALC_MAX_RTT_NS ||
	    in->precision_ns > HDRM_CALC_MAX_PRECISION_NS ||
	    in->speed_mbps > HDRM_CALC_MAX_SPEED_MBPS ||
	    in->max_frame > HDRM_CALC_MAX_FRAME ||
	    in->measure_frame > HDRM_CALC_MAX_FRAME ||
	    in->k_bytes > HDRM_CALC_MAX_K ||
	    in->cell_bytes > HDRM_CALC_MAX_CELL)
		return -ERANGE;

	t = in->rtt_ns + 2ULL * in->precision_ns;
	out->inflight_bytes = DIV_ROUND_UP_ULL(t * in->speed_mbps, 8000);
	out->headroom_bytes = out->inflight_bytes + 2ULL * in->max_frame +
			      in->measure_frame + in->k_bytes;
	out->headroom_cells = DIV_ROUND_UP_ULL(out->headroom_bytes,
					       in->cell_bytes);
	return 0;
}
