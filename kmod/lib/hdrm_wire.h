/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The measurement frame (Documentation/wire-format.rst): encode, decode
 * and validate, and the round trip of one exchange. No I/O.
 */
#ifndef _HDRM_WIRE_H
#define _HDRM_WIRE_H

#include "hdrm_compat.h"

#define HDRM_ETH_HLEN		14
#define HDRM_PAYLOAD_LEN	46	/* after the EtherType */
#define HDRM_FRAME_LEN		(HDRM_ETH_HLEN + HDRM_PAYLOAD_LEN)	/* 60 */
#define HDRM_FRAME_WIRE_LEN	(HDRM_FRAME_LEN + 4)	/* with the FCS: 64 */

#define HDRM_ETHERTYPE_MACCTL	0x8808
#define HDRM_ETHERTYPE_EXP	0x88B5
#define HDRM_OPCODE		0x0148
#define HDRM_WIRE_VERSION	1

/* Payload offsets, from the byte after the EtherType. */
/*
 * Timestamps leave the host on a clock of their own: the monotonic clock
 * plus a random base below 2^62 (hdrm_clock_base()), drawn per session by
 * the initiator and per reply by the reflector. A peer learns differences
 * (all the formula needs), never the host's uptime. The monotonic clock
 * stays below 2^62 ns (146 years), so the sum never wraps.
 */
#define HDRM_CLOCK_BASE_MASK	((1ULL << 62) - 1)

#define HDRM_OFF_OPCODE		0
#define HDRM_OFF_VECTOR		2
#define HDRM_OFF_T1		4
#define HDRM_OFF_T2		12
#define HDRM_OFF_T3		20
#define HDRM_OFF_VERSION	28
#define HDRM_OFF_TYPE		29
#define HDRM_OFF_FLAGS		30
#define HDRM_OFF_RSVD1		31
#define HDRM_OFF_SESSION	32
#define HDRM_OFF_SEQ		36
#define HDRM_OFF_RSVD2		40	/* 6 bytes */

#define HDRM_TYPE_REQUEST	1
#define HDRM_TYPE_REPLY		2
#define HDRM_TYPE_FOLLOWUP	3	/* t3 of a two-step reply */

#define HDRM_F_TIMESTAMPS	0x01	/* the reply carries t2 and t3 */
#define HDRM_F_LOOPBACK		0x02	/* the request asks for a loopback */
/*
 * Request: the initiator takes follow-ups. Reply: t3 comes in a follow-up
 * (the reply's t3 equals its t2).
 */
#define HDRM_F_TWOSTEP		0x04
/*
 * Request: stamp in hardware where you can. Reply: t2 is the NIC's.
 * Follow-up: t3 is the NIC's.
 */
#define HDRM_F_HWTS		0x08
#define HDRM_F_ALL		(HDRM_F_TIMESTAMPS | HDRM_F_LOOPBACK | \
				 HDRM_F_TWOSTEP | HDRM_F_HWTS)

enum hdrm_encap {
	HDRM_ENCAP_MACCTL,	/* 0x8808 to 01-80-C2-00-00-01 */
	HDRM_ENCAP_ETHER,	/* 0x88B5 to 01-80-C2-00-00-0E */
};

/* Why a frame was rejected; the module counts them all as malformed. */
enum hdrm_wire_err {
	HDRM_WIRE_OK,
	HDRM_WIRE_SHORT,
	HDRM_WIRE_OPCODE,
	HDRM_WIRE_VECTOR,
	HDRM_WIRE_BAD_VERSION,
	HDRM_WIRE_TYPE,
	HDRM_WIRE_FLAGS,
	HDRM_WIRE_RESERVED,
	HDRM_WIRE_SESSION,
	HDRM_WIRE_REQ_STAMPS,	/* a request carrying t2 or t3 */
	HDRM_WIRE_REPLY_STAMPS,	/* a reply whose t3 precedes its t2 */
	HDRM_WIRE_ENCAP,	/* header of neither encapsulation */
	HDRM_WIRE_TLV,		/* a control frame's TLVs do not parse */
	HDRM_WIRE_TLV_MISSING,	/* a control frame lacks a TLV its type needs */
};

struct hdrm_probe {
	u8 type;
	u8 flags;
	u32 session;
	u32 seq;
	u64 t1, t2, t3;
};

u16 hdrm_encap_ethertype(enum hdrm_encap encap);
const u8 *hdrm_encap_dest(enum hdrm_encap encap);
const char *hdrm_wire_err_str(enum hdrm_wire_err err);

void hdrm_payload_encode(u8 *payload, const struct hdrm_probe *p);
enum hdrm_wire_err hdrm_payload_decode(const u8 *payload, unsigned int len,
				       struct hdrm_probe *p);
void hdrm_frame_encode(u8 *frame, enum hdrm_encap encap, const u8 *src,
		       const struct hdrm_probe *p);
enum hdrm_wire_err hdrm_frame_decode(const u8 *frame, unsigned int len,
				     enum hdrm_encap *encap,
				     struct hdrm_probe *p);
void hdrm_frame_set_t1(u8 *frame, u64 t1);
void hdrm_frame_set_t3(u8 *frame, u64 t3);

int hdrm_reflect(const struct hdrm_probe *req, u64 t2, u64 t3, u8 flags,
		 struct hdrm_probe *reply);
int hdrm_followup(const struct hdrm_probe *reply, u64 t3, bool hw,
		  struct hdrm_probe *fu);
int hdrm_probe_rtt(const struct hdrm_probe *reply, u64 t4, s64 *rtt_ns);

#endif /* _HDRM_WIRE_H */
