// SPDX-License-Identifier: GPL-2.0
/*
 * A device's DCB state (PFC and buffers, as dev-get reports them) and
 * what an apply wrote (the applied nest of a result): parsing and output.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "dcbstate.h"
#include "result.h"

const char *const hdrm_apply_names[4] = { "none", "delay", "buffer", "auto" };
const char *const hdrm_delay_unit_names[3] = { "auto", "bits", "metres" };

/* Every buffer nest of type @type in @attrs. */
static int buffers_parse(struct nlattr *attrs, int len, int type,
			 struct hdrm_buf *b)
{
	struct nlattr *bt[DCB_HDRM_A_BUFFER_MAX + 1];
	struct nlattr *nest;
	uint32_t i, p, prios;
	int rem;

	nla_for_each_attr(nest, attrs, len, rem) {
		if (nla_type(nest) != type)
			continue;
		if (nla_parse_nested(bt, DCB_HDRM_A_BUFFER_MAX, nest, NULL) < 0 ||
		    !bt[DCB_HDRM_A_BUFFER_INDEX])
			return -EPROTO;
		i = nla_get_u32(bt[DCB_HDRM_A_BUFFER_INDEX]);
		if (i >= HDRM_BUFFERS)
			return -EPROTO;
		b->present |= 1u << i;
		prios = hdrm_nla_u32(bt, DCB_HDRM_A_BUFFER_PRIOS);
		for (p = 0; p < HDRM_PRIOS; p++)
			if (prios & (1u << p))
				b->prio2buffer[p] = i;
		b->size[i] = hdrm_nla_u32(bt, DCB_HDRM_A_BUFFER_SIZE);
		b->size_old[i] = hdrm_nla_u32(bt, DCB_HDRM_A_BUFFER_SIZE_OLD);
		if (bt[DCB_HDRM_A_BUFFER_SIZE_WANTED])
			b->wanted[i] =
				nla_get_u64(bt[DCB_HDRM_A_BUFFER_SIZE_WANTED]);
		if (bt[DCB_HDRM_A_BUFFER_LOSSLESS] &&
		    nla_get_u8(bt[DCB_HDRM_A_BUFFER_LOSSLESS]))
			b->lossless |= 1u << i;
	}
	return 0;
}

int hdrm_dcb_state_parse(struct nlattr *nest, struct hdrm_dcb_state *s)
{
	struct nlattr *tb[DCB_HDRM_A_DCB_STATE_MAX + 1];

	memset(s, 0, sizeof(*s));
	if (!nest)
		return 0;
	if (nla_parse_nested(tb, DCB_HDRM_A_DCB_STATE_MAX, nest, NULL) < 0)
		return -EPROTO;
	s->present = true;
	if (tb[DCB_HDRM_A_DCB_STATE_DRIVER])
		nla_strlcpy(s->driver, tb[DCB_HDRM_A_DCB_STATE_DRIVER],
			    sizeof(s->driver));
	s->has_pfc = tb[DCB_HDRM_A_DCB_STATE_PFC_EN];
	s->pfc_cap = hdrm_nla_u32(tb, DCB_HDRM_A_DCB_STATE_PFC_CAP);
	s->pfc_en = hdrm_nla_u32(tb, DCB_HDRM_A_DCB_STATE_PFC_EN);
	s->pfc_delay = hdrm_nla_u32(tb, DCB_HDRM_A_DCB_STATE_PFC_DELAY);
	s->delay_unit = hdrm_nla_u32(tb, DCB_HDRM_A_DCB_STATE_DELAY_UNIT);
	s->has_buf = tb[DCB_HDRM_A_DCB_STATE_BUFFER_TOTAL];
	s->buf.total = hdrm_nla_u32(tb, DCB_HDRM_A_DCB_STATE_BUFFER_TOTAL);
	return buffers_parse(nla_data(nest), nla_len(nest),
			     DCB_HDRM_A_DCB_STATE_BUFFER, &s->buf);
}

