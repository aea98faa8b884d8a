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
	       a->hw_resolution == b->hw_resolution &&
	       a->has_stream == b->has_stream &&
	       a->stream.prio == b->stream.prio &&
	       a->stream.duration_us == b->stream.duration_us &&
	       a->stream.frame_len == b->stream.frame_len;
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
	{ .name = "type 7",
	  .off = 5, .val = 0x07, .want = HDRM_WIRE_TYPE },
	{ .name = "the configuration's TLVs in a stream request",
	  .off = 5, .val = 0x05, .want = HDRM_WIRE_TLV },
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

/* ---- stream requests and answers ---- */

/* Priority 3 for 2 ms in frames of 9014 bytes (MTU 9000 and a header). */
static const u8 hdrm_ctl_golden_stream_req[HDRM_PAYLOAD_LEN] = {
	0x01, 0x49, 0x00, 0x00,		/* opcode, vector */
	0x01, 0x05, 0x00, 0x0c,		/* version, type 5, TLV length 12 */
	0x5e, 0x1f, 0x0a, 0x33,		/* session */
	0x06, 0x08, 0x03, 0x00,		/* stream: priority 3, flags 0 */
	0x07, 0xd0, 0x23, 0x36,		/* 2000 us, 9014 bytes */
	0x00, 0x00, 0x00, 0x00,		/* reserved; End */
};

/* The grant of an MTU-1500 peer capped at 1 ms: 1514-byte frames, 1 ms. */
static const u8 hdrm_ctl_golden_stream_grant[HDRM_PAYLOAD_LEN] = {
	0x01, 0x49, 0x00, 0x00,
	0x01, 0x06, 0x00, 0x1a,		/* type 6, TLV length 26 */
	0x5e, 0x1f, 0x0a, 0x33,
	0x04, 0x0c, 0x01, 0x00,		/* ack: applied, no reason */
	0x00, 0x03, 0x00, 0x00,		/* no field, priority 3, value 0 */
	0x00, 0x00, 0x00, 0x00,		/* limit 0 */
	0x00, 0x00, 0x06, 0x08,		/* stream */
	0x03, 0x00, 0x03, 0xe8,		/* priority 3, flags 0, 1000 us */
	0x05, 0xea, 0x00, 0x00,		/* 1514 bytes, reserved */
	0x00, 0x00,			/* End */
};

/* Refused: the last stream was granted 500 ms ago; wait 500 of 1000 ms. */
static const u8 hdrm_ctl_golden_stream_rate[HDRM_PAYLOAD_LEN] = {
	0x01, 0x49, 0x00, 0x00,
	0x01, 0x06, 0x00, 0x10,		/* type 6, TLV length 16 */
	0x5e, 0x1f, 0x0a, 0x33,
	0x04, 0x0c, 0x02, 0x07,		/* ack: refused, rate */
	0x00, 0x03, 0x00, 0x00,		/* no field, priority 3 */
	0x01, 0xf4, 0x00, 0x00,		/* value 500 (ms to wait) */
	0x03, 0xe8, 0x00, 0x00,		/* limit 1000 (ms), End */
};

static void hdrm_ctl_stream_req_sample(struct hdrm_ctl *c)
{
	memset(c, 0, sizeof(*c));
	c->type = HDRM_CTL_STREAM_REQUEST;
	c->session = 0x5e1f0a33;
	c->has_stream = true;
	c->stream.prio = 3;
	c->stream.duration_us = 2000;
	c->stream.frame_len = 9014;
}

static const struct hdrm_stream_policy hdrm_stream_pol_base = {
	.auto_hdrm = true,
	.sender_cap = true,
	.accept_stream = true,
	.mtu = 1500,
	.max_us = 1000,
};

