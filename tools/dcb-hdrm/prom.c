// SPDX-License-Identifier: GPL-2.0
/*
 * Prometheus's text exposition format, version 0.0.4: HELP and TYPE once
 * per family, a family's samples together, label values escaped.
 */
#include <errno.h>
#include <string.h>

#include "out.h"
#include "prom.h"

void prom_init(struct prom *p, FILE *fp)
{
	memset(p, 0, sizeof(*p));
	p->fp = fp;
}

/* [a-zA-Z_:][a-zA-Z0-9_:]*; label names without the colons */
static bool name_ok(const char *s, bool colon)
{
	const char *c;

	if (!s || !*s || (*s >= '0' && *s <= '9'))
		return false;
	for (c = s; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '_' ||
		      (colon && *c == ':')))
			return false;
	return true;
}

static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), e = strlen(end);

	return n >= e && !strcmp(s + n - e, end);
}

static void refuse(struct prom *p, int err)
{
	if (!p->err)
		p->err = err;
}

void prom_family(struct prom *p, const struct prom_family *f)
{
	unsigned int i;

	p->fam = f;
	/* the family whose samples came last goes on, unsaid again */
	p->said = p->last && !strcmp(p->last, f->name);
	if (!name_ok(f->name, true) || !f->type ||
	    (strcmp(f->type, "gauge") && strcmp(f->type, "counter")) ||
	    (!strcmp(f->type, "counter") && !ends_with(f->name, "_total"))) {
		refuse(p, -EINVAL);
		return;
	}
	/* a family said before another's samples: a second group */
	for (i = 0; !p->said && i < p->n_done; i++)
		if (!strcmp(p->done[i], f->name))
			refuse(p, -EEXIST);
}

void prom_escape_value(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", fp);
		else if (*s == '"')
			fputs("\\\"", fp);
		else if (*s == '\n')
			fputs("\\n", fp);
		else
			fputc(*s, fp);
	}
}

void prom_escape_help(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", fp);
		else if (*s == '\n')
			fputs("\\n", fp);
		else
			fputc(*s, fp);
	}
}

void prom_sample(struct prom *p, const struct prom_label *labels,
		 unsigned int n, const char *value)
{
	unsigned int i;

	if (!p->fam) {
		refuse(p, -EINVAL);
		return;
	}
	for (i = 0; i < n; i++)
		if (!name_ok(labels[i].name, false) || !labels[i].value)
			refuse(p, -EINVAL);
	if (p->err)
		return;
	if (!p->said) {
		if (p->n_done == PROM_FAMILIES_MAX) {
			refuse(p, -EINVAL);
			return;
		}
		p->done[p->n_done++] = p->fam->name;
		fprintf(p->fp, "# HELP %s ", p->fam->name);
		prom_escape_help(p->fp, p->fam->help);
		fprintf(p->fp, "\n# TYPE %s %s\n", p->fam->name, p->fam->type);
		p->said = true;
		p->last = p->fam->name;
	}
	fputs(p->fam->name, p->fp);
	for (i = 0; i < n; i++) {
		fprintf(p->fp, "%s%s=\"", i ? "," : "{", labels[i].name);
		prom_escape_value(p->fp, labels[i].value);
		fputc('"', p->fp);
	}
	fprintf(p->fp, "%s %s\n", n ? "}" : "", value);
}

void prom_u64(struct prom *p, const struct prom_label *labels,
	      unsigned int n, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
	prom_sample(p, labels, n, buf);
}

void prom_fixed(struct prom *p, const struct prom_label *labels,
		unsigned int n, uint64_t v, unsigned int decimals)
{
	char buf[32];

	prom_sample(p, labels, n, out_fixed_str(buf, sizeof(buf), v, decimals));
}

int prom_end(struct prom *p)
{
	if (!p->err && (fflush(p->fp) || ferror(p->fp)))
		p->err = -EIO;
	return p->err;
}