int hdrm_applied_parse(struct nlattr *nest, struct hdrm_applied_info *a)
{
	struct nlattr *tb[DCB_HDRM_A_APPLIED_MAX + 1];

	memset(a, 0, sizeof(*a));
	if (!nest)
		return 0;
	if (nla_parse_nested(tb, DCB_HDRM_A_APPLIED_MAX, nest, NULL) < 0 ||
	    !tb[DCB_HDRM_A_APPLIED_SESSION])
		return -EPROTO;
	a->present = true;
	a->session = hdrm_nla_u32(tb, DCB_HDRM_A_APPLIED_SESSION);
	a->method = hdrm_nla_u32(tb, DCB_HDRM_A_APPLIED_METHOD);
	a->error = hdrm_nla_u32(tb, DCB_HDRM_A_APPLIED_ERROR);
	a->delay_unit = hdrm_nla_u32(tb, DCB_HDRM_A_APPLIED_DELAY_UNIT);
	a->delay_old = hdrm_nla_u32(tb, DCB_HDRM_A_APPLIED_DELAY_OLD);
	a->delay_new = hdrm_nla_u32(tb, DCB_HDRM_A_APPLIED_DELAY_NEW);
	if (tb[DCB_HDRM_A_APPLIED_DELAY_WANTED])
		a->delay_wanted = nla_get_u64(tb[DCB_HDRM_A_APPLIED_DELAY_WANTED]);
	a->clamped = tb[DCB_HDRM_A_APPLIED_CLAMPED] &&
		     nla_get_u8(tb[DCB_HDRM_A_APPLIED_CLAMPED]);
	a->buf.total = hdrm_nla_u32(tb, DCB_HDRM_A_APPLIED_BUFFER_TOTAL);
	a->has_delay = tb[DCB_HDRM_A_APPLIED_DELAY_NEW];
	if (tb[DCB_HDRM_A_APPLIED_MODEL])
		a->model = nla_get_u8(tb[DCB_HDRM_A_APPLIED_MODEL]);
	if (tb[DCB_HDRM_A_APPLIED_RULE])
		a->rule = nla_get_u8(tb[DCB_HDRM_A_APPLIED_RULE]);
	a->rule_have = hdrm_nla_u64(tb, DCB_HDRM_A_APPLIED_RULE_HAVE);
	a->rule_need = hdrm_nla_u64(tb, DCB_HDRM_A_APPLIED_RULE_NEED);
	a->rule_buffer = hdrm_nla_u32(tb, DCB_HDRM_A_APPLIED_RULE_BUFFER);
	a->partial = tb[DCB_HDRM_A_APPLIED_PARTIAL] &&
		     nla_get_u8(tb[DCB_HDRM_A_APPLIED_PARTIAL]);
	a->buffers_taken = tb[DCB_HDRM_A_APPLIED_BUFFERS_TAKEN] &&
			   nla_get_u8(tb[DCB_HDRM_A_APPLIED_BUFFERS_TAKEN]);
	return buffers_parse(nla_data(nest), nla_len(nest),
			     DCB_HDRM_A_APPLIED_BUFFER, &a->buf);
}

static void prio_list_json(struct jw *w, const char *key, uint32_t mask)
{
	unsigned int p;

	jw_key(w, key);
	jw_arr_open(w);
	for (p = 0; p < HDRM_PRIOS; p++)
		if (mask & (1u << p))
			jw_u64(w, p);
	jw_arr_close(w);
}

/* The priorities that map to buffer @i. */
static void prios_json(struct jw *w, const char *key, const struct hdrm_buf *b,
		       unsigned int i)
{
	uint32_t mask = 0;
	unsigned int p;

	for (p = 0; p < HDRM_PRIOS; p++)
		if (b->prio2buffer[p] == i)
			mask |= 1u << p;
	prio_list_json(w, key, mask);
}

void hdrm_dcb_state_json(struct jw *w, const char *key,
			 const struct hdrm_dcb_state *s)
{
	unsigned int i;

	jw_key(w, key);
	if (!s->present) {
		jw_null(w);
		return;
	}
	jw_obj_open(w);
	jw_kstr(w, "driver", s->driver);
	jw_kstr(w, "delay_unit",
		HDRM_NAME(hdrm_delay_unit_names, s->delay_unit));
	jw_key(w, "pfc");
	if (s->has_pfc) {
		jw_obj_open(w);
		jw_ku64(w, "pfc_cap", s->pfc_cap);
		prio_list_json(w, "enabled", s->pfc_en);
		jw_ku64(w, "delay", s->pfc_delay);
		jw_obj_close(w);
	} else {
		jw_null(w);
	}
	jw_key(w, "buffers");
	if (s->has_buf) {
		jw_obj_open(w);
		jw_ku64(w, "total_size", s->buf.total);
		jw_key(w, "buffer");
		jw_arr_open(w);
		for (i = 0; i < HDRM_BUFFERS; i++) {
			if (!(s->buf.present & (1u << i)))
				continue;
			jw_obj_open(w);
			jw_ku64(w, "index", i);
			prios_json(w, "prios", &s->buf, i);
			jw_ku64(w, "size", s->buf.size[i]);
			jw_obj_close(w);
		}
		jw_arr_close(w);
		jw_obj_close(w);
	} else {
		jw_null(w);
	}
	jw_obj_close(w);
}

