// SPDX-License-Identifier: GPL-2.0
/*
 * From a computed headroom to the values a driver's DCB operations take.
 * See Documentation/admin-guide.rst, "Applying the headroom", for why the
 * buffer mapping below is safe.
 */
#include "hdrm_apply.h"

/*
 * Light covers 0.2 m/ns in fibre and copper alike (v = 2e8 m/s), so a
 * round trip of n ns is n / 10 metres of cable, one way.
 */
#define HDRM_NS_PER_METRE_RT	10

/**
 * hdrm_delay_value() - the PFC delay allowance in the driver's unit
 * @allowance_ns: t + 2 x precision, at most 4.02 s
 * @speed_mbps: link speed, 1..1.6e6 (bits only)
 * @unit: bits, as the uAPI defines ieee_pfc.delay, or metres of cable, as
 *	  mlx5 reads it
 * @out: the wanted value, the value that fits the field, whether it was cut
 *
 * Bits: ceil(allowance x speed), the bits the link carries during the
 * round trip. Metres: ceil(allowance / 10 ns), at least 1 (mlx5 reads 0 as
 * "no change") and at most 999 (mlx5 ignores 1000 and above).
 *
 * Return: 0, or -EINVAL for a zero speed in bits or an unknown unit.
 */
int hdrm_delay_value(u64 allowance_ns, u32 speed_mbps,
		     enum hdrm_delay_unit unit, struct hdrm_delay *out)
{
	u64 max, min = 0;

	switch (unit) {
	case HDRM_DELAY_BITS:
		if (!speed_mbps)
			return -EINVAL;
		/* ns x Mb/s = 1e-3 bits; 4.02e9 x 1.6e6 fits 64 bits */
		out->wanted = DIV_ROUND_UP_ULL(allowance_ns * speed_mbps, 1000);
		max = HDRM_DELAY_MAX_BITS;
		break;
	case HDRM_DELAY_METRES:
		out->wanted = DIV_ROUND_UP_ULL(allowance_ns,
					       HDRM_NS_PER_METRE_RT);
		min = HDRM_DELAY_MIN_METRES;
		max = HDRM_DELAY_MAX_METRES;
		break;
	default:
		return -EINVAL;
	}
	out->clamped = out->wanted > max || out->wanted < min;
	if (out->wanted > max)
		out->value = max;
	else if (out->wanted < min)
		out->value = min;
	else
		out->value = out->wanted;
	return 0;
}

static u64 hdrm_round_up(u64 n, u32 cell)
{
	return DIV_ROUND_UP_ULL(n, cell) * cell;
}

/**
 * hdrm_buffer_plan() - size the lossless buffers for their headroom
 * @cur: the driver's buffers now (a whole struct dcbnl_buffer)
 * @pfc_en: the PFC-enabled priorities: their buffers are the lossless ones
 * @need: headroom in bytes per priority
 * @need_mask: the priorities @need is valid for
 * @cell: the buffer cell size in bytes, at least 1
 * @plan: the buffers to write and what each lossless buffer wanted
 *
 * A lossless buffer gets the largest headroom among the PFC-enabled
 * priorities mapped to it, rounded up to whole cells: the link carries one
 * priority's frames or another's, never more than its rate, so the bytes
 * in flight after a pause are bounded once per link, not once per
 * priority. Buffers no lossless priority maps to keep their size, and the
 * priority-to-buffer map is kept as it is. When the driver states a total
 * and the wants do not fit beside the other buffers, every lossless buffer
 * is cut in proportion to its want, down to whole cells, and @plan says so.
 *
 * Return: 0; -ENOENT when no priority has PFC enabled; -ENODATA when a
 * PFC-enabled priority has no headroom in @need; -EINVAL for a buffer
 * index out of range or a zero cell; -ENOSPC when the other buffers
 * already fill the total.
 */
int hdrm_buffer_plan(const struct hdrm_buffers *cur, u8 pfc_en,
		     const u64 need[HDRM_PRIOS], u8 need_mask,
		     u32 cell, struct hdrm_buffer_plan *plan)
{
	u64 lossy = 0, sum = 0, avail, n;
	unsigned int p, b;
	bool cut;

	if (!cell)
		return -EINVAL;
	if (!pfc_en)
		return -ENOENT;
	memset(plan, 0, sizeof(*plan));
	plan->next = *cur;
	for (p = 0; p < HDRM_PRIOS; p++) {
		b = cur->prio2buffer[p];
		if (b >= HDRM_BUFFERS)
			return -EINVAL;
		if (!(pfc_en & BIT(p)))
			continue;
		if (!(need_mask & BIT(p)))
			return -ENODATA;
		plan->lossless |= BIT(b);
		/* capped below 2^33 here so that rounding cannot overflow */
		n = need[p] > 2ULL * U32_MAX ? 2ULL * U32_MAX : need[p];
		if (n > plan->wanted[b])
			plan->wanted[b] = n;
	}
	for (b = 0; b < HDRM_BUFFERS; b++) {
		if (!(plan->lossless & BIT(b))) {
			lossy += cur->size[b];
			continue;
		}
		/* A buffer's size is a u32: more than that cannot be had. */
		plan->wanted[b] = hdrm_round_up(plan->wanted[b], cell);
		if (plan->wanted[b] > U32_MAX / cell * cell) {
			plan->wanted[b] = U32_MAX / cell * cell;
			plan->clamped = true;
		}
		sum += plan->wanted[b];
	}
	if (cur->total && lossy >= cur->total)
		return -ENOSPC;
	avail = cur->total ? cur->total - lossy : U32_MAX;
	cut = sum > avail;
	plan->clamped |= cut;
	for (b = 0; b < HDRM_BUFFERS; b++) {
		u64 size = plan->wanted[b];

		if (!(plan->lossless & BIT(b)))
			continue;
		/* size and avail are below 2^32: the product fits */
		if (cut)
			size = div64_u64(size * avail, sum) / cell * cell;
		plan->next.size[b] = size;
	}
	return 0;
}

/*
 * A switch vendor's static model (its headroom guide): the frame being
 * sent (9216 bytes), the priority's own frame, the peer's response (3840
 * bytes) and the bytes in flight on the cable, 1300 bytes per 100 m at
 * 10 Gb/s and in proportion to the speed (13 bytes per metre per 10 Gb/s).
 */
u64 hdrm_static_cable(u32 speed_mbps, u32 max_frame, u32 metres)
{
	return 9216 + (u64)max_frame + 3840 +
	       DIV_ROUND_UP_ULL((u64)speed_mbps * metres * 13, 10000);
}
