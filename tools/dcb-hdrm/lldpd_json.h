/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What `lldpcli -f json` says about one port: the local port (show
 * interfaces) and its neighbours (show neighbors details), with the DCBX
 * PFC TLVs among their unknown TLVs decoded by hdrm_lldp.c. Pure: the
 * text comes from lldpd.c, or from a test.
 */
#ifndef DCB_HDRM_LLDPD_JSON_H
#define DCB_HDRM_LLDPD_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "hdrm_lldp.h"

#define LLDPD_NBR_MAX		16
#define LLDPD_ID_MAX		64

/* One record of the port: the local port, or one neighbour on it. */
struct lldpd_rec {
	char chassis[LLDPD_ID_MAX];	/* the chassis ID's value, "" if none */
	char status[32];		/* local port: "RX and TX", ... */
	bool lldp;			/* via LLDP (neighbours: not CDP, ...) */
	unsigned int pfc_n;		/* valid PFC TLVs among its unknown TLVs */
	unsigned int pfc_variants;	/* bit n: a TLV of variant n */
	struct hdrm_dcbx_pfc pfc;	/* the first of them */
	unsigned int bad;		/* PFC-looking TLVs that did not decode */
};

/*
 * @text (@len bytes): lldpcli's JSON; the records of port @ifname go to
 * @rec (at most LLDPD_NBR_MAX), their number to *@n.
 * Return: 0, or -1 when the text is not lldpcli's JSON.
 */
int lldpd_json_records(const char *text, size_t len, const char *ifname,
		       struct lldpd_rec *rec, unsigned int *n);

#endif
