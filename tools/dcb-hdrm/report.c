// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm show: what the device holds against what the measurement says
 * it should (a verdict per priority), and what the usual static models
 * would have reserved instead (the savings).
 */
#include <stdio.h>
#include <string.h>

#include <linux/dcb_hdrm.h>

#include "hdrm_apply.h"
#include "hdrm_model.h"
#include "report.h"

const char *const hdrm_verdict_names[HDRM_VERDICT_UNKNOWN + 1] = {
	[HDRM_VERDICT_LOSSY]		= "lossy",
	[HDRM_VERDICT_ENOUGH]		= "enough",
	[HDRM_VERDICT_TOO_SMALL]	= "too-small",
	[HDRM_VERDICT_OVERSIZED]	= "oversized",
	[HDRM_VERDICT_UNKNOWN]		= "unknown",
};

/* Why a verdict is unknown. */
#define UNKNOWN_WHY "mlx5's port buffers may be firmware-owned: then the cable length moves no XOFF, and no dcbnl call says which; an apply on this device takes them"

/*
 * Enough: at least what is wanted and less than one unit of slack above
 * it (a cell for buffers, the rounding step for a delay).
 */
static enum hdrm_verdict judge(unsigned long long wanted,
			       unsigned long long have,
			       unsigned long long slack, unsigned long long *by)
{
	if (have < wanted) {
		*by = wanted - have;
		return HDRM_VERDICT_TOO_SMALL;
	}
	*by = have - wanted;
	return *by > slack ? HDRM_VERDICT_OVERSIZED : HDRM_VERDICT_ENOUGH;
}

static bool lossless(const struct result *r, const struct hdrm_dcb_state *st,
		     unsigned int p)
{
	if (!r->prio[p].valid)
		return false;
	return !st->has_pfc || (st->pfc_en & (1u << p));
}

bool hdrm_prio_verdict(const struct result *r,
		       const struct hdrm_dcb_state *st, unsigned int p,
		       struct hdrm_prio_verdict *pv)
{
	unsigned int cell = r->cell ? r->cell : 1;
	struct hdrm_delay d;

	memset(pv, 0, sizeof(*pv));
	if (!r->prio[p].valid || !st->present)
		return false;
	if (!lossless(r, st, p)) {
		pv->v = HDRM_VERDICT_LOSSY;
		pv->basis = "-";
		pv->unit = "-";
		return true;
	}
	if (r->prio[p].has_eff) {
		/*
		 * What the driver's own arithmetic gives, against the need;
		 * oversized only beyond what apply auto would leave (a
		 * driver's floor can be above the need) and a cell.
		 */
		unsigned long long best = r->prio[p].best;

		pv->basis = "model";
		pv->unit = "bytes";
		pv->wanted = r->prio[p].bytes;
		pv->current = r->prio[p].eff;
		/* without what auto would leave, never "oversized" */
		pv->v = judge(pv->wanted, pv->current,
			      !r->prio[p].has_best ? ~0ULL :
			      (best > pv->wanted ? best - pv->wanted : 0) + cell,
			      &pv->by);
		/*
		 * mlx5 with buffers the module has not taken: the formula's
		 * figure may not be what the hardware holds, so no verdict.
		 */
		if (r->has_owner &&
		    r->owner != DCB_HDRM_BUFFER_OWNER_SOFTWARE) {
			pv->v = HDRM_VERDICT_UNKNOWN;
			pv->by = 0;
		}
		return true;
	}
	if (st->has_buf) {
		pv->basis = "buffer";
		pv->unit = "bytes";
		pv->wanted = (r->prio[p].bytes + cell - 1) / cell * cell;
		pv->current = st->buf.size[st->buf.prio2buffer[p]];
		pv->v = judge(pv->wanted, pv->current, cell, &pv->by);
		return true;
	}
	if (!st->has_pfc ||
	    hdrm_delay_value(hdrm_allowance_ns(r->est, r->precision), r->speed,
			     st->delay_unit == DCB_HDRM_DELAY_UNIT_METRES ?
			     HDRM_DELAY_METRES : HDRM_DELAY_BITS, &d))
		return false;
	pv->basis = "delay";
	pv->unit = HDRM_NAME(hdrm_delay_unit_names, st->delay_unit);
	pv->wanted = d.value;
	pv->current = st->pfc_delay;
	pv->v = judge(pv->wanted, pv->current, 0, &pv->by);
	return true;
}

/* The static models a measured headroom replaces. */
static const struct model {
	const char *name;
	const char *what;
	bool mlx5;
	unsigned int metres;
} models[] = {
	{ "cable-300m", "cable-length formula, 300 m (leaf-spine default)", false, 300 },
	{ "cable-100m", "cable-length formula, 100 m", false, 100 },
	{ "mlx5-7m", "mlx5 default, 7 m", true, 7 },
};

/*
 * Like with like: a cable-length model's frames in the recommendation's
 * cells, with its small-frame share; mlx5's default as the headroom the
 * driver leaves above XOFF at that length, in those cells.
 */
static unsigned long long model_bytes(const struct model *m,
				      const struct result *r, unsigned int p,
				      uint32_t mtu)
{
	uint32_t cell = r->cell ? r->cell : 1;

	if (m->mlx5)
		return hdrm_static_mlx5_above(r->speed, mtu, cell, m->metres);
	return hdrm_static_cable_cells(r->speed, r->prio[p].max_frame,
				       m->metres, cell, r->small_pct);
}

static bool any_eff(const struct result *r)
{
	unsigned int p;

	for (p = 0; p < HDRM_PRIOS; p++)
		if (r->prio[p].valid && r->prio[p].has_eff)
			return true;
	return false;
}

