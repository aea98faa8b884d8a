/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IEEE 1588 peer delay over IEEE 802.3 (IEEE 1588-2019 annex E, as
 * IEEE 802.1AS uses it): the three messages of the exchange, Pdelay_Req,
 * Pdelay_Resp and Pdelay_Resp_Follow_Up, encoded and decoded, validated,
 * and turned into the responder's turnaround, so that a switch or a
 * ptp4l that answers peer delay measures the link as dcb_hdrm's own
 * reflector does (Documentation/wire-format.rst, "Peer delay"). No I/O.
 *
 * The round trip is the one of US 2025/0267110 A1, paragraph [0046]:
 * t = (t4 - t1) - (t3 - t2); peer delay names the same four instants
 * (1588-2019 11.4.2) and adds the correction fields a responder or a
 * transparent clock puts its turnaround or residence into.
 */
#ifndef _HDRM_PTP_H
#define _HDRM_PTP_H

#include "hdrm_compat.h"

#define HDRM_PTP_ETHERTYPE	0x88F7
#define HDRM_PTP_HDR_LEN	34
#define HDRM_PTP_PDELAY_LEN	54	/* every one of the three messages */
#define HDRM_PTP_FRAME_LEN	(14 + HDRM_PTP_PDELAY_LEN)	/* 68 */

/* messageType, the low nibble of octet 0 (1588-2019 table 36) */
#define HDRM_PTP_PDELAY_REQ		0x2
#define HDRM_PTP_PDELAY_RESP		0x3
#define HDRM_PTP_PDELAY_RESP_FUP	0xA
/*
 * The end-to-end mechanism's answer, decoded only for whom it answers: a
 * Delay_Resp to this device's clockIdentity means a ptp4l runs E2E here
 * (hdrm_ptp_local_busy()). Its body has the Pdelay_Resp's layout
 * (receiveTimestamp, requestingPortIdentity; 1588-2019 13.8).
 */
#define HDRM_PTP_DELAY_RESP		0x9

#define HDRM_PTP_VERSION	2	/* versionPTP, octet 1's low nibble */
/* flagField, octets 6-7 as one big-endian number (1588-2019 table 37) */
#define HDRM_PTP_FLAG_TWO_STEP	0x0200
#define HDRM_PTP_FLAG_UNICAST	0x0400
/* controlField (octet 32) for all three: "all others" */
#define HDRM_PTP_CONTROL_OTHER	0x05
/* logMessageInterval of a Pdelay_Resp and its follow-up */
#define HDRM_PTP_LOG_INTERVAL_NONE	0x7F
/* ptp4l's logMinPdelayReqInterval default: one a second */
#define HDRM_PTP_LOG_PDELAY_DEFAULT	0

/* A port identity: clockIdentity and portNumber (1588-2019 5.3.5). */
struct hdrm_ptp_pid {
	u8 clock[8];
	u16 port;
};

/*
 * "aabbcc.fffe.ddeeff-65535", as ptp4l and pmc write one at its longest,
 * with the NUL
 */
#define HDRM_PTP_PID_STR_LEN	25

/*
 * The port number of the requests dcb_hdrm sends. ptp4l numbers its ports
 * from 1 and derives its clockIdentity from the same MAC: a port number of
 * its own keeps a response to dcb_hdrm from matching ptp4l's requests.
 */
#define HDRM_PTP_OWN_PORT	0x8000

/* A decoded message of the exchange. */
struct hdrm_ptp_msg {
	u8 type;		/* HDRM_PTP_PDELAY_* */
	u8 sdo;			/* majorSdoId (transportSpecific) */
	u8 minor_version;
	u8 domain;
	u16 flags;
	s64 correction;		/* ns x 2^16 */
	struct hdrm_ptp_pid source;
	u16 seq;
	/*
	 * requestReceiptTimestamp (response), responseOriginTimestamp
	 * (follow-up) or originTimestamp (request), in ns
	 */
	u64 ts;
	/* the request's sender; a request has none */
	struct hdrm_ptp_pid requesting;
};

/* What a request says beside its sequence number. */
struct hdrm_ptp_req {
	u8 sdo;			/* ptp4l's transportSpecific: 0; 802.1AS: 1 */
	u8 domain;		/* ptp4l's domainNumber: 0 */
	struct hdrm_ptp_pid source;
	u16 seq;
};

enum hdrm_ptp_err {
	HDRM_PTP_OK,
	HDRM_PTP_SHORT,		/* shorter than its messageLength or 54 */
	HDRM_PTP_VERSION_BAD,	/* versionPTP is not 2 */
	HDRM_PTP_TYPE,		/* not one of the three */
	HDRM_PTP_LENGTH,	/* messageLength not 54 */
	HDRM_PTP_NSEC,		/* nanoseconds of 10^9 or more */
	HDRM_PTP_SECONDS,	/* seconds beyond 2^34 (year 2514) */
	HDRM_PTP_CORRECTION,	/* a correction of +-2^46 ns or more */
};

const char *hdrm_ptp_err_str(enum hdrm_ptp_err err);

const u8 *hdrm_ptp_dest(void);
const u8 *hdrm_ptp_e2e_dest(void);
void hdrm_ptp_clock_id(const u8 *mac, u8 *clock);
void hdrm_ptp_pid_str(const struct hdrm_ptp_pid *pid, char *buf);
bool hdrm_ptp_pid_equal(const struct hdrm_ptp_pid *a,
			const struct hdrm_ptp_pid *b);

void hdrm_ptp_req_encode(u8 *msg, const struct hdrm_ptp_req *req);
enum hdrm_ptp_err hdrm_ptp_decode(const u8 *msg, unsigned int len,
				  struct hdrm_ptp_msg *m);

/* Why a response and its follow-up make no turnaround. */
enum hdrm_ptp_turn_err {
	HDRM_PTP_TURN_OK,
	HDRM_PTP_TURN_MISMATCH,	/* follow-up of another response */
	HDRM_PTP_TURN_ORDER,	/* t3 before t2, or below zero corrected */
	HDRM_PTP_TURN_RANGE,	/* turnaround of HDRM_PTP_TURN_MAX_NS or more */
};

/* No responder takes 4 s (the session's longest timeout) to answer. */
#define HDRM_PTP_TURN_MAX_NS	(4ULL * 1000000000ULL)

/*
 * The responder's turnaround from its response and, for a two-step one,
 * its follow-up: (t3 - t2) + the correction fields, in ns rounded to the
 * nearest, and t2 (0 for a one-step response, which says only the sum).
 */
struct hdrm_ptp_turn {
	u64 turnaround;
	u64 t2, t3;
	bool two_step;
};

enum hdrm_ptp_turn_err hdrm_ptp_turnaround(const struct hdrm_ptp_msg *resp,
					   const struct hdrm_ptp_msg *fup,
					   struct hdrm_ptp_turn *out);

#endif /* _HDRM_PTP_H */
