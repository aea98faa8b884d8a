/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrm_derive(): a result from samples and settings. Each case says which
 * of an override and the link's value must win, and what the statistics
 * and the headroom then are. The checks return 0, or fill @msg and return
 * -1, as in hdrm_cases.h.
 */
#ifndef _HDRM_DERIVE_CASES_H
#define _HDRM_DERIVE_CASES_H

#include "../hdrm_derive.h"
#include "hdrm_cases.h"

#define HDRM_DERIVE_MAX_SAMPLES	8

struct hdrm_derive_case {
	const char *name;
	u64 rtt[HDRM_DERIVE_MAX_SAMPLES];
	u64 turnaround[HDRM_DERIVE_MAX_SAMPLES];
	bool has_turnaround;
	struct hdrm_derive_in in;	/* without the sample pointers */
	/* expected */
	u32 speed, precision, k_bytes;
	bool has_rtt, no_speed;
	u64 estimate, turnaround_median;
	u32 prio_mask, unsized_mask;
	u32 max_frame[HDRM_PRIOS];
	u64 bytes[HDRM_PRIOS], cells[HDRM_PRIOS];
	u64 frames[HDRM_PRIOS];		/* packed perfectly: 0 = bytes */
	u32 link_frame, permille;	/* 0: not checked */
};

static const struct hdrm_derive_case hdrm_derive_cases[] = {
	{
		/* every override set: none of the link's values counts */
		.name = "overrides win",
		.rtt = { 3000, 1000, 2000 },
		.in = { .received = 3, .estimator = HDRM_EST_MIN, .size = true,
			.speed_override = 100000, .speed_link = 25000,
			.precision_override = 50, .hardware = true, .hw_resolution = 1,
			.prio_override = 0x08, .prio_pfc = 0x01,
			.cell = 96, .mtu = 1500 },
		.speed = 100000, .precision = 50, .k_bytes = 25216,
		.has_rtt = true, .estimate = 1000,
		.prio_mask = 0x08,
		.max_frame = { [3] = 1522 },
		/* 40552 B before the last frame: 423 cells of 96, + 16 */
		.bytes = { [3] = 42144 }, .cells = { [3] = 439 },
		.frames = { [3] = 42074 },
	},
	{
		/* no override: the link's speed, PFC priorities and clock */
		.name = "link values without overrides",
		.rtt = { 5000, 1000, 3000, 7000 },
		.turnaround = { 10, 30, 20, 40 }, .has_turnaround = true,
		.in = { .received = 4, .estimator = HDRM_EST_MEDIAN,
			.size = true, .speed_link = 10000,
			.hardware = true, .hw_resolution = 1, .prio_pfc = 0x09, .cell = 1,
			.max_frame = { [0] = 9216 }, .mtu = 9000 },
		.speed = 10000, .precision = 1, .k_bytes = 4288,
		.has_rtt = true, .estimate = 3000, .turnaround_median = 20,
		.prio_mask = 0x09,
		.max_frame = { [0] = 9216, [3] = 9022 },
		/* prio 3's 9022: the receiver may be sending prio 0's 9216 */
		.bytes = { [0] = 26537, [3] = 26343 },
		.cells = { [0] = 26537, [3] = 26343 },
		.link_frame = 9216, .permille = 1000,
	},
	{
		/* K overridden, the rest from the link */
		.name = "K override, link speed",
		.rtt = { 2000, 2500, 9000 },
		.in = { .received = 3, .estimator = HDRM_EST_MIN, .size = true,
			.speed_link = 25000, .hardware = true, .hw_resolution = 4,
			.prio_override = 0x02, .prio_pfc = 0xff,
			.k_override = 4096, .cell = 128, .mtu = 1500 },
		.speed = 25000, .precision = 4, .k_bytes = 4096,
		.has_rtt = true, .estimate = 2000,
		.prio_mask = 0x02,
		.max_frame = { [1] = 1522 },
		.bytes = { [1] = 13568 }, .cells = { [1] = 106 },
		.frames = { [1] = 13479 },
	},
	{
		/*
		 * Every frame small, 256-byte cells: 3132 + 1522 + 64 + 5120 =
		 * 9838 B before the last frame, x 4 in cells: 154, + 6
		 */
		.name = "small frames in 256-byte cells",
		.rtt = { 1000 },
		.in = { .received = 1, .estimator = HDRM_EST_MIN, .size = true,
			.speed_link = 25000, .hardware = true, .hw_resolution = 1,
			.prio_pfc = 0x08, .cell = 256, .small_pct = 100,
			.mtu = 1500 },
		.speed = 25000, .precision = 1, .k_bytes = 5120,
		.has_rtt = true, .estimate = 1000,
		.prio_mask = 0x08,
		.max_frame = { [3] = 1522 },
		.bytes = { [3] = 40960 }, .cells = { [3] = 160 },
		.frames = { [3] = 11360 }, .link_frame = 1522, .permille = 4000,
	},
	{
		.name = "no speed: estimate, no headroom",
		.rtt = { 4000, 6000 },
		.in = { .received = 2, .estimator = HDRM_EST_MAX, .size = true,
			.hardware = true, .hw_resolution = 1, .prio_pfc = 0x01, .cell = 1,
			.mtu = 1500 },
		.precision = 1, .has_rtt = true, .no_speed = true,
		.estimate = 6000,
	},
	{
		.name = "not ended well: estimate, no headroom",
		.rtt = { 4000 },
		.in = { .received = 1, .estimator = HDRM_EST_MIN,
			.speed_link = 10000, .hardware = true, .hw_resolution = 1,
			.prio_pfc = 0x01, .cell = 1, .mtu = 1500 },
		.speed = 10000, .precision = 1, .k_bytes = 4288,
		.has_rtt = true, .estimate = 4000,
	},
	{
		.name = "no samples: settings only",
		.in = { .size = true, .speed_override = 1000,
			.speed_link = 10000, .hardware = true, .hw_resolution = 1,
			.prio_pfc = 0x01, .cell = 1, .mtu = 1500 },
		.speed = 1000, .precision = 1, .k_bytes = 128,
	},
	{
		/*
		 * software: the precision is the samples' standard deviation
		 * (1000 ns here), not the clock's nanosecond
		 */
		.name = "software: precision from the samples' spread",
		.rtt = { 3000, 1000 },
		.in = { .received = 2, .estimator = HDRM_EST_MEDIAN,
			.size = true, .speed_link = 10000, .prio_pfc = 0x01,
			.cell = 1, .mtu = 1500 },
		.speed = 10000, .precision = 1000, .k_bytes = 4288,
		.has_rtt = true, .estimate = 1000,
		.prio_mask = 0x01, .max_frame = { [0] = 1522 },
		.bytes = { [0] = 11146 }, .cells = { [0] = 11146 },
	},
	{
		/* no spread: the clock's 1 ns, never a timer's tick */
		.name = "software without spread: the clock's resolution",
		.rtt = { 5000, 5000 },
		.in = { .received = 2, .estimator = HDRM_EST_MEDIAN,
			.size = true, .speed_link = 10000, .prio_pfc = 0x01,
			.cell = 1, .mtu = 1500 },
		.speed = 10000, .precision = 1, .k_bytes = 4288,
		.has_rtt = true, .estimate = 5000,
		.prio_mask = 0x01, .max_frame = { [0] = 1522 },
		.bytes = { [0] = 13649 }, .cells = { [0] = 13649 },
	},
	{
		/* an MTU of 65535 makes a frame beyond the arithmetic */
		.name = "frame beyond the arithmetic: unsized",
		.rtt = { 1000 },
		.in = { .received = 1, .estimator = HDRM_EST_MIN, .size = true,
			.speed_link = 10000, .hardware = true, .hw_resolution = 1,
			.prio_pfc = 0x03, .cell = 1,
			.max_frame = { [0] = 1522 }, .mtu = 65535 },
		.speed = 10000, .precision = 1, .k_bytes = 4288,
		.has_rtt = true, .estimate = 1000,
		.prio_mask = 0x01, .unsized_mask = 0x02,
		.max_frame = { [0] = 1522, [1] = 65557 },
		/* 1253 + 65535 (the link's, capped) + 64 + 4288 + 1522 */
		.bytes = { [0] = 72662 }, .cells = { [0] = 72662 },
		.link_frame = 65535,
	},
};

