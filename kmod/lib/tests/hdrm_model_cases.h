/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrm_model_plan() and hdrm_model_effective(): each driver's arithmetic
 * worked by hand (the figures in the comments), what auto writes, and the
 * writes refused. The checks return 0, or fill @msg and return -1, as in
 * hdrm_cases.h.
 */
#ifndef _HDRM_MODEL_CASES_H
#define _HDRM_MODEL_CASES_H

#include "../hdrm_model.h"
#include "hdrm_cases.h"

/* prio 3 lossless in buffer 1; the rest lossy in buffer 0 */
#define HDRM_MODEL_MAP	{ 0, 0, 0, 1, 0, 0, 0, 0 }

struct hdrm_model_case {
	const char *name;
	struct hdrm_model_dev dev;
	struct hdrm_model_state cur;
	u64 need;		/* prio 3's headroom */
	u64 inflight;		/* its round-trip share */
	u64 allowance_ns;
	u8 method;
	/* expected */
	int err;
	u8 rule;
	u64 rule_have, rule_need;
	bool write_delay, write_buf, clamped;
	u16 delay;
	u64 delay_wanted;
	u32 size1;		/* buffer 1 after the plan */
	u64 effective;		/* prio 3's, after the plan */
};

#define HDRM_MLX5_25G	{ .model = HDRM_MODEL_MLX5, .speed_mbps = 25000,	\
			  .mtu = 9000, .max_mtu = 9216, .cell = 128 }
#define HDRM_MLX5_100G	{ .model = HDRM_MODEL_MLX5, .speed_mbps = 100000,	\
			  .mtu = 1500, .max_mtu = 9216, .cell = 128 }
#define HDRM_MLXSW_100G	{ .model = HDRM_MODEL_MLXSW, .speed_mbps = 100000,	\
			  .mtu = 9000, .max_mtu = 9216, .cell = 144 }
#define HDRM_STATE(d, s0, s1)						\
	{ .has_pfc = true, .has_buf = true, .pfc_en = 0x08, .delay = (d),	\
	  .buf = { .prio2buffer = HDRM_MODEL_MAP, .size = { (s0), (s1) },	\
		   .total = 262144 } }

