// SPDX-License-Identifier: GPL-2.0
/*
 * IEEE 1588 peer delay messages over IEEE 802.3 (hdrm_ptp.h). The layout
 * is IEEE 1588-2019 13.3 (the common header), 13.9 (Pdelay_Req), 13.10
 * (Pdelay_Resp) and 13.11 (Pdelay_Resp_Follow_Up); the octets are in
 * Documentation/wire-format.rst, "Peer delay".
 */
#include "hdrm_ptp.h"

/* Header offsets (1588-2019 table 35) */
#define PTP_OFF_TYPE		0	/* majorSdoId << 4 | messageType */
#define PTP_OFF_VERSION		1	/* minorVersionPTP << 4 | versionPTP */
#define PTP_OFF_LENGTH		2
#define PTP_OFF_DOMAIN		4
#define PTP_OFF_MINOR_SDO	5
#define PTP_OFF_FLAGS		6
#define PTP_OFF_CORRECTION	8
#define PTP_OFF_TYPE_SPECIFIC	16
#define PTP_OFF_SOURCE		20	/* clockIdentity 8, portNumber 2 */
#define PTP_OFF_SEQ		30
#define PTP_OFF_CONTROL		32
#define PTP_OFF_LOG_INTERVAL	33
/* The body of all three: a timestamp, then a port identity or reserved */
#define PTP_OFF_TS		34	/* seconds 6, nanoseconds 4 */
#define PTP_OFF_REQUESTING	44

#define PTP_NSEC_PER_SEC	1000000000U
/* Seconds of a timestamp taken as valid: below 2^34 (the year 2514). */
#define PTP_SECONDS_MAX		BIT_ULL(34)
/* No correction says +-2^46 ns (19.5 hours) or more: 2^62 in its units. */
#define PTP_CORRECTION_MAX	((s64)BIT_ULL(62))

static const u8 hdrm_ptp_p2p_dest[6] = { 0x01, 0x80, 0xC2, 0x00, 0x00, 0x0E };

static const u8 hdrm_ptp_e2e_group[6] = { 0x01, 0x1B, 0x19, 0x00, 0x00, 0x00 };

/* 01-80-C2-00-00-0E: the peer delay messages' group (1588-2019 annex E) */
const u8 *hdrm_ptp_dest(void)
{
	return hdrm_ptp_p2p_dest;
}

/* 01-1B-19-00-00-00: every other message's group, Delay_Resp's (annex E) */
const u8 *hdrm_ptp_e2e_dest(void)
{
	return hdrm_ptp_e2e_group;
}

const char *hdrm_ptp_err_str(enum hdrm_ptp_err err)
{
	switch (err) {
	case HDRM_PTP_OK:
		return "ok";
	case HDRM_PTP_SHORT:
		return "shorter than a peer delay message";
	case HDRM_PTP_VERSION_BAD:
		return "not PTP version 2";
	case HDRM_PTP_TYPE:
		return "not a peer delay message";
	case HDRM_PTP_LENGTH:
		return "messageLength is not 54";
	case HDRM_PTP_NSEC:
		return "nanoseconds of a second or more";
	case HDRM_PTP_SECONDS:
		return "seconds beyond 2^34";
	case HDRM_PTP_CORRECTION:
		return "correction of 2^46 ns or more either way";
	}
	return "unknown";
}

/**
 * hdrm_ptp_clock_id() - a clockIdentity from an EUI-48, as ptp4l makes one
 * @mac: the device's address
 * @clock: filled: its first three octets, FF FE, its last three
 *
 * The EUI-64 of IEEE 1588-2008 7.5.2.2.2, which linuxptp keeps: a ptp4l
 * on the same device ignores frames whose sender has its own clock
 * identity, so it never answers dcb_hdrm's requests itself.
 */
void hdrm_ptp_clock_id(const u8 *mac, u8 *clock)
{
	clock[0] = mac[0];
	clock[1] = mac[1];
	clock[2] = mac[2];
	clock[3] = 0xFF;
	clock[4] = 0xFE;
	clock[5] = mac[3];
	clock[6] = mac[4];
	clock[7] = mac[5];
}

static char hdrm_ptp_hex(u8 nibble)
{
	return nibble < 10 ? '0' + nibble : 'a' + nibble - 10;
}

