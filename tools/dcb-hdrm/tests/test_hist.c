// SPDX-License-Identifier: GPL-2.0
/* The round-trip histogram's bins, marks and bars (hist.c). */
#include <stdint.h>

#include "hist.h"
#include "tap.h"

static unsigned int sum(const struct hist *h)
{
	unsigned int i, s = 0;

	for (i = 0; i < h->nbins; i++)
		s += h->count[i];
	return s;
}

int main(void)
{
	/* 10,000 ns +- a few: what a 1 km cable's round trip looks like */
	static const uint32_t rtt[] = { 10003, 9998, 10001, 10010, 10000,
					10002, 9999, 10041, 10001, 10000 };
	static const uint32_t same[] = { 500, 500, 500 };
	uint32_t wide[2] = { 1, 4000000000u };
	struct hist h;

	TAP_OK(hist_build(rtt, 10, 1, &h) == -1 &&
	       hist_build(rtt, 10, HIST_MAX_BINS + 1, &h) == -1,
	       "1 bin and more than %d bins refused", HIST_MAX_BINS);
	TAP_OK(!hist_build(rtt, 0, 20, &h) && h.nbins == 0 && h.n == 0,
	       "no samples: no bins");

	/* span 9998..10041 = 44 ns in 20 bins: 2.2 ns, rounded up to 5 */
	TAP_OK(!hist_build(rtt, 10, 20, &h) && h.width == 5 &&
	       h.lo == 9995 && h.nbins == 10,
	       "9998..10041 ns in 20 bins: width %llu (5), first edge %llu (9995), %u bins (10)",
	       (unsigned long long)h.width, (unsigned long long)h.lo, h.nbins);
	TAP_OK(sum(&h) == 10 && h.n == 10 && h.min == 9998 && h.max == 10041,
	       "every sample counted once: %u of 10, min %llu, max %llu",
	       sum(&h), (unsigned long long)h.min, (unsigned long long)h.max);
	/* 9995-9999: 9998, 9999; 10000-10004: 10003, 10001, 10000, 10002, 10001, 10000 */
	TAP_OK(h.count[0] == 2 && h.count[1] == 6 && h.count[3] == 1 &&
	       h.count[9] == 1 && h.peak == 6,
	       "counts per bin: %u %u .. %u .. %u, peak %u (2 6 1 1, 6)",
	       h.count[0], h.count[1], h.count[3], h.count[9], h.peak);
	TAP_OK(hist_bin_of(&h, 10001) == 1 && hist_bin_of(&h, 1) == 0 &&
	       hist_bin_of(&h, 99999) == 9,
	       "a value's bin, clamped to the first and the last");
	TAP_OK(hist_bar(&h, 1, 40) == 40 && hist_bar(&h, 0, 40) == 14 &&
	       hist_bar(&h, 2, 40) == 0 && hist_bar(&h, 3, 40) == 7,
	       "bars: the peak fills 40 columns, 2 of 6 take 14 (rounded up), 0 none, 1 of 6 takes 7");

	TAP_OK(!hist_build(same, 3, 20, &h) && h.nbins == 1 &&
	       h.width == 1 && h.count[0] == 3,
	       "equal samples: one bin of 1 ns holding all three");
	TAP_OK(!hist_build(wide, 2, 20, &h) && h.nbins <= 20 &&
	       h.count[0] == 1 && h.count[h.nbins - 1] == 1 &&
	       h.width == 500000000 && h.nbins == 9,
	       "1 ns and 4 s in 20 bins: 2e8 would need 21 aligned bins, so width %llu (5e8), %u bins (9)",
	       (unsigned long long)h.width, h.nbins);
	return tap_done();
}