/* The goldens from the encoder, and the two answers from the decision. */
static int hdrm_check_ctl_stream_golden(char *msg, size_t len)
{
	u64 last = 0, now = 7000000000ULL;
	struct hdrm_ctl req, ans;
	int err;

	hdrm_ctl_stream_req_sample(&req);
	err = hdrm_ctl_golden_one("stream request", &req,
				  hdrm_ctl_golden_stream_req,
				  sizeof(hdrm_ctl_golden_stream_req), msg, len);
	if (err)
		return err;
	err = hdrm_stream_grant(&req, &hdrm_stream_pol_base, now, &last, &ans);
	if (err || last != now)
		return hdrm_fail(msg, len, "grant: %d, last %llu", err,
				 (unsigned long long)last);
	err = hdrm_ctl_golden_one("stream grant", &ans,
				  hdrm_ctl_golden_stream_grant,
				  sizeof(hdrm_ctl_golden_stream_grant), msg, len);
	if (err)
		return err;
	err = hdrm_stream_grant(&req, &hdrm_stream_pol_base,
				now + 500000000ULL, &last, &ans);
	if (err != -EAGAIN || last != now)
		return hdrm_fail(msg, len, "within the second: %d, last %llu",
				 err, (unsigned long long)last);
	return hdrm_ctl_golden_one("stream refused for the rate", &ans,
				   hdrm_ctl_golden_stream_rate,
				   sizeof(hdrm_ctl_golden_stream_rate), msg, len);
}

/* One golden with up to two bytes changed, and what its decoder says. */
struct hdrm_ctl_stream_reject_case {
	const char *name;
	const u8 *frame;	/* one of the goldens */
	unsigned int off;
	u8 val;
	unsigned int off2;	/* a second byte to change, when not 0 */
	u8 val2;
	enum hdrm_wire_err want;
};

#define HDRM_SREQ	hdrm_ctl_golden_stream_req
#define HDRM_SGRANT	hdrm_ctl_golden_stream_grant
#define HDRM_SRATE	hdrm_ctl_golden_stream_rate

static const struct hdrm_ctl_stream_reject_case hdrm_ctl_stream_reject_cases[] = {
	{ "request: priority 7", HDRM_SREQ, 14, 0x07, 0, 0, HDRM_WIRE_OK },
	{ "request: priority 8", HDRM_SREQ, 14, 0x08, 0, 0, HDRM_WIRE_TLV },
	{ "request: a flag", HDRM_SREQ, 15, 0x01, 0, 0, HDRM_WIRE_TLV },
	{ "request: 0 us", HDRM_SREQ, 16, 0x00, 17, 0x00, HDRM_WIRE_TLV },
	{ "request: 1 us", HDRM_SREQ, 16, 0x00, 17, 0x01, HDRM_WIRE_OK },
	{ "request: 5000 us", HDRM_SREQ, 16, 0x13, 17, 0x88, HDRM_WIRE_OK },
	{ "request: 5001 us", HDRM_SREQ, 16, 0x13, 17, 0x89, HDRM_WIRE_TLV },
	{ "request: a 59-byte frame", HDRM_SREQ, 18, 0x00, 19, 0x3b,
	  HDRM_WIRE_TLV },
	{ "request: a 60-byte frame", HDRM_SREQ, 18, 0x00, 19, 0x3c,
	  HDRM_WIRE_OK },
	{ "request: a 9216-byte frame", HDRM_SREQ, 18, 0x24, 19, 0x00,
	  HDRM_WIRE_OK },
	{ "request: a 9217-byte frame", HDRM_SREQ, 18, 0x24, 19, 0x01,
	  HDRM_WIRE_TLV },
	{ "request: reserved bytes", HDRM_SREQ, 21, 0x01, 0, 0, HDRM_WIRE_TLV },
	{ "request: a stream TLV one byte short", HDRM_SREQ, 13, 0x07, 0, 0,
	  HDRM_WIRE_TLV },
	{ "request: an ack TLV in its place", HDRM_SREQ, 12, 0x04, 0, 0,
	  HDRM_WIRE_TLV },
	{ "request as type 4: a stream TLV in an acknowledgment", HDRM_SREQ,
	  5, 0x04, 0, 0, HDRM_WIRE_TLV },
	{ "request as type 6: an answer without its ack", HDRM_SREQ, 5, 0x06,
	  0, 0, HDRM_WIRE_TLV_MISSING },
	{ "grant: refused, yet granting a stream", HDRM_SGRANT, 14, 0x02,
	  15, 0x07, HDRM_WIRE_TLV },
	{ "grant: applied with a reason", HDRM_SGRANT, 15, 0x05, 0, 0,
	  HDRM_WIRE_TLV },
	{ "grant: a field", HDRM_SGRANT, 16, 0x01, 0, 0, HDRM_WIRE_TLV },
	{ "grant: a granted 0 us", HDRM_SGRANT, 30, 0x00, 31, 0x00,
	  HDRM_WIRE_TLV },
	{ "refusal: policy", HDRM_SRATE, 15, 0x01, 0, 0, HDRM_WIRE_OK },
	{ "refusal: no-cap", HDRM_SRATE, 15, 0x02, 0, 0, HDRM_WIRE_OK },
	{ "refusal: bounds is no stream's", HDRM_SRATE, 15, 0x03, 0, 0,
	  HDRM_WIRE_TLV },
	{ "refusal: apply-failed is no stream's", HDRM_SRATE, 15, 0x04, 0, 0,
	  HDRM_WIRE_TLV },
	{ "refusal: busy", HDRM_SRATE, 15, 0x05, 0, 0, HDRM_WIRE_OK },
	{ "refusal: sender-no-cap", HDRM_SRATE, 15, 0x06, 0, 0, HDRM_WIRE_OK },
	{ "refusal: reason 8", HDRM_SRATE, 15, 0x08, 0, 0, HDRM_WIRE_TLV },
	{ "refusal: no reason", HDRM_SRATE, 15, 0x00, 0, 0, HDRM_WIRE_TLV },
	{ "refusal: priority 8", HDRM_SRATE, 17, 0x08, 0, 0, HDRM_WIRE_TLV },
	{ "refusal as type 4: rate is no push's", HDRM_SRATE, 5, 0x04, 0, 0,
	  HDRM_WIRE_TLV },
	{ "acknowledgment: sender-no-cap", hdrm_ctl_golden_ack, 15, 0x06, 0, 0,
	  HDRM_WIRE_OK },
	{ "acknowledgment: rate", hdrm_ctl_golden_ack, 15, 0x07, 0, 0,
	  HDRM_WIRE_TLV },
};

