/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cases for the IEEE 1588 peer delay codec (hdrm_ptp.c), shared by the
 * KUnit suite and the tool's user-space tests. The golden messages are
 * written octet by octet from IEEE 1588-2019 13.3 and 13.9-13.11.
 */
#ifndef _HDRM_PTP_CASES_H
#define _HDRM_PTP_CASES_H

#include "hdrm_cases.h"
#include "../hdrm_ptp.h"

/* dcb_hdrm's request from 02:00:00:aa:bb:cc, sequence 0x1234, domain 0 */
static const u8 hdrm_ptp_golden_req[HDRM_PTP_PDELAY_LEN] = {
	0x02, 0x02, 0x00, 0x36,	/* SDO 0, Pdelay_Req; v2; length 54 */
	0x00, 0x00, 0x00, 0x00,	/* domain 0, minorSdoId, flags */
	0, 0, 0, 0, 0, 0, 0, 0,	/* correction */
	0, 0, 0, 0,		/* messageTypeSpecific */
	0x02, 0x00, 0x00, 0xff, 0xfe, 0xaa, 0xbb, 0xcc,	/* clockIdentity */
	0x80, 0x00,		/* portNumber 32768 */
	0x12, 0x34, 0x05, 0x00,	/* sequenceId, control, log interval 0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* originTimestamp */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* reserved */
};

/*
 * A two-step response, as ptp4l -P sends one, from 0c:42:a1:00:00:07 port
 * 1: t2 = 100 s + 500,000,000 ns, v2.1 (ptp4l 4 sets the minor version)
 */
static const u8 hdrm_ptp_golden_resp[HDRM_PTP_PDELAY_LEN] = {
	0x03, 0x12, 0x00, 0x36,	/* Pdelay_Resp; v2.1; 54 */
	0x00, 0x00, 0x02, 0x00,	/* domain 0; two-step */
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0,
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x01,
	0x12, 0x34, 0x05, 0x7f,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x64,	/* 100 s */
	0x1d, 0xcd, 0x65, 0x00,			/* 500,000,000 ns */
	0x02, 0x00, 0x00, 0xff, 0xfe, 0xaa, 0xbb, 0xcc, 0x80, 0x00,
};

/* Its follow-up: t3 = t2 + 1000 ns, correction 1.5 ns */
static const u8 hdrm_ptp_golden_fup[HDRM_PTP_PDELAY_LEN] = {
	0x0a, 0x12, 0x00, 0x36,	/* Pdelay_Resp_Follow_Up */
	0x00, 0x00, 0x00, 0x00,
	0, 0, 0, 0, 0, 0x01, 0x80, 0x00,	/* 0x18000: 1.5 ns */
	0, 0, 0, 0,
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x01,
	0x12, 0x34, 0x05, 0x7f,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x64,
	0x1d, 0xcd, 0x68, 0xe8,			/* 500,001,000 ns */
	0x02, 0x00, 0x00, 0xff, 0xfe, 0xaa, 0xbb, 0xcc, 0x80, 0x00,
};

/* A one-step response: the turnaround, 1000 ns, in its correction */
static const u8 hdrm_ptp_golden_resp1[HDRM_PTP_PDELAY_LEN] = {
	0x03, 0x02, 0x00, 0x36,
	0x00, 0x00, 0x00, 0x00,	/* no two-step flag */
	0, 0, 0, 0, 0x03, 0xe8, 0x00, 0x00,	/* 1000 << 16 */
	0, 0, 0, 0,
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x01,
	0x12, 0x34, 0x05, 0x7f,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0,		/* requestReceiptTimestamp 0 */
	0x02, 0x00, 0x00, 0xff, 0xfe, 0xaa, 0xbb, 0xcc, 0x80, 0x00,
};

static const u8 hdrm_ptp_test_mac[6] = { 0x02, 0x00, 0x00, 0xaa, 0xbb, 0xcc };

