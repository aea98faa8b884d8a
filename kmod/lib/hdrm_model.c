// SPDX-License-Identifier: GPL-2.0
/*
 * The headroom each driver really gives, from its own arithmetic, and the
 * write that makes it at least the measured one. The formulas follow the
 * Linux 6.12 sources named in Documentation/drivers.rst, in the drivers'
 * integer arithmetic, so the module's figures match the driver's to the
 * byte.
 */
#include "hdrm_calc.h"
#include "hdrm_model.h"

static u64 hdrm_cells_up(u64 bytes, u32 cell)
{
	return DIV_ROUND_UP_ULL(bytes, cell);
}

static u64 hdrm_round_up_cells(u64 bytes, u32 cell)
{
	return hdrm_cells_up(bytes, cell) * cell;
}

/*
 * mlx5's xoff for a cable length, as calculate_xoff() has it: the cable's
 * share and 301 ns of the device's own at no less than 40 Gb/s, and 2.72
 * MTUs, each product divided down in integers as the driver does.
 */
u64 hdrm_mlx5_xoff(u32 speed_mbps, u32 mtu, u32 metres)
{
	u64 speed = speed_mbps < HDRM_MLX5_MIN_SPEED ? HDRM_MLX5_MIN_SPEED :
						     speed_mbps;

	return div64_u64((301 + 216ULL * metres / 100) * speed, 1000) +
	       272ULL * mtu / 100;
}

/* The least lossless buffer mlx5 takes (update_xoff_threshold()). */
u64 hdrm_mlx5_floor(const struct hdrm_model_dev *d, u32 metres)
{
	u32 max_mtu = d->max_mtu < HDRM_MLX5_MIN_MAX_MTU ?
		      HDRM_MLX5_MIN_MAX_MTU : d->max_mtu;

	return hdrm_mlx5_xoff(d->speed_mbps, d->mtu, metres) + max_mtu +
	       d->cell;
}

/*
 * The bytes above a mlx5 buffer's XOFF point: the driver places it at
 * size - xoff and keeps it in whole cells, rounded down.
 */
static u64 hdrm_mlx5_above(const struct hdrm_model_dev *d, u64 size,
			   u32 metres)
{
	u64 xoff = hdrm_mlx5_xoff(d->speed_mbps, d->mtu, metres);
	u64 cells = div64_u64(size, d->cell);

	if (size < xoff)
		return 0;
	return (cells - div64_u64(size - xoff, d->cell)) * d->cell;
}

/*
 * Spectrum's headroom above a lossless buffer's threshold for a PFC delay
 * in bits: twice the delay's cells (a delay made of one-byte-over-a-cell
 * packets) and one MTU's cells (mlxsw_sp_hdroom_buf_delay_get()). On an
 * eight-lane port the driver doubles the size it configures because two
 * headroom buffers split it (mlxsw_sp_port_headroom_8x_adjust()): each
 * holds this much, and each must hold the need, so the lanes do not enter.
 */
u64 hdrm_mlxsw_headroom(const struct hdrm_model_dev *d, u32 delay_bits)
{
	u64 delay_bytes = DIV_ROUND_UP_ULL(delay_bits, 8);

	return (2 * hdrm_cells_up(delay_bytes, d->cell) +
		hdrm_cells_up(d->mtu, d->cell)) * d->cell;
}

/* Generic, delay read as the uAPI says: its bytes and the frames' share. */
static u64 hdrm_generic_delay_bytes(const struct hdrm_model_dev *d, u16 delay)
{
	if (d->delay_unit == HDRM_DELAY_METRES)
		/* 10 ns of round trip per metre, at the link's speed */
		return DIV_ROUND_UP_ULL((u64)delay * 10 * d->speed_mbps, 8000);
	return DIV_ROUND_UP_ULL(delay, 8);
}

/* The priorities that are lossless and have a headroom to hold. */
u8 hdrm_model_lossless_prios(const struct hdrm_model_state *s,
			     const struct hdrm_model_need *n)
{
	if (s->has_pfc)
		return s->pfc_en & n->mask;
	return n->mask;
}

