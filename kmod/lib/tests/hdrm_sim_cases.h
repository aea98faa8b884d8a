/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The PFC loop simulator's cases, run by KUnit and by the tool's test:
 * three loops worked by hand on the timeline, its refusals, and the
 * headroom arithmetic refereed by it over a table of links.
 */
#ifndef _HDRM_SIM_CASES_H
#define _HDRM_SIM_CASES_H

#include "../hdrm_sim.h"

struct hdrm_sim_case {
	const char *name;
	struct hdrm_sim_in in;
	int err;
	u64 peak_bytes, peak_cells, frames, dropped_bytes;
	u64 pfc_sent_ns, last_byte_ns;
};

static const struct hdrm_sim_case hdrm_sim_cases[] = {
	{
		/*
		 * 10G, no cable, no K: the PFC frame's last bit leaves after
		 * the receiver's 1522-byte frame, the gap and itself: 8 + 1522
		 * + 12 + 8 + 64 = 1614 bytes, 12912 bits, 1291.2 ns. The
		 * sender's frames are laid back from then: one whole slot of
		 * 1542, and the last 72 bytes of the one before (its 12 of
		 * gap, its last 60 bytes). Then the last frame, 1522: 60 +
		 * 1522 + 1522 = 3104. Its last byte arrives 8 + 1522 bytes
		 * later: 25152 bits.
		 */
		.name = "10G, no cable, all largest",
		.in = { .speed_mbps = 10000, .delay_ns = 0, .max_frame = 1522,
			.k_bytes = 0, .cell = 1, .pattern = HDRM_SIM_MAX },
		.peak_bytes = 3104, .peak_cells = 3104, .frames = 3,
		.pfc_sent_ns = 1292, .last_byte_ns = 2516,
	},
	{
		/*
		 * The same with 64-byte frames in 256-byte cells: 19 whole
		 * slots of 84 in 1614 and 18 bytes left: 12 of gap, the last 6
		 * bytes of a frame whose cell was opened before the crossing
		 * (no new cell). 6 + 19 x 64 + 64 bytes; 19 + 1 cells.
		 */
		.name = "10G, no cable, 64-byte frames, 256-byte cells",
		.in = { .speed_mbps = 10000, .delay_ns = 0, .max_frame = 1522,
			.k_bytes = 0, .cell = 256, .pattern = HDRM_SIM_MIN },
		.peak_bytes = 1286, .peak_cells = 20, .frames = 21,
		.pfc_sent_ns = 1292, .last_byte_ns = 1349,
	},
	{
		/*
		 * 25G, 100 m (500 ns one way, 12500 bits), K 80 quanta (40960
		 * bits): 12500 + 12912 + 12500 + 40960 = 78872 bits = 9859
		 * bytes before the last start: 6 whole slots and 607 bytes,
		 * 595 of them data. 595 + 6 x 1522 + 1522 = 11249; a headroom
		 * of 11248 drops the last frame.
		 */
		.name = "25G, 100 m, one byte short",
		.in = { .speed_mbps = 25000, .delay_ns = 500, .max_frame = 1522,
			.k_bytes = 5120, .cell = 1, .pattern = HDRM_SIM_MAX,
			.drops = true, .headroom = 11248 },
		.peak_bytes = 11249, .peak_cells = 11249, .frames = 8,
		.dropped_bytes = 1522, .pfc_sent_ns = 517,
		.last_byte_ns = 3645,
	},
	{
		.name = "25G, 100 m, exactly enough",
		.in = { .speed_mbps = 25000, .delay_ns = 500, .max_frame = 1522,
			.k_bytes = 5120, .cell = 1, .pattern = HDRM_SIM_MAX,
			.drops = true, .headroom = 11249 },
		.peak_bytes = 11249, .peak_cells = 11249, .frames = 8,
		.dropped_bytes = 0, .pfc_sent_ns = 517, .last_byte_ns = 3645,
	},
	{
		.name = "speed 0",
		.in = { .speed_mbps = 0, .max_frame = 1522, .cell = 1,
			.pattern = HDRM_SIM_MAX },
		.err = -EINVAL,
	},
	{
		.name = "cell 0",
		.in = { .speed_mbps = 1000, .max_frame = 1522, .cell = 0,
			.pattern = HDRM_SIM_MAX },
		.err = -EINVAL,
	},
	{
		.name = "a frame below 64",
		.in = { .speed_mbps = 1000, .max_frame = 63, .cell = 1,
			.pattern = HDRM_SIM_MAX },
		.err = -ERANGE,
	},
	{
		.name = "a size beyond the largest",
		.in = { .speed_mbps = 1000, .max_frame = 1522, .cell = 1,
			.pattern = HDRM_SIM_SIZE, .size = 1523 },
		.err = -ERANGE,
	},
	{
		.name = "a delay beyond 2 s",
		.in = { .speed_mbps = 1000, .delay_ns = 2000000001ULL,
			.max_frame = 1522, .cell = 1, .pattern = HDRM_SIM_MAX },
		.err = -ERANGE,
	},
	{
		.name = "no such pattern",
		.in = { .speed_mbps = 1000, .max_frame = 1522, .cell = 1,
			.pattern = 5 },
		.err = -ERANGE,
	},
};

