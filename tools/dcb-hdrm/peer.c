// SPDX-License-Identifier: GPL-2.0
/*
 * What a device knows of its peer's capability (dev show), and what the
 * peer made of a pushed headroom (measure ... push, show, monitor).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "peer.h"

static const char *const via_names[] = { "in-band", "lldp" };
const char *const hdrm_push_status_names[4] = {
	"pending", "applied", "refused", "no-answer",
};
static const char *const reason_names[] = {
	"none", "policy", "no-cap", "bounds", "apply-failed", "busy",
	"sender-no-cap", "rate",
};
static const char *const field_names[] = {
	"speed", "rtt", "precision", "headroom", "prios",
};

int hdrm_peer_parse(struct nlattr *nest, struct hdrm_peer_info *p)
{
	struct nlattr *tb[DCB_HDRM_A_PEER_MAX + 1];

	memset(p, 0, sizeof(*p));
	if (!nest)
		return 0;
	if (nla_parse_nested(tb, DCB_HDRM_A_PEER_MAX, nest, NULL) < 0 ||
	    !tb[DCB_HDRM_A_PEER_AUTO_HDRM])
		return -EPROTO;
	p->present = true;
	p->auto_hdrm = nla_get_u8(tb[DCB_HDRM_A_PEER_AUTO_HDRM]);
	p->has_accept_push = tb[DCB_HDRM_A_PEER_ACCEPT_PUSH];
	if (p->has_accept_push)
		p->accept_push = nla_get_u8(tb[DCB_HDRM_A_PEER_ACCEPT_PUSH]);
	if (tb[DCB_HDRM_A_PEER_VIA])
		p->via = nla_get_u32(tb[DCB_HDRM_A_PEER_VIA]);
	if (tb[DCB_HDRM_A_PEER_AGE])
		p->age_ms = nla_get_u64(tb[DCB_HDRM_A_PEER_AGE]);
	p->has_two_step = tb[DCB_HDRM_A_PEER_TWO_STEP];
	if (p->has_two_step)
		p->two_step = nla_get_u8(tb[DCB_HDRM_A_PEER_TWO_STEP]);
	p->has_hw_timestamping = tb[DCB_HDRM_A_PEER_HW_TIMESTAMPING];
	if (p->has_hw_timestamping)
		p->hw_timestamping =
			nla_get_u8(tb[DCB_HDRM_A_PEER_HW_TIMESTAMPING]);
	p->has_hw_resolution = tb[DCB_HDRM_A_PEER_HW_RESOLUTION];
	if (p->has_hw_resolution)
		p->hw_resolution = nla_get_u32(tb[DCB_HDRM_A_PEER_HW_RESOLUTION]);
	return 0;
}

/*
 * JSON's "peer": {...}, or null before anything was learned; the text's
 * line of dev show dev DEV
 *   peer: auto-hdrm on  accept-push on  hw-timestamping on  hw-resolution 4 ns  two-step on  (learned in-band, 1500 ms ago)
 */
void hdrm_peer_print(struct out *o, const struct hdrm_peer_info *p)
{
	if (!p->present) {
		out_jnull(o, "peer");
		out_text(o, "peer: not known yet\n");
		return;
	}
	out_obj_open(o, "peer");
	out_bool(o, "auto_hdrm", "peer: auto-hdrm %s", p->auto_hdrm,
		 out_off_on);
	if (p->has_accept_push) {
		out_bool(o, "accept_push", "  accept-push %s", p->accept_push,
			 out_off_on);
	} else {
		out_jnull(o, "accept_push");
		out_text(o, "  accept-push unknown");
	}
	/* how and when it was learned: the text says it last */
	out_jstr(o, "via", HDRM_NAME(via_names, p->via));
	out_ju64(o, "age_ms", p->age_ms);
	/* the text says two-step after the hardware's words */
	if (p->has_two_step)
		out_jbool(o, "two_step", p->two_step);
	else
		out_jnull(o, "two_step");
	out_opt_bool(o, "hw_timestamping", p->has_hw_timestamping,
		     "  hw-timestamping %s", p->hw_timestamping, out_off_on);
	out_opt_u64(o, "hw_resolution_ns", p->has_hw_resolution,
		    "  hw-resolution %llu ns", p->hw_resolution);
	if (p->has_two_step)
		out_text(o, "  two-step %s", out_off_on[p->two_step]);
	out_text(o, "  (learned %s, %llu ms ago)\n",
		 HDRM_NAME(via_names, p->via), (unsigned long long)p->age_ms);
	out_obj_close(o);
}

void hdrm_peer_json(struct jw *w, const struct hdrm_peer_info *p)
{
	struct out o;

	out_init_json(&o, w);
	hdrm_peer_print(&o, p);
}

void hdrm_peer_text(const struct hdrm_peer_info *p)
{
	struct out o;

	out_init_text(&o, stdout);
	hdrm_peer_print(&o, p);
}

int hdrm_push_parse(struct nlattr *nest, struct hdrm_push_info *p)
{
	struct nlattr *tb[DCB_HDRM_A_PUSH_MAX + 1];
	int i;

	memset(p, 0, sizeof(*p));
	if (!nest)
		return 0;
	if (nla_parse_nested(tb, DCB_HDRM_A_PUSH_MAX, nest, NULL) < 0 ||
	    !tb[DCB_HDRM_A_PUSH_STATUS])
		return -EPROTO;
	p->present = true;
	for (i = DCB_HDRM_A_PUSH_SESSION; i <= DCB_HDRM_A_PUSH_LIMIT; i++)
		if (tb[i])
			p->v[i] = nla_get_u32(tb[i]);
	return 0;
}