static const struct hdrm_model_case hdrm_model_cases[] = {
	{
		/*
		 * xoff(0) = 301 x 40 + 272 x 9000 / 100 = 36,520 >= 23,878: no
		 * length is short enough, 1 m is the floor. xoff(1) = 36,600;
		 * 50,000 B is 390 cells, XOFF at (50,000 - 36,600) / 128 = 104
		 * cells: 286 cells = 36,608 B above it.
		 */
		.name = "mlx5 auto, 25G MTU 9000: the driver's floor decides",
		.dev = HDRM_MLX5_25G, .cur = HDRM_STATE(7, 100000, 50000),
		.need = 23878, .allowance_ns = 200, .method = HDRM_METHOD_AUTO,
		.rule = HDRM_RULE_CLAMPED_FLOOR, .rule_have = 36608,
		.rule_need = 23878, .write_delay = true, .clamped = true,
		.delay = 1, .delay_wanted = 0, .size1 = 50000,
		.effective = 36608,
	},
	{
		/*
		 * (301 + 216 x 769 / 100) x 100 + 4080 = 200,280 >= 200,000;
		 * 768 m gives 199,980. Floor 200,280 + 9216 + 128 = 209,624,
		 * 1638 cells = 209,664 B; XOFF at 9384 / 128 = 73 cells:
		 * 1565 cells = 200,320 B above it.
		 */
		.name = "mlx5 auto, 100G: 769 m, buffer 1 grown to the floor",
		.dev = HDRM_MLX5_100G, .cur = HDRM_STATE(7, 50000, 100000),
		.need = 200000, .allowance_ns = 200, .method = HDRM_METHOD_AUTO,
		.write_delay = true, .write_buf = true, .delay = 769,
		.delay_wanted = 769, .size1 = 209664, .effective = 200320,
	},
	{
		/*
		 * 999 m: (301 + 2157) x 100 + 4080 = 249,880 < 300,000; 1232 m
		 * would do. Floor 259,224 -> 2026 cells = 259,328 B, beside
		 * buffer 0's 2000 in 262,144; 1953 cells = 249,984 B above
		 * XOFF, short of the need: refused, the plan kept to say so.
		 */
		.name = "mlx5 auto, 100G: the 999 m ceiling is short, refused",
		.dev = HDRM_MLX5_100G, .cur = HDRM_STATE(7, 2000, 100000),
		.need = 300000, .allowance_ns = 200, .method = HDRM_METHOD_AUTO,
		.err = -ERANGE, .rule = HDRM_RULE_CLAMPED_CEILING,
		.rule_have = 249984, .rule_need = 300000, .write_delay = true,
		.write_buf = true, .clamped = true, .delay = 999,
		.delay_wanted = 1232, .size1 = 259328,
	},
	{
		.name = "mlx5 auto, 100G: no room to grow to the floor",
		.dev = HDRM_MLX5_100G, .cur = HDRM_STATE(7, 50000, 100000),
		.need = 300000, .allowance_ns = 200, .method = HDRM_METHOD_AUTO,
		.err = -ENOSPC, .rule = HDRM_RULE_NO_ROOM, .rule_have = 212144,
		.rule_need = 259328, .write_delay = true, .write_buf = true,
		.clamped = true, .delay = 999, .delay_wanted = 1232,
		.size1 = 259328,
	},
	{
		/*
		 * xoff(7) = (301 + 15) x 40 + 24,480 = 37,120; floor 37,120 +
		 * 9216 + 128 = 46,464 = 363 cells; XOFF at 73 cells.
		 */
		.name = "mlx5 buffer: lossless buffer set to the driver's floor",
		.dev = HDRM_MLX5_25G, .cur = HDRM_STATE(7, 100000, 50000),
		.need = 23878, .allowance_ns = 200, .method = HDRM_METHOD_BUFFER,
		.write_buf = true, .delay = 7, .size1 = 46464,
		.effective = 37120,
	},
	{
		.name = "mlx5 buffer: 7 m keeps 37,120 B above XOFF, 40,000 measured",
		.dev = HDRM_MLX5_25G, .cur = HDRM_STATE(7, 100000, 50000),
		.need = 40000, .allowance_ns = 200, .method = HDRM_METHOD_BUFFER,
		.err = -ERANGE, .rule = HDRM_RULE_SHORT, .rule_have = 37120,
		.rule_need = 40000, .write_buf = true, .delay = 7,
		.size1 = 46464,
	},
	{
		/*
		 * 5000 ns is 500 m: xoff (301 + 1080) x 40 + 24,480 = 79,720;
		 * floor 89,064 -> 696 cells = 89,088 B; XOFF at 73 cells.
		 */
		.name = "mlx5 delay: 500 m, buffer 1 grown to its floor",
		.dev = HDRM_MLX5_25G, .cur = HDRM_STATE(7, 100000, 50000),
		.need = 23878, .allowance_ns = 5000, .method = HDRM_METHOD_DELAY,
		.write_delay = true, .write_buf = true, .delay = 500,
		.delay_wanted = 500, .size1 = 89088, .effective = 79744,
	},
	{
		/*
		 * Priority 0 has PFC but no measured headroom: its buffer 0 is
		 * lossless to mlx5 all the same, and must reach 500 m's floor
		 * of 89,088 B too, or the driver refuses the length.
		 */
		.name = "mlx5 delay: every PFC priority's buffer grown, measured or not",
		.dev = HDRM_MLX5_25G,
		.cur = { .has_pfc = true, .has_buf = true, .pfc_en = 0x09,
			 .delay = 7,
			 .buf = { .prio2buffer = HDRM_MODEL_MAP,
				  .size = { 180000, 50000 }, .total = 262144 } },
		.need = 23878, .allowance_ns = 5000, .method = HDRM_METHOD_DELAY,
		.err = -ENOSPC, .rule = HDRM_RULE_NO_ROOM, .rule_have = 262144,
		.rule_need = 180000 + 89088, .write_delay = true,
		.write_buf = true, .delay = 500, .delay_wanted = 500,
		.size1 = 89088,
	},
	{
		/*
		 * 2 x cells(ceil(D / 8)) + cells(9000) = 63 cells of 144 B must
		 * reach 20,000 B (139 cells): 38 delay cells, 5329 bytes, 42,625
		 * bits; 42,624 bits give 137 cells = 19,728 B.
		 */
		.name = "mlxsw auto, 100G 4 lanes: 42,625 bits",
		.dev = HDRM_MLXSW_100G, .cur = HDRM_STATE(0, 0, 0),
		.need = 20000, .allowance_ns = 200, .method = HDRM_METHOD_AUTO,
		.write_delay = true, .delay = 42625, .delay_wanted = 42625,
		.effective = 20016,
	},
	{
		/*
		 * 400G, where an 8-lane port's driver doubles the size for two
		 * headroom buffers that split it: each holds (2 x 38 + 63) x
		 * 144 = 20,016 B, as on 4 lanes, and the speed does not enter.
		 * (Counting the doubled size would write 3457 bits: 10,224 B
		 * in each buffer, half the need.)
		 */
		.name = "mlxsw auto, 400G: 42,625 bits, the need in each headroom buffer",
		.dev = { .model = HDRM_MODEL_MLXSW, .speed_mbps = 400000,
			 .mtu = 9000, .max_mtu = 9216, .cell = 144 },
		.cur = HDRM_STATE(0, 0, 0),
		.need = 20000, .allowance_ns = 200, .method = HDRM_METHOD_AUTO,
		.write_delay = true, .delay = 42625, .delay_wanted = 42625,
		.effective = 20016,
	},
	{
		/*
		 * 65,535 bits are 8192 B, 57 cells: (2 x 57 + 63) x 144 =
		 * 25,488 B, the most the 16-bit delay gives. 30,000 B is 209
		 * cells: 73 delay cells, 10,369 B, 82,945 bits. Refused.
		 */
		.name = "mlxsw auto: the 16-bit delay's 25,488 B short of 30,000, refused",
		.dev = HDRM_MLXSW_100G, .cur = HDRM_STATE(0, 0, 0),
		.need = 30000, .allowance_ns = 200, .method = HDRM_METHOD_AUTO,
		.err = -ERANGE, .rule = HDRM_RULE_CLAMPED_CEILING,
		.rule_have = 25488, .rule_need = 30000, .write_delay = true,
		.clamped = true, .delay = 65535, .delay_wanted = 82945,
	},
	{
		/* 200 ns at 100G: 20,000 bits, 2500 B, 18 cells: 99 x 144 */
		.name = "mlxsw delay: the round trip in bits leaves 14,256 B",
		.dev = HDRM_MLXSW_100G, .cur = HDRM_STATE(0, 0, 0),
		.need = 20000, .allowance_ns = 200, .method = HDRM_METHOD_DELAY,
		.err = -ERANGE, .rule = HDRM_RULE_SHORT, .rule_have = 14256,
		.rule_need = 20000, .write_delay = true, .delay = 20000,
		.delay_wanted = 20000,
	},
	{
		.name = "mlxsw buffer: only with tc",
		.dev = HDRM_MLXSW_100G, .cur = HDRM_STATE(0, 0, 0),
		.need = 20000, .allowance_ns = 200, .method = HDRM_METHOD_BUFFER,
		.err = -EOPNOTSUPP, .rule = HDRM_RULE_TC_MODE_ONLY,
		.rule_need = 20000,
	},
	{
		.name = "none: nothing to write",
		.dev = { .model = HDRM_MODEL_NONE, .speed_mbps = 25000,
			 .mtu = 1500, .cell = 256 },
		.cur = HDRM_STATE(0, 0, 0),
		.need = 20000, .allowance_ns = 200, .method = HDRM_METHOD_AUTO,
		.err = -EOPNOTSUPP, .rule = HDRM_RULE_NO_MODEL,
	},
	{
		/* 23,878 B is 187 cells of 128: 23,936 */
		.name = "generic auto with buffers: the buffer holds the headroom",
		.dev = { .model = HDRM_MODEL_GENERIC, .speed_mbps = 25000,
			 .mtu = 9000, .cell = 128 },
		.cur = HDRM_STATE(0, 100000, 1000),
		.need = 23878, .inflight = 600, .allowance_ns = 192,
		.method = HDRM_METHOD_AUTO, .write_buf = true, .size1 = 23936,
		.effective = 23936,
	},
	{
		/* 192 ns at 25G: 4800 bits, 600 B, and the frames' 23,278 */
		.name = "generic delay: bits, the frames added by the driver",
		.dev = { .model = HDRM_MODEL_GENERIC, .speed_mbps = 25000,
			 .mtu = 9000, .cell = 128 },
		.cur = { .has_pfc = true, .pfc_en = 0x08,
			 .buf = { .prio2buffer = HDRM_MODEL_MAP } },
		.need = 23878, .inflight = 600, .allowance_ns = 192,
		.method = HDRM_METHOD_AUTO, .write_delay = true, .delay = 4800,
		.delay_wanted = 4800, .effective = 23878,
	},
	{
		.name = "generic delay: no lossless priority, nothing to size",
		.dev = { .model = HDRM_MODEL_GENERIC, .speed_mbps = 25000,
			 .mtu = 9000, .cell = 128 },
		.cur = { .has_pfc = true, .pfc_en = 0x01,
			 .buf = { .prio2buffer = HDRM_MODEL_MAP } },
		.need = 23878, .inflight = 600, .allowance_ns = 192,
		.method = HDRM_METHOD_DELAY, .err = -ENOENT,
	},
	{
		.name = "generic buffer: the total cuts it, refused",
		.dev = { .model = HDRM_MODEL_GENERIC, .speed_mbps = 25000,
			 .mtu = 9000, .cell = 128 },
		.cur = HDRM_STATE(0, 250000, 1000),
		.need = 23878, .inflight = 600, .allowance_ns = 192,
		.method = HDRM_METHOD_BUFFER, .err = -ENOSPC,
		.rule = HDRM_RULE_NO_ROOM, .rule_have = 12032,
		.rule_need = 23936, .write_buf = true, .clamped = true,
		.size1 = 12032,
	},
};

