/* SPDX-License-Identifier: GPL-2.0 */
/* -batch FILE's lines as words (batch.c), as iproute2 reads its own. */
#ifndef DCB_HDRM_BATCH_H
#define DCB_HDRM_BATCH_H

#include <stdbool.h>

/* the line goes on: hdrm_batch_split() wants the next one joined to it */
#define HDRM_BATCH_MORE	(-1000)

/* a device name's characters at most: IFNAMSIZ less its NUL */
#define HDRM_IFNAME_MAX	15

int hdrm_batch_split(const char *text, char *buf, char **argv, int max,
		     const char **why);
bool hdrm_batch_names_dev(int argc, char *const *argv, const char *dev);
bool hdrm_ifname_valid(const char *name);

#endif