/**
 * hdrm_ptp_pid_str() - a port identity as ptp4l and pmc write it
 * @pid: the port identity
 * @buf: HDRM_PTP_PID_STR_LEN bytes: "aabbcc.fffe.ddeeff-1"
 */
void hdrm_ptp_pid_str(const struct hdrm_ptp_pid *pid, char *buf)
{
	unsigned int i, n = 0, port = pid->port, div = 10000;

	for (i = 0; i < 8; i++) {
		if (i == 3 || i == 5)
			buf[n++] = '.';
		buf[n++] = hdrm_ptp_hex(pid->clock[i] >> 4);
		buf[n++] = hdrm_ptp_hex(pid->clock[i] & 0xF);
	}
	buf[n++] = '-';
	/* the port number in decimal, without leading zeros */
	while (div > 1 && port < div)
		div /= 10;
	for (; div; div /= 10) {
		buf[n++] = '0' + port / div;
		port %= div;
	}
	buf[n] = '\0';
}

bool hdrm_ptp_pid_equal(const struct hdrm_ptp_pid *a,
			const struct hdrm_ptp_pid *b)
{
	return a->port == b->port && !memcmp(a->clock, b->clock, 8);
}

static void hdrm_ptp_pid_get(const u8 *p, struct hdrm_ptp_pid *pid)
{
	memcpy(pid->clock, p, 8);
	pid->port = get_unaligned_be16(p + 8);
}

static void hdrm_ptp_pid_put(u8 *p, const struct hdrm_ptp_pid *pid)
{
	memcpy(p, pid->clock, 8);
	put_unaligned_be16(pid->port, p + 8);
}

/**
 * hdrm_ptp_req_encode() - a Pdelay_Req
 * @msg: HDRM_PTP_PDELAY_LEN bytes, after the EtherType
 * @req: its sender, domain, SDO and sequence number
 *
 * One-step or two-step is the responder's choice; the request says
 * nothing of it. Its originTimestamp and correction are 0: the
 * requester's t1 stays at the requester (1588-2019 11.4.2 a).
 */
void hdrm_ptp_req_encode(u8 *msg, const struct hdrm_ptp_req *req)
{
	memset(msg, 0, HDRM_PTP_PDELAY_LEN);
	msg[PTP_OFF_TYPE] = (req->sdo & 0xF) << 4 | HDRM_PTP_PDELAY_REQ;
	msg[PTP_OFF_VERSION] = HDRM_PTP_VERSION;
	put_unaligned_be16(HDRM_PTP_PDELAY_LEN, msg + PTP_OFF_LENGTH);
	msg[PTP_OFF_DOMAIN] = req->domain;
	hdrm_ptp_pid_put(msg + PTP_OFF_SOURCE, &req->source);
	put_unaligned_be16(req->seq, msg + PTP_OFF_SEQ);
	msg[PTP_OFF_CONTROL] = HDRM_PTP_CONTROL_OTHER;
	msg[PTP_OFF_LOG_INTERVAL] = HDRM_PTP_LOG_PDELAY_DEFAULT;
}

/**
 * hdrm_ptp_decode() - decode and validate one of the three messages
 * @msg: the bytes after the EtherType
 * @len: how many there are (a frame's padding may follow the message)
 * @m: filled on success
 *
 * Only what the exchange needs is checked, and strictly: the version,
 * the type, the length and the timestamps' ranges. The domain and SDO
 * are the caller's to compare; flags other than two-step are ignored,
 * as a responder may set them (the unicast flag, 802.1AS's PTP timescale).
 *
 * Return: HDRM_PTP_OK, or why the message was refused.
 */
enum hdrm_ptp_err hdrm_ptp_decode(const u8 *msg, unsigned int len,
				  struct hdrm_ptp_msg *m)
{
	u64 sec;
	u32 nsec;