static int hdrm_check_model(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_model_case *c = &hdrm_model_cases[i];
	struct hdrm_model_need n = {
		.mask = 0x08, .allowance_ns = c->allowance_ns,
	};
	struct hdrm_model_plan p;
	u64 eff = 0;
	int err;

	n.bytes[3] = c->need;
	n.inflight[3] = c->inflight;
	err = hdrm_model_plan(&c->dev, &c->cur, &n, c->method, &p);
	if (err != c->err || p.rule != c->rule)
		return hdrm_fail(msg, len, "%s: error %d rule %u, not %d %u",
				 c->name, err, p.rule, c->err, c->rule);
	if (c->rule && (p.rule_have != c->rule_have ||
			p.rule_need != c->rule_need))
		return hdrm_fail(msg, len, "%s: rule %llu of %llu, not %llu of %llu",
				 c->name, (unsigned long long)p.rule_have,
				 (unsigned long long)p.rule_need,
				 (unsigned long long)c->rule_have,
				 (unsigned long long)c->rule_need);
	if (c->err == -EOPNOTSUPP)
		return 0;
	if (p.write_delay != c->write_delay || p.write_buf != c->write_buf ||
	    p.clamped != c->clamped || p.next.delay != c->delay ||
	    (c->write_delay && p.delay_wanted != c->delay_wanted))
		return hdrm_fail(msg, len,
				 "%s: delay %d buf %d clamped %d %u (%llu), not %d %d %d %u (%llu)",
				 c->name, p.write_delay, p.write_buf,
				 p.clamped, p.next.delay,
				 (unsigned long long)p.delay_wanted,
				 c->write_delay, c->write_buf, c->clamped,
				 c->delay, (unsigned long long)c->delay_wanted);
	if (c->cur.has_buf && p.next.buf.size[1] != c->size1)
		return hdrm_fail(msg, len, "%s: buffer 1 %u B, not %u", c->name,
				 p.next.buf.size[1], c->size1);
	if (c->err)
		return 0;
	err = hdrm_model_effective(&c->dev, &p.next, &n, 3, &eff);
	if (err || eff != c->effective)
		return hdrm_fail(msg, len, "%s: effective %d %llu B, not %llu",
				 c->name, err, (unsigned long long)eff,
				 (unsigned long long)c->effective);
	/* a lossy priority has none */
	if (hdrm_model_effective(&c->dev, &p.next, &n, 0, &eff) != -ENOENT)
		return hdrm_fail(msg, len, "%s: a lossy priority has a headroom",
				 c->name);
	return 0;
}