/**
 * hdrm_model_effective() - the headroom a priority has with this state
 * @d: the device
 * @s: what its driver holds
 * @n: the measured need (generic's delay adds the frames' share of it)
 * @prio: 0..7
 * @bytes: the bytes above the priority's XOFF point
 *
 * Return: 0; -EOPNOTSUPP for the model none; -ENOENT for a priority
 * without PFC or without a measured headroom; -ENODATA when the driver
 * holds nothing the model can read (mlx5 reporting no cable length, a
 * generic driver with neither PFC nor buffers).
 */
int hdrm_model_effective(const struct hdrm_model_dev *d,
			 const struct hdrm_model_state *s,
			 const struct hdrm_model_need *n, unsigned int prio,
			 u64 *bytes)
{
	unsigned int b;

	if (d->model == HDRM_MODEL_NONE)
		return -EOPNOTSUPP;
	if (prio >= HDRM_PRIOS ||
	    !(hdrm_model_lossless_prios(s, n) & BIT(prio)))
		return -ENOENT;
	b = s->buf.prio2buffer[prio];
	if (s->has_buf && b >= HDRM_BUFFERS)
		return -ENODATA;
	switch (d->model) {
	case HDRM_MODEL_MLX5:
		if (!s->delay || s->delay >= 1000)
			return -ENODATA;
		if (!s->has_buf)
			*bytes = hdrm_mlx5_xoff(d->speed_mbps, d->mtu,
						s->delay);
		else
			*bytes = hdrm_mlx5_above(d, s->buf.size[b], s->delay);
		return 0;
	case HDRM_MODEL_MLXSW:
		if (!s->has_pfc)
			return -ENODATA;
		*bytes = hdrm_mlxsw_headroom(d, s->delay);
		return 0;
	default:
		if (s->has_buf) {
			*bytes = s->buf.size[b];
			return 0;
		}
		if (!s->has_pfc)
			return -ENODATA;
		*bytes = hdrm_generic_delay_bytes(d, s->delay) +
			 (n->bytes[prio] - n->inflight[prio]);
		return 0;
	}
}

/* The largest headroom any lossless priority needs. */
static u64 hdrm_need_max(const struct hdrm_model_state *s,
			 const struct hdrm_model_need *n)
{
	u8 prios = hdrm_model_lossless_prios(s, n);
	unsigned int p;
	u64 max = 0;

	for (p = 0; p < HDRM_PRIOS; p++)
		if ((prios & BIT(p)) && n->bytes[p] > max)
			max = n->bytes[p];
	return max;
}

/* The least effective headroom among the lossless priorities. */
static int hdrm_least_effective(const struct hdrm_model_dev *d,
				const struct hdrm_model_state *s,
				const struct hdrm_model_need *n, u64 *least,
				unsigned int *where)
{
	u8 prios = hdrm_model_lossless_prios(s, n);
	unsigned int p;
	bool any = false;
	u64 e;
	int err;

	for (p = 0; p < HDRM_PRIOS; p++) {
		if (!(prios & BIT(p)))
			continue;
		err = hdrm_model_effective(d, s, n, p, &e);
		if (err)
			return err;
		if (!any || e < *least) {
			*least = e;
			*where = p;
		}
		any = true;
	}
	return any ? 0 : -ENOENT;
}

static void hdrm_rule(struct hdrm_model_plan *p, u8 rule, u64 have, u64 need)
{
	p->rule = rule;
	p->rule_have = have;
	p->rule_need = need;
}

/*
 * Mark the lossless buffers: those a PFC-enabled priority maps to, the
 * ones mlx5 checks against its floor whether or not they were measured.
 * Return: -EINVAL for a buffer index out of range.
 */
static int hdrm_mark_lossless(const struct hdrm_model_state *s,
			      const struct hdrm_model_need *n,
			      struct hdrm_model_plan *p)
{
	u8 prios = s->has_pfc ? s->pfc_en : n->mask;
	unsigned int q;

	if (!s->has_buf)
		return 0;
	for (q = 0; q < HDRM_PRIOS; q++) {
		if (!(prios & BIT(q)))
			continue;
		if (s->buf.prio2buffer[q] >= HDRM_BUFFERS)
			return -EINVAL;
		p->lossless |= BIT(s->buf.prio2buffer[q]);
	}
	return 0;
}