static int hdrm_check_ptp_golden(char *msg, size_t len)
{
	struct hdrm_ptp_req req = { .seq = 0x1234, .source.port = 0x8000 };
	struct hdrm_ptp_msg m, resp, fup;
	struct hdrm_ptp_turn turn;
	u8 buf[HDRM_PTP_PDELAY_LEN];
	enum hdrm_ptp_err err;
	unsigned int i;

	hdrm_ptp_clock_id(hdrm_ptp_test_mac, req.source.clock);
	memset(buf, 0xa5, sizeof(buf));
	hdrm_ptp_req_encode(buf, &req);
	for (i = 0; i < sizeof(buf); i++)
		if (buf[i] != hdrm_ptp_golden_req[i])
			return hdrm_fail(msg, len, "request: byte %u is 0x%02x, want 0x%02x",
					 i, buf[i], hdrm_ptp_golden_req[i]);
	err = hdrm_ptp_decode(buf, sizeof(buf), &m);
	if (err || m.type != HDRM_PTP_PDELAY_REQ || m.seq != 0x1234 ||
	    !hdrm_ptp_pid_equal(&m.source, &req.source))
		return hdrm_fail(msg, len, "request: decoded back as %s, type %u, seq 0x%x",
				 hdrm_ptp_err_str(err), m.type, m.seq);

	err = hdrm_ptp_decode(hdrm_ptp_golden_resp,
			      sizeof(hdrm_ptp_golden_resp), &resp);
	if (err)
		return hdrm_fail(msg, len, "response refused: %s",
				 hdrm_ptp_err_str(err));
	if (resp.type != HDRM_PTP_PDELAY_RESP || resp.minor_version != 1 ||
	    resp.ts != 100500000000ULL || resp.seq != 0x1234 ||
	    !(resp.flags & HDRM_PTP_FLAG_TWO_STEP) ||
	    !hdrm_ptp_pid_equal(&resp.requesting, &req.source))
		return hdrm_fail(msg, len, "response: type %u, v2.%u, t2 %llu, seq %#x, flags %#x",
				 resp.type, resp.minor_version,
				 (unsigned long long)resp.ts, resp.seq,
				 resp.flags);
	err = hdrm_ptp_decode(hdrm_ptp_golden_fup, sizeof(hdrm_ptp_golden_fup),
			      &fup);
	if (err || fup.type != HDRM_PTP_PDELAY_RESP_FUP ||
	    fup.correction != 0x18000 || fup.ts != 100500001000ULL)
		return hdrm_fail(msg, len, "follow-up: %s, type %u, correction %lld, t3 %llu",
				 hdrm_ptp_err_str(err), fup.type,
				 (long long)fup.correction,
				 (unsigned long long)fup.ts);
	/* 1000 ns apart, 1.5 ns corrected: 1001.5 to the nearest, 1002 */
	if (hdrm_ptp_turnaround(&resp, &fup, &turn) || !turn.two_step ||
	    turn.turnaround != 1002 || turn.t2 != resp.ts || turn.t3 != fup.ts)
		return hdrm_fail(msg, len, "two-step turnaround %llu, want 1002",
				 (unsigned long long)turn.turnaround);

	/* an E2E Delay_Resp: the same body, decoded for whom it answers */
	memcpy(buf, hdrm_ptp_golden_resp, sizeof(buf));
	buf[0] = HDRM_PTP_DELAY_RESP;
	err = hdrm_ptp_decode(buf, sizeof(buf), &m);
	if (err || m.type != HDRM_PTP_DELAY_RESP ||
	    !hdrm_ptp_pid_equal(&m.requesting, &req.source))
		return hdrm_fail(msg, len, "Delay_Resp: %s, type %u, requesting port %u",
				 hdrm_ptp_err_str(err), m.type,
				 m.requesting.port);

	err = hdrm_ptp_decode(hdrm_ptp_golden_resp1,
			      sizeof(hdrm_ptp_golden_resp1), &resp);
	if (err || hdrm_ptp_turnaround(&resp, NULL, &turn) || turn.two_step ||
	    turn.turnaround != 1000 || turn.t2 || turn.t3)
		return hdrm_fail(msg, len, "one-step: %s, turnaround %llu, want 1000",
				 hdrm_ptp_err_str(err),
				 (unsigned long long)turn.turnaround);
	return 0;
}

