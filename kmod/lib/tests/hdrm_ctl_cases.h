/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cases for the control frame codec and the pushed-headroom bounds
 * (hdrm_ctl.c), shared by the KUnit suite and the tool's user-space tests.
 * Each check returns 0, or non-zero with a message in @msg.
 */
#ifndef _HDRM_CTL_CASES_H
#define _HDRM_CTL_CASES_H

#include "hdrm_cases.h"
#include "../hdrm_ctl.h"

/* A capability request: header, the buffer-configuration field, End. */
static const u8 hdrm_ctl_golden_cap[HDRM_PAYLOAD_LEN] = {
	0x01, 0x49, 0x00, 0x00,		/* opcode, vector */
	0x01, 0x01, 0x00, 0x06,		/* version, type, TLV length 6 */
	0x12, 0x34, 0x56, 0x78,		/* session */
	0x01, 0x02, 0x03, 0x00,		/* buffer-configuration: auto, push */
	0x00, 0x00,			/* End */
	/* zero padding to the Ethernet minimum */
};

/*
 * A capability reply: the field (auto only), then the timestamping TLV:
 * follow-ups and hardware timestamps good to 8 ns; End.
 */
static const u8 hdrm_ctl_golden_cap_reply[HDRM_PAYLOAD_LEN] = {
	0x01, 0x49, 0x00, 0x00,		/* opcode, vector */
	0x01, 0x02, 0x00, 0x0e,		/* version, type 2, TLV length 14 */
	0x12, 0x34, 0x56, 0x78,		/* session */
	0x01, 0x02, 0x01, 0x00,		/* buffer-configuration: auto */
	0x05, 0x06, 0x03, 0x00,		/* timestamping: two-step, hardware */
	0x00, 0x00, 0x00, 0x08,		/* resolution 8 ns */
	0x00, 0x00,			/* End */
};

/* A configuration frame: link, headroom for priorities 3 and 4, End. */
static const u8 hdrm_ctl_golden_config[] = {
	0x01, 0x49, 0x00, 0x00,
	0x01, 0x03, 0x00, 0x34,		/* type 3, TLV length 52 */
	0xca, 0xfe, 0x00, 0x01,
	0x02, 0x0c,			/* link */
	0x00, 0x00, 0x03, 0xe8,		/* rtt 1000 ns */
	0x00, 0x00, 0x00, 0x28,		/* precision 40 ns */
	0x00, 0x00, 0x61, 0xa8,		/* 25000 Mb/s */
	0x03, 0x22, 0x18, 0x00,		/* headroom, mask 0x18 */
	0x00, 0x00, 0x00, 0x00,  0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00,  0x00, 0x00, 0xb1, 0x80,	/* 3: 45440 */
	0x00, 0x00, 0xb2, 0x00,  0x00, 0x00, 0x00, 0x00,	/* 4: 45568 */
	0x00, 0x00, 0x00, 0x00,  0x00, 0x00, 0x00, 0x00,
	0x00, 0x00,			/* End */
};

/* An acknowledgment refusing priority 4 at 45568 above 40000. */
static const u8 hdrm_ctl_golden_ack[HDRM_PAYLOAD_LEN] = {
	0x01, 0x49, 0x00, 0x00,
	0x01, 0x04, 0x00, 0x10,		/* type 4, TLV length 16 */
	0xca, 0xfe, 0x00, 0x01,
	0x04, 0x0c, 0x02, 0x03,		/* ack: refused, bounds */
	0x03, 0x04, 0x00, 0x00,		/* headroom, prio 4 */
	0xb2, 0x00, 0x00, 0x00,		/* value 45568 */
	0x9c, 0x40, 0x00, 0x00,		/* limit 40000, End */
};

