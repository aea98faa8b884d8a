// SPDX-License-Identifier: GPL-2.0
/*
 * The PFC loop simulator (hdrm_sim.h): a timeline in bit times at the
 * link's speed, time 0 being the instant the receiver's buffer crosses
 * XOFF. Every frame is placed on it exactly, so each of its bytes has its
 * own arrival time; a run of identical cycles is added up at once rather
 * than byte by byte, which gives the same sums.
 */
#include "hdrm_sim.h"

/* what a frame costs on the wire besides its bytes, in bytes */
#define HDRM_SIM_OVERHEAD	(HDRM_WIRE_PREAMBLE + HDRM_WIRE_IFG)
/* the longest repeating pattern: the mix, each with another's frame */
#define HDRM_SIM_CYCLE		24

struct hdrm_sim_frame {
	u32 size;
	bool ours;		/* the paused priority's, or another's */
};

/* The priority's arrivals after the crossing, and the drops. */
struct hdrm_sim_acc {
	bool drops;
	u64 cap;		/* cells the headroom holds */
	u64 used;		/* cells admitted */
	u64 bytes, cells, frames;
	u64 dropped_bytes, dropped_frames;
};

static u64 hdrm_sim_cells(u64 bytes, u32 cell)
{
	return DIV_ROUND_UP_ULL(bytes, cell);
}

/* A frame's bytes from its start to its next frame's start, in bits. */
static u64 hdrm_sim_slot(const struct hdrm_sim_frame *f)
{
	return 8ULL * (f->size + HDRM_SIM_OVERHEAD);
}

/*
 * @bytes of one frame arrive after the crossing, needing @cells new cells.
 * A frame is taken whole or dropped whole.
 */
static void hdrm_sim_arrive(struct hdrm_sim_acc *a, u64 bytes, u64 cells)
{
	a->bytes += bytes;
	a->cells += cells;
	a->frames++;
	if (!a->drops)
		return;
	if (a->used + cells <= a->cap) {
		a->used += cells;
	} else {
		a->dropped_bytes += bytes;
		a->dropped_frames++;
	}
}

/*
 * @n whole cycles of @f starting at @rot. Whole cycles are taken at once
 * while they fit; then frame by frame (the smaller frames of a mix still
 * fit when a large one does not) until a cycle takes nothing, after which
 * every later cycle is dropped whole.
 */
static void hdrm_sim_cycles(struct hdrm_sim_acc *a,
			    const struct hdrm_sim_frame *f, unsigned int m,
			    unsigned int rot, u64 n, u32 cell)
{
	u64 cb = 0, cc = 0, cf = 0, k = n;
	unsigned int j;

	for (j = 0; j < m; j++) {
		if (!f[j].ours)
			continue;
		cb += f[j].size;
		cc += hdrm_sim_cells(f[j].size, cell);
		cf++;
	}
	if (!cc || !n)
		return;
	if (a->drops && div64_u64(a->cap - a->used, cc) < n)
		k = div64_u64(a->cap - a->used, cc);
	a->bytes += k * cb;
	a->cells += k * cc;
	a->frames += k * cf;
	if (a->drops)
		a->used += k * cc;
	n -= k;
	while (n) {
		u64 before = a->used;

		for (j = 0; j < m; j++) {
			const struct hdrm_sim_frame *fr = &f[(rot + j) % m];

			if (fr->ours)
				hdrm_sim_arrive(a, fr->size,
						hdrm_sim_cells(fr->size, cell));
		}
		n--;
		if (a->used == before) {
			a->bytes += n * cb;
			a->cells += n * cc;
			a->frames += n * cf;
			a->dropped_bytes += n * cb;
			a->dropped_frames += n * cf;
			return;
		}
	}
}

/*
 * One play: the cycle @f of @m frames, whose frame @rot comes first after
 * each whole cycle's end, ends right where the sender begins @tail at the
 * latest moment it may. @w is the sender's time from the bit that reaches
 * the receiver at the crossing to that moment. The frames are laid back
 * from there, and counted forwards.
 */
static void hdrm_sim_play(const struct hdrm_sim_frame *f, unsigned int m,
			  unsigned int rot, u32 tail, u64 w, u32 cell,
			  struct hdrm_sim_acc *a)
{
	u64 cycle = 0, n, rem;
	unsigned int i, j, walked = 0;