/* Bytes after the message (a frame's padding, a trailer) are no matter. */
static int hdrm_check_ptp_padding(char *msg, size_t len)
{
	u8 buf[HDRM_PTP_PDELAY_LEN + 10] = { 0 };
	struct hdrm_ptp_msg m;
	enum hdrm_ptp_err err;

	memcpy(buf, hdrm_ptp_golden_resp, HDRM_PTP_PDELAY_LEN);
	err = hdrm_ptp_decode(buf, sizeof(buf), &m);
	if (err || m.ts != 100500000000ULL)
		return hdrm_fail(msg, len, "a padded response: %s",
				 hdrm_ptp_err_str(err));
	return 0;
}

/* Port identities written as ptp4l and pmc write them */
static int hdrm_check_ptp_pid_str(char *msg, size_t len)
{
	static const struct {
		u16 port;
		const char *want;
	} c[] = {
		{ 1, "020000.fffe.aabbcc-1" },
		{ 0, "020000.fffe.aabbcc-0" },
		{ 10, "020000.fffe.aabbcc-10" },
		{ 0x8000, "020000.fffe.aabbcc-32768" },
		{ 0xffff, "020000.fffe.aabbcc-65535" },
	};
	/* the buffer, then bytes that must stay as they are */
	struct {
		char buf[HDRM_PTP_PID_STR_LEN];
		char after[8];
	} out;
	struct hdrm_ptp_pid pid;
	unsigned int i, j;

	hdrm_ptp_clock_id(hdrm_ptp_test_mac, pid.clock);
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		pid.port = c[i].port;
		memset(&out, 'x', sizeof(out));
		hdrm_ptp_pid_str(&pid, out.buf);
		if (strcmp(out.buf, c[i].want))
			return hdrm_fail(msg, len, "port %u: \"%s\", want \"%s\"",
					 c[i].port, out.buf, c[i].want);
		for (j = 0; j < sizeof(out.after); j++)
			if (out.after[j] != 'x')
				return hdrm_fail(msg, len, "port %u: past the %u bytes",
						 c[i].port, HDRM_PTP_PID_STR_LEN);
	}
	return 0;
}

struct hdrm_ptp_reject_case {
	const char *name;
	const u8 *golden;	/* the message to change */
	unsigned int off;	/* byte to change */
	u8 val;
	unsigned int cut;	/* bytes to cut off the end */
	enum hdrm_ptp_err want;
};

