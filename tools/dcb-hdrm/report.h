/* SPDX-License-Identifier: GPL-2.0 */
/* The device's DCB state against a result, and the savings (report.c). */
#ifndef DCB_HDRM_REPORT_H
#define DCB_HDRM_REPORT_H

#include <stdint.h>

#include "dcbstate.h"
#include "result.h"

void report_print(struct out *o, const struct result *r,
		  const struct hdrm_dcb_state *st, uint32_t mtu);
void report_json(struct jw *w, const struct result *r,
		 const struct hdrm_dcb_state *st, uint32_t mtu);
void report_text(const struct result *r, const struct hdrm_dcb_state *st,
		 uint32_t mtu);

#endif
