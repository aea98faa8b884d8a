/* SPDX-License-Identifier: GPL-2.0 */
/* The device's DCB state against a result, and the savings (report.c). */
#ifndef DCB_HDRM_REPORT_H
#define DCB_HDRM_REPORT_H

#include <stdint.h>

#include "dcbstate.h"
#include "result.h"

/*
 * A priority's verdict, as show judges it: what the device holds for it
 * (current, in unit, by basis: the driver's model, the buffer or the PFC
 * delay) against what the measurement wants.
 */
enum hdrm_verdict {
	HDRM_VERDICT_LOSSY,	/* PFC off on the priority */
	HDRM_VERDICT_ENOUGH,
	HDRM_VERDICT_TOO_SMALL,
	HDRM_VERDICT_OVERSIZED,
	HDRM_VERDICT_UNKNOWN,	/* mlx5 buffers the firmware may own */
};

extern const char *const hdrm_verdict_names[HDRM_VERDICT_UNKNOWN + 1];

struct hdrm_prio_verdict {
	const char *basis;	/* "model", "buffer" or "delay" */
	const char *unit;	/* "bytes", "bits" or "metres" */
	unsigned long long wanted, current, by;
	enum hdrm_verdict v;
};

/* The verdict for priority @p; false when there is nothing to judge. */
bool hdrm_prio_verdict(const struct result *r,
		       const struct hdrm_dcb_state *st, unsigned int p,
		       struct hdrm_prio_verdict *pv);
void report_print(struct out *o, const struct result *r,
		  const struct hdrm_dcb_state *st, uint32_t mtu);
void report_json(struct jw *w, const struct result *r,
		 const struct hdrm_dcb_state *st, uint32_t mtu);
void report_text(const struct result *r, const struct hdrm_dcb_state *st,
		 uint32_t mtu);

#endif
