// SPDX-License-Identifier: GPL-2.0
/*
 * lldpcli's JSON (`-f json`), read into a tree and walked for one port.
 *
 * Its shape depends on the counts (lldpcli(8) says so of "-f json"):
 * "interface" is an object whose member is named after the port when
 * there is one record, and an array of such objects when there are
 * several (two neighbours on a port, or two ports); "unknown-tlv" is an
 * object for one TLV and an array for more; a neighbour's "chassis" is
 * an object named after its system name, or the chassis members
 * themselves when it sent none. Every shape seen from lldpd 1.0.16 is in
 * tests/lldpd/.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lldpd_json.h"

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jnode {
	int type;
	int child, next;	/* first member or element; the next one */
	const char *key;	/* as a member of an object */
	const char *str;	/* J_STR: unescaped */
};

struct jdoc {
	const char *p, *end;
	char *buf;		/* the unescaped strings, NUL-terminated */
	size_t used;
	struct jnode *n;
	int count, cap, depth;
};

#define J_DEPTH_MAX	32

static void jws(struct jdoc *d)
{
	while (d->p < d->end && (*d->p == ' ' || *d->p == '\t' ||
				 *d->p == '\n' || *d->p == '\r'))
		d->p++;
}

static int jnew(struct jdoc *d, int type)
{
	struct jnode *n;

	if (d->count == d->cap) {
		int cap = d->cap ? d->cap * 2 : 64;

		n = realloc(d->n, cap * sizeof(*n));
		if (!n)
			return -1;
		d->n = n;
		d->cap = cap;
	}
	n = &d->n[d->count];
	n->type = type;
	n->child = -1;
	n->next = -1;
	n->key = NULL;
	n->str = NULL;
	return d->count++;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* A string at d->p, unescaped into d->buf; *out points at it. */
static int jstring(struct jdoc *d, const char **out)
{
	char *o = d->buf + d->used;

	if (d->p >= d->end || *d->p != '"')
		return -1;
	d->p++;
	*out = o;
	while (d->p < d->end && *d->p != '"') {
		unsigned char c = *d->p++;

		if (c < 0x20)
			return -1;
		if (c != '\\') {
			*o++ = c;
			continue;
		}
		if (d->p >= d->end)
			return -1;
		c = *d->p++;
		switch (c) {
		case '"': case '\\': case '/':
			*o++ = c;
			break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u': {
			unsigned int v = 0, i;

			if (d->end - d->p < 4)
				return -1;
			for (i = 0; i < 4; i++) {
				int h = hexval(d->p[i]);

				if (h < 0)
					return -1;
				v = v << 4 | h;
			}
			d->p += 4;
			/* nothing read here needs more than ASCII */
			*o++ = v && v < 0x80 ? (char)v : '?';
			break;
		}
		default:
			return -1;
		}
	}
	if (d->p >= d->end)
		return -1;
	d->p++;
	*o++ = '\0';
	d->used = o - d->buf;
	return 0;
}

static int jvalue(struct jdoc *d);

/* The members of an object or the elements of an array, after its '{'/'['. */
static int jlist(struct jdoc *d, int node, bool obj)
{
	int tail = -1, v;
	const char *key = NULL;

	jws(d);
	if (d->p < d->end && *d->p == (obj ? '}' : ']')) {
		d->p++;
		return 0;
	}
	for (;;) {
		jws(d);
		if (obj) {
			if (jstring(d, &key))
				return -1;
			jws(d);
			if (d->p >= d->end || *d->p != ':')
				return -1;
			d->p++;
		}
		v = jvalue(d);
		if (v < 0)
			return -1;
		d->n[v].key = key;
		if (tail < 0)
			d->n[node].child = v;
		else
			d->n[tail].next = v;
		tail = v;
		jws(d);
		if (d->p < d->end && *d->p == ',') {
			d->p++;
			continue;
		}
		if (d->p < d->end && *d->p == (obj ? '}' : ']')) {
			d->p++;
			return 0;
		}
		return -1;
	}
}

static int jlit(struct jdoc *d, const char *word, int type)
{
	size_t n = strlen(word);

	if ((size_t)(d->end - d->p) < n || memcmp(d->p, word, n))
		return -1;
	d->p += n;
	return jnew(d, type);
}

static int jvalue(struct jdoc *d)
{
	int node;

	jws(d);
	if (d->p >= d->end)
		return -1;
	switch (*d->p) {
	case '{':
	case '[': {
		bool obj = *d->p == '{';

		if (++d->depth > J_DEPTH_MAX)
			return -1;
		d->p++;
		node = jnew(d, obj ? J_OBJ : J_ARR);
		if (node < 0 || jlist(d, node, obj))
			return -1;
		d->depth--;
		return node;
	}
	case '"':
		node = jnew(d, J_STR);
		if (node < 0 || jstring(d, &d->n[node].str))
			return -1;
		return node;
	case 't':
		return jlit(d, "true", J_BOOL);
	case 'f':
		return jlit(d, "false", J_BOOL);
	case 'n':
		return jlit(d, "null", J_NULL);
	default:
		if (*d->p != '-' && (*d->p < '0' || *d->p > '9'))
			return -1;
		while (d->p < d->end && strchr("+-.eE0123456789", *d->p))
			d->p++;
		return jnew(d, J_NUM);
	}
}

/* Member @key of object @node, or -1. */
static int jget(const struct jdoc *d, int node, const char *key)
{
	int c;

	if (node < 0 || d->n[node].type != J_OBJ)
		return -1;
	for (c = d->n[node].child; c >= 0; c = d->n[c].next)
		if (!strcmp(d->n[c].key, key))
			return c;
	return -1;
}

