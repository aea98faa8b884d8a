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
 * hdrm_link_frame() - the largest frame the link may carry
 * @max_frame: each priority's largest frame, 0 for the MTU's
 * @mtu: the device's MTU
 *
 * The receiver that decides to pause may be sending any priority's frame.
 * A frame beyond the arithmetic leaves its own priority unsized and counts
 * here as the largest the arithmetic takes.
 */
u32 hdrm_link_frame(const u32 max_frame[HDRM_PRIOS], u32 mtu)
{
	u32 link = 0, f;
	int prio;

	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		f = max_frame[prio] ?: hdrm_default_max_frame(mtu);
		if (f > link)
			link = f;
	}
	return link < HDRM_CALC_MAX_FRAME ? link : HDRM_CALC_MAX_FRAME;
}

/* How long @bytes take on the wire at @speed_mbps, ns, rounded up. */
u64 hdrm_line_ns(u64 bytes, u32 speed_mbps)
{
	if (!speed_mbps)
		return 0;
	return DIV_ROUND_UP_ULL(bytes * 8000, speed_mbps);
}

/**
 * hdrm_occupancy() - the cell occupancy factor, as a fraction
 * @cell: bytes, at least 1
 * @small_pct: the share of small frames, percent, at most 100
 * @num: its numerator
 * @den: its denominator
 *
 * A buffer keeps each frame in whole cells. Of the frames of 64 bytes and
 * more, the one that wastes most is 64 bytes when a cell is larger than
 * two of them (cell / 64 times its size), else one byte over a cell (two
 * cells for cell + 1 bytes). The factor mixes that worst case with
 * perfect packing in proportion to @small_pct: 1 + p x (worst - 1). These
 * are the figures of SONiC's dynamic headroom for Spectrum switches
 * (sonic-swss cfgmgr/buffer_headroom_mellanox.lua). A one-byte cell gives
 * exactly 1.
 */
void hdrm_occupancy(u32 cell, u32 small_pct, u64 *num, u64 *den)
{
	u64 p = small_pct;

	if (cell > 2 * HDRM_MIN_FRAME) {
		*num = (100 - p) * HDRM_MIN_FRAME + p * cell;
		*den = 100ULL * HDRM_MIN_FRAME;
	} else {
		*num = (100 - p) * (cell + 1ULL) + 2 * p * cell;
		*den = 100ULL * (cell + 1ULL);
	}
}

/**
 * hdrm_pack() - the buffer a priority's frames take, in whole cells
 * @stream: the bytes that stream in before the sender's last frame
 * @max_frame: that last frame, bytes
 * @cell: bytes, at least 1, at most HDRM_CALC_MAX_CELL
 * @small_pct: the share of small frames, percent, at most 100
 *
 * ceil(@stream x occupancy / @cell) + ceil(@max_frame / @cell) cells
 * (hdrm_calc.h). The recommendation packs its frames so, and so does the
 * savings report each static model it compares with: a buffer fills the
 * same way whichever figure sized it.
 *
 * Return: the cells.
 */
u64 hdrm_pack(u64 stream, u32 max_frame, u32 cell, u32 small_pct)
{
	u64 num, den;

	hdrm_occupancy(cell, small_pct, &num, &den);
	den *= cell;
	return div64_u64(stream * num + den - 1, den) +
	       DIV_ROUND_UP_ULL(max_frame, cell);
}

/**
 * hdrm_headroom() - one priority's headroom
 * @in: t, precision, speed, frame sizes, K, cell size and small frames'
 *	share, each within the HDRM_CALC_MAX_* limits; speed and cell at
 *	least 1
 * @out: the in-flight term, the frames' bytes, the headroom in cells and
 *	 in the bytes those cells hold, the occupancy factor
 *
 * (t + 2 x precision) x speed is in ns x Mb/s = 1e-3 bits, so the bytes in
 * flight are ceil((t + 2p) x speed / 8000). At the limits, (4 s + 20 ms) x
 * 1.6e6 is 6.43e15, and the frames' bytes times the occupancy's numerator
 * (at most 6.56e6) stay below 2^63. hdrm_calc.h gives the terms.
 *
 * Return: 0, -EINVAL for a zero speed or cell, -ERANGE for an input above
 * its limit.
 */
int hdrm_headroom(const struct hdrm_calc_in *in, struct hdrm_calc_out *out)
{
	u32 link = in->link_frame ?: in->max_frame;
	u64 t, num, den, stream, cells;

	if (!in->speed_mbps || !in->cell_bytes)
		return -EINVAL;
	if (in->rtt_ns > HDRM_CALC_MAX_RTT_NS ||
	    in->precision_ns > HDRM_CALC_MAX_PRECISION_NS ||
	    in->speed_mbps > HDRM_CALC_MAX_SPEED_MBPS ||
	    in->max_frame > HDRM_CALC_MAX_FRAME ||
	    link > HDRM_CALC_MAX_FRAME ||
	    in->measure_frame > HDRM_CALC_MAX_FRAME ||
	    in->k_bytes > HDRM_CALC_MAX_K ||
	    in->cell_bytes > HDRM_CALC_MAX_CELL ||
	    in->small_pct > HDRM_CALC_MAX_SMALL_PCT)
		return -ERANGE;

	t = in->rtt_ns + 2ULL * in->precision_ns;
	out->inflight_bytes = DIV_ROUND_UP_ULL(t * in->speed_mbps, 8000);
	stream = out->inflight_bytes + link + in->measure_frame + in->k_bytes;
	out->frame_bytes = stream + in->max_frame;

	hdrm_occupancy(in->cell_bytes, in->small_pct, &num, &den);
	out->occupancy_permille = (u32)div64_u64(num * 1000 + den - 1, den);
	cells = hdrm_pack(stream, in->max_frame, in->cell_bytes,
			  in->small_pct);
	out->headroom_cells = cells;
	out->headroom_bytes = cells * in->cell_bytes;
	return 0;
}