static void hdrm_ctl_config_sample(struct hdrm_ctl *c)
{
	memset(c, 0, sizeof(*c));
	c->type = HDRM_CTL_CONFIG;
	c->session = 0xcafe0001;
	c->has_link = true;
	c->rtt_ns = 1000;
	c->precision_ns = 40;
	c->speed = 25000;
	c->has_headroom = true;
	c->prio_mask = 0x18;
	c->headroom[3] = 45440;
	c->headroom[4] = 45568;
}

static bool hdrm_ctl_equal(const struct hdrm_ctl *a, const struct hdrm_ctl *b)
{
	unsigned int i;

	for (i = 0; i < HDRM_PRIOS; i++)
		if (a->headroom[i] != b->headroom[i])
			return false;
	return a->type == b->type && a->session == b->session &&
	       a->has_bufcfg == b->has_bufcfg && a->bufcfg == b->bufcfg &&
	       a->has_link == b->has_link && a->rtt_ns == b->rtt_ns &&
	       a->precision_ns == b->precision_ns && a->speed == b->speed &&
	       a->has_headroom == b->has_headroom &&
	       a->prio_mask == b->prio_mask && a->has_ack == b->has_ack &&
	       a->status == b->status && a->reason == b->reason &&
	       a->field == b->field && a->prio == b->prio &&
	       a->value == b->value && a->limit == b->limit &&
	       a->has_tscap == b->has_tscap && a->tscap == b->tscap &&
	       a->hw_resolution == b->hw_resolution;
}

static int hdrm_ctl_golden_one(const char *what, const struct hdrm_ctl *c,
			       const u8 *golden, unsigned int glen,
			       char *msg, size_t len)
{
	u8 buf[HDRM_CTL_MAX_PAYLOAD];
	enum hdrm_wire_err err;
	struct hdrm_ctl back;
	unsigned int n, i;

	memset(buf, 0xa5, sizeof(buf));
	n = hdrm_ctl_encode(buf, sizeof(buf), c);
	if (n != glen)
		return hdrm_fail(msg, len, "%s: encoded %u bytes, want %u",
				 what, n, glen);
	for (i = 0; i < n; i++)
		if (buf[i] != golden[i])
			return hdrm_fail(msg, len, "%s: byte %u is 0x%02x, want 0x%02x",
					 what, i, buf[i], golden[i]);
	err = hdrm_ctl_decode(golden, glen, &back);
	if (err)
		return hdrm_fail(msg, len, "%s: golden rejected: %s", what,
				 hdrm_wire_err_str(err));
	if (!hdrm_ctl_equal(&back, c))
		return hdrm_fail(msg, len, "%s: decoded fields differ", what);
	if (hdrm_ctl_encode(buf, n - 1, c))
		return hdrm_fail(msg, len, "%s: encoded into too small a buffer",
				 what);
	return 0;
}

static int hdrm_check_ctl_golden(char *msg, size_t len)
{
	struct hdrm_ctl c = {
		.type = HDRM_CTL_CAP_REQUEST,
		.session = 0x12345678,
		.has_bufcfg = true,
		.bufcfg = HDRM_BUFCFG_AUTO_HDRM | HDRM_BUFCFG_ACCEPT_PUSH,
	};
	int err;

	err = hdrm_ctl_golden_one("capability request", &c,
				  hdrm_ctl_golden_cap,
				  sizeof(hdrm_ctl_golden_cap), msg, len);
	if (err)
		return err;
	memset(&c, 0, sizeof(c));
	c.type = HDRM_CTL_CAP_REPLY;
	c.session = 0x12345678;
	c.has_bufcfg = true;
	c.bufcfg = HDRM_BUFCFG_AUTO_HDRM;
	c.has_tscap = true;
	c.tscap = HDRM_TSCAP_TWOSTEP | HDRM_TSCAP_HARDWARE;
	c.hw_resolution = 8;
	err = hdrm_ctl_golden_one("capability reply", &c,
				  hdrm_ctl_golden_cap_reply,
				  sizeof(hdrm_ctl_golden_cap_reply), msg, len);
	if (err)
		return err;
	hdrm_ctl_config_sample(&c);
	err = hdrm_ctl_golden_one("configuration", &c, hdrm_ctl_golden_config,
				  sizeof(hdrm_ctl_golden_config), msg, len);
	if (err)
		return err;
	memset(&c, 0, sizeof(c));
	c.type = HDRM_CTL_CONFIG_ACK;
	c.session = 0xcafe0001;
	c.has_ack = true;
	c.status = HDRM_ACK_REFUSED;
	c.reason = HDRM_REASON_BOUNDS;
	c.field = HDRM_FIELD_HEADROOM;
	c.prio = 4;
	c.value = 45568;
	c.limit = 40000;
	return hdrm_ctl_golden_one("acknowledgment", &c, hdrm_ctl_golden_ack,
				   sizeof(hdrm_ctl_golden_ack), msg, len);
}

