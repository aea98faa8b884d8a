// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of prom.c, Prometheus's text exposition format: HELP and
 * TYPE once per family with its samples together, label values and help
 * escaped, and the names, types and second groups the format refuses.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"
#include "tap.h"

static char buf[4096];

static const struct prom_family fam_a = {
	"dcb_hdrm_a_bytes", "gauge", "A, in bytes.",
};
static const struct prom_family fam_b = {
	"dcb_hdrm_b_total", "counter", "B's \\ help\non two lines, \"quoted\".",
};

/* @got is @want exactly; what it was, when not */
static void is(const char *got, const char *want, const char *name)
{
	bool ok = !strcmp(got, want);

	TAP_OK(ok, "%s", name);
	if (!ok)
		printf("# got:\n%s# want:\n%s", got, want);
}

static FILE *open_buf(void)
{
	FILE *f;

	memset(buf, 0, sizeof(buf));
	f = fmemopen(buf, sizeof(buf) - 1, "w");
	if (!f)
		exit(2);
	return f;
}

static void test_groups(void)
{
	struct prom_label l[2] = { { "device", "eth0" }, { "prio", "3" } };
	struct prom p;
	FILE *f = open_buf();
	int err;

	prom_init(&p, f);
	prom_family(&p, &fam_a);
	prom_u64(&p, l, 2, 40704);
	l[0].value = "eth1";
	prom_u64(&p, l, 2, 0);
	/* the same family again, straight after: one group still */
	prom_family(&p, &fam_a);
	prom_u64(&p, l, 1, 18446744073709551615ULL);
	prom_family(&p, &fam_b);
	prom_fixed(&p, NULL, 0, 12345, 9);
	err = prom_end(&p);
	fclose(f);
	TAP_OK(err == 0, "two families: no refusal (%d)", err);
	is(buf,
	   "# HELP dcb_hdrm_a_bytes A, in bytes.\n"
	   "# TYPE dcb_hdrm_a_bytes gauge\n"
	   "dcb_hdrm_a_bytes{device=\"eth0\",prio=\"3\"} 40704\n"
	   "dcb_hdrm_a_bytes{device=\"eth1\",prio=\"3\"} 0\n"
	   "dcb_hdrm_a_bytes{device=\"eth1\"} 18446744073709551615\n"
	   "# HELP dcb_hdrm_b_total B's \\\\ help\\non two lines, \"quoted\".\n"
	   "# TYPE dcb_hdrm_b_total counter\n"
	   "dcb_hdrm_b_total 0.000012345\n",
	   "HELP and TYPE once per family, its samples together, help escaped (\\\\ and \\n, not quotes)");
}

static void test_empty_family(void)
{
	struct prom_label l = { "device", "eth0" };
	struct prom p;
	FILE *f = open_buf();
	int err;

	prom_init(&p, f);
	prom_family(&p, &fam_a);
	prom_u64(&p, &l, 1, 1);
	/* b has no samples: nothing said, and a goes on as one group */
	prom_family(&p, &fam_b);
	prom_family(&p, &fam_a);
	prom_u64(&p, &l, 1, 2);
	prom_family(&p, &fam_b);
	err = prom_end(&p);
	fclose(f);
	TAP_OK(err == 0, "a family without samples: no refusal (%d)", err);
	is(buf,
	   "# HELP dcb_hdrm_a_bytes A, in bytes.\n"
	   "# TYPE dcb_hdrm_a_bytes gauge\n"
	   "dcb_hdrm_a_bytes{device=\"eth0\"} 1\n"
	   "dcb_hdrm_a_bytes{device=\"eth0\"} 2\n",
	   "a family without samples says neither HELP nor TYPE");
}