#undef HDRM_SREQ
#undef HDRM_SGRANT
#undef HDRM_SRATE

static int hdrm_check_ctl_stream_reject(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_ctl_stream_reject_case *t =
		&hdrm_ctl_stream_reject_cases[i];
	u8 buf[HDRM_PAYLOAD_LEN];
	enum hdrm_wire_err err;
	struct hdrm_ctl c;

	memcpy(buf, t->frame, sizeof(buf));
	buf[t->off] = t->val;
	if (t->off2)
		buf[t->off2] = t->val2;
	err = hdrm_ctl_decode(buf, sizeof(buf), &c);
	if (err != t->want)
		return hdrm_fail(msg, len, "%s: got \"%s\", want \"%s\"",
				 t->name, hdrm_wire_err_str(err),
				 hdrm_wire_err_str(t->want));
	return 0;
}

/* The TLVs a stream request and answer must carry, built by the encoder. */
static int hdrm_check_ctl_stream_rules(char *msg, size_t len)
{
	u8 buf[HDRM_CTL_MAX_PAYLOAD];
	struct hdrm_ctl c, back;
	enum hdrm_wire_err err;
	unsigned int n;

	hdrm_ctl_stream_req_sample(&c);
	c.has_stream = false;
	n = hdrm_ctl_encode(buf, sizeof(buf), &c);
	err = hdrm_ctl_decode(buf, n, &back);
	if (err != HDRM_WIRE_TLV_MISSING)
		return hdrm_fail(msg, len, "request without the stream: %s",
				 hdrm_wire_err_str(err));
	/* a grant without the stream it grants */
	memset(&c, 0, sizeof(c));
	c.type = HDRM_CTL_STREAM_ANSWER;
	c.session = 9;
	c.has_ack = true;
	c.status = HDRM_ACK_APPLIED;
	n = hdrm_ctl_encode(buf, sizeof(buf), &c);
	err = hdrm_ctl_decode(buf, n, &back);
	if (err != HDRM_WIRE_TLV_MISSING)
		return hdrm_fail(msg, len, "grant without the stream: %s",
				 hdrm_wire_err_str(err));
	/* every TLV at once: the longest a sender writes, read back whole */
	memset(&c, 0, sizeof(c));
	c.type = HDRM_CTL_CAP_REQUEST;
	c.session = 9;
	c.has_bufcfg = true;
	c.has_stream = true;
	c.stream.prio = 1;
	c.stream.duration_us = 1;
	c.stream.frame_len = 60;
	n = hdrm_ctl_encode(buf, sizeof(buf), &c);
	err = hdrm_ctl_decode(buf, n, &back);
	if (err != HDRM_WIRE_TLV)
		return hdrm_fail(msg, len, "stream TLV in a capability request: %s",
				 hdrm_wire_err_str(err));
	hdrm_ctl_config_sample(&c);
	c.has_bufcfg = true;
	c.has_ack = true;
	c.has_tscap = true;
	c.has_stream = true;
	n = hdrm_ctl_encode(buf, sizeof(buf), &c);
	if (n != HDRM_CTL_OFF_TLV + 2 + 2 + HDRM_TLV_BUFCFG_LEN +
		 2 + HDRM_TLV_LINK_LEN + 2 + HDRM_TLV_HEADROOM_LEN +
		 2 + HDRM_TLV_ACK_LEN + 2 + HDRM_TLV_TSCAP_LEN +
		 2 + HDRM_TLV_STREAM_LEN ||
	    get_unaligned_be16(buf + HDRM_CTL_OFF_TLV_LEN) > 90)
		return hdrm_fail(msg, len, "every TLV: %u bytes", n);
	return 0;
}

