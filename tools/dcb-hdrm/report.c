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

enum verdict { V_NONE, V_ENOUGH, V_SMALL, V_OVER, V_UNKNOWN };

static const char *const verdict_names[] = {
	"lossy", "enough", "too-small", "oversized", "unknown",
};

/* Why a verdict is unknown. */
#define UNKNOWN_WHY "mlx5's port buffers may be firmware-owned: then the cable length moves no XOFF, and no dcbnl call says which; an apply on this device takes them"


struct prio_verdict {
	const char *basis;	/* "buffer" or "delay" */
	const char *unit;	/* "bytes", "bits" or "metres" */
	unsigned long long wanted, current, by;
	enum verdict v;
};

/*
 * Enough: at least what is wanted and less than one unit of slack above
 * it (a cell for buffers, the rounding step for a delay).
 */
static enum verdict judge(unsigned long long wanted, unsigned long long have,
			  unsigned long long slack, unsigned long long *by)
{
	if (have < wanted) {
		*by = wanted - have;
		return V_SMALL;
	}
	*by = have - wanted;
	return *by > slack ? V_OVER : V_ENOUGH;
}

static bool lossless(const struct result *r, const struct hdrm_dcb_state *st,
		     unsigned int p)
{
	if (!r->prio[p].valid)
		return false;
	return !st->has_pfc || (st->pfc_en & (1u << p));
}

/* The verdict for priority @p; false when there is nothing to judge. */
static bool prio_verdict(const struct result *r,
			 const struct hdrm_dcb_state *st, unsigned int p,
			 struct prio_verdict *pv)
{
	unsigned int cell = r->cell ? r->cell : 1;
	struct hdrm_delay d;

	memset(pv, 0, sizeof(*pv));
	if (!r->prio[p].valid || !st->present)
		return false;
	if (!lossless(r, st, p)) {
		pv->v = V_NONE;
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
			pv->v = V_UNKNOWN;
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

void report_json(struct jw *w, const struct result *r,
		 const struct hdrm_dcb_state *st, uint32_t mtu)
{
	unsigned long long port_static, port_measured, s;
	struct prio_verdict pv;
	unsigned int p, i;

	hdrm_dcb_state_json(w, "dcb_state", st);
	jw_key(w, "verdict");
	jw_arr_open(w);
	for (p = 0; p < HDRM_PRIOS; p++) {
		if (!prio_verdict(r, st, p, &pv))
			continue;
		jw_obj_open(w);
		jw_ku64(w, "prio", p);
		jw_kstr(w, "verdict", verdict_names[pv.v]);
		if (pv.v != V_NONE) {
			jw_kstr(w, "basis", pv.basis);
			jw_kstr(w, "unit", pv.unit);
			jw_ku64(w, "wanted", pv.wanted);
			jw_ku64(w, "current", pv.current);
			jw_ku64(w, "by", pv.by);
		}
		if (pv.v == V_UNKNOWN)
			jw_kstr(w, "why", UNKNOWN_WHY);
		jw_obj_close(w);
	}
	jw_arr_close(w);
	jw_key(w, "savings");
	jw_arr_open(w);
	for (i = 0; r->speed && any_prio(r) && i < ARRAY_SIZE(models); i++) {
		port_static = 0;
		port_measured = 0;
		jw_obj_open(w);
		jw_kstr(w, "model", models[i].name);
		jw_key(w, "priorities");
		jw_arr_open(w);
		for (p = 0; p < HDRM_PRIOS; p++) {
			if (!r->prio[p].valid)
				continue;
			s = model_bytes(&models[i], r, p, mtu);
			port_static += s;
			port_measured += r->prio[p].bytes;
			jw_obj_open(w);
			jw_ku64(w, "prio", p);
			jw_ku64(w, "static_bytes", s);
			jw_ku64(w, "measured_bytes", r->prio[p].bytes);
			jw_key(w, "saved_bytes");
			jw_s64(w, (long long)s - (long long)r->prio[p].bytes);
			jw_obj_close(w);
		}
		jw_arr_close(w);
		jw_ku64(w, "port_static_bytes", port_static);
		jw_ku64(w, "port_measured_bytes", port_measured);
		jw_key(w, "port_saved_bytes");
		jw_s64(w, (long long)port_static - (long long)port_measured);
		jw_obj_close(w);
	}
	jw_arr_close(w);
}

void report_text(const struct result *r, const struct hdrm_dcb_state *st,
		 uint32_t mtu)
{
	long long saved, port_saved;
	struct prio_verdict pv;
	bool header = false;
	unsigned int p, i;

	printf("\nnow on the device: ");
	hdrm_dcb_state_text(st);
	for (p = 0; p < HDRM_PRIOS; p++) {
		if (!prio_verdict(r, st, p, &pv))
			continue;
		if (!header) {
			if (any_eff(r))
				printf("judged by the %s model: CURRENT is the headroom above XOFF that the driver's own arithmetic gives\n",
				       HDRM_NAME(hdrm_model_names, r->model));
			printf("%-4s %-7s %-7s %12s %12s  %s\n", "PRIO", "BASIS",
			       "UNIT", "RECOMMENDED", "CURRENT", "VERDICT");
			header = true;
		}
		if (pv.v == V_NONE) {
			printf("%-4u %-7s %-7s %12s %12s  lossy (PFC off)\n", p,
			       "-", "-", "-", "-");
			continue;
		}
		printf("%-4u %-7s %-7s %12llu %12llu  ", p, pv.basis, pv.unit,
		       pv.wanted, pv.current);
		if (pv.v == V_ENOUGH)
			printf("enough\n");
		else if (pv.v == V_UNKNOWN)
			printf("unknown (%s)\n", UNKNOWN_WHY);
		else
			printf("%s by %llu %s\n",
			       pv.v == V_SMALL ? "too small" : "oversized",
			       pv.by, pv.unit);
	}
	if (!r->speed || !any_prio(r))
		return;
	printf("\nsavings against static headroom (bytes, per priority and per port; each model in the same %u-byte cells and small-frame share, mlx5's as the room it leaves above XOFF):\n",
	       r->cell ? r->cell : 1);
	printf("%-49s", "MODEL");
	for (p = 0; p < HDRM_PRIOS; p++)
		if (r->prio[p].valid)
			printf(" %9s%u", "prio ", p);
	printf(" %12s\n", "PORT");
	for (i = 0; i < ARRAY_SIZE(models); i++) {
		port_saved = 0;
		printf("%-49s", models[i].what);
		for (p = 0; p < HDRM_PRIOS; p++) {
			if (!r->prio[p].valid)
				continue;
			saved = (long long)model_bytes(&models[i], r, p, mtu) -
				(long long)r->prio[p].bytes;
			port_saved += saved;
			printf(" %10lld", saved);
		}
		printf(" %12lld\n", port_saved);
	}
	printf("(negative: the static model reserves less than this link needs)\n");
}
