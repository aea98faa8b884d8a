/* SPDX-License-Identifier: GPL-2.0 */
/*
 * From a computed headroom to what a driver's DCB operations take, no I/O:
 * the PFC delay in the unit the driver reads, the lossless buffers' sizes,
 * and the static defaults the measured headroom replaces.
 */
#ifndef _HDRM_APPLY_H
#define _HDRM_APPLY_H

#include "hdrm_compat.h"

#define HDRM_DELAY_MAX_BITS	65535U	/* struct ieee_pfc.delay is a u16 */
#define HDRM_DELAY_MIN_METRES	1U	/* mlx5: 0 means "no change" */
#define HDRM_DELAY_MAX_METRES	999U	/* mlx5 ignores 1000 and above */

enum hdrm_delay_unit {
	HDRM_DELAY_BITS,
	HDRM_DELAY_METRES,
};

/* The round-trip part of the headroom, t + 2 x precision, in ns. */
static inline u64 hdrm_allowance_ns(u64 rtt_ns, u32 precision_ns)
{
	return rtt_ns + 2ULL * precision_ns;
}

/* What to write into ieee_pfc.delay, and whether the field's range cut it. */
struct hdrm_delay {
	u64 wanted;		/* in the unit, before clamping */
	u16 value;		/* what fits the field */
	bool clamped;
};

int hdrm_delay_value(u64 allowance_ns, u32 speed_mbps,
		     enum hdrm_delay_unit unit, struct hdrm_delay *out);

/* The fields of struct dcbnl_buffer, without the kernel's header. */
struct hdrm_buffers {
	u8 prio2buffer[HDRM_PRIOS];
	u32 size[HDRM_BUFFERS];
	u32 total;		/* 0: the driver states no total */
};

struct hdrm_buffer_plan {
	u8 lossless;		/* bit b: buffer b serves a lossless priority */
	u64 wanted[HDRM_BUFFERS];	/* bytes, rounded up to cells */
	bool clamped;		/* the total could not hold every want */
	struct hdrm_buffers next;	/* the whole object to write */
};

int hdrm_buffer_plan(const struct hdrm_buffers *cur, u8 pfc_en,
		     const u64 need[HDRM_PRIOS], u8 need_mask,
		     u32 cell, struct hdrm_buffer_plan *plan);

/* Static headroom models the measurement replaces (savings report). */
u64 hdrm_static_cable(u32 speed_mbps, u32 max_frame, u32 metres);

#endif /* _HDRM_APPLY_H */
