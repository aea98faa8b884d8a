/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Prometheus's text exposition format, version 0.0.4 (prom.c): what
 * node_exporter's textfile collector and a scrape read.
 *
 * A family is a metric's name, type and help; its samples follow its
 * HELP and TYPE lines, all together: the format allows one group per
 * family. The writer says HELP and TYPE with a family's first sample
 * (a family without samples says nothing) and refuses a family named
 * again after another one's samples, a name or label name the format
 * does not allow, and a counter whose name does not end in _total.
 * Label values and help are escaped as the format wants.
 */
#ifndef DCB_HDRM_PROM_H
#define DCB_HDRM_PROM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct prom_family {
	const char *name;
	const char *type;	/* "gauge" or "counter" */
	const char *help;
};

struct prom_label {
	const char *name;
	const char *value;	/* any text: escaped as it is written */
};

#define PROM_FAMILIES_MAX	64

struct prom {
	FILE *fp;
	const struct prom_family *fam;	/* the samples' family */
	bool said;			/* its HELP and TYPE are out */
	const char *last;		/* the family of the last sample */
	const char *done[PROM_FAMILIES_MAX];	/* the families said */
	unsigned int n_done;
	int err;			/* the first refusal; 0: none */
};

void prom_init(struct prom *p, FILE *fp);
/* The family of the samples that follow. */
void prom_family(struct prom *p, const struct prom_family *f);
/* A sample of the current family: its @n labels and its @value. */
void prom_sample(struct prom *p, const struct prom_label *labels,
		 unsigned int n, const char *value);
void prom_u64(struct prom *p, const struct prom_label *labels,
	      unsigned int n, uint64_t v);
/* @v / 10^@decimals: nanoseconds as seconds with 9, milliseconds with 3 */
void prom_fixed(struct prom *p, const struct prom_label *labels,
		unsigned int n, uint64_t v, unsigned int decimals);
/*
 * Return: 0, or the first refusal: -EEXIST (a family in two groups),
 * -EINVAL (a name, label name or type the format does not allow), -EIO
 * (the stream failed). The output is then not to be used.
 */
int prom_end(struct prom *p);

/* A label value as the format escapes it: \\, \" and \n. */
void prom_escape_value(FILE *fp, const char *s);
/* A help text: \\ and \n. */
void prom_escape_help(FILE *fp, const char *s);

#endif
