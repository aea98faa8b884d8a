/* SPDX-License-Identifier: GPL-2.0 */
/* The estimator: statistics of round-trip samples. No I/O. */
#ifndef _HDRM_STATS_H
#define _HDRM_STATS_H

#include "hdrm_compat.h"

/* The values of enum dcb_hdrm_estimator in the uAPI. */
enum hdrm_estimator {
	HDRM_EST_MIN,
	HDRM_EST_MEDIAN,
	HDRM_EST_MAX,
};

struct hdrm_stats {
	u32 n;
	u64 min;
	u64 median;	/* the lower middle value for an even count */
	u64 p99;	/* nearest rank: the ceil(0.99 n)-th smallest */
	u64 max;
	u64 mean;	/* rounded down */
	u64 stddev;	/* population standard deviation, rounded down */
};

/*
 * 4 s in ns: below 2^32, so a squared deviation fits in 64 bits. A
 * measurement's reply timeout is at most this long, so no sample is larger.
 */
#define HDRM_STATS_MAX_SAMPLE	4000000000ULL
#define HDRM_STATS_MAX_COUNT	BIT(20)

int hdrm_stats_compute(u64 *samples, u32 n, struct hdrm_stats *st);
void hdrm_sort_u64(u64 *v, u32 n);
u64 hdrm_stats_pick(const struct hdrm_stats *st, unsigned int estimator);

#endif /* _HDRM_STATS_H */