/*
 * mlx5: grow each lossless buffer below the floor of @metres to it, in
 * whole cells, within the driver's total; shrink none.
 */
static int hdrm_mlx5_grow(const struct hdrm_model_dev *d,
			  struct hdrm_model_plan *p, u32 metres, bool to_floor)
{
	u64 floor = hdrm_round_up_cells(hdrm_mlx5_floor(d, metres), d->cell);
	struct hdrm_buffers *buf = &p->next.buf;
	u64 lossy = 0, lossless = 0;
	unsigned int b;

	if (floor > U32_MAX)
		return -ERANGE;
	for (b = 0; b < HDRM_BUFFERS; b++) {
		if (!(p->lossless & BIT(b))) {
			lossy += buf->size[b];
			continue;
		}
		if (buf->size[b] < floor || to_floor) {
			if (buf->size[b] != floor)
				p->write_buf = true;
			buf->size[b] = floor;
		}
		p->buf_wanted[b] = buf->size[b];
		lossless += buf->size[b];
	}
	if (p->write_buf && buf->total && lossy + lossless > buf->total) {
		hdrm_rule(p, HDRM_RULE_NO_ROOM,
			  buf->total > lossy ? buf->total - lossy : 0, lossless);
		return -ENOSPC;
	}
	return 0;
}

/* The least value in [lo, hi] whose headroom is at least @need, or hi + 1. */
static u32 hdrm_search(const struct hdrm_model_dev *d, u32 lo, u32 hi,
		       u64 need)
{
	while (lo <= hi) {
		u32 mid = lo + (hi - lo) / 2;
		u64 have = d->model == HDRM_MODEL_MLX5 ?
			   hdrm_mlx5_xoff(d->speed_mbps, d->mtu, mid) :
			   hdrm_mlxsw_headroom(d, mid);

		if (have >= need) {
			if (mid == lo)
				return mid;
			hi = mid;
		} else {
			lo = mid + 1;
		}
	}
	return lo;
}

/*
 * mlx5 and mlxsw: the least delay that gives at least the need, as auto
 * picks it. The search runs beyond the field's range, only to say what
 * was wanted: 0 metres for mlx5 means even its least length gives more.
 */
static void hdrm_pick_delay(const struct hdrm_model_dev *d, u64 need,
			    struct hdrm_model_plan *p)
{
	bool mlx5 = d->model == HDRM_MODEL_MLX5;
	u32 min = mlx5 ? HDRM_DELAY_MIN_METRES : 0;
	u32 max = mlx5 ? HDRM_DELAY_MAX_METRES : HDRM_DELAY_MAX_BITS;
	u32 v = hdrm_search(d, 0, U32_MAX - 1, need);

	p->delay_wanted = v;
	p->clamped = v > max || v < min;
	p->next.delay = v > max ? max : v < min ? min : v;
}

/*
 * mlx5 and mlxsw: the delay, in the model's unit. Auto picks the least
 * that gives the need; an explicit delay is the round trip in that unit
 * (bits, or the equivalent cable), as apply delay always wrote it.
 */
static int hdrm_plan_delay(const struct hdrm_model_dev *d,
			   const struct hdrm_model_state *cur,
			   const struct hdrm_model_need *n, u8 method, u64 need,
			   struct hdrm_model_plan *p)
{
	struct hdrm_delay dv;
	int err;

	if (!cur->has_pfc)
		return -EOPNOTSUPP;
	p->write_delay = true;
	if (method == HDRM_METHOD_AUTO) {
		hdrm_pick_delay(d, need, p);
		return 0;
	}
	err = hdrm_delay_value(n->allowance_ns, d->speed_mbps,
			       d->model == HDRM_MODEL_MLX5 ? HDRM_DELAY_METRES :
							     HDRM_DELAY_BITS,
			       &dv);
	if (err)
		return err;
	p->delay_wanted = dv.wanted;
	p->clamped = dv.clamped;
	p->next.delay = dv.value;
	return 0;
}

/*
 * Generic: today's writes. Buffers are sized with hdrm_buffer_plan(), the
 * delay with hdrm_delay_value(); an explicit method refuses what the field
 * or the total cuts, auto writes it and says so.
 */