static int hdrm_check_derive(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_derive_case *c = &hdrm_derive_cases[i];
	u64 rtt[HDRM_DERIVE_MAX_SAMPLES], ta[HDRM_DERIVE_MAX_SAMPLES];
	struct hdrm_derive_in in = c->in;
	struct hdrm_derived out;
	int prio;

	memcpy(rtt, c->rtt, sizeof(rtt));
	memcpy(ta, c->turnaround, sizeof(ta));
	in.rtt = rtt;
	in.turnaround = c->has_turnaround ? ta : NULL;
	hdrm_derive(&in, &out);
	if (out.speed != c->speed || out.precision != c->precision ||
	    out.k_bytes != c->k_bytes || out.cell != c->in.cell)
		return hdrm_fail(msg, len, "%s: settings %u/%u/%u/%u, not %u/%u/%u/%u",
				 c->name, out.speed, out.precision, out.k_bytes, out.cell,
				 c->speed, c->precision, c->k_bytes, c->in.cell);
	if (out.has_rtt != c->has_rtt || out.no_speed != c->no_speed ||
	    out.rtt_estimate != c->estimate ||
	    out.turnaround_median != c->turnaround_median)
		return hdrm_fail(msg, len, "%s: rtt %d/%d/%llu/%llu, not %d/%d/%llu/%llu",
				 c->name, out.has_rtt, out.no_speed,
				 (unsigned long long)out.rtt_estimate,
				 (unsigned long long)out.turnaround_median,
				 c->has_rtt, c->no_speed,
				 (unsigned long long)c->estimate,
				 (unsigned long long)c->turnaround_median);
	if (out.prio_mask != c->prio_mask || out.unsized_mask != c->unsized_mask)
		return hdrm_fail(msg, len, "%s: sized %#x unsized %#x, expected %#x %#x",
				 c->name, out.prio_mask, out.unsized_mask,
				 c->prio_mask, c->unsized_mask);
	if ((c->link_frame && out.link_frame != c->link_frame) ||
	    (c->permille && out.occupancy_permille != c->permille))
		return hdrm_fail(msg, len, "%s: link frame %u occupancy %u, not %u %u",
				 c->name, out.link_frame, out.occupancy_permille,
				 c->link_frame, c->permille);
	for (prio = 0; prio < HDRM_PRIOS; prio++)
		if (out.max_frame[prio] != c->max_frame[prio] ||
		    out.headroom_bytes[prio] != c->bytes[prio] ||
		    out.headroom_cells[prio] != c->cells[prio] ||
		    out.frame_bytes[prio] != (c->frames[prio] ?: c->bytes[prio]))
			return hdrm_fail(msg, len, "%s: prio %d: %u/%llu/%llu, not %u/%llu/%llu",
					 c->name, prio, out.max_frame[prio],
					 (unsigned long long)out.headroom_bytes[prio],
					 (unsigned long long)out.headroom_cells[prio],
					 c->max_frame[prio],
					 (unsigned long long)c->bytes[prio],
					 (unsigned long long)c->cells[prio]);
	return 0;
}

#endif /* _HDRM_DERIVE_CASES_H */