	for (j = 0; j < m; j++)
		cycle += hdrm_sim_slot(&f[j]);
	n = div64_u64(w, cycle);
	rem = w - n * cycle;

	/* the frames of the cycle before the whole ones, back from its end */
	i = (rot + m - 1) % m;
	while (rem >= hdrm_sim_slot(&f[i])) {
		rem -= hdrm_sim_slot(&f[i]);
		i = (i + m - 1) % m;
		walked++;
	}
	/*
	 * f[i] is on the wire when its bits start to arrive after the
	 * crossing: the last @rem bits of its slot (gap, then data, back from
	 * the end) do; its bytes whose first bit comes at or after the
	 * crossing count, in the cells they open.
	 */
	if (rem && f[i].ours) {
		u64 before = hdrm_sim_slot(&f[i]) - rem;
		u64 j0 = DIV_ROUND_UP_ULL(before, 8);

		j0 = j0 > HDRM_WIRE_PREAMBLE ? j0 - HDRM_WIRE_PREAMBLE : 0;
		if (j0 < f[i].size)
			hdrm_sim_arrive(a, f[i].size - j0,
					hdrm_sim_cells(f[i].size, cell) -
					hdrm_sim_cells(j0, cell));
	}
	for (j = walked; j > 0; j--) {
		const struct hdrm_sim_frame *fr = &f[(rot + m - j) % m];

		if (fr->ours)
			hdrm_sim_arrive(a, fr->size,
					hdrm_sim_cells(fr->size, cell));
	}
	hdrm_sim_cycles(a, f, m, rot, n, cell);
	hdrm_sim_arrive(a, tail, hdrm_sim_cells(tail, cell));
}

/* @n frames of @size, each followed by another's @other when nonzero. */
static unsigned int hdrm_sim_fill(struct hdrm_sim_frame *f, unsigned int m,
				  u32 size, unsigned int n, u32 other)
{
	while (n--) {
		f[m].size = size;
		f[m++].ours = true;
		if (other) {
			f[m].size = other;
			f[m++].ours = false;
		}
	}
	return m;
}

/* Every rotation of one cycle; the highest peak and the most drops. */
static void hdrm_sim_cycle(const struct hdrm_sim_in *in,
			   const struct hdrm_sim_frame *f, unsigned int m,
			   u32 tail, u64 w, struct hdrm_sim_out *out)
{
	unsigned int rot;

	for (rot = 0; rot < m; rot++) {
		struct hdrm_sim_acc a = {
			.drops = in->drops,
			.cap = div64_u64(in->headroom, in->cell),
		};

		hdrm_sim_play(f, m, rot, tail, w, in->cell, &a);
		if (a.cells > out->peak_cells ||
		    (a.cells == out->peak_cells && a.bytes > out->peak_bytes)) {
			out->peak_cells = a.cells;
			out->peak_bytes = a.bytes;
			out->frames = a.frames;
			out->body_frame = f[0].size;
		}
		if (a.dropped_bytes > out->dropped_bytes) {
			out->dropped_bytes = a.dropped_bytes;
			out->dropped_frames = a.dropped_frames;
		}
	}
}

static int hdrm_sim_check(const struct hdrm_sim_in *in, u32 max)
{
	u32 link = in->link_frame ?: max;

	if (!in->speed_mbps || !in->cell || !max)
		return -EINVAL;
	if (in->speed_mbps > HDRM_CALC_MAX_SPEED_MBPS ||
	    in->delay_ns > HDRM_SIM_MAX_DELAY_NS ||
	    in->k_bytes > HDRM_CALC_MAX_K ||
	    in->cell > HDRM_CALC_MAX_CELL ||
	    in->pattern > HDRM_SIM_WORST)
		return -ERANGE;
	if (max < HDRM_MIN_FRAME || max > HDRM_CALC_MAX_FRAME ||
	    link < HDRM_MIN_FRAME || link > HDRM_CALC_MAX_FRAME ||
	    (in->other_frame && (in->other_frame < HDRM_MIN_FRAME ||
				 in->other_frame > HDRM_CALC_MAX_FRAME)))
		return -ERANGE;
	if (in->pattern == HDRM_SIM_SIZE &&
	    (in->size < HDRM_MIN_FRAME || in->size > max))
		return -ERANGE;
	return 0;
}

