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

/* JSON's list of the priorities of @mask; the text's " 3 4" */
static void prio_list_print(struct out *o, const char *key, uint32_t mask)
{
	unsigned int p;

	out_arr_open(o, key);
	for (p = 0; p < HDRM_PRIOS; p++)
		if (mask & (1u << p))
			out_u64(o, NULL, " %llu", p);
	out_arr_close(o);
}

/* The priorities that map to buffer @i. */
static void prios_print(struct out *o, const char *key,
			const struct hdrm_buf *b, unsigned int i)
{
	uint32_t mask = 0;
	unsigned int p;

	for (p = 0; p < HDRM_PRIOS; p++)
		if (b->prio2buffer[p] == i)
			mask |= 1u << p;
	prio_list_print(o, key, mask);
}

/*
 * JSON's @key: {"driver", "delay_unit", "pfc", "buffers"}, null without
 * DCB operations; the text's lines
 *   driver mlx5_core  pfc enabled: 3 4  delay 0 bits
 *   buffers (total 524288 B):  0: 262144 B prios 0 1 2 5 6 7  1: 131072 B prios 3 4
 */
void hdrm_dcb_state_print(struct out *o, const char *key,
			  const struct hdrm_dcb_state *s)
{
	const char *unit = HDRM_NAME(hdrm_delay_unit_names, s->delay_unit);
	unsigned int i;

	if (!s->present) {
		out_jnull(o, key);
		out_text(o, "dcb: the driver has no DCB operations\n");
		return;
	}
	out_obj_open(o, key);
	out_jstr(o, "driver", s->driver);
	out_text(o, "driver %s", s->driver[0] ? s->driver : "-");
	/* the text's after the delay, as its unit */
	out_jstr(o, "delay_unit", unit);
	if (s->has_pfc) {
		out_obj_open(o, "pfc");
		out_ju64(o, "pfc_cap", s->pfc_cap);
		out_text(o, "  pfc enabled:%s", s->pfc_en ? "" : " none");
		prio_list_print(o, "enabled", s->pfc_en);
		out_u64(o, "delay", "  delay %llu", s->pfc_delay);
		out_text(o, " %s", unit);
		out_obj_close(o);
	} else {
		out_jnull(o, "pfc");
	}
	out_text(o, "\n");
	if (!s->has_buf) {
		out_jnull(o, "buffers");
		out_obj_close(o);
		return;
	}
	out_obj_open(o, "buffers");
	out_u64(o, "total_size", "buffers (total %llu B):", s->buf.total);
	out_arr_open(o, "buffer");
	for (i = 0; i < HDRM_BUFFERS; i++) {
		if (!(s->buf.present & (1u << i)))
			continue;
		out_obj_open(o, NULL);
		out_u64(o, "index", "  %llu:", i);
		/* the text's size comes before the priorities */
		out_text(o, " %u B prios", s->buf.size[i]);
		prios_print(o, "prios", &s->buf, i);
		out_ju64(o, "size", s->buf.size[i]);
		out_obj_close(o);
	}
	out_arr_close(o);
	out_text(o, "\n");
	out_obj_close(o);
	out_obj_close(o);
}

void hdrm_dcb_state_json(struct jw *w, const char *key,
			 const struct hdrm_dcb_state *s)
{
	struct out o;

	out_init_json(&o, w);
	hdrm_dcb_state_print(&o, key, s);
}