/* A capability reply without the field: the peer says "not supported". */
static int hdrm_check_ctl_reply_without(char *msg, size_t len)
{
	struct hdrm_ctl c = {
		.type = HDRM_CTL_CAP_REPLY,
		.session = 7,
	};
	u8 buf[HDRM_CTL_MAX_PAYLOAD];
	enum hdrm_wire_err err;
	struct hdrm_ctl back;
	unsigned int n;

	n = hdrm_ctl_encode(buf, sizeof(buf), &c);
	err = hdrm_ctl_decode(buf, n, &back);
	if (n != HDRM_PAYLOAD_LEN || err || back.has_bufcfg ||
	    back.session != 7)
		return hdrm_fail(msg, len, "reply without the field: n %u err %d",
				 n, err);
	if (!hdrm_is_ctl(buf, n) || hdrm_is_ctl(hdrm_ctl_golden_cap, 1))
		return hdrm_fail(msg, len, "hdrm_is_ctl is wrong");
	return 0;
}

struct hdrm_ctl_reject_case {
	const char *name;
	unsigned int off;	/* byte to change in the configuration frame */
	u8 val;
	int len_delta;		/* bytes to cut off the end */
	enum hdrm_wire_err want;
	unsigned int off2;	/* a second byte to change, when not 0 */
	u8 val2;
};

static const struct hdrm_ctl_reject_case hdrm_ctl_reject_cases[] = {
	{ .name = "shorter than the minimum",
	  .off = 0, .val = 0x01, .len_delta = 64 - 45,
	  .want = HDRM_WIRE_SHORT },
	{ .name = "TLVs cut short",
	  .off = 0, .val = 0x01, .len_delta = 1, .want = HDRM_WIRE_SHORT },
	{ .name = "another opcode",
	  .off = 1, .val = 0x48, .want = HDRM_WIRE_OPCODE },
	{ .name = "a priority vector",
	  .off = 3, .val = 0x01, .want = HDRM_WIRE_VECTOR },
	{ .name = "version 2",
	  .off = 4, .val = 0x02, .want = HDRM_WIRE_BAD_VERSION },
	{ .name = "type 0",
	  .off = 5, .val = 0x00, .want = HDRM_WIRE_TYPE },
	{ .name = "type 5",
	  .off = 5, .val = 0x05, .want = HDRM_WIRE_TYPE },
	{ .name = "session 0",
	  .off = 8, .val = 0x00, .want = HDRM_WIRE_OK },	/* see below */
	{ .name = "TLV length past the frame",
	  .off = 7, .val = 0x40, .want = HDRM_WIRE_SHORT },
	{ .name = "TLV length over the limit",
	  .off = 6, .val = 0x01, .want = HDRM_WIRE_TLV },
	{ .name = "TLV length too small for End",
	  .off = 7, .val = 0x01, .want = HDRM_WIRE_TLV },
	{ .name = "End before the TLV length",
	  .off = 7, .val = 0x32, .want = HDRM_WIRE_TLV },
	{ .name = "an unknown TLV",
	  .off = 12, .val = 0x09, .want = HDRM_WIRE_TLV },
	{ .name = "a TLV of the wrong length",
	  .off = 13, .val = 0x0b, .want = HDRM_WIRE_TLV },
	{ .name = "a TLV this type may not carry",
	  .off = 12, .val = 0x01, .want = HDRM_WIRE_TLV },
	{ .name = "a repeated TLV",
	  .off = 26, .val = 0x02, .want = HDRM_WIRE_TLV,
	  .off2 = 27, .val2 = 0x0c },
	{ .name = "headroom reserved byte",
	  .off = 29, .val = 0x01, .want = HDRM_WIRE_TLV },
	{ .name = "headroom outside the mask",
	  .off = 33, .val = 0x01, .want = HDRM_WIRE_TLV },
	{ .name = "End with a length",
	  .off = 63, .val = 0x01, .want = HDRM_WIRE_TLV },
};