static int hdrm_check_sim(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_sim_case *c = &hdrm_sim_cases[i];
	struct hdrm_sim_out o;
	int err = hdrm_sim_run(&c->in, &o);

	if (err != c->err)
		return hdrm_fail(msg, len, "%s: error %d, expected %d", c->name, err, c->err);
	if (!err && (o.peak_bytes != c->peak_bytes ||
		     o.peak_cells != c->peak_cells || o.frames != c->frames ||
		     o.dropped_bytes != c->dropped_bytes ||
		     o.pfc_sent_ns != c->pfc_sent_ns ||
		     o.last_byte_ns != c->last_byte_ns))
		return hdrm_fail(msg, len, "%s: %llu B %llu cells %llu frames %llu lost %llu %llu",
				 c->name, (unsigned long long)o.peak_bytes,
				 (unsigned long long)o.peak_cells,
				 (unsigned long long)o.frames,
				 (unsigned long long)o.dropped_bytes,
				 (unsigned long long)o.pfc_sent_ns,
				 (unsigned long long)o.last_byte_ns);
	return 0;
}

/* The referee's table: the speeds, cables, MTUs and cells. */
static const u32 hdrm_sim_speeds[] = { 10000, 25000, 100000, 400000 };
static const u32 hdrm_sim_metres[] = { 1, 3, 10, 50, 100, 300, 2000 };
static const u32 hdrm_sim_mtus[] = { 1500, 9000 };
static const u32 hdrm_sim_cells_tab[] = { 1, 80, 96, 144, 256 };

/*
 * One row and one pattern: enough, not vacuous, and close for big frames.
 * A failure names the row as speed/metres/MTU/cell/pattern.
 */
static int hdrm_check_sim_row(u32 speed, u32 metres, u32 mtu, u32 cell,
			      u8 pattern, u32 other, char *msg, size_t len)
{
	u32 frame = hdrm_default_max_frame(mtu);
	struct hdrm_calc_in c = {
		/* hardware timestamps: t is the cable, 5 ns a metre each way */
		.rtt_ns = 10ULL * metres, .precision_ns = 1,
		.speed_mbps = speed, .max_frame = frame,
		.measure_frame = HDRM_FRAME_WIRE_LEN,
		.k_bytes = hdrm_k_bytes(speed), .cell_bytes = cell,
		.small_pct = 100,
	};
	struct hdrm_sim_in s = {
		.speed_mbps = speed, .delay_ns = 5ULL * metres,
		.max_frame = frame, .k_bytes = c.k_bytes, .cell = cell,
		.pattern = pattern, .size = frame > 257 ? 257 : frame,
		.other_frame = other, .drops = true,
	};
	struct hdrm_calc_out h;
	struct hdrm_sim_out o;

	if (hdrm_headroom(&c, &h))
		return hdrm_fail(msg, len, "%u Mb/s %u m: no headroom", speed, metres);
	s.headroom = h.headroom_bytes;
	if (hdrm_sim_run(&s, &o))
		return hdrm_fail(msg, len, "%u Mb/s %u m: no simulation", speed, metres);
	if (o.dropped_bytes || o.peak_cells > h.headroom_cells ||
	    o.peak_bytes > h.frame_bytes)
		return hdrm_fail(msg, len, "%u/%u/%u/%u/%u: %llu, peak %llu (%llu B) %llu lost",
				 speed, metres, mtu, cell, pattern,
				 (unsigned long long)h.headroom_cells,
				 (unsigned long long)o.peak_cells,
				 (unsigned long long)o.peak_bytes,
				 (unsigned long long)o.dropped_bytes);
	/* one cell below the peak drops */
	s.headroom = (o.peak_cells - 1) * cell;
	if (hdrm_sim_run(&s, &o) || !o.dropped_bytes)
		return hdrm_fail(msg, len, "%u/%u/%u/%u/%u: a cell less, no drop",
				 speed, metres, mtu, cell, pattern);
	/* all largest frames, one-byte cells, 25G and above: within 15 % */
	if (cell == 1 && pattern == HDRM_SIM_MAX && !other && speed >= 25000 &&
	    h.headroom_bytes * 100 > o.peak_bytes * 115)
		return hdrm_fail(msg, len, "%u/%u/%u: %llu B for a peak of %llu B, over 15 %%",
				 speed, metres, mtu,
				 (unsigned long long)h.headroom_bytes,
				 (unsigned long long)o.peak_bytes);
	return 0;
}