static int hdrm_plan_generic(const struct hdrm_model_dev *d,
			     const struct hdrm_model_state *cur,
			     const struct hdrm_model_need *n, u8 method,
			     struct hdrm_model_plan *p)
{
	bool expl = method != HDRM_METHOD_AUTO;
	struct hdrm_buffer_plan bp;
	struct hdrm_delay dv;
	u64 have, need;
	unsigned int b;
	int err;

	if (method == HDRM_METHOD_AUTO)
		method = cur->has_buf ? HDRM_METHOD_BUFFER : HDRM_METHOD_DELAY;
	p->method = method;
	if (method == HDRM_METHOD_DELAY) {
		if (!hdrm_model_lossless_prios(cur, n))
			return -ENOENT;
		err = hdrm_delay_value(n->allowance_ns, d->speed_mbps,
				       d->delay_unit, &dv);
		if (err)
			return err;
		p->delay_wanted = dv.wanted;
		p->clamped = dv.clamped;
		p->next.delay = dv.value;
		p->write_delay = true;
		if (!dv.clamped)
			return 0;
		/* what the cut value leaves, the frames' share added */
		have = U64_MAX;
		need = 0;
		for (b = 0; b < HDRM_PRIOS; b++) {
			u64 e;

			if (!(hdrm_model_lossless_prios(cur, n) & BIT(b)))
				continue;
			e = hdrm_generic_delay_bytes(d, dv.value) +
			    (n->bytes[b] - n->inflight[b]);
			if (e < have)
				have = e;
			if (n->bytes[b] > need)
				need = n->bytes[b];
		}
		if (have == U64_MAX)
			have = 0;
		if (dv.wanted < dv.value) {
			hdrm_rule(p, HDRM_RULE_CLAMPED_FLOOR, have, need);
			return 0;
		}
		hdrm_rule(p, expl ? HDRM_RULE_SHORT : HDRM_RULE_CLAMPED_CEILING,
			  have, need);
		return expl ? -ERANGE : 0;
	}
	if (!cur->has_buf)
		return -EOPNOTSUPP;
	/* the lossless buffers are those PFC-enabled priorities map to */
	err = hdrm_buffer_plan(&cur->buf, cur->has_pfc ? cur->pfc_en : n->mask,
			       n->bytes, n->mask, d->cell, &bp);
	if (err)
		return err;
	p->lossless = bp.lossless;
	p->clamped = bp.clamped;
	memcpy(p->buf_wanted, bp.wanted, sizeof(p->buf_wanted));
	p->next.buf = bp.next;
	p->write_buf = true;
	if (!bp.clamped)
		return 0;
	need = 0;
	have = 0;
	for (b = 0; b < HDRM_BUFFERS; b++) {
		if (!(bp.lossless & BIT(b)))
			continue;
		need += bp.wanted[b];
		have += bp.next.size[b];
	}
	hdrm_rule(p, HDRM_RULE_NO_ROOM, have, need);
	return expl ? -ENOSPC : 0;
}

/**
 * hdrm_model_plan() - what to write so the driver gives the measured headroom
 * @d: the device, its model resolved
 * @cur: what its driver holds now
 * @n: the measured need
 * @method: HDRM_METHOD_AUTO, _DELAY or _BUFFER
 * @p: the writes and the state after them; on a refusal, the rule
 *
 * Auto chooses per model (Documentation/drivers.rst): mlx5 the least cable
 * length whose xoff is at least the need, growing a lossless buffer below
 * the driver's floor to it; mlxsw the least delay in bits whose headroom
 * is; generic buffers when the driver has them, else the delay. When the
 * field's least value gives more than the need, it is planned and the rule
 * says the floor decided; when mlx5's or mlxsw's largest value gives less,
 * auto is refused (the rule says the ceiling decided), while generic plans
 * the cut value and says so. Delay and buffer plan what they say and are
 * refused when the model shows the driver would be left short.
 *
 * Return: 0 (p->rule may still name a cut); -ERANGE when the write would
 * leave less than the need (p->rule says whose rule); -ENOSPC when the
 * buffers do not fit the driver's total; -EOPNOTSUPP for the model none,
 * for buffers on mlxsw, and for a method the driver lacks; -ENODATA when
 * the driver holds nothing the model can start from; -ENOENT when no
 * priority is lossless; -EINVAL for bad input.
 */