static int hdrm_check_ctl_reject(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_ctl_reject_case *t = &hdrm_ctl_reject_cases[i];
	u8 buf[sizeof(hdrm_ctl_golden_config)];
	enum hdrm_wire_err err;
	struct hdrm_ctl c;

	memcpy(buf, hdrm_ctl_golden_config, sizeof(buf));
	if (t->want == HDRM_WIRE_OK) {
		/* session 0 */
		memset(buf + HDRM_CTL_OFF_SESSION, 0, 4);
		err = hdrm_ctl_decode(buf, sizeof(buf), &c);
		return err == HDRM_WIRE_SESSION ? 0 :
		       hdrm_fail(msg, len, "%s: got %s", t->name,
				 hdrm_wire_err_str(err));
	}
	buf[t->off] = t->val;
	if (t->off2)
		buf[t->off2] = t->val2;
	err = hdrm_ctl_decode(buf, sizeof(buf) - t->len_delta, &c);
	if (err != t->want)
		return hdrm_fail(msg, len, "%s: got \"%s\", want \"%s\"",
				 t->name, hdrm_wire_err_str(err),
				 hdrm_wire_err_str(t->want));
	return 0;
}

/* Rules per type: what is required, and the field and ack checks. */
static int hdrm_check_ctl_rules(char *msg, size_t len)
{
	u8 buf[HDRM_CTL_MAX_PAYLOAD];
	struct hdrm_ctl c, back;
	enum hdrm_wire_err err;
	unsigned int n;

	/* a configuration frame without its headroom */
	hdrm_ctl_config_sample(&c);
	c.has_headroom = false;
	n = hdrm_ctl_encode(buf, sizeof(buf), &c);
	err = hdrm_ctl_decode(buf, n, &back);
	if (err != HDRM_WIRE_TLV_MISSING)
		return hdrm_fail(msg, len, "config without headroom: %s",
				 hdrm_wire_err_str(err));
	/* a capability request without the field */
	memset(&c, 0, sizeof(c));
	c.type = HDRM_CTL_CAP_REQUEST;
	c.session = 1;
	n = hdrm_ctl_encode(buf, sizeof(buf), &c);
	err = hdrm_ctl_decode(buf, n, &back);
	if (err != HDRM_WIRE_TLV_MISSING)
		return hdrm_fail(msg, len, "request without the field: %s",
				 hdrm_wire_err_str(err));
	/* unknown bits in the field */
	c.has_bufcfg = true;
	c.bufcfg = 0x04;
	n = hdrm_ctl_encode(buf, sizeof(buf), &c);
	err = hdrm_ctl_decode(buf, n, &back);
	if (err != HDRM_WIRE_TLV)
		return hdrm_fail(msg, len, "unknown field bits: %s",
				 hdrm_wire_err_str(err));
	/* the timestamping TLV: a resolution with hardware only; replies only */
	memcpy(buf, hdrm_ctl_golden_cap_reply, sizeof(hdrm_ctl_golden_cap_reply));
	buf[23] = 0;
	err = hdrm_ctl_decode(buf, HDRM_PAYLOAD_LEN, &back);
	if (err != HDRM_WIRE_TLV)
		return hdrm_fail(msg, len, "hardware without a resolution: %s",
				 hdrm_wire_err_str(err));
	buf[22] = 0x03;
	buf[23] = 0xe9;		/* 1001 ns: no NIC's */
	err = hdrm_ctl_decode(buf, HDRM_PAYLOAD_LEN, &back);
	if (err != HDRM_WIRE_TLV)
		return hdrm_fail(msg, len, "a resolution of 1001 ns: %s",
				 hdrm_wire_err_str(err));
	buf[22] = 0;
	buf[23] = 0;
	buf[18] = HDRM_TSCAP_TWOSTEP;
	err = hdrm_ctl_decode(buf, HDRM_PAYLOAD_LEN, &back);
	if (err || back.tscap != HDRM_TSCAP_TWOSTEP || back.hw_resolution)
		return hdrm_fail(msg, len, "two-step only: %s",
				 hdrm_wire_err_str(err));
	buf[18] = 0x04;
	err = hdrm_ctl_decode(buf, HDRM_PAYLOAD_LEN, &back);
	if (err != HDRM_WIRE_TLV)
		return hdrm_fail(msg, len, "unknown timestamping bits: %s",
				 hdrm_wire_err_str(err));
	buf[18] = HDRM_TSCAP_TWOSTEP;
	buf[5] = HDRM_CTL_CAP_REQUEST;
	err = hdrm_ctl_decode(buf, HDRM_PAYLOAD_LEN, &back);
	if (err != HDRM_WIRE_TLV)
		return hdrm_fail(msg, len, "timestamping TLV in a request: %s",
				 hdrm_wire_err_str(err));
	/* acknowledgments: applied carries no reason, refused one */
	memcpy(buf, hdrm_ctl_golden_ack, sizeof(hdrm_ctl_golden_ack));
	buf[14] = HDRM_ACK_APPLIED;
	err = hdrm_ctl_decode(buf, HDRM_PAYLOAD_LEN, &back);
	if (err != HDRM_WIRE_TLV)
		return hdrm_fail(msg, len, "applied with a reason: %s",
				 hdrm_wire_err_str(err));
	buf[14] = 3;
	err = hdrm_ctl_decode(buf, HDRM_PAYLOAD_LEN, &back);
	if (err != HDRM_WIRE_TLV)
		return hdrm_fail(msg, len, "ack status 3: %s",
				 hdrm_wire_err_str(err));
	buf[14] = HDRM_ACK_REFUSED;
	buf[17] = 8;
	err = hdrm_ctl_decode(buf, HDRM_PAYLOAD_LEN, &back);
	if (err != HDRM_WIRE_TLV)
		return hdrm_fail(msg, len, "ack priority 8: %s",
				 hdrm_wire_err_str(err));
	return 0;
}