struct hdrm_stream_grant_case {
	const char *name;
	struct hdrm_stream_policy pol;
	u16 us, frame;		/* asked for */
	u64 now, last;
	int err;
	u8 reason;		/* when refused */
	u16 want_us, want_frame;	/* when granted */
	u32 value, limit;	/* the ack's */
};

#define HDRM_POL(a, s, p, b, m, u) { .auto_hdrm = a, .sender_cap = s, \
	.accept_stream = p, .busy = b, .mtu = m, .max_us = u }
/* asked for @u_ us of @f_-byte frames at @n_, the last grant at @l_ */
#define HDRM_GRANT(name_, pol_, u_, f_, n_, l_, wu_, wf_)		\
	{ .name = name_, .pol = pol_, .us = u_, .frame = f_, .now = n_,	\
	  .last = l_, .want_us = wu_, .want_frame = wf_ }
#define HDRM_REFUSE(name_, pol_, n_, l_, e_, r_, v_, lim_)		\
	{ .name = name_, .pol = pol_, .us = 100, .frame = 1514, .now = n_, \
	  .last = l_, .err = e_, .reason = r_, .value = v_, .limit = lim_ }
#define HDRM_S	1000000000ULL

static const struct hdrm_stream_grant_case hdrm_stream_grant_cases[] = {
	HDRM_GRANT("granted as asked", HDRM_POL(1, 1, 1, 0, 9000, 0),
		   2000, 1514, 5 * HDRM_S, 0, 2000, 1514),
	HDRM_GRANT("frames lowered to the MTU's",
		   HDRM_POL(1, 1, 1, 0, 1500, 0), 2000, 9014, 5 * HDRM_S, 0,
		   2000, 1514),
	HDRM_GRANT("the duration lowered to this end's cap",
		   HDRM_POL(1, 1, 1, 0, 9000, 700), 5000, 9014, 5 * HDRM_S, 0,
		   700, 9014),
	HDRM_GRANT("a cap above the protocol's",
		   HDRM_POL(1, 1, 1, 0, 9000, 60000), 5000, 60, 5 * HDRM_S, 0,
		   5000, 60),
	HDRM_GRANT("no MTU known: frames as asked",
		   HDRM_POL(1, 1, 1, 0, 0, 0), 1, 9216, 5 * HDRM_S, 0, 1, 9216),
	HDRM_GRANT("a tiny MTU: the least frame",
		   HDRM_POL(1, 1, 1, 0, 40, 0), 100, 1514, 5 * HDRM_S, 0, 100,
		   60),
	HDRM_GRANT("a second to the ns", HDRM_POL(1, 1, 1, 0, 1500, 0), 100,
		   1514, 5 * HDRM_S, 4 * HDRM_S, 100, 1514),
	HDRM_GRANT("the first stream at time 1", HDRM_POL(1, 1, 1, 0, 1500, 0),
		   100, 1514, 1, 0, 100, 1514),
	HDRM_REFUSE("auto-hdrm off", HDRM_POL(0, 1, 1, 0, 1500, 0),
		    5 * HDRM_S, 0, -EPERM, HDRM_REASON_NO_CAP, 0, 0),
	HDRM_REFUSE("no record of the requester's capability",
		    HDRM_POL(1, 0, 1, 0, 1500, 0), 5 * HDRM_S, 0, -EPERM,
		    HDRM_REASON_SENDER_NO_CAP, 0, 0),
	HDRM_REFUSE("accept-stream off", HDRM_POL(1, 1, 0, 0, 1500, 0),
		    5 * HDRM_S, 0, -EPERM, HDRM_REASON_POLICY, 0, 0),
	HDRM_REFUSE("all off: auto-hdrm's reason first",
		    HDRM_POL(0, 0, 0, 1, 1500, 0), 5 * HDRM_S, 4 * HDRM_S + 1,
		    -EPERM, HDRM_REASON_NO_CAP, 0, 0),
	HDRM_REFUSE("a stream running", HDRM_POL(1, 1, 1, 1, 1500, 0),
		    5 * HDRM_S, 0, -EBUSY, HDRM_REASON_BUSY, 0, 0),
	HDRM_REFUSE("running and within the second: busy",
		    HDRM_POL(1, 1, 1, 1, 1500, 0), 5 * HDRM_S, 5 * HDRM_S - 1,
		    -EBUSY, HDRM_REASON_BUSY, 0, 0),
	HDRM_REFUSE("1 ns short of a second", HDRM_POL(1, 1, 1, 0, 1500, 0),
		    5 * HDRM_S, 4 * HDRM_S + 1, -EAGAIN, HDRM_REASON_RATE, 1,
		    1000),
	HDRM_REFUSE("granted 1 ns ago", HDRM_POL(1, 1, 1, 0, 1500, 0),
		    5 * HDRM_S, 5 * HDRM_S - 1, -EAGAIN, HDRM_REASON_RATE, 1000,
		    1000),
	HDRM_REFUSE("300.5 ms left: 301 ms to wait",
		    HDRM_POL(1, 1, 1, 0, 1500, 0), 5 * HDRM_S,
		    4 * HDRM_S + 300500000ULL, -EAGAIN, HDRM_REASON_RATE, 301,
		    1000),
};