/*
 * Taking mlx5's buffers, by hand: 25G (counted as 40G), MTU 9000, 7 m:
 * xoff (301 + 15) x 40 + 24,480 = 37,120 B, floor 37,120 + 9,216 + 128 =
 * 46,464 B = 363 cells. Buffer 0 65,536 B lossy, buffer 1 49,920 B
 * lossless: 115,456 B in all.
 */
static int hdrm_check_take_buffers(char *msg, size_t len)
{
	struct hdrm_model_dev d = HDRM_MLX5_25G;
	struct hdrm_buffers b = { .size = { 65536, 49920 }, .total = 262144 };
	struct hdrm_buffers out;
	int err;

	/* a cell to spare: buffer 1 grows by it */
	err = hdrm_mlx5_take_buffers(&d, &b, BIT(1), 7, &out);
	if (err || out.size[1] != 50048 || out.size[0] != 65536)
		return hdrm_fail(msg, len, "take, room: %d, %u/%u B", err,
				 out.size[0], out.size[1]);
	/* none to spare: it shrinks, staying above 46,464 */
	b.total = 115456;
	err = hdrm_mlx5_take_buffers(&d, &b, BIT(1), 7, &out);
	if (err || out.size[1] != 49792)
		return hdrm_fail(msg, len, "take, full: %d, %u B", err,
				 out.size[1]);
	/* at its floor: neither way */
	b.size[1] = 46464;
	b.total = 65536 + 46464;
	if (hdrm_mlx5_take_buffers(&d, &b, BIT(1), 7, &out) != -ENOSPC)
		return hdrm_fail(msg, len, "take, at the floor: not -ENOSPC");
	if (hdrm_mlx5_take_buffers(&d, &b, 0, 7, &out) != -ENOENT)
		return hdrm_fail(msg, len, "take, none lossless: not -ENOENT");
	return 0;
}