void hdrm_dcb_state_text(const struct hdrm_dcb_state *s)
{
	unsigned int i, p;

	if (!s->present) {
		printf("dcb: the driver has no DCB operations\n");
		return;
	}
	printf("driver %s", s->driver[0] ? s->driver : "-");
	if (s->has_pfc) {
		printf("  pfc enabled:");
		if (!s->pfc_en)
			printf(" none");
		for (p = 0; p < HDRM_PRIOS; p++)
			if (s->pfc_en & (1u << p))
				printf(" %u", p);
		printf("  delay %u %s", s->pfc_delay,
		       HDRM_NAME(hdrm_delay_unit_names, s->delay_unit));
	}
	printf("\n");
	if (!s->has_buf)
		return;
	printf("buffers (total %u B):", s->buf.total);
	for (i = 0; i < HDRM_BUFFERS; i++) {
		if (!(s->buf.present & (1u << i)))
			continue;
		printf("  %u: %u B prios", i, s->buf.size[i]);
		for (p = 0; p < HDRM_PRIOS; p++)
			if (s->buf.prio2buffer[p] == i)
				printf(" %u", p);
	}
	printf("\n");
}

static const char *const rule_names[] = {
	"none", "short", "below-floor", "no-room", "tc-mode-only",
	"clamped-floor", "clamped-ceiling", "no-model", "firmware-owned",
	"tc-mode",
};

