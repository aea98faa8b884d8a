/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A histogram of round-trip samples, no I/O: bins of a round width (1, 2
 * or 5 times a power of ten, in ns) laid over the samples' range, and
 * where the estimate and the precision band fall among them. measure
 * ... histogram draws it; the unit tests check it.
 */
#ifndef DCB_HDRM_HIST_H
#define DCB_HDRM_HIST_H

#include <stdint.h>

#define HIST_MAX_BINS	64

struct hist {
	uint64_t lo;			/* the first bin's lower edge, ns */
	uint64_t width;			/* every bin's width, ns, at least 1 */
	unsigned int nbins;		/* 0: no samples */
	uint32_t count[HIST_MAX_BINS];
	uint32_t peak;			/* the largest count */
	uint32_t n;			/* samples counted */
	uint64_t min, max;
};

/*
 * hist_build() - count @n samples @ns into at most @bins bins (2 to
 * HIST_MAX_BINS): the narrowest round width that spans min..max in that
 * many, the first edge a multiple of it. Returns 0, or -1 for a bad @bins.
 */
int hist_build(const uint32_t *ns, uint32_t n, unsigned int bins,
	       struct hist *h);

/* The bin @v falls in, clamped to the first and the last. */
unsigned int hist_bin_of(const struct hist *h, uint64_t v);

/* The bar of bin @i, in @cols columns at most: count/peak, rounded up. */
unsigned int hist_bar(const struct hist *h, unsigned int i, unsigned int cols);

#endif