/*
 * The savings report's static models, packed as the recommendation is.
 * By hand: 25G, 300 m, a 1,522-byte frame: 9,216 + 1,522 + 3,840 + 9,750
 * = 24,328 B; in 256-byte cells with every frame small (x4): ceil(22,806
 * x 4 / 256) + ceil(1,522 / 256) = 357 + 6 = 363 cells, 92,928 B; in
 * one-byte cells the bytes themselves. mlx5 at 7 m, 100G, MTU 1500, cell
 * 128: xoff 316 x 100 + 4,080 = 35,680 B, floor 45,024 B in 352 cells,
 * XOFF at 73 cells: 279 cells, 35,712 B above it; at 25G (as 40G) and
 * MTU 9000, 37,120 B, the floor 363 cells exactly.
 */
static int hdrm_check_static_like(char *msg, size_t len)
{
	static const u32 cells[] = { 1, 128, 256 };
	struct hdrm_calc_in in = {
		.precision_ns = 16, .speed_mbps = 25000,
		.max_frame = hdrm_default_max_frame(9000),
		.measure_frame = 64, .k_bytes = hdrm_k_bytes(25000),
		.small_pct = 100,
	};
	struct hdrm_calc_out out;
	unsigned int i, m;
	u64 st;

	st = hdrm_static_cable_cells(25000, 1522, 300, 256, 100);
	if (st != 92928 ||
	    hdrm_static_cable_cells(25000, 1522, 300, 1, 100) != 24328)
		return hdrm_fail(msg, len, "cable 300 m packed: %llu",
				 (unsigned long long)st);
	st = hdrm_static_mlx5_above(100000, 1500, 128, 7);
	if (st != 35712 ||
	    hdrm_static_mlx5_above(25000, 9000, 128, 7) != 37120)
		return hdrm_fail(msg, len, "mlx5 7 m above XOFF: %llu",
				 (unsigned long long)st);
	/* at 25G every cable up to 100 m saves against 300 m, at each cell */
	for (i = 0; i < ARRAY_SIZE(cells); i++) {
		in.cell_bytes = cells[i];
		st = hdrm_static_cable_cells(25000, in.max_frame, 300,
					     cells[i], 100);
		for (m = 1; m <= 100; m++) {
			in.rtt_ns = 10ULL * m;
			if (hdrm_headroom(&in, &out) || out.headroom_bytes >= st)
				return hdrm_fail(msg, len,
						 "%u m, cell %u: %llu B, 300 m %llu B",
						 m, cells[i],
						 (unsigned long long)out.headroom_bytes,
						 (unsigned long long)st);
		}
	}
	return 0;
}