static bool any_prio(const struct result *r)
{
	unsigned int p;

	for (p = 0; p < HDRM_PRIOS; p++)
		if (r->prio[p].valid)
			return true;
	return false;
}

/*
 * A priority's verdict: JSON's member of "verdict"; the text's row
 *   3    model   bytes          60000        40000  too small by 20000 bytes
 */
static void verdict_print(struct out *o, unsigned int p,
			  const struct hdrm_prio_verdict *pv)
{
	bool by = pv->v == HDRM_VERDICT_TOO_SMALL ||
		  pv->v == HDRM_VERDICT_OVERSIZED;

	out_obj_open(o, NULL);
	out_u64(o, "prio", "%-4llu", p);
	/* the text words the verdict at the end of its row */
	out_jstr(o, "verdict", hdrm_verdict_names[pv->v]);
	if (pv->v == HDRM_VERDICT_LOSSY) {
		out_text(o, " %-7s %-7s %12s %12s  lossy (PFC off)\n", "-", "-",
			 "-", "-");
		out_obj_close(o);
		return;
	}
	out_str(o, "basis", " %-7s", pv->basis);
	out_str(o, "unit", " %-7s", pv->unit);
	out_u64(o, "wanted", " %12llu", pv->wanted);
	out_u64(o, "current", " %12llu  ", pv->current);
	if (pv->v == HDRM_VERDICT_ENOUGH)
		out_text(o, "enough\n");
	else if (pv->v == HDRM_VERDICT_UNKNOWN)
		out_text(o, "unknown (");
	else
		out_text(o, "%s", pv->v == HDRM_VERDICT_TOO_SMALL ?
				  "too small" : "oversized");
	out_u64_if(o, "by", by, " by %llu", pv->by);
	if (by)
		out_text(o, " %s\n", pv->unit);
	if (pv->v == HDRM_VERDICT_UNKNOWN)
		out_str(o, "why", "%s)\n", UNKNOWN_WHY);
	out_obj_close(o);
}

/*
 * The device's DCB state against a result: JSON's "dcb_state", "verdict"
 * and "savings" members; the text's lines, the state, a table of
 * verdicts and one of savings against the static models.
 */
void report_print(struct out *o, const struct result *r,
		  const struct hdrm_dcb_state *st, uint32_t mtu)
{
	unsigned long long port_static, port_measured, s;
	bool savings = r->speed && any_prio(r);
	struct hdrm_prio_verdict pv;
	bool header = false;
	unsigned int p, i;

	out_text(o, "\nnow on the device: ");
	hdrm_dcb_state_print(o, "dcb_state", st);
	out_arr_open(o, "verdict");
	for (p = 0; p < HDRM_PRIOS; p++) {
		if (!hdrm_prio_verdict(r, st, p, &pv))
			continue;
		if (!header) {
			if (any_eff(r))
				out_text(o, "judged by the %s model: CURRENT is the headroom above XOFF that the driver's own arithmetic gives\n",
					 HDRM_NAME(hdrm_model_names, r->model));
			out_text(o, "%-4s %-7s %-7s %12s %12s  %s\n", "PRIO",
				 "BASIS", "UNIT", "RECOMMENDED", "CURRENT",
				 "VERDICT");
			header = true;
		}
		verdict_print(o, p, &pv);
	}
	out_arr_close(o);
	if (savings) {
		out_text(o, "\nsavings against static headroom (bytes, per priority and per port; each model in the same %u-byte cells and small-frame share, mlx5's as the room it leaves above XOFF):\n",
			 r->cell ? r->cell : 1);
		out_text(o, "%-49s", "MODEL");
		for (p = 0; p < HDRM_PRIOS; p++)
			if (r->prio[p].valid)
				out_text(o, " %9s%u", "prio ", p);
		out_text(o, " %12s\n", "PORT");
	}
	/* a row per model: the text's the savings alone */
	out_arr_open(o, "savings");
	for (i = 0; savings && i < ARRAY_SIZE(models); i++) {
		port_static = 0;
		port_measured = 0;
		out_obj_open(o, NULL);
		out_jstr(o, "model", models[i].name);
		out_text(o, "%-49s", models[i].what);
		out_arr_open(o, "priorities");
		for (p = 0; p < HDRM_PRIOS; p++) {
			if (!r->prio[p].valid)
				continue;
			s = model_bytes(&models[i], r, p, mtu);
			port_static += s;
			port_measured += r->prio[p].bytes;
			out_obj_open(o, NULL);
			out_ju64(o, "prio", p);
			out_ju64(o, "static_bytes", s);
			out_ju64(o, "measured_bytes", r->prio[p].bytes);
			out_s64(o, "saved_bytes", " %10lld",
				(long long)s - (long long)r->prio[p].bytes);
			out_obj_close(o);
		}
		out_arr_close(o);
		out_ju64(o, "port_static_bytes", port_static);
		out_ju64(o, "port_measured_bytes", port_measured);
		out_s64(o, "port_saved_bytes", " %12lld\n",
			(long long)port_static - (long long)port_measured);
		out_obj_close(o);
	}
	out_arr_close(o);
	if (savings)
		out_text(o, "(negative: the static model reserves less than this link needs)\n");
}

void report_json(struct jw *w, const struct result *r,
		 const struct hdrm_dcb_state *st, uint32_t mtu)
{
	struct out o;

	out_init_json(&o, w);
	report_print(&o, r, st, mtu);
}

void report_text(const struct result *r, const struct hdrm_dcb_state *st,
		 uint32_t mtu)
{
	struct out o;

	out_init_text(&o, stdout);
	report_print(&o, r, st, mtu);
}