static const struct hdrm_push_bounds hdrm_bounds_base = {
	.speed = 25000,
	.max_rtt_ns = HDRM_PUSH_MAX_RTT_NS,
	.max_precision_ns = 10000000,
	.min_headroom = HDRM_PUSH_MIN_HEADROOM,
	.max_headroom = 40000,
};

static int hdrm_push_expect(const char *what, const struct hdrm_ctl *c,
			    const struct hdrm_push_bounds *b, int want_err,
			    u8 field, u8 prio, u32 value, u32 limit,
			    char *msg, size_t len)
{
	struct hdrm_ctl ack = {};
	int err = hdrm_push_check(c, b, &ack);

	if (err != want_err || !ack.has_ack)
		return hdrm_fail(msg, len, "%s: returned %d, want %d", what,
				 err, want_err);
	if (!want_err)
		return ack.status == HDRM_ACK_APPLIED &&
		       ack.reason == HDRM_REASON_NONE ? 0 :
		       hdrm_fail(msg, len, "%s: ack not applied", what);
	if (ack.status != HDRM_ACK_REFUSED || ack.reason != HDRM_REASON_BOUNDS ||
	    ack.field != field || ack.prio != prio || ack.value != value ||
	    ack.limit != limit)
		return hdrm_fail(msg, len, "%s: ack %u/%u field %u prio %u value %u limit %u",
				 what, ack.status, ack.reason, ack.field,
				 ack.prio, ack.value, ack.limit);
	return 0;
}

