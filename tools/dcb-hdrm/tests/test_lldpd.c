// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lldpcli's JSON reader (lldpd_json.c): the outputs of
 * lldpd 1.0.16's lldpcli kept in tests/lldpd/ (two lldpd in two network
 * namespaces joined by a veth pair, the far end advertising the PFC TLV
 * as a custom TLV; a second neighbour from a hand-made LLDPDU), and texts
 * written here for the shapes and faults those do not show.
 */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lldpd_json.h"
#include "tap.h"

static char text[1 << 16];
/* tests/lldpd/, beside this program: make check runs it from elsewhere */
static char dir[PATH_MAX];

static size_t load(const char *name)
{
	char path[PATH_MAX + 64];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/lldpd/%s", dir, name);
	f = fopen(path, "r");
	if (!f) {
		perror(path);
		exit(1);
	}
	n = fread(text, 1, sizeof(text), f);
	fclose(f);
	return n;
}

static int parse_str(const char *s, const char *ifname, struct lldpd_rec *rec,
		     unsigned int *n)
{
	return lldpd_json_records(s, strlen(s), ifname, rec, n);
}

static void captured(void)
{
	struct lldpd_rec r[LLDPD_NBR_MAX];
	unsigned int n;
	size_t len;
	int rc;

	len = load("nbr-ieee.json");
	rc = lldpd_json_records(text, len, "vb", r, &n);
	TAP_OK(!rc && n == 1 && r[0].lldp && r[0].pfc_n == 1 &&
	       !strcmp(r[0].chassis, "fa:34:47:bc:3f:24"),
	       "one neighbour: one record, via LLDP, its chassis MAC, one PFC TLV");
	TAP_OK(r[0].pfc.variant == HDRM_DCBX_IEEE && r[0].pfc.auto_hdrm &&
	       !r[0].pfc.willing && r[0].pfc.cap == 8 &&
	       r[0].pfc.pfc_en == 0x08 && !r[0].bad,
	       "28,08: IEEE, the bit set, not willing, 8 capable, priority 3");
	rc = lldpd_json_records(text, len, "va", r, &n);
	TAP_OK(!rc && n == 0, "another port's name: no record");

	len = load("nbr-two-tlvs.json");
	rc = lldpd_json_records(text, len, "vb", r, &n);
	TAP_OK(!rc && n == 1 && r[0].pfc_n == 2 &&
	       r[0].pfc_variants == (1u << HDRM_DCBX_IEEE | 1u << HDRM_DCBX_CEE) &&
	       r[0].pfc.variant == HDRM_DCBX_IEEE,
	       "unknown-tlv as an array: IEEE and CEE both decoded, the first kept");

	len = load("nbr-none.json");
	rc = lldpd_json_records(text, len, "vb", r, &n);
	TAP_OK(!rc && n == 1 && !r[0].pfc_n && !r[0].pfc_variants,
	       "a neighbour without unknown TLVs: no PFC TLV");

	len = load("nbr-two-neighbours.json");
	rc = lldpd_json_records(text, len, "vb", r, &n);
	TAP_OK(!rc && n == 2, "two neighbours on the port: interface as an array, two records");
	TAP_OK(r[0].pfc_n == 1 && r[0].pfc.variant == HDRM_DCBX_IEEE &&
	       !r[0].pfc.auto_hdrm && r[0].pfc.pfc_en == 0x08,
	       "the first: IEEE 08,08, the bit clear");
	TAP_OK(!strcmp(r[1].chassis, "02:00:00:00:00:02") && r[1].pfc_n == 1 &&
	       r[1].pfc.variant == HDRM_DCBX_CIN && r[1].pfc.auto_hdrm &&
	       r[1].pfc.enable && r[1].pfc.pfc_en == 0x08 && r[1].pfc.seq == 1,
	       "the second: its own chassis, CIN with the bit, enabled, priority 3, sequence 1");

	len = load("port-ieee.json");
	rc = lldpd_json_records(text, len, "va", r, &n);
	TAP_OK(!rc && n == 1 && !strcmp(r[0].status, "RX and TX") &&
	       r[0].pfc_variants == 1u << HDRM_DCBX_IEEE,
	       "the local port: RX and TX, the IEEE TLV it was given");
	len = load("port-two-tlvs.json");
	rc = lldpd_json_records(text, len, "va", r, &n);
	TAP_OK(!rc && n == 1 &&
	       r[0].pfc_variants == (1u << HDRM_DCBX_IEEE | 1u << HDRM_DCBX_CEE),
	       "the local port with two: both variants named");
	len = load("port-none.json");
	rc = lldpd_json_records(text, len, "va", r, &n);
	TAP_OK(!rc && n == 1 && !r[0].pfc_variants, "the local port with none");
	len = load("port-absent.json");
	rc = lldpd_json_records(text, len, "nosuch", r, &n);
	TAP_OK(!rc && n == 0, "a port lldpd does not manage: \"lldp\" empty, no record");
}