void hdrm_dcb_state_text(const struct hdrm_dcb_state *s)
{
	struct out o;

	out_init_text(&o, stdout);
	hdrm_dcb_state_print(&o, "dcb_state", s);
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

/*
 * JSON's "applied": {"session", "method", "error", "clamped", "partial",
 * "buffers_taken", "model", "rule", ["delay_unit", "delay_old",
 * "delay_new", "delay_wanted",] ["total_size", "buffers"]}, null without
 * an apply; the text's lines
 *   applied (mlx5 model): pfc delay 7 -> 25 metres
 *   applied (mlx5 model): buffers (total 524288 B)
 *     buffer 1: 98304 -> 131072 B (wanted 120000)
 * or, for a failure, its one line.
 */
void hdrm_applied_print(struct out *o, const struct hdrm_applied_info *a)
{
	const char *model = HDRM_NAME(hdrm_model_names, a->model);
	const char *unit = HDRM_NAME(hdrm_delay_unit_names, a->delay_unit);
	const char *why = rule_why(a);
	bool was, quiet, lossless;
	unsigned int i;

	if (!a->present) {
		out_jnull(o, "applied");
		return;
	}
	out_obj_open(o, "applied");
	out_ju64(o, "session", a->session);
	/* a failure is one line of the text: what, why, what is left */
	out_str_if(o, "method", a->error, "apply %s: failed: ",
		   HDRM_NAME(hdrm_apply_names, a->method));
	if (a->error)
		out_text(o, "%s; %s\n", hdrm_applied_why(a),
			 hdrm_applied_state(a));
	out_ju64(o, "error", a->error);
	/* what was written: the text's only when it all was */
	quiet = o->mute || a->error;
	was = out_mute(o, quiet);
	/* in the text's words below */
	out_jbool(o, "clamped", a->clamped);
	out_jbool(o, "partial", a->partial);
	out_jbool(o, "buffers_taken", a->buffers_taken);
	out_jstr(o, "model", model);
	/* the rule's own sentence, refusal or not: the text's last line */
	if (a->rule) {
		out_obj_open(o, "rule");
		out_jstr(o, "name", HDRM_NAME(rule_names, a->rule));
		out_ju64(o, "have_bytes", a->rule_have);
		out_ju64(o, "need_bytes", a->rule_need);
		/* only mlx5's buffer rules name a buffer */
		if (a->model == DCB_HDRM_MODEL_MLX5 && a->buf.present &&
		    (a->rule == DCB_HDRM_APPLY_RULE_SHORT ||
		     a->rule == DCB_HDRM_APPLY_RULE_BELOW_FLOOR ||
		     a->rule == DCB_HDRM_APPLY_RULE_FIRMWARE_OWNED))
			out_ju64(o, "buffer", a->rule_buffer);
		out_jstr(o, "why", why ? why : "");
		out_obj_close(o);
	} else {
		out_jnull(o, "rule");
	}
	if (a->has_delay) {
		out_text(o, "applied (%s model): ", model);
		/* the text's after the new delay */
		out_jstr(o, "delay_unit", unit);
		out_u64(o, "delay_old", "pfc delay %llu", a->delay_old);
		out_u64(o, "delay_new", " -> %llu", a->delay_new);
		out_text(o, " %s", unit);
		out_u64_if(o, "delay_wanted", a->clamped,
			   " (wanted %llu: cut to the field's range)",
			   a->delay_wanted);
		out_text(o, "\n");
	}
	if (a->buf.present) {
		out_text(o, "applied (%s model): ", model);
		out_u64(o, "total_size", "buffers (total %llu B)", a->buf.total);
		out_text(o, "%s\n", a->rule == DCB_HDRM_APPLY_RULE_NO_ROOM ?
			 ", cut to fit the total" : "");
		out_arr_open(o, "buffers");
		for (i = 0; i < HDRM_BUFFERS; i++) {
			if (!(a->buf.present & (1u << i)))
				continue;
			lossless = a->buf.lossless & (1u << i);
			/* the text's lines are the lossless buffers' */
			out_mute(o, quiet || !lossless);
			out_obj_open(o, NULL);
			out_u64(o, "index", "  buffer %llu:", i);
			out_mute(o, true);
			prios_print(o, "prios", &a->buf, i);
			out_mute(o, quiet || !lossless);
			out_jbool(o, "lossless", lossless);
			out_u64(o, "size_old", " %llu", a->buf.size_old[i]);
			out_u64(o, "size", " -> %llu B", a->buf.size[i]);
			out_opt_u64(o, "size_wanted", lossless,
				    " (wanted %llu)\n", a->buf.wanted[i]);
			out_obj_close(o);
		}
		out_mute(o, quiet);
		out_arr_close(o);
	}
	if (a->rule && why)
		out_text(o, "  %s\n", why);
	if (a->buffers_taken)
		out_text(o, "  took mlx5's port buffers from the firmware (a setbuffer that changed a size), so it acts on the cable length; they stay software-owned\n");
	out_mute(o, was);
	out_obj_close(o);
}

void hdrm_applied_json(struct jw *w, const struct hdrm_applied_info *a)
{
	struct out o;

	out_init_json(&o, w);
	hdrm_applied_print(&o, a);
}

void hdrm_applied_text(const struct hdrm_applied_info *a)
{
	struct out o;

	out_init_text(&o, stdout);
	hdrm_applied_print(&o, a);
}
