// SPDX-License-Identifier: GPL-2.0
/* The round-trip histogram's arithmetic (hist.h); no I/O. */
#include <string.h>

#include "hist.h"

/* 1, 2, 5, 10, 20, 50, ... : the first at least @w */
static uint64_t round_width(uint64_t w)
{
	uint64_t p = 1;

	for (;;) {
		if (w <= p)
			return p;
		if (w <= 2 * p)
			return 2 * p;
		if (w <= 5 * p)
			return 5 * p;
		p *= 10;
	}
}

int hist_build(const uint32_t *ns, uint32_t n, unsigned int bins,
	       struct hist *h)
{
	uint64_t span, w;
	uint32_t i;

	memset(h, 0, sizeof(*h));
	if (bins < 2 || bins > HIST_MAX_BINS)
		return -1;
	if (!n)
		return 0;
	h->min = h->max = ns[0];
	for (i = 1; i < n; i++) {
		if (ns[i] < h->min)
			h->min = ns[i];
		if (ns[i] > h->max)
			h->max = ns[i];
	}
	/* a width that makes the bins from floor(min / w) * w reach max */
	span = h->max - h->min + 1;
	w = round_width((span + bins - 1) / bins);
	while ((h->max / w) - (h->min / w) + 1 > bins)
		w = round_width(w + 1);
	h->width = w;
	h->lo = h->min / w * w;
	h->nbins = (unsigned int)((h->max / w) - (h->min / w) + 1);
	for (i = 0; i < n; i++) {
		unsigned int b = hist_bin_of(h, ns[i]);

		h->count[b]++;
		if (h->count[b] > h->peak)
			h->peak = h->count[b];
	}
	h->n = n;
	return 0;
}

unsigned int hist_bin_of(const struct hist *h, uint64_t v)
{
	uint64_t b;

	if (!h->nbins || v < h->lo)
		return 0;
	b = (v - h->lo) / h->width;
	return b >= h->nbins ? h->nbins - 1 : (unsigned int)b;
}

unsigned int hist_bar(const struct hist *h, unsigned int i, unsigned int cols)
{
	if (i >= h->nbins || !h->peak || !h->count[i])
		return 0;
	return (unsigned int)(((uint64_t)h->count[i] * cols + h->peak - 1) /
			      h->peak);
}