#undef HDRM_POL
#undef HDRM_GRANT
#undef HDRM_REFUSE
#undef HDRM_S

static int hdrm_check_stream_grant(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_stream_grant_case *t = &hdrm_stream_grant_cases[i];
	struct hdrm_ctl req, ans, back;
	u8 buf[HDRM_CTL_MAX_PAYLOAD];
	u64 last = t->last;
	unsigned int n;
	int err;

	hdrm_ctl_stream_req_sample(&req);
	req.stream.prio = 5;
	req.stream.duration_us = t->us;
	req.stream.frame_len = t->frame;
	memset(&ans, 0xa5, sizeof(ans));
	err = hdrm_stream_grant(&req, &t->pol, t->now, &last, &ans);
	if (err != t->err)
		return hdrm_fail(msg, len, "%s: returned %d, want %d", t->name,
				 err, t->err);
	if (ans.type != HDRM_CTL_STREAM_ANSWER || ans.session != req.session ||
	    !ans.has_ack || ans.prio != 5 || ans.field)
		return hdrm_fail(msg, len, "%s: type %u session %x prio %u",
				 t->name, ans.type, ans.session, ans.prio);
	if (ans.value != t->value || ans.limit != t->limit)
		return hdrm_fail(msg, len, "%s: value %u limit %u, want %u %u",
				 t->name, ans.value, ans.limit, t->value,
				 t->limit);
	if (err) {
		if (ans.status != HDRM_ACK_REFUSED || ans.reason != t->reason ||
		    ans.has_stream || last != t->last)
			return hdrm_fail(msg, len, "%s: status %u reason %u stream %d",
					 t->name, ans.status, ans.reason,
					 ans.has_stream);
		if (hdrm_stream_answer_check(&req, &ans) != -ECONNREFUSED)
			return hdrm_fail(msg, len, "%s: the requester misreads the refusal",
					 t->name);
	} else {
		if (ans.status != HDRM_ACK_APPLIED || ans.reason ||
		    !ans.has_stream || ans.stream.prio != 5 ||
		    ans.stream.duration_us != t->want_us ||
		    ans.stream.frame_len != t->want_frame || last != t->now)
			return hdrm_fail(msg, len, "%s: granted %u us, %u bytes, last %llu",
					 t->name, ans.stream.duration_us,
					 ans.stream.frame_len,
					 (unsigned long long)last);
		if (hdrm_stream_answer_check(&req, &ans))
			return hdrm_fail(msg, len, "%s: the requester refuses the grant",
					 t->name);
	}
	/* whatever was decided goes on the wire and comes back the same */
	n = hdrm_ctl_encode(buf, sizeof(buf), &ans);
	if (!n || hdrm_ctl_decode(buf, n, &back) != HDRM_WIRE_OK ||
	    !hdrm_ctl_equal(&back, &ans))
		return hdrm_fail(msg, len, "%s: the answer does not round-trip",
				 t->name);
	return 0;
}