/* The formulas at known points, and the names auto resolves. */
static int hdrm_check_model_points(char *msg, size_t len)
{
	struct hdrm_model_dev d = HDRM_MLX5_25G;

	/* mlx5's 7 m default at 25G (counted as 40G) and MTU 1500 */
	if (hdrm_mlx5_xoff(25000, 1500, 7) != 16720)
		return hdrm_fail(msg, len, "mlx5 xoff(7 m) %llu, not 16720",
				 (unsigned long long)hdrm_mlx5_xoff(25000, 1500, 7));
	if (hdrm_mlx5_floor(&d, 7) != 37120 + 9216 + 128)
		return hdrm_fail(msg, len, "mlx5 floor(7 m) wrong");
	d.max_mtu = 9978;	/* a larger max_mtu counts as itself */
	if (hdrm_mlx5_floor(&d, 7) != 37120 + 9978 + 128)
		return hdrm_fail(msg, len, "mlx5 floor with max_mtu 9978 wrong");
	d = (struct hdrm_model_dev)HDRM_MLXSW_100G;
	if (hdrm_mlxsw_headroom(&d, 0) != 63 * 144 ||
	    hdrm_mlxsw_headroom(&d, 1) != 65 * 144)
		return hdrm_fail(msg, len, "mlxsw headroom at 0 and 1 bit wrong");
	if (hdrm_model_cell(HDRM_MODEL_MLX5, 1) != 128 ||
	    hdrm_model_cell(HDRM_MODEL_MLX5, 256) != 256 ||
	    hdrm_model_cell(HDRM_MODEL_MLXSW, 1) != 1)
		return hdrm_fail(msg, len, "the models' default cells wrong");
	if (hdrm_check_take_buffers(msg, len) ||
	    hdrm_check_static_like(msg, len))
		return -1;
	if (hdrm_equivalent_cable_cm(192) != 1920 ||
	    hdrm_equivalent_cable_cm(4000000000ULL) != U32_MAX)
		return hdrm_fail(msg, len, "equivalent cable wrong");
	return 0;
}

#endif /* _HDRM_MODEL_CASES_H */