	if (len < HDRM_PTP_PDELAY_LEN)
		return HDRM_PTP_SHORT;
	if ((msg[PTP_OFF_VERSION] & 0xF) != HDRM_PTP_VERSION)
		return HDRM_PTP_VERSION_BAD;
	memset(m, 0, sizeof(*m));
	m->type = msg[PTP_OFF_TYPE] & 0xF;
	if (m->type != HDRM_PTP_PDELAY_REQ && m->type != HDRM_PTP_PDELAY_RESP &&
	    m->type != HDRM_PTP_PDELAY_RESP_FUP &&
	    m->type != HDRM_PTP_DELAY_RESP)
		return HDRM_PTP_TYPE;
	/*
	 * 54 exactly: a message of these types carries no TLV that matters
	 * here, and a longer one is a sender that does not follow 13.9-13.11.
	 */
	if (get_unaligned_be16(msg + PTP_OFF_LENGTH) != HDRM_PTP_PDELAY_LEN)
		return HDRM_PTP_LENGTH;
	m->sdo = msg[PTP_OFF_TYPE] >> 4;
	m->minor_version = msg[PTP_OFF_VERSION] >> 4;
	m->domain = msg[PTP_OFF_DOMAIN];
	m->flags = get_unaligned_be16(msg + PTP_OFF_FLAGS);
	m->correction = (s64)get_unaligned_be64(msg + PTP_OFF_CORRECTION);
	hdrm_ptp_pid_get(msg + PTP_OFF_SOURCE, &m->source);
	m->seq = get_unaligned_be16(msg + PTP_OFF_SEQ);

	sec = (u64)get_unaligned_be16(msg + PTP_OFF_TS) << 32 |
	      get_unaligned_be32(msg + PTP_OFF_TS + 2);
	nsec = get_unaligned_be32(msg + PTP_OFF_TS + 6);
	if (nsec >= PTP_NSEC_PER_SEC)
		return HDRM_PTP_NSEC;
	if (sec >= PTP_SECONDS_MAX)
		return HDRM_PTP_SECONDS;
	m->ts = sec * PTP_NSEC_PER_SEC + nsec;
	/*
	 * A correction adds a turnaround or a residence; a negative one
	 * (a responder's asymmetry) only lengthens the round trip, and
	 * hdrm_ptp_turnaround() refuses a turnaround below zero.
	 */
	if (m->correction <= -PTP_CORRECTION_MAX ||
	    m->correction >= PTP_CORRECTION_MAX)
		return HDRM_PTP_CORRECTION;
	if (m->type != HDRM_PTP_PDELAY_REQ)
		hdrm_ptp_pid_get(msg + PTP_OFF_REQUESTING, &m->requesting);
	return HDRM_PTP_OK;
}

/**
 * hdrm_ptp_turnaround() - the responder's turnaround in one exchange
 * @resp: its Pdelay_Resp, decoded
 * @fup: its Pdelay_Resp_Follow_Up, decoded, for a two-step response
 *	 (NULL for one-step)
 * @out: filled on success
 *
 * One-step: the response's correction says the turnaround (t3 - t2) with
 * whatever a transparent clock added. Two-step: t2 in the response, t3 in
 * the follow-up, and both corrections on top (1588-2019 11.4.2 c; what
 * ptp4l's port_peer_delay() adds up too). The caller has matched both to
 * its request (sequence number and requesting port identity) and to one
 * responder.
 *
 * Return: HDRM_PTP_TURN_OK, or why the exchange is rejected.
 */
enum hdrm_ptp_turn_err hdrm_ptp_turnaround(const struct hdrm_ptp_msg *resp,
					   const struct hdrm_ptp_msg *fup,
					   struct hdrm_ptp_turn *out)
{
	s64 corr = resp->correction, turn;	/* |each| below 2^62 */

	memset(out, 0, sizeof(*out));
	out->two_step = resp->flags & HDRM_PTP_FLAG_TWO_STEP;
	if (out->two_step) {
		if (!fup || fup->seq != resp->seq ||
		    !hdrm_ptp_pid_equal(&fup->source, &resp->source) ||
		    !hdrm_ptp_pid_equal(&fup->requesting, &resp->requesting))
			return HDRM_PTP_TURN_MISMATCH;
		if (fup->ts < resp->ts)
			return HDRM_PTP_TURN_ORDER;
		out->t2 = resp->ts;
		out->t3 = fup->ts;
		corr += fup->correction;
	}
	/* to the nearest ns; t3 - t2 is below 2^34 s (2^64 ns) */
	corr = (corr + 0x8000) >> 16;
	if (out->t3 - out->t2 >= HDRM_PTP_TURN_MAX_NS)
		return HDRM_PTP_TURN_RANGE;
	turn = (s64)(out->t3 - out->t2) + corr;
	if (turn < 0)
		return HDRM_PTP_TURN_ORDER;
	if (turn >= (s64)HDRM_PTP_TURN_MAX_NS)
		return HDRM_PTP_TURN_RANGE;
	out->turnaround = turn;
	return HDRM_PTP_TURN_OK;
}