/* The requester's check of an answer, and what is no stream request. */
static int hdrm_check_stream_answer(char *msg, size_t len)
{
	struct hdrm_ctl req, ans, a;
	u64 last = 0;

	hdrm_ctl_stream_req_sample(&req);
	if (hdrm_stream_grant(&req, &hdrm_stream_pol_base, 1, &last, &ans))
		return hdrm_fail(msg, len, "not granted");
	a = ans;
	a.session++;
	if (hdrm_stream_answer_check(&req, &a) != -EPROTO)
		return hdrm_fail(msg, len, "another session taken");
	a = ans;
	a.prio = 2;
	if (hdrm_stream_answer_check(&req, &a) != -EPROTO)
		return hdrm_fail(msg, len, "an ack for another priority taken");
	a = ans;
	a.stream.prio = 2;
	if (hdrm_stream_answer_check(&req, &a) != -EPROTO)
		return hdrm_fail(msg, len, "another priority granted, taken");
	a = ans;
	a.stream.duration_us = 2001;
	if (hdrm_stream_answer_check(&req, &a) != -EPROTO)
		return hdrm_fail(msg, len, "longer than asked, taken");
	a = ans;
	a.stream.frame_len = 9015;
	if (hdrm_stream_answer_check(&req, &a) != -EPROTO)
		return hdrm_fail(msg, len, "larger frames than asked, taken");
	a = ans;
	a.stream.duration_us = 2000;
	a.stream.frame_len = 9014;
	if (hdrm_stream_answer_check(&req, &a))
		return hdrm_fail(msg, len, "exactly what was asked, refused");
	a = ans;
	a.type = HDRM_CTL_CONFIG_ACK;
	if (hdrm_stream_answer_check(&req, &a) != -EPROTO)
		return hdrm_fail(msg, len, "an acknowledgment taken as an answer");
	/* only a stream request is decided on, and nothing is written */
	a = req;
	a.type = HDRM_CTL_CONFIG;
	memset(&ans, 0x5a, sizeof(ans));
	last = 0;
	if (hdrm_stream_grant(&a, &hdrm_stream_pol_base, 1, &last, &ans) !=
	    -EINVAL || last || ans.session != 0x5a5a5a5a)
		return hdrm_fail(msg, len, "a configuration frame decided on");
	a = req;
	a.has_stream = false;
	if (hdrm_stream_grant(&a, &hdrm_stream_pol_base, 1, &last, &ans) !=
	    -EINVAL || last)
		return hdrm_fail(msg, len, "a request without its TLV decided on");
	return 0;
}

#endif /* _HDRM_CTL_CASES_H */
