// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics of round-trip samples. The samples are sorted in place: the
 * caller gives its own array and gets it back in ascending order.
 */
#include "hdrm_stats.h"

static int hdrm_u64_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* @v's @n values in ascending order, in place. */
void hdrm_sort_u64(u64 *v, u32 n)
{
	sort(v, n, sizeof(*v), hdrm_u64_cmp, NULL);
}

/**
 * hdrm_stats_compute() - min, median, p99, max, mean and deviation
 * @samples: the samples, ns, each at most HDRM_STATS_MAX_SAMPLE; sorted on
 *	     return
 * @n: how many, at most HDRM_STATS_MAX_COUNT
 * @st: the result
 *
 * With samples below 2^32 ns every squared deviation fits in 64 bits, and
 * the variance is accumulated as a mean (quotient and remainder of each
 * term by @n), so it never exceeds the largest term.
 *
 * Return: 0, -ENODATA for no samples, -ERANGE for too many samples or a
 * sample above HDRM_STATS_MAX_SAMPLE.
 */
int hdrm_stats_compute(u64 *samples, u32 n, struct hdrm_stats *st)
{
	u64 sum = 0, var = 0, rem = 0, dev, sq;
	u32 i, rank;

	if (!n)
		return -ENODATA;
	if (n > HDRM_STATS_MAX_COUNT)
		return -ERANGE;
	for (i = 0; i < n; i++)
		if (samples[i] > HDRM_STATS_MAX_SAMPLE)
			return -ERANGE;
	hdrm_sort_u64(samples, n);

	st->n = n;
	st->min = samples[0];
	st->max = samples[n - 1];
	st->median = samples[(n - 1) / 2];
	rank = (u32)DIV_ROUND_UP_ULL((u64)n * 99, 100);
	st->p99 = samples[rank - 1];

	/* 4 s x 2^20 samples < 2^64: the plain sum cannot overflow. */
	for (i = 0; i < n; i++)
		sum += samples[i];
	st->mean = div64_u64(sum, n);

	/*
	 * Mean of squared deviations, accumulated as quotient and remainder
	 * of each term divided by n so the running value stays in range.
	 */
	for (i = 0; i < n; i++) {
		dev = samples[i] > st->mean ? samples[i] - st->mean :
					      st->mean - samples[i];
		sq = dev * dev;		/* dev < 2^32 */
		var += div64_u64(sq, n);
		rem += sq - div64_u64(sq, n) * n;
		if (rem >= n) {
			var += div64_u64(rem, n);
			rem -= div64_u64(rem, n) * n;
		}
	}
	st->stddev = int_sqrt64(var);
	return 0;
}

u64 hdrm_stats_pick(const struct hdrm_stats *st, unsigned int estimator)
{
	switch (estimator) {
	case HDRM_EST_MEDIAN:
		return st->median;
	case HDRM_EST_MAX:
		return st->max;
	default:
		return st->min;
	}
}