static void test_second_group(void)
{
	struct prom p;
	FILE *f = open_buf();
	int err;

	prom_init(&p, f);
	prom_family(&p, &fam_a);
	prom_u64(&p, NULL, 0, 1);
	prom_family(&p, &fam_b);
	prom_u64(&p, NULL, 0, 2);
	prom_family(&p, &fam_a);
	prom_u64(&p, NULL, 0, 3);
	err = prom_end(&p);
	fclose(f);
	TAP_OK(err == -EEXIST, "a family again after another's samples: -EEXIST (%d)",
	       err);
	is(buf,
	   "# HELP dcb_hdrm_a_bytes A, in bytes.\n"
	   "# TYPE dcb_hdrm_a_bytes gauge\n"
	   "dcb_hdrm_a_bytes 1\n"
	   "# HELP dcb_hdrm_b_total B's \\\\ help\\non two lines, \"quoted\".\n"
	   "# TYPE dcb_hdrm_b_total counter\n"
	   "dcb_hdrm_b_total 2\n",
	   "...and its second group is not written");
}

static void test_escape(void)
{
	struct prom_label l[2] = {
		{ "device", "a\"b\\c\nd" }, { "empty", "" },
	};
	struct prom p;
	FILE *f = open_buf();
	int err;

	prom_init(&p, f);
	prom_family(&p, &fam_a);
	prom_u64(&p, l, 2, 7);
	err = prom_end(&p);
	fclose(f);
	TAP_OK(err == 0, "escaped values: no refusal (%d)", err);
	is(strstr(buf, "dcb_hdrm_a_bytes{") ? strstr(buf, "dcb_hdrm_a_bytes{") : buf,
	   "dcb_hdrm_a_bytes{device=\"a\\\"b\\\\c\\nd\",empty=\"\"} 7\n",
	   "label values: backslash, double quote and newline escaped");
}

/* @fam with one sample labelled @label: the refusal */
static int refusal(const struct prom_family *fam, const char *label)
{
	struct prom_label l = { label, "x" };
	struct prom p;
	FILE *f = open_buf();
	int err;

	prom_init(&p, f);
	prom_family(&p, fam);
	prom_u64(&p, &l, 1, 1);
	err = prom_end(&p);
	fclose(f);
	if (err && buf[0])
		return -ENOTEMPTY;	/* refused, yet written */
	return err;
}

static void test_refused(void)
{
	static const struct prom_family counter = {
		"dcb_hdrm_answered", "counter", "no _total",
	};
	static const struct prom_family dash = {
		"dcb-hdrm_a", "gauge", "a dash",
	};
	static const struct prom_family digit = {
		"0dcb_hdrm", "gauge", "a digit first",
	};
	static const struct prom_family type = {
		"dcb_hdrm_a", "histogram", "a type not written here",
	};
	static const struct prom_family colon = {
		"dcb_hdrm:a", "gauge", "a colon, as recording rules name theirs",
	};

	TAP_OK(refusal(&counter, "device") == -EINVAL,
	       "a counter not ending in _total: -EINVAL, nothing written");
	TAP_OK(refusal(&dash, "device") == -EINVAL,
	       "a dash in a name: -EINVAL, nothing written");
	TAP_OK(refusal(&digit, "device") == -EINVAL,
	       "a digit first in a name: -EINVAL, nothing written");
	TAP_OK(refusal(&type, "device") == -EINVAL,
	       "a type other than gauge and counter: -EINVAL, nothing written");
	TAP_OK(refusal(&fam_a, "prio:x") == -EINVAL,
	       "a colon in a label name: -EINVAL, nothing written");
	TAP_OK(refusal(&fam_a, "") == -EINVAL,
	       "an empty label name: -EINVAL, nothing written");
	TAP_OK(refusal(&colon, "device") == 0,
	       "a colon in a metric name is the format's");
}

static void test_full(void)
{
	char small[40];
	struct prom p;
	FILE *f = fmemopen(small, sizeof(small), "w");
	int err;

	if (!f)
		exit(2);
	setvbuf(f, NULL, _IONBF, 0);
	prom_init(&p, f);
	prom_family(&p, &fam_a);
	prom_u64(&p, NULL, 0, 1);
	err = prom_end(&p);
	fclose(f);
	TAP_OK(err == -EIO, "a stream that fails: -EIO (%d)", err);
}

int main(void)
{
	test_groups();
	test_empty_family();
	test_second_group();
	test_escape();
	test_refused();
	test_full();
	return tap_done();
}
