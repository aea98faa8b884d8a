/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reflector's reply rate limit: a token bucket written as the generic
 * cell rate algorithm (GCRA), which keeps one number per device, the
 * theoretical arrival time (TAT) of the next conforming request. No I/O:
 * the caller passes the time and holds whatever lock guards @tat.
 */
#ifndef _HDRM_RATELIMIT_H
#define _HDRM_RATELIMIT_H

#include "hdrm_compat.h"

#define HDRM_NSEC_PER_SEC	1000000000ULL

/* A burst of a tenth of a second's worth of replies, and at least one. */
static inline u32 hdrm_rl_burst(u32 rate)
{
	return rate / 10 + 1;
}

/**
 * hdrm_rl_allow() - may one more reply go out now?
 * @tat: the device's theoretical arrival time, ns; 0 before the first reply
 * @now: the current time, ns (monotonic)
 * @rate: replies per second, at least 1
 *
 * Allows a burst of hdrm_rl_burst(@rate) replies, then @rate per second.
 * Returns true and advances @tat when the reply conforms.
 */
static inline bool hdrm_rl_allow(u64 *tat, u64 now, u32 rate)
{
	u64 interval = div64_u64(HDRM_NSEC_PER_SEC, rate ? rate : 1);
	u64 tolerance = interval * (hdrm_rl_burst(rate) - 1);
	u64 t = *tat > now ? *tat : now;

	if (t - now > tolerance)
		return false;
	*tat = t + interval;
	return true;
}

#endif /* _HDRM_RATELIMIT_H */