static void written(void)
{
	struct lldpd_rec r[LLDPD_NBR_MAX];
	unsigned int n;

	TAP_OK(!parse_str("{\"lldp\":{\"interface\":{\"e\\u0031\":{\"via\":\"CDPv2\","
			  "\"chassis\":{\"id\":{\"type\":\"local\",\"value\":\"sw\\\"1\"}}}}}}",
			  "e1", r, &n) && n == 1 && !r[0].lldp &&
	       !strcmp(r[0].chassis, "sw\"1"),
	       "escapes in keys and values; a CDP neighbour is not LLDP; chassis without a system name");
	TAP_OK(!parse_str("{\"lldp\":{\"interface\":{\"e1\":{\"unknown-tlvs\":{\"unknown-tlv\":"
			  "{\"oui\":\"00,80,C2\",\"subtype\":\"11\",\"len\":\"1\",\"value\":\"28\"}}}}}}",
			  "e1", r, &n) && n == 1 && !r[0].pfc_n && r[0].bad == 1,
	       "an IEEE PFC TLV one byte short is counted bad");
	TAP_OK(!parse_str("{\"lldp\":{\"interface\":{\"e1\":{\"unknown-tlvs\":{\"unknown-tlv\":"
			  "{\"oui\":\"00,80,C2\",\"subtype\":\"11\",\"len\":\"2\",\"value\":\"2g,08\"}}}}}}",
			  "e1", r, &n) && n == 1 && !r[0].pfc_n && r[0].bad == 1,
	       "a value that is not hex is counted bad");
	TAP_OK(!parse_str("{\"lldp\":{\"interface\":{\"e1\":{\"unknown-tlvs\":{\"unknown-tlv\":["
			  "{\"oui\":\"00,80,C2\",\"subtype\":\"12\",\"len\":\"2\",\"value\":\"28,08\"},"
			  "{\"oui\":\"00,12,0F\",\"subtype\":\"11\",\"len\":\"2\",\"value\":\"28,08\"},"
			  "{\"oui\":\"00,1B,21\",\"subtype\":\"2\",\"len\":\"10\","
			  "\"value\":\"02,0A,00,00,00,00,00,01,00,00,00,00\"}]}}}}}",
			  "e1", r, &n) && n == 1 && !r[0].pfc_n && !r[0].bad,
	       "another subtype, another OUI, a DCBX TLV without the PFC feature: none is a PFC TLV");
	TAP_OK(parse_str("{\"lldp\":{\"interface\":{\"e1\":{}}}", "e1", r, &n) < 0,
	       "cut short: refused");
	TAP_OK(parse_str("{\"lldp\":{}} x", "e1", r, &n) < 0,
	       "text after the document: refused");
	TAP_OK(parse_str("[]", "e1", r, &n) < 0, "not an object with \"lldp\": refused");
	TAP_OK(parse_str("{\"lldp\":{\"interface\":3}}", "e1", r, &n) < 0,
	       "\"interface\" neither object nor array: refused");
	TAP_OK(parse_str("", "e1", r, &n) < 0, "nothing at all: refused");
	TAP_OK(parse_str("{\"lldp\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
			 "e1", r, &n) < 0, "nested past 32: refused");
}

int main(int argc, char **argv)
{
	char self[PATH_MAX];

	(void)argc;
	snprintf(self, sizeof(self), "%s", argv[0]);
	snprintf(dir, sizeof(dir), "%s", dirname(self));
	captured();
	written();
	return tap_done();
}
