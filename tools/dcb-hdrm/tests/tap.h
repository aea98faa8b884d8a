/* SPDX-License-Identifier: GPL-2.0 */
/* Minimal TAP output for the tool's unit tests. */
#ifndef DCB_HDRM_TAP_H
#define DCB_HDRM_TAP_H

#include <stdio.h>

static int tap_n, tap_failed;

#define TAP_OK(cond, ...) do {					\
	tap_n++;						\
	if (cond) {						\
		printf("ok %d - ", tap_n);			\
	} else {						\
		tap_failed++;					\
		printf("not ok %d - ", tap_n);			\
	}							\
	printf(__VA_ARGS__);					\
	printf("\n");						\
} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