static const struct hdrm_ptp_reject_case hdrm_ptp_reject_cases[] = {
	{ .name = "53 bytes", .golden = hdrm_ptp_golden_resp, .cut = 1,
	  .want = HDRM_PTP_SHORT },
	{ .name = "no bytes", .golden = hdrm_ptp_golden_resp,
	  .cut = HDRM_PTP_PDELAY_LEN, .want = HDRM_PTP_SHORT },
	{ .name = "PTP version 1", .golden = hdrm_ptp_golden_resp, .off = 1,
	  .val = 0x01, .want = HDRM_PTP_VERSION_BAD },
	{ .name = "PTP version 3", .golden = hdrm_ptp_golden_fup, .off = 1,
	  .val = 0x03, .want = HDRM_PTP_VERSION_BAD },
	{ .name = "a Sync", .golden = hdrm_ptp_golden_resp, .off = 0,
	  .val = 0x00, .want = HDRM_PTP_TYPE },
	{ .name = "a Follow_Up", .golden = hdrm_ptp_golden_fup, .off = 0,
	  .val = 0x08, .want = HDRM_PTP_TYPE },
	{ .name = "an Announce", .golden = hdrm_ptp_golden_req, .off = 0,
	  .val = 0x0b, .want = HDRM_PTP_TYPE },
	{ .name = "a Delay_Req", .golden = hdrm_ptp_golden_req, .off = 0,
	  .val = 0x01, .want = HDRM_PTP_TYPE },
	{ .name = "a Delay_Resp (for whom it answers)",
	  .golden = hdrm_ptp_golden_resp, .off = 0, .val = 0x09,
	  .want = HDRM_PTP_OK },
	{ .name = "messageLength 44", .golden = hdrm_ptp_golden_resp,
	  .off = 3, .val = 44, .want = HDRM_PTP_LENGTH },
	{ .name = "messageLength 64 (a TLV after the body)",
	  .golden = hdrm_ptp_golden_resp, .off = 3, .val = 64,
	  .want = HDRM_PTP_LENGTH },
	{ .name = "messageLength 310", .golden = hdrm_ptp_golden_resp,
	  .off = 2, .val = 0x01, .want = HDRM_PTP_LENGTH },
	{ .name = "10^9 nanoseconds", .golden = hdrm_ptp_golden_fup,
	  .off = 40, .val = 0x3b, .want = HDRM_PTP_NSEC },
	{ .name = "2^34 seconds", .golden = hdrm_ptp_golden_resp,
	  .off = 35, .val = 0x04, .want = HDRM_PTP_SECONDS },
	{ .name = "correction of 2^46 ns", .golden = hdrm_ptp_golden_fup,
	  .off = 8, .val = 0x40, .want = HDRM_PTP_CORRECTION },
	{ .name = "correction of -2^47 ns", .golden = hdrm_ptp_golden_fup,
	  .off = 8, .val = 0x80, .want = HDRM_PTP_CORRECTION },
	{ .name = "SDO 1 (802.1AS) is the caller's to judge",
	  .golden = hdrm_ptp_golden_resp, .off = 0, .val = 0x13,
	  .want = HDRM_PTP_OK },
	{ .name = "domain 24 is the caller's to judge",
	  .golden = hdrm_ptp_golden_resp, .off = 4, .val = 24,
	  .want = HDRM_PTP_OK },
	{ .name = "the unicast flag is no matter",
	  .golden = hdrm_ptp_golden_resp, .off = 6, .val = 0x06,
	  .want = HDRM_PTP_OK },
};

static int hdrm_check_ptp_reject(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_ptp_reject_case *t = &hdrm_ptp_reject_cases[i];
	u8 buf[HDRM_PTP_PDELAY_LEN];
	enum hdrm_ptp_err err;
	struct hdrm_ptp_msg m;

	memcpy(buf, t->golden, sizeof(buf));
	if (!t->cut)
		buf[t->off] = t->val;
	err = hdrm_ptp_decode(buf, sizeof(buf) - t->cut, &m);
	if (err != t->want)
		return hdrm_fail(msg, len, "%s: got \"%s\", want \"%s\"", t->name,
				 hdrm_ptp_err_str(err),
				 hdrm_ptp_err_str(t->want));
	return 0;
}

/*
 * Responses and follow-ups that make no turnaround: each changes the
 * golden two-step pair (or the one-step response) in one field.
 */
struct hdrm_ptp_turn_case {
	const char *name;
	bool one_step;		/* the one-step response, no follow-up */
	bool no_fup;		/* the two-step response alone */
	int fup_seq;		/* added to the follow-up's sequenceId */
	u8 fup_port;		/* the follow-up's sender's port number */
	u8 fup_req_port;	/* low byte of its requesting port number */
	s64 t3_delta;		/* added to the follow-up's t3, ns */
	s64 correction;		/* the follow-up's correction, ns x 2^16 */
	enum hdrm_ptp_turn_err want;
	u64 turnaround;		/* when it is taken */
};