int hdrm_model_plan(const struct hdrm_model_dev *d,
		    const struct hdrm_model_state *cur,
		    const struct hdrm_model_need *n, u8 method,
		    struct hdrm_model_plan *p)
{
	unsigned int where = 0;
	u64 need, have = 0;
	int err;

	memset(p, 0, sizeof(*p));
	p->next = *cur;
	if (!d->cell || (method != HDRM_METHOD_AUTO &&
			 method != HDRM_METHOD_DELAY &&
			 method != HDRM_METHOD_BUFFER))
		return -EINVAL;
	switch (d->model) {
	case HDRM_MODEL_GENERIC:
		return hdrm_plan_generic(d, cur, n, method, p);
	case HDRM_MODEL_MLX5:
	case HDRM_MODEL_MLXSW:
		break;
	case HDRM_MODEL_NONE:
		hdrm_rule(p, HDRM_RULE_NO_MODEL, 0, 0);
		return -EOPNOTSUPP;
	default:
		return -EINVAL;
	}
	if (!d->speed_mbps)
		return -EINVAL;
	if (!hdrm_model_lossless_prios(cur, n))
		return -ENOENT;
	need = hdrm_need_max(cur, n);
	p->method = method == HDRM_METHOD_BUFFER ? HDRM_METHOD_BUFFER :
						   HDRM_METHOD_DELAY;
	if (d->model == HDRM_MODEL_MLXSW) {
		if (method == HDRM_METHOD_BUFFER) {
			hdrm_rule(p, HDRM_RULE_TC_MODE_ONLY, 0, need);
			return -EOPNOTSUPP;
		}
		err = hdrm_plan_delay(d, cur, n, method, need, p);
		if (err)
			return err;
	} else {
		err = hdrm_mark_lossless(cur, n, p);
		if (err)
			return err;
		if (method == HDRM_METHOD_BUFFER) {
			/* the cable length stays: it alone places XOFF */
			if (!cur->has_buf)
				return -EOPNOTSUPP;
			if (!cur->delay || cur->delay >= 1000)
				return -ENODATA;
			err = hdrm_mlx5_grow(d, p, cur->delay, true);
			if (err)
				return err;
		} else {
			err = hdrm_plan_delay(d, cur, n, method, need, p);
			if (err)
				return err;
			if (cur->has_buf) {
				err = hdrm_mlx5_grow(d, p, p->next.delay,
						     false);
				if (err)
					return err;
			}
		}
	}
	err = hdrm_least_effective(d, &p->next, n, &have, &where);
	if (err)
		return err;
	if (have < need) {
		/*
		 * auto: even the field's largest value leaves the link short
		 * (Spectrum's 16-bit delay at 25,488 B with 144-byte cells and
		 * MTU 9000, mlx5's 999 m). Refused, nothing written: a value
		 * the driver holds is read back as the link's headroom.
		 */
		if (method == HDRM_METHOD_AUTO) {
			hdrm_rule(p, HDRM_RULE_CLAMPED_CEILING, have, need);
			return -ERANGE;
		}
		hdrm_rule(p, HDRM_RULE_SHORT, have, need);
		p->rule_buffer = p->next.buf.prio2buffer[where];
		return -ERANGE;
	}
	if (method == HDRM_METHOD_AUTO && p->clamped &&
	    p->delay_wanted < p->next.delay)
		/* the field's least value gives more: the driver's floor */
		hdrm_rule(p, HDRM_RULE_CLAMPED_FLOOR, have, need);
	return 0;
}

/**
 * hdrm_mlx5_take_buffers() - sizes one cell away, to take mlx5's buffers
 * @d: the device, model mlx5
 * @b: the buffers the driver holds
 * @lossless: the lossless buffers, bit n = buffer n
 * @metres: the cable length the buffers are to serve
 * @out: @b with one lossless buffer one cell larger, or else one cell
 *	 smaller
 *
 * mlx5 acts on a cable length only once its buffers are software-owned
 * (6.12.117: the firmware says so; 6.1: priv->dcbx.manual_buffer), and
 * only a dcbnl_setbuffer that changes a size or the map makes them so:
 * one with the same sizes writes nothing. Written and then put back,
 * these sizes take the buffers as dcb buffer set does and leave them as
 * they were. The lowest lossless buffer grows when the total has a cell
 * to spare; else it shrinks, if it stays at its floor for @metres.
 *
 * Return: 0; -ENOENT when no buffer is lossless; -ENOSPC when no buffer
 * can move by a cell.
 */