/**
 * hdrm_sim_run() - play a pause on a link
 * @in: the link, the sender's pattern, and optionally a headroom
 * @out: the peak above XOFF, the drops against the headroom, the timeline
 *
 * The adversary has every choice the standards leave open: the receiver
 * began its largest frame just as XOFF was crossed; the sender begins its
 * last frame at the last moment its response allowance permits; the
 * pattern's frames are sent back to back up to it, in whichever rotation
 * peaks highest (an earlier start only moves bytes before the crossing).
 * The pattern worst tries, each ending with the priority's largest frame,
 * the sizes that fill the most cells per bit of wire time: 64 bytes, the
 * first size one byte over a whole number of cells, and the largest.
 *
 * Return: 0; -EINVAL for a zero speed, cell or frame; -ERANGE for an
 * input beyond the arithmetic's limits or a frame below 64 bytes, or a
 * pattern size beyond the priority's largest frame.
 */
int hdrm_sim_run(const struct hdrm_sim_in *in, struct hdrm_sim_out *out)
{
	struct hdrm_sim_frame f[HDRM_SIM_CYCLE];
	u32 max = in->max_frame, link = in->link_frame ?: max;
	u32 sizes[3], tail = max, s;
	u64 d, pfc, w;
	unsigned int m, n = 0, i;
	int err;

	memset(out, 0, sizeof(*out));
	err = hdrm_sim_check(in, max);
	if (err)
		return err;

	/* the cable and PHYs, one way, in whole bit times (rounded up) */
	d = DIV_ROUND_UP_ULL(in->delay_ns * in->speed_mbps, 1000);
	/* the receiver's frame, the gap, the PFC frame: its last bit leaves */
	pfc = 8ULL * (HDRM_WIRE_PREAMBLE + link + HDRM_WIRE_IFG +
		      HDRM_WIRE_PREAMBLE + HDRM_MIN_FRAME);
	/* from the sender's bit that arrives at the crossing to its last start */
	w = d + pfc + d + 8ULL * in->k_bytes;

	out->pfc_sent_ns = DIV_ROUND_UP_ULL(pfc * 1000, in->speed_mbps);
	out->pfc_received_ns = DIV_ROUND_UP_ULL((pfc + d) * 1000,
						in->speed_mbps);
	out->last_start_ns = DIV_ROUND_UP_ULL((w - d) * 1000, in->speed_mbps);

	switch (in->pattern) {
	case HDRM_SIM_MIX:
		m = hdrm_sim_fill(f, 0, HDRM_MIN_FRAME, 7, in->other_frame);
		m = hdrm_sim_fill(f, m, max < HDRM_SIM_MIX_MID ? max :
				  HDRM_SIM_MIX_MID, 4, in->other_frame);
		m = hdrm_sim_fill(f, m, max, 1, in->other_frame);
		hdrm_sim_cycle(in, f, m, tail, w, out);
		out->body_frame = 0;	/* no one size */
		break;
	case HDRM_SIM_WORST:
		sizes[n++] = HDRM_MIN_FRAME;
		s = (HDRM_MIN_FRAME / in->cell) * in->cell + 1;
		if (s <= HDRM_MIN_FRAME)
			s += in->cell;
		if (s < max)
			sizes[n++] = s;
		if (max > HDRM_MIN_FRAME)
			sizes[n++] = max;
		for (i = 0; i < n; i++) {
			m = hdrm_sim_fill(f, 0, sizes[i], 1, in->other_frame);
			hdrm_sim_cycle(in, f, m, tail, w, out);
		}
		break;
	default:
		s = in->pattern == HDRM_SIM_MIN ? HDRM_MIN_FRAME :
		    in->pattern == HDRM_SIM_SIZE ? in->size : max;
		tail = s;
		m = hdrm_sim_fill(f, 0, s, 1, in->other_frame);
		hdrm_sim_cycle(in, f, m, tail, w, out);
		break;
	}
	out->last_byte_ns = DIV_ROUND_UP_ULL((w + 8ULL * (HDRM_WIRE_PREAMBLE +
							  tail)) * 1000,
					     in->speed_mbps);
	return 0;
}