/* The peer's reason in words, e.g. for a refused push. */
const char *hdrm_push_why(const struct hdrm_push_info *p, char *buf,
			  size_t len)
{
	const uint32_t *v = p->v;

	switch (v[DCB_HDRM_A_PUSH_REASON]) {
	case DCB_HDRM_PUSH_REASON_POLICY:
		return "it does not accept pushed headroom (on the peer: dcb-hdrm dev set dev DEV accept-push on)";
	case DCB_HDRM_PUSH_REASON_NO_CAP:
		return "it has auto-hdrm off";
	case DCB_HDRM_PUSH_REASON_SENDER_NO_CAP:
		return "it has no record of this end's auto-hdrm capability (the last word it had from this end had the bit clear)";
	case DCB_HDRM_PUSH_REASON_BUSY:
		return "it is still handling an earlier push; try again";
	case DCB_HDRM_PUSH_REASON_RATE:
		return "it granted a stream less than a second ago; try again";
	case DCB_HDRM_PUSH_REASON_APPLY_FAILED:
		snprintf(buf, len, "its driver refused the write: %s",
			 strerror((int)v[DCB_HDRM_A_PUSH_VALUE]));
		return buf;
	case DCB_HDRM_PUSH_REASON_BOUNDS:
		if (v[DCB_HDRM_A_PUSH_FIELD] == DCB_HDRM_PUSH_FIELD_PRIOS)
			return "no priority to size";
		if (v[DCB_HDRM_A_PUSH_FIELD] == DCB_HDRM_PUSH_FIELD_HEADROOM)
			snprintf(buf, len, "priority %u's headroom of %u bytes is %s its %s of %u bytes",
				 v[DCB_HDRM_A_PUSH_PRIO], v[DCB_HDRM_A_PUSH_VALUE],
				 v[DCB_HDRM_A_PUSH_VALUE] < v[DCB_HDRM_A_PUSH_LIMIT] ?
				 "below" : "above",
				 v[DCB_HDRM_A_PUSH_VALUE] < v[DCB_HDRM_A_PUSH_LIMIT] ?
				 "minimum" : "limit",
				 v[DCB_HDRM_A_PUSH_LIMIT]);
		else
			snprintf(buf, len, "the %s of %u is out of its bounds (%u)",
				 HDRM_NAME(field_names, v[DCB_HDRM_A_PUSH_FIELD]),
				 v[DCB_HDRM_A_PUSH_VALUE], v[DCB_HDRM_A_PUSH_LIMIT]);
		return buf;
	}
	return "it did not say why";
}

/*
 * JSON's "push": {"session", "status", "reason", ...}, or null when there
 * was none; the text's line, nothing when there was none:
 *   push: the peer refused it: it has auto-hdrm off
 */
void hdrm_push_print(struct out *o, const struct hdrm_push_info *p)
{
	const uint32_t *v = p->v;
	bool refused = v[DCB_HDRM_A_PUSH_STATUS] == DCB_HDRM_PUSH_STATUS_REFUSED;
	char buf[160];

	if (!p->present) {
		out_jnull(o, "push");
		return;
	}
	out_obj_open(o, "push");
	out_ju64(o, "session", v[DCB_HDRM_A_PUSH_SESSION]);
	/* the text words the status */
	out_jstr(o, "status", HDRM_NAME(hdrm_push_status_names,
				       v[DCB_HDRM_A_PUSH_STATUS]));
	switch (v[DCB_HDRM_A_PUSH_STATUS]) {
	case DCB_HDRM_PUSH_STATUS_APPLIED:
		out_text(o, "push: the peer accepted the headroom and holds it\n");
		break;
	case DCB_HDRM_PUSH_STATUS_REFUSED:
		out_text(o, "push: the peer refused it: ");
		break;
	case DCB_HDRM_PUSH_STATUS_NO_ANSWER:
		out_text(o, "push: the peer did not answer\n");
		break;
	default:
		out_text(o, "push: sent, no answer yet\n");
		break;
	}
	/* the reason and its figures are the why's words in the text */
	out_jopt_str(o, "reason", refused,
		     HDRM_NAME(reason_names, v[DCB_HDRM_A_PUSH_REASON]));
	if (refused)
		out_str(o, "why", "%s\n", hdrm_push_why(p, buf, sizeof(buf)));
	if (v[DCB_HDRM_A_PUSH_REASON] == DCB_HDRM_PUSH_REASON_BOUNDS) {
		out_jstr(o, "field", HDRM_NAME(field_names,
					       v[DCB_HDRM_A_PUSH_FIELD]));
		out_ju64(o, "prio", v[DCB_HDRM_A_PUSH_PRIO]);
		out_ju64(o, "value", v[DCB_HDRM_A_PUSH_VALUE]);
		out_ju64(o, "limit", v[DCB_HDRM_A_PUSH_LIMIT]);
	}
	out_obj_close(o);
}

void hdrm_push_json(struct jw *w, const struct hdrm_push_info *p)
{
	struct out o;

	out_init_json(&o, w);
	hdrm_push_print(&o, p);
}

void hdrm_push_text(const struct hdrm_push_info *p)
{
	struct out o;

	out_init_text(&o, stdout);
	hdrm_push_print(&o, p);
}