static const struct hdrm_ptp_turn_case hdrm_ptp_turn_cases[] = {
	{ .name = "the golden pair", .correction = 0x18000,
	  .turnaround = 1002 },
	{ .name = "two-step without its follow-up", .no_fup = true,
	  .want = HDRM_PTP_TURN_MISMATCH },
	{ .name = "the follow-up of another sequence number", .fup_seq = 1,
	  .want = HDRM_PTP_TURN_MISMATCH },
	{ .name = "the follow-up from another port", .fup_port = 2,
	  .want = HDRM_PTP_TURN_MISMATCH },
	{ .name = "the follow-up to another requester", .fup_req_port = 1,
	  .want = HDRM_PTP_TURN_MISMATCH },
	{ .name = "t3 before t2", .t3_delta = -1001,
	  .want = HDRM_PTP_TURN_ORDER },
	{ .name = "t3 equal to t2", .t3_delta = -1000, .turnaround = 0 },
	{ .name = "corrected below zero", .correction = -(2000LL << 16),
	  .want = HDRM_PTP_TURN_ORDER },
	{ .name = "a negative correction lengthens the round trip",
	  .correction = -(400LL << 16), .turnaround = 600 },
	{ .name = "a residence of 2.25 us added",
	  .correction = 2250LL << 16, .turnaround = 3250 },
	{ .name = "a 4 s turnaround", .t3_delta = 4000000000LL - 1000,
	  .want = HDRM_PTP_TURN_RANGE },
	{ .name = "just under 4 s", .t3_delta = 3999999999LL - 1000,
	  .turnaround = 3999999999ULL },
	{ .name = "4 s by correction", .correction = 4000000000LL << 16,
	  .want = HDRM_PTP_TURN_RANGE },
	{ .name = "one-step", .one_step = true, .turnaround = 1000 },
};

static void hdrm_ptp_set_ts(u8 *buf, u64 ns)
{
	u64 sec = ns / 1000000000ULL;

	put_unaligned_be16(sec >> 32, buf + 34);
	put_unaligned_be32((u32)sec, buf + 36);
	put_unaligned_be32((u32)(ns - sec * 1000000000ULL), buf + 40);
}

static int hdrm_check_ptp_turn(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_ptp_turn_case *t = &hdrm_ptp_turn_cases[i];
	u8 fbuf[HDRM_PTP_PDELAY_LEN];
	enum hdrm_ptp_turn_err err;
	struct hdrm_ptp_msg resp, fup;
	struct hdrm_ptp_turn turn;

	if (hdrm_ptp_decode(t->one_step ? hdrm_ptp_golden_resp1 :
					  hdrm_ptp_golden_resp,
			    HDRM_PTP_PDELAY_LEN, &resp))
		return hdrm_fail(msg, len, "%s: the response is refused",
				 t->name);
	memcpy(fbuf, hdrm_ptp_golden_fup, sizeof(fbuf));
	put_unaligned_be16(0x1234 + t->fup_seq, fbuf + 30);
	fbuf[29] = t->fup_port ?: fbuf[29];
	fbuf[53] = t->fup_req_port ?: fbuf[53];
	hdrm_ptp_set_ts(fbuf, 100500001000ULL + t->t3_delta);
	put_unaligned_be64((u64)t->correction, fbuf + 8);
	if (hdrm_ptp_decode(fbuf, sizeof(fbuf), &fup))
		return hdrm_fail(msg, len, "%s: the follow-up is refused",
				 t->name);
	err = hdrm_ptp_turnaround(&resp, t->one_step || t->no_fup ? NULL : &fup,
				  &turn);
	if (err != t->want)
		return hdrm_fail(msg, len, "%s: got error %d, want %d", t->name,
				 err, t->want);
	if (!err && turn.turnaround != t->turnaround)
		return hdrm_fail(msg, len, "%s: turnaround %llu, want %llu",
				 t->name, (unsigned long long)turn.turnaround,
				 (unsigned long long)t->turnaround);
	return 0;
}

#endif /* _HDRM_PTP_CASES_H */