/* The driver's rule that refused or cut a write, in one line. */
static const char *rule_why(const struct hdrm_applied_info *a)
{
	static char buf[400];
	unsigned long long have = a->rule_have, need = a->rule_need;
	bool mlx5 = a->model == DCB_HDRM_MODEL_MLX5;
	bool mlxsw = a->model == DCB_HDRM_MODEL_MLXSW;

	switch (a->rule) {
	case DCB_HDRM_APPLY_RULE_SHORT:
		if (mlx5 && a->method == DCB_HDRM_APPLY_BUFFER)
			snprintf(buf, sizeof(buf),
				 "mlx5 keeps xoff = (301 + 2.16 x cable m) x Gb/s + 2.72 x MTU above a lossless buffer's XOFF point whatever its size: %llu B at %u m, less than the measured %llu B (apply delay or auto sets the cable length)",
				 have, a->delay_old, need);
		else if (mlx5)
			snprintf(buf, sizeof(buf),
				 "mlx5's xoff = (301 + 2.16 x cable m) x Gb/s + 2.72 x MTU gives %llu B above XOFF for that length, less than the measured %llu B (apply auto picks the length its formula needs)",
				 have, need);
		else if (mlxsw)
			snprintf(buf, sizeof(buf),
				 "mlxsw's headroom 2 x cells(delay) + cells(MTU) gives %llu B for that delay, less than the measured %llu B (apply auto picks the delay its formula needs)",
				 have, need);
		else
			snprintf(buf, sizeof(buf),
				 "the driver would be left %llu B of headroom, less than the measured %llu B",
				 have, need);
		return buf;
	case DCB_HDRM_APPLY_RULE_BELOW_FLOOR:
		snprintf(buf, sizeof(buf),
			 "mlx5 refuses a lossless buffer below xoff + max_mtu + one cell: buffer %u would be %llu B, below %llu B",
			 a->rule_buffer, have, need);
		return buf;
	case DCB_HDRM_APPLY_RULE_NO_ROOM:
		snprintf(buf, sizeof(buf),
			 "the lossless buffers need %llu B and the driver's total leaves them %llu B",
			 need, have);
		return buf;
	case DCB_HDRM_APPLY_RULE_TC_MODE_ONLY:
		return "mlxsw takes buffer sizes only when its egress is configured by tc; in its DCB mode it sizes them from the PFC delay (use apply delay or auto)";
	case DCB_HDRM_APPLY_RULE_CLAMPED_FLOOR:
		snprintf(buf, sizeof(buf),
			 "the driver's floor decides: its least setting gives %llu B, more than the measured %llu B",
			 have, need);
		return buf;
	case DCB_HDRM_APPLY_RULE_CLAMPED_CEILING:
		if (mlxsw)
			snprintf(buf, sizeof(buf),
				 "mlxsw's largest PFC delay, 65535 bits, gives %llu B above the threshold, less than the measured %llu B, so nothing was written; with the port's egress under tc (an offloaded ets or prio root qdisc) dcb buffer set sizes the lossless buffer directly",
				 have, need);
		else if (mlx5)
			snprintf(buf, sizeof(buf),
				 "mlx5's longest cable length, 999 m, gives %llu B above XOFF, less than the measured %llu B, so nothing was written; no setting of this driver covers the link's round trip",
				 have, need);
		else
			snprintf(buf, sizeof(buf),
				 "the driver's ceiling decides: its largest setting gives %llu B, less than the measured %llu B",
				 have, need);
		return buf;
	case DCB_HDRM_APPLY_RULE_NO_MODEL:
		return "the driver reads neither the PFC delay nor buffer sizes (model none): nothing to write";
	case DCB_HDRM_APPLY_RULE_TC_MODE:
		return "the port is in mlxsw's TC mode (an offloaded prio, ets, red or tbf root qdisc), where the driver ignores the PFC delay: nothing written; size the lossless buffers with dcb buffer set, or delete the root qdisc to go back to DCB mode";
	case DCB_HDRM_APPLY_RULE_FIRMWARE_OWNED:
		snprintf(buf, sizeof(buf),
			 "mlx5's port buffers may be firmware-owned, and then a cable length moves no XOFF; only a setbuffer that changes a size takes them, and lossless buffer %u (%llu B) cannot move by a cell within the total and above its floor; the measured need is %llu B: free a cell of the total with dcb buffer set (or mlnx_qos --buffer_size), then apply again",
			 a->rule_buffer, have, need);
		return buf;
	default:
		return NULL;
	}
}

void hdrm_applied_json(struct jw *w, const struct hdrm_applied_info *a)
{
	unsigned int i;

	jw_key(w, "applied");
	if (!a->present) {
		jw_null(w);
		return;
	}
	jw_obj_open(w);
	jw_ku64(w, "session", a->session);
	jw_kstr(w, "method", HDRM_NAME(hdrm_apply_names, a->method));
	jw_ku64(w, "error", a->error);
	jw_kbool(w, "clamped", a->clamped);
	jw_kbool(w, "partial", a->partial);
	jw_kbool(w, "buffers_taken", a->buffers_taken);
	jw_kstr(w, "model", HDRM_NAME(hdrm_model_names, a->model));
	jw_key(w, "rule");
	if (a->rule) {
		jw_obj_open(w);
		jw_kstr(w, "name", HDRM_NAME(rule_names, a->rule));
		jw_ku64(w, "have_bytes", a->rule_have);
		jw_ku64(w, "need_bytes", a->rule_need);
		/* only mlx5's buffer rules name a buffer */
		if (a->model == DCB_HDRM_MODEL_MLX5 && a->buf.present &&
		    (a->rule == DCB_HDRM_APPLY_RULE_SHORT ||
		     a->rule == DCB_HDRM_APPLY_RULE_BELOW_FLOOR ||
		     a->rule == DCB_HDRM_APPLY_RULE_FIRMWARE_OWNED))
			jw_ku64(w, "buffer", a->rule_buffer);
		/* the rule's own sentence, refusal or not */
		jw_kstr(w, "why", rule_why(a) ? rule_why(a) : "");
		jw_obj_close(w);
	} else {
		jw_null(w);
	}
	if (a->has_delay) {
		jw_kstr(w, "delay_unit",
			HDRM_NAME(hdrm_delay_unit_names, a->delay_unit));
		jw_ku64(w, "delay_old", a->delay_old);
		jw_ku64(w, "delay_new", a->delay_new);
		jw_ku64(w, "delay_wanted", a->delay_wanted);
	}
	if (a->buf.present) {
		jw_ku64(w, "total_size", a->buf.total);
		jw_key(w, "buffers");
		jw_arr_open(w);
		for (i = 0; i < HDRM_BUFFERS; i++) {
			if (!(a->buf.present & (1u << i)))
				continue;
			jw_obj_open(w);
			jw_ku64(w, "index", i);
			prios_json(w, "prios", &a->buf, i);
			jw_kbool(w, "lossless", a->buf.lossless & (1u << i));
			jw_ku64(w, "size_old", a->buf.size_old[i]);
			jw_ku64(w, "size", a->buf.size[i]);
			jw_key(w, "size_wanted");
			if (a->buf.lossless & (1u << i))
				jw_u64(w, a->buf.wanted[i]);
			else
				jw_null(w);
			jw_obj_close(w);
		}
		jw_arr_close(w);
	}
	jw_obj_close(w);
}

