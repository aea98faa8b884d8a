/* SPDX-License-Identifier: GPL-2.0 */
/* -batch FILE's lines as words (batch.c), as iproute2 reads its own. */
#ifndef DCB_HDRM_BATCH_H
#define DCB_HDRM_BATCH_H

#include <stdbool.h>

/* the line goes on: hdrm_batch_split() wants the next one joined to it */
#define HDRM_BATCH_MORE	(-1000)

int hdrm_batch_split(const char *text, char *buf, char **argv, int max,
		     const char **why);

#endif