int hdrm_mlx5_take_buffers(const struct hdrm_model_dev *d,
			   const struct hdrm_buffers *b, u8 lossless,
			   u32 metres, struct hdrm_buffers *out)
{
	u64 floor = hdrm_round_up_cells(hdrm_mlx5_floor(d, metres), d->cell);
	u64 sum = 0;
	unsigned int i, pick = HDRM_BUFFERS;

	for (i = 0; i < HDRM_BUFFERS; i++) {
		sum += b->size[i];
		if (pick == HDRM_BUFFERS && (lossless & BIT(i)))
			pick = i;
	}
	if (pick == HDRM_BUFFERS)
		return -ENOENT;
	*out = *b;
	if ((!b->total || sum + d->cell <= b->total) &&
	    (u64)b->size[pick] + d->cell <= U32_MAX) {
		out->size[pick] += d->cell;
		return 0;
	}
	if (b->size[pick] >= floor + d->cell) {
		out->size[pick] -= d->cell;
		return 0;
	}
	return -ENOSPC;
}

/*
 * The buffer cell a model counts in: the one configured, unless that is
 * the default of one byte and the driver has a known cell of its own.
 * mlx5 takes 128 bytes when its firmware does not say; with a smaller
 * cell its floor would come out below the driver's. For mlxsw one byte
 * errs on the safe side (its cells only round up); devlink's cell_size
 * makes it exact.
 */
u32 hdrm_model_cell(u8 model, u32 configured)
{
	if (configured > 1)
		return configured;
	return model == HDRM_MODEL_MLX5 ? HDRM_MLX5_DEFAULT_CELL : 1;
}

/**
 * hdrm_static_cable_cells() - a switch vendor's cable-length model, packed
 * @speed_mbps: the link's speed
 * @max_frame: the priority's largest frame, bytes
 * @metres: the cable length typed in
 * @cell: bytes, at least 1
 * @small_pct: the share of small frames, percent
 *
 * hdrm_static_cable()'s frames in whole cells with the occupancy the
 * recommendation uses (hdrm_pack()), as SONiC's dynamic model packs its
 * cable-length term: the savings report compares like with like.
 *
 * Return: bytes, a whole number of cells.
 */
u64 hdrm_static_cable_cells(u32 speed_mbps, u32 max_frame, u32 metres,
			    u32 cell, u32 small_pct)
{
	u64 frames = hdrm_static_cable(speed_mbps, max_frame, metres);

	return hdrm_pack(frames - max_frame, max_frame, cell, small_pct) * cell;
}

/**
 * hdrm_static_mlx5_above() - mlx5's default as the driver places it
 * @speed_mbps: the link's speed
 * @mtu: dev->mtu
 * @cell: the port buffer's cell, bytes, at least 1
 * @metres: the cable length (7, MLX5E_DEFAULT_CABLE_LEN)
 *
 * The headroom above XOFF of a lossless buffer at mlx5's floor for
 * @metres, max_mtu taken as 9216: what the driver really holds for the
 * link, in its cells, not the buffer's whole size.
 *
 * Return: bytes.
 */
u64 hdrm_static_mlx5_above(u32 speed_mbps, u32 mtu, u32 cell, u32 metres)
{
	struct hdrm_model_dev d = {
		.model = HDRM_MODEL_MLX5, .speed_mbps = speed_mbps,
		.mtu = mtu, .max_mtu = HDRM_MLX5_MIN_MAX_MTU,
		.cell = cell ? cell : 1,
	};

	return hdrm_mlx5_above(&d, hdrm_round_up_cells(hdrm_mlx5_floor(&d, metres),
						       d.cell), metres);
}

/* The cable whose round trip at 5 ns/m each way is @rtt_ns, centimetres. */
u32 hdrm_equivalent_cable_cm(u64 rtt_ns)
{
	return rtt_ns >= U32_MAX / 10 ? U32_MAX : (u32)(rtt_ns * 10);
}