/* After a failed apply: what the driver holds. */
const char *hdrm_applied_state(const struct hdrm_applied_info *a)
{
	if (a->partial)
		return "the buffers were written and could not be put back (see show)";
	/* the firmware does not take them back */
	return a->buffers_taken ?
	       "the sizes were put back, but mlx5's buffers stay software-owned" :
	       "the driver's state is unchanged";
}

/*
 * Why an apply failed, in one line: the rule that refused it, or the
 * errno's meaning (a rule that only says a value was cut does not explain
 * a driver's refusal).
 */
const char *hdrm_applied_why(const struct hdrm_applied_info *a)
{
	const char *why = NULL;

	if (a->rule != DCB_HDRM_APPLY_RULE_CLAMPED_FLOOR &&
	    (a->rule != DCB_HDRM_APPLY_RULE_CLAMPED_CEILING ||
	     a->error == ERANGE) &&
	    (a->rule != DCB_HDRM_APPLY_RULE_NO_ROOM || a->error == ENOSPC))
		why = rule_why(a);
	if (why)
		return why;
	switch (a->error) {
	case EOPNOTSUPP:
		return a->method == DCB_HDRM_APPLY_BUFFER ?
		       "the driver does not support setting its buffers (try apply delay)" :
		       "the driver does not support setting the PFC delay (try apply buffer)";
	case ENOENT:
		return "no priority has PFC enabled, so no buffer is lossless (dcb pfc set dev DEV prio-pfc PRIO:on)";
	case ENODATA:
		return "a PFC-enabled priority has no headroom in the result (see prio-mask)";
	case ENOSPC:
		return "the lossy buffers already fill the driver's total";
	default:
		return strerror(a->error);
	}
}

void hdrm_applied_text(const struct hdrm_applied_info *a)
{
	unsigned int i;

	if (!a->present)
		return;
	if (a->error) {
		printf("apply %s: failed: %s; %s\n",
		       HDRM_NAME(hdrm_apply_names, a->method),
		       hdrm_applied_why(a), hdrm_applied_state(a));
		return;
	}
	if (a->has_delay) {
		printf("applied (%s model): pfc delay %u -> %u %s",
		       HDRM_NAME(hdrm_model_names, a->model), a->delay_old,
		       a->delay_new,
		       HDRM_NAME(hdrm_delay_unit_names, a->delay_unit));
		if (a->clamped)
			printf(" (wanted %llu: cut to the field's range)",
			       (unsigned long long)a->delay_wanted);
		printf("\n");
	}
	if (a->buf.present) {
		printf("applied (%s model): buffers (total %u B)%s\n",
		       HDRM_NAME(hdrm_model_names, a->model), a->buf.total,
		       a->rule == DCB_HDRM_APPLY_RULE_NO_ROOM ?
		       ", cut to fit the total" : "");
		for (i = 0; i < HDRM_BUFFERS; i++)
			if (a->buf.lossless & (1u << i))
				printf("  buffer %u: %u -> %u B (wanted %llu)\n",
				       i, a->buf.size_old[i], a->buf.size[i],
				       (unsigned long long)a->buf.wanted[i]);
	}
	if (a->rule && rule_why(a))
		printf("  %s\n", rule_why(a));
	if (a->buffers_taken)
		printf("  took mlx5's port buffers from the firmware (a setbuffer that changed a size), so it acts on the cable length; they stay software-owned\n");
}