static int hdrm_check_push_bounds(char *msg, size_t len)
{
	struct hdrm_push_bounds b = hdrm_bounds_base;
	struct hdrm_ctl c;
	int err;

	hdrm_ctl_config_sample(&c);
	/* 45568 for priority 4 is over the 40000 limit; priority 3 too */
	err = hdrm_push_expect("over the limit", &c, &b, -ERANGE,
			       HDRM_FIELD_HEADROOM, 3, 45440, 40000, msg, len);
	if (err)
		return err;
	b.max_headroom = 45500;
	err = hdrm_push_expect("priority 4 over", &c, &b, -ERANGE,
			       HDRM_FIELD_HEADROOM, 4, 45568, 45500, msg, len);
	if (err)
		return err;
	b.max_headroom = 45568;
	err = hdrm_push_expect("at the limit", &c, &b, 0, 0, 0, 0, 0, msg,
			       len);
	if (err)
		return err;
	c.headroom[3] = HDRM_PUSH_MIN_HEADROOM - 1;
	err = hdrm_push_expect("below the minimum", &c, &b, -ERANGE,
			       HDRM_FIELD_HEADROOM, 3,
			       HDRM_PUSH_MIN_HEADROOM - 1,
			       HDRM_PUSH_MIN_HEADROOM, msg, len);
	if (err)
		return err;
	/* this end's own floor: 2 x 9216 + 64 + 4096 for priority 3 */
	c.headroom[3] = 22591;
	b.floor[3] = 22592;
	err = hdrm_push_expect("below this end's floor", &c, &b, -ERANGE,
			       HDRM_FIELD_HEADROOM, 3, 22591, 22592, msg,
			       len);
	if (err)
		return err;
	c.headroom[3] = 22592;
	err = hdrm_push_expect("at this end's floor", &c, &b, 0, 0, 0, 0, 0,
			       msg, len);
	if (err)
		return err;
	b.floor[3] = 0;
	hdrm_ctl_config_sample(&c);
	c.speed = 100000;
	err = hdrm_push_expect("another speed", &c, &b, -ERANGE,
			       HDRM_FIELD_SPEED, 0, 100000, 25000, msg, len);
	if (err)
		return err;
	b.speed = 0;	/* this end does not know its speed */
	err = hdrm_push_expect("speed unknown here", &c, &b, 0, 0, 0, 0, 0,
			       msg, len);
	if (err)
		return err;
	c.rtt_ns = HDRM_PUSH_MAX_RTT_NS + 1;
	err = hdrm_push_expect("round trip", &c, &b, -ERANGE, HDRM_FIELD_RTT,
			       0, HDRM_PUSH_MAX_RTT_NS + 1,
			       HDRM_PUSH_MAX_RTT_NS, msg, len);
	if (err)
		return err;
	c.rtt_ns = 1000;
	c.precision_ns = 10000001;
	err = hdrm_push_expect("precision", &c, &b, -ERANGE,
			       HDRM_FIELD_PRECISION, 0, 10000001, 10000000,
			       msg, len);
	if (err)
		return err;
	c.precision_ns = 40;
	c.prio_mask = 0;
	return hdrm_push_expect("no priority", &c, &b, -ERANGE,
				HDRM_FIELD_PRIOS, 0, 0, 0, msg, len);
}

#endif /* _HDRM_CTL_CASES_H */
