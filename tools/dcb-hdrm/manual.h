/* SPDX-License-Identifier: GPL-2.0 */
/* Setting the headroom by hand when the peer cannot take part (manual.c). */
#ifndef DCB_HDRM_MANUAL_H
#define DCB_HDRM_MANUAL_H

#include <stddef.h>
#include <stdint.h>

#include "dcbstate.h"
#include "dev.h"
#include "result.h"

void manual_command(char *how, size_t len, const char *ifname,
		    const struct result *prev, const struct hdrm_dcb_state *st);
const char *manual_why(const struct dev_view *dev, uint32_t status);
void manual_far_end_print(struct out *o, const struct result *r);
int manual_prompt(const struct result *r, const struct result *prev,
		  const struct dev_view *dev);

#endif
