/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A measurement's result from its samples and the settings in force, no
 * I/O: each setting is the configured override when there is one, else
 * what the link gave at the start; then the statistics, the estimate and
 * each priority's headroom (hdrm_calc.h).
 */
#ifndef _HDRM_DERIVE_H
#define _HDRM_DERIVE_H

#include "hdrm_calc.h"
#include "hdrm_stats.h"

/* enum dcb_hdrm_precision_source, for the pure code */
#define HDRM_PREC_OVERRIDE	0
#define HDRM_PREC_HARDWARE	1
#define HDRM_PREC_SAMPLES	2

/*
 * Software timestamps are read from the clocksource through timekeeping:
 * nanoseconds, whatever the timer resolution (a jiffy without
 * high-resolution timers is the timers' granularity, not the clock's).
 */
#define HDRM_SW_CLOCK_RES_NS	1

/* Where K came from: the uAPI's enum dcb_hdrm_k_source, in its order. */
#define HDRM_K_TABLE		0	/* the pause-quanta table */
#define HDRM_K_SET		1	/* k-override, bytes */
#define HDRM_K_MEASURED		2	/* a response measured, ns */

struct hdrm_derive_in {
	/* the samples, sorted in place */
	u64 *rtt;			/* round trips, ns */
	u64 *turnaround;		/* the peer's t3 - t2, ns; NULL: 2TS */
	u32 received;
	unsigned int estimator;		/* enum hdrm_estimator */
	bool size;			/* it ended well: size the headroom */
	/* the settings: an override (0 = none), else what the link gave */
	u32 speed_override, speed_link;			/* Mb/s */
	u32 precision_override;		/* ns */
	bool hardware;			/* every sample had NIC timestamps */
	u32 hw_resolution;		/* ns: the coarser end's, with hardware */
	u32 prio_override, prio_pfc;	/* the priorities to size */
	u32 k_override;			/* bytes; else the pause-quanta table */
	bool k_measured;		/* K from a response measured, first */
	u32 k_measured_ns;		/* that K, ns; bytes at the speed */
	u32 cell;			/* bytes */
	u32 small_pct;			/* small frames' share, percent */
	u32 max_frame[HDRM_PRIOS];	/* bytes; 0 = from the MTU */
	u32 mtu;
};

struct hdrm_derived {
	u32 speed, precision, k_bytes, cell;	/* the settings used */
	u8 k_source;			/* HDRM_K_* */
	u32 k_table_bytes;		/* the table's K at the speed */
	u32 small_pct, occupancy_permille;
	u32 link_frame;			/* the largest of the eight frames */
	u8 precision_source;		/* HDRM_PREC_* */
	bool has_rtt;			/* the samples gave statistics */
	struct hdrm_stats rtt;
	u64 rtt_estimate;
	u64 turnaround_median;
	bool no_speed;			/* to be sized, but no speed known */
	u32 prio_mask;			/* the priorities sized */
	u32 unsized_mask;		/* those beyond the arithmetic */
	u32 max_frame[HDRM_PRIOS];
	u64 frame_bytes[HDRM_PRIOS];	/* packed perfectly */
	u64 headroom_bytes[HDRM_PRIOS];	/* in whole cells */
	u64 headroom_cells[HDRM_PRIOS];
	u64 inflight_bytes[HDRM_PRIOS];	/* (t + 2 x precision) x speed */
};

void hdrm_derive(const struct hdrm_derive_in *in, struct hdrm_derived *out);

u8 hdrm_k_choose(bool measured, u32 measured_ns, u32 k_override, u32 speed,
		 u32 *k_bytes);

#endif /* _HDRM_DERIVE_H */
