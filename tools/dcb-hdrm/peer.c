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
	"sender-no-cap",
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

/* "key": true|false, or null when @has is not */
static void opt_bool(struct jw *w, const char *key, bool has, bool v)
{
	jw_key(w, key);
	if (has)
		jw_bool(w, v);
	else
		jw_null(w);
}

/* "peer": {...}, or null before anything was learned. */
void hdrm_peer_json(struct jw *w, const struct hdrm_peer_info *p)
{
	jw_key(w, "peer");
	if (!p->present) {
		jw_null(w);
		return;
	}
	jw_obj_open(w);
	jw_kbool(w, "auto_hdrm", p->auto_hdrm);
	opt_bool(w, "accept_push", p->has_accept_push, p->accept_push);
	jw_kstr(w, "via", HDRM_NAME(via_names, p->via));
	jw_ku64(w, "age_ms", p->age_ms);
	opt_bool(w, "two_step", p->has_two_step, p->two_step);
	opt_bool(w, "hw_timestamping", p->has_hw_timestamping,
		 p->hw_timestamping);
	jw_key(w, "hw_resolution_ns");
	if (p->has_hw_resolution)
		jw_u64(w, p->hw_resolution);
	else
		jw_null(w);
	jw_obj_close(w);
}

void hdrm_peer_text(const struct hdrm_peer_info *p)
{
	if (!p->present) {
		printf("peer: not known yet\n");
		return;
	}
	printf("peer: auto-hdrm %s  accept-push %s",
	       p->auto_hdrm ? "on" : "off",
	       !p->has_accept_push ? "unknown" :
	       p->accept_push ? "on" : "off");
	if (p->has_hw_timestamping)
		printf("  hw-timestamping %s", p->hw_timestamping ? "on" : "off");
	if (p->has_hw_resolution)
		printf("  hw-resolution %u ns", p->hw_resolution);
	if (p->has_two_step)
		printf("  two-step %s", p->two_step ? "on" : "off");
	printf("  (learned %s, %llu ms ago)\n", HDRM_NAME(via_names, p->via),
	       (unsigned long long)p->age_ms);
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

/* "push": {"status", "reason", ...}, or null when there was none. */
void hdrm_push_json(struct jw *w, const struct hdrm_push_info *p)
{
	const uint32_t *v = p->v;
	char buf[160];

	jw_key(w, "push");
	if (!p->present) {
		jw_null(w);
		return;
	}
	jw_obj_open(w);
	jw_ku64(w, "session", v[DCB_HDRM_A_PUSH_SESSION]);
	jw_kstr(w, "status", HDRM_NAME(hdrm_push_status_names,
				       v[DCB_HDRM_A_PUSH_STATUS]));
	jw_key(w, "reason");
	if (v[DCB_HDRM_A_PUSH_STATUS] == DCB_HDRM_PUSH_STATUS_REFUSED)
		jw_str(w, HDRM_NAME(reason_names, v[DCB_HDRM_A_PUSH_REASON]));
	else
		jw_null(w);
	if (v[DCB_HDRM_A_PUSH_STATUS] == DCB_HDRM_PUSH_STATUS_REFUSED)
		jw_kstr(w, "why", hdrm_push_why(p, buf, sizeof(buf)));
	if (v[DCB_HDRM_A_PUSH_REASON] == DCB_HDRM_PUSH_REASON_BOUNDS) {
		jw_kstr(w, "field", HDRM_NAME(field_names,
					      v[DCB_HDRM_A_PUSH_FIELD]));
		jw_ku64(w, "prio", v[DCB_HDRM_A_PUSH_PRIO]);
		jw_ku64(w, "value", v[DCB_HDRM_A_PUSH_VALUE]);
		jw_ku64(w, "limit", v[DCB_HDRM_A_PUSH_LIMIT]);
	}
	jw_obj_close(w);
}

void hdrm_push_text(const struct hdrm_push_info *p)
{
	char buf[160];

	if (!p->present)
		return;
	switch (p->v[DCB_HDRM_A_PUSH_STATUS]) {
	case DCB_HDRM_PUSH_STATUS_APPLIED:
		printf("push: the peer accepted the headroom and holds it\n");
		break;
	case DCB_HDRM_PUSH_STATUS_REFUSED:
		printf("push: the peer refused it: %s\n",
		       hdrm_push_why(p, buf, sizeof(buf)));
		break;
	case DCB_HDRM_PUSH_STATUS_NO_ANSWER:
		printf("push: the peer did not answer\n");
		break;
	default:
		printf("push: sent, no answer yet\n");
		break;
	}
}