static int hdrm_check_sim_table(char *msg, size_t len)
{
	static const u8 patterns[] = { HDRM_SIM_MAX, HDRM_SIM_MIN, HDRM_SIM_SIZE,
				       HDRM_SIM_MIX, HDRM_SIM_WORST };
	const unsigned int n1 = ARRAY_SIZE(patterns);
	const unsigned int n2 = n1 * ARRAY_SIZE(hdrm_sim_cells_tab);
	const unsigned int n3 = n2 * ARRAY_SIZE(hdrm_sim_mtus);
	const unsigned int n4 = n3 * ARRAY_SIZE(hdrm_sim_metres);
	const unsigned int rows = n4 * ARRAY_SIZE(hdrm_sim_speeds);
	unsigned int i;
	u32 speed, metres, mtu, cell;
	u8 pattern;
	int err;

	/* every combination; each pattern also with another priority's frames */
	for (i = 0; i < rows; i++) {
		speed = hdrm_sim_speeds[i / n4];
		metres = hdrm_sim_metres[i % n4 / n3];
		mtu = hdrm_sim_mtus[i % n3 / n2];
		cell = hdrm_sim_cells_tab[i % n2 / n1];
		pattern = patterns[i % n1];
		err = hdrm_check_sim_row(speed, metres, mtu, cell, pattern, 0,
					 msg, len);
		if (!err && pattern != HDRM_SIM_SIZE)
			err = hdrm_check_sim_row(speed, metres, mtu, cell,
						 pattern, 1522, msg, len);
		if (err)
			return err;
	}
	return 0;
}

/*
 * What the referee found: the application's 2 x max_frame, with the
 * priority's own frame twice, is short when the link carries larger
 * frames than the priority (max-frame 3:1522 on a 9000-byte MTU). Its
 * measurement frame, 64 bytes without the wire's preambles and gaps, is
 * not: the sender's own gaps cover them, with 4 bytes to spare.
 */
static int hdrm_check_sim_findings(char *msg, size_t len)
{
	struct hdrm_sim_in s = {
		.speed_mbps = 25000, .delay_ns = 250, .link_frame = 9022,
		.max_frame = 1522, .k_bytes = hdrm_k_bytes(25000), .cell = 1,
		.pattern = HDRM_SIM_MAX,
	};
	struct hdrm_sim_out o;
	u64 old;

	/* 500 ns x 25 Gb/s = 1563 B; 2 x 1522 + 64 + 5120 */
	old = 1563 + 2 * 1522 + 64 + 5120;
	if (hdrm_sim_run(&s, &o) || o.peak_bytes <= old + 7000)
		return hdrm_fail(msg, len, "1522 on MTU 9000: peak %llu B, old formula %llu B",
				 (unsigned long long)o.peak_bytes,
				 (unsigned long long)old);
	/*
	 * No cable, no K, all 9022 at 10G: 9114 bytes of the receiver's
	 * wire before its PFC frame is out; one whole slot of the sender's
	 * and 60 bytes of the one before: 60 + 2 x 9022 = 18104, against
	 * 2 x 9022 + 64 = 18108.
	 */
	s.speed_mbps = 10000;
	s.delay_ns = 0;
	s.link_frame = 0;
	s.k_bytes = 0;
	s.max_frame = 9022;
	old = 2 * 9022 + 64;
	if (hdrm_sim_run(&s, &o) || o.peak_bytes != old - 4)
		return hdrm_fail(msg, len, "the wire's overheads: peak %llu B, the formula %llu B",
				 (unsigned long long)o.peak_bytes,
				 (unsigned long long)old);
	return 0;
}

#endif /* _HDRM_SIM_CASES_H */