static const char *jstr(const struct jdoc *d, int node)
{
	return node >= 0 && d->n[node].type == J_STR ? d->n[node].str : NULL;
}

/*
 * "00,80,C2": hex bytes separated by commas, at most @room of them.
 * Return: how many, or -1.
 */
static int hex_list(const char *s, uint8_t *out, unsigned int room)
{
	unsigned int n = 0;
	int hi, lo;

	if (!*s)
		return 0;
	for (;;) {
		hi = hexval(s[0]);
		lo = hi < 0 ? -1 : hexval(s[1]);
		if (lo < 0 || n == room)
			return -1;
		out[n++] = hi << 4 | lo;
		s += 2;
		if (!*s)
			return n;
		if (*s++ != ',')
			return -1;
	}
}

static const uint8_t oui_8021[3] = { 0x00, 0x80, 0xc2 };
static const uint8_t oui_dcbx[3] = { 0x00, 0x1b, 0x21 };

/* One entry of "unknown-tlv": a PFC TLV is decoded into @r. */
static void unknown_tlv(const struct jdoc *d, int t, struct lldpd_rec *r)
{
	const char *oui_s = jstr(d, jget(d, t, "oui"));
	const char *sub_s = jstr(d, jget(d, t, "subtype"));
	const char *val_s = jstr(d, jget(d, t, "value"));
	uint8_t tlv[2 + 511];
	struct hdrm_dcbx_pfc p;
	unsigned int len;
	char *e;
	long sub;
	int n;

	if (!oui_s || !sub_s || hex_list(oui_s, tlv + 2, 3) != 3)
		return;
	sub = strtol(sub_s, &e, 10);
	if (e == sub_s || *e || sub < 0 || sub > 255)
		return;
	if (!((!memcmp(tlv + 2, oui_8021, 3) && sub == HDRM_IEEE_PFC_SUBTYPE) ||
	      (!memcmp(tlv + 2, oui_dcbx, 3) &&
	       (sub == HDRM_DCBX_SUBTYPE_CIN || sub == HDRM_DCBX_SUBTYPE_CEE))))
		return;
	tlv[5] = sub;
	n = val_s ? hex_list(val_s, tlv + 6, sizeof(tlv) - 6) : 0;
	if (n < 0) {
		r->bad++;
		return;
	}
	len = 4 + n;
	tlv[0] = HDRM_LLDP_TLV_ORG << 1 | len >> 8;
	tlv[1] = len & 0xff;
	switch (hdrm_dcbx_pfc_decode(tlv, 2 + len, &p)) {
	case 0:
		if (!r->pfc_n)
			r->pfc = p;
		r->pfc_n++;
		r->pfc_variants |= 1u << p.variant;
		break;
	case -EINVAL:
		r->bad++;
		break;
	default:	/* a DCBX TLV without the PFC feature */
		break;
	}
}

static void copy_str(char *dst, size_t room, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n >= room)
		n = room - 1;
	memcpy(dst, s ? s : "", n);
	dst[n] = '\0';
}

static void record(const struct jdoc *d, int node, struct lldpd_rec *r)
{
	const char *via = jstr(d, jget(d, node, "via"));
	int ch = jget(d, node, "chassis"), id = -1, t;

	memset(r, 0, sizeof(*r));
	r->lldp = !via || !strcmp(via, "LLDP");
	copy_str(r->status, sizeof(r->status),
		 jstr(d, jget(d, node, "status")));
	/* the chassis members, or one object named after the system */
	if (ch >= 0) {
		id = jget(d, ch, "id");
		if (id < 0 && d->n[ch].type == J_OBJ && d->n[ch].child >= 0)
			id = jget(d, d->n[ch].child, "id");
	}
	copy_str(r->chassis, sizeof(r->chassis), jstr(d, jget(d, id, "value")));

	t = jget(d, jget(d, node, "unknown-tlvs"), "unknown-tlv");
	if (t < 0)
		return;
	if (d->n[t].type == J_OBJ) {
		unknown_tlv(d, t, r);
		return;
	}
	if (d->n[t].type == J_ARR)
		for (t = d->n[t].child; t >= 0; t = d->n[t].next)
			unknown_tlv(d, t, r);
}

/* The records of @ifname in one object of "interface". */
static void entry(const struct jdoc *d, int e, const char *ifname,
		  struct lldpd_rec *rec, unsigned int *n)
{
	int c;

	if (d->n[e].type != J_OBJ)
		return;
	for (c = d->n[e].child; c >= 0; c = d->n[c].next)
		if (!strcmp(d->n[c].key, ifname) && d->n[c].type == J_OBJ &&
		    *n < LLDPD_NBR_MAX)
			record(d, c, &rec[(*n)++]);
}

int lldpd_json_records(const char *text, size_t len, const char *ifname,
		       struct lldpd_rec *rec, unsigned int *n)
{
	struct jdoc d = { .p = text, .end = text + len };
	int root, lldp, ifs, ret = -1;

	*n = 0;
	d.buf = malloc(len + 1);
	if (!d.buf)
		return -1;
	root = jvalue(&d);
	jws(&d);
	if (root < 0 || d.p != d.end)
		goto out;
	lldp = jget(&d, root, "lldp");
	if (lldp < 0 || d.n[lldp].type != J_OBJ)
		goto out;
	ret = 0;
	ifs = jget(&d, lldp, "interface");
	if (ifs < 0)
		goto out;
	if (d.n[ifs].type == J_OBJ)
		entry(&d, ifs, ifname, rec, n);
	else if (d.n[ifs].type == J_ARR)
		for (ifs = d.n[ifs].child; ifs >= 0; ifs = d.n[ifs].next)
			entry(&d, ifs, ifname, rec, n);
	else
		ret = -1;
out:
	free(d.n);
	free(d.buf);
	return ret;
}
