// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of metrics.c: parsed device, result and watchdog structs to
 * Prometheus's text exposition format, against tests/golden/metrics.prom
 * (and promtool check metrics on it, where promtool is installed); each
 * family's HELP and TYPE once with its samples together; the verdict
 * label and the effective headroom by each basis; the devices joined by
 * ifindex and printed in its order; and the textfile written whole or
 * not at all.
 *
 * "test_metrics -w FILE" writes the golden output to FILE, for a new
 * family: read it through before it replaces the golden.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <linux/dcb_hdrm.h>

#include "metrics.h"
#include "tap.h"

static char golden[PATH_MAX];

/* ---- fixtures ---- */

/* eth0: judged by the driver's model, enough; a lossy priority; a storm */
static void fix_eth0(struct metrics *m)
{
	struct metrics_dev *d = metrics_dev_of(m, 2, "eth0");
	struct result *r = &d->res;

	d->has_result = true;
	r->ifindex = 2;
	strcpy(r->ifname, "eth0");
	r->has_rtt = true;
	r->est = 412345;
	r->precision = 16;
	r->age_ms = 12345;
	r->cell = 96;
	r->speed = 100000;
	r->has_model = true;
	r->model = DCB_HDRM_MODEL_GENERIC;
	r->prio[3] = (struct prio_res){
		.valid = true, .bytes = 40704, .cells = 424,
		.has_eff = true, .eff = 40800, .has_best = true, .best = 40800,
	};
	r->prio[0] = (struct prio_res){ .valid = true, .bytes = 30000 };
	d->has_dev = true;
	d->dev.ifindex = 2;
	strcpy(d->dev.ifname, "eth0");
	d->dev.dcb_state.present = true;
	d->dev.dcb_state.has_pfc = true;
	d->dev.dcb_state.pfc_en = 0x08;
	d->dev.has_stats = true;
	d->dev.stats[DCB_HDRM_A_STATS_REFLECTED] = 100;
	d->dev.stats[DCB_HDRM_A_STATS_RATE_LIMITED] = 2;
	d->dev.stats[DCB_HDRM_A_STATS_MALFORMED] = 1;
	d->dev.stats[DCB_HDRM_A_STATS_FOREIGN] = 3;
	d->dev.stats[DCB_HDRM_A_STATS_TX_PROBES] = 999;	/* not a metric */
	d->dev.peer.present = true;
	d->dev.peer.auto_hdrm = true;
	d->has_wd = true;
	d->wd.state = true;
	d->wd.n_prio = 1;
	d->wd.prio[0] = (struct wd_prio){
		.prio = 3, .state = DCB_HDRM_WD_STATE_STORMED, .storms = 2,
		.pfc_off = true,
	};
}

/*
 * eth"1\ (a name the kernel allows): judged by its buffer, too small;
 * a peer without the capability; the watchdog off, no counters sent
 */
static void fix_quoted(struct metrics *m)
{
	struct metrics_dev *d = metrics_dev_of(m, 9, "eth\"1\\");
	struct result *r = &d->res;

	d->has_wd = true;
	d->wd.ifindex = 9;
	d->has_result = true;
	r->has_rtt = true;
	r->est = 2000000000;
	r->precision = 1000;
	r->age_ms = 5;
	r->cell = 128;
	r->prio[3] = (struct prio_res){ .valid = true, .bytes = 50000 };
	d->has_dev = true;
	d->dev.dcb_state.present = true;
	d->dev.dcb_state.has_pfc = true;
	d->dev.dcb_state.pfc_en = 0x08;
	d->dev.dcb_state.has_buf = true;
	d->dev.dcb_state.buf.prio2buffer[3] = 1;
	d->dev.dcb_state.buf.size[1] = 40000;
	d->dev.peer.present = true;
}

/* eth2: a device the module sees, never measured, no watchdog message */
static void fix_bare(struct metrics *m)
{
	struct metrics_dev *d = metrics_dev_of(m, 5, "eth2");

	d->has_dev = true;
	d->dev.has_stats = true;
}

/* eth3: a result whose device message did not come (gone meanwhile) */
static void fix_gone(struct metrics *m)
{
	struct metrics_dev *d = metrics_dev_of(m, 7, "eth3");

	d->has_result = true;
	d->res.age_ms = 3600000;
	d->res.prio[4] = (struct prio_res){
		.valid = true, .bytes = 1000, .has_eff = true, .eff = 2000,
	};
}

/*
 * eth4: a module with storm-limit (issue 28): prio 3 held (twice), PFC
 * off and its restore refused; prio 5 never held
 */
static void fix_held(struct metrics *m)
{
	struct metrics_dev *d = metrics_dev_of(m, 11, "eth4");

	d->has_wd = true;
	d->wd.state = true;
	d->wd.n_prio = 2;
	d->wd.prio[0] = (struct wd_prio){
		.prio = 3, .state = DCB_HDRM_WD_STATE_HELD, .storms = 4,
		.pfc_off = true, .has_held_count = true, .held_count = 2,
		.has_restore_pending = true, .restore_pending = true,
	};
	d->wd.prio[1] = (struct wd_prio){
		.prio = 5, .has_held_count = true, .has_restore_pending = true,
	};
}

/* the five, added out of ifindex order */
static void fix_all(struct metrics *m)
{
	memset(m, 0, sizeof(*m));
	m->version = "0.15.0+g1234567";
	m->module_version = "0.15.0";
	m->kernel = "6.12.0-test";
	fix_quoted(m);
	fix_eth0(m);
	fix_gone(m);
	fix_bare(m);
	fix_held(m);
}

/* metrics_print() into a new string; its status in @err */
static char *print(struct metrics *m, int *err)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		exit(2);
	*err = metrics_print(f, m);
	fclose(f);
	return buf;
}

static char *slurp(const char *path)
{
	char *buf = NULL;
	size_t cap = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	if (getdelim(&buf, &cap, '\0', f) < 0) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* ---- the output ---- */

static void test_golden(void)
{
	struct metrics m;
	char *got, *want;
	int err;

	fix_all(&m);
	got = print(&m, &err);
	want = slurp(golden);
	TAP_OK(err == 0, "four devices: the exposition format refuses nothing (%d)",
	       err);
	TAP_OK(want && !strcmp(got, want), "the output is %s", golden);
	if (want && strcmp(got, want))
		printf("# got:\n%s", got);
	free(want);
	free(got);
	metrics_free(&m);
}

/* the sample of @name{@labels}: its value, or NULL */
static const char *sample(const char *text, const char *name,
			  const char *labels)
{
	static char value[64];
	char line[512];
	const char *p;
	size_t n;

	n = snprintf(line, sizeof(line), "\n%s%s ", name, labels);
	p = strstr(text, line);
	if (!p)
		return NULL;
	p += n;
	snprintf(value, sizeof(value), "%.*s", (int)strcspn(p, "\n"), p);
	return value;
}

static void is_sample(const char *text, const char *name, const char *labels,
		      const char *want, const char *why)
{
	const char *got = sample(text, name, labels);
	bool ok = want ? got && !strcmp(got, want) : !got;

	TAP_OK(ok, "%s%s %s: %s", name, labels, want ? want : "absent", why);
	if (!ok)
		printf("# got: %s\n", got ? got : "absent");
}

static void test_values(void)
{
	struct metrics m;
	char *t;
	int err;

	fix_all(&m);
	t = print(&m, &err);
	is_sample(t, "dcb_hdrm_headroom_recommended_bytes",
		  "{device=\"eth0\",prio=\"3\",verdict=\"enough\"}", "40704",
		  "the driver's model leaves 96 B above, within a cell of what apply auto leaves");
	is_sample(t, "dcb_hdrm_headroom_effective_bytes",
		  "{device=\"eth0\",prio=\"3\",verdict=\"enough\"}", "40800",
		  "the model's effective headroom");
	is_sample(t, "dcb_hdrm_headroom_recommended_bytes",
		  "{device=\"eth0\",prio=\"0\",verdict=\"lossy\"}", "30000",
		  "PFC off on priority 0");
	is_sample(t, "dcb_hdrm_headroom_effective_bytes",
		  "{device=\"eth0\",prio=\"0\",verdict=\"lossy\"}", NULL,
		  "nothing in bytes to say of a lossy priority");
	is_sample(t, "dcb_hdrm_headroom_recommended_bytes",
		  "{device=\"eth\\\"1\\\\\",prio=\"3\",verdict=\"too-small\"}",
		  "50000", "its buffer of 40000 B below 50048 B in 128 B cells");
	is_sample(t, "dcb_hdrm_headroom_effective_bytes",
		  "{device=\"eth\\\"1\\\\\",prio=\"3\",verdict=\"too-small\"}",
		  "40000", "the buffer's size, without a model");
	is_sample(t, "dcb_hdrm_headroom_effective_bytes",
		  "{device=\"eth3\",prio=\"4\",verdict=\"none\"}", "2000",
		  "no device message: nothing to judge, the result's own effective headroom");
	is_sample(t, "dcb_hdrm_rtt_seconds", "{device=\"eth0\"}", "0.000412345",
		  "412345 ns");
	is_sample(t, "dcb_hdrm_rtt_seconds", "{device=\"eth\\\"1\\\\\"}",
		  "2.000000000", "2 s");
	is_sample(t, "dcb_hdrm_rtt_precision_seconds", "{device=\"eth0\"}",
		  "0.000000016", "16 ns");
	is_sample(t, "dcb_hdrm_rtt_seconds", "{device=\"eth3\"}", NULL,
		  "a result without a round trip");
	is_sample(t, "dcb_hdrm_result_age_seconds", "{device=\"eth0\"}",
		  "12.345", "12345 ms");
	is_sample(t, "dcb_hdrm_result_age_seconds", "{device=\"eth2\"}", NULL,
		  "never measured");
	is_sample(t, "dcb_hdrm_reflector_answered_total", "{device=\"eth0\"}",
		  "100", "the reflected counter");
	is_sample(t, "dcb_hdrm_reflector_rate_limited_total",
		  "{device=\"eth0\"}", "2", "the rate-limited counter");
	is_sample(t, "dcb_hdrm_reflector_malformed_total", "{device=\"eth0\"}",
		  "1", "the malformed counter");
	is_sample(t, "dcb_hdrm_foreign_replies_total", "{device=\"eth0\"}",
		  "3", "the foreign counter");
	is_sample(t, "dcb_hdrm_reflector_answered_total", "{device=\"eth2\"}",
		  "0", "a device never asked");
	is_sample(t, "dcb_hdrm_reflector_answered_total",
		  "{device=\"eth\\\"1\\\\\"}", NULL, "no counters sent");
	is_sample(t, "dcb_hdrm_peer_auto_hdrm", "{device=\"eth0\"}", "1",
		  "a capable peer");
	is_sample(t, "dcb_hdrm_peer_auto_hdrm", "{device=\"eth\\\"1\\\\\"}", "0",
		  "a peer without the capability");
	is_sample(t, "dcb_hdrm_peer_auto_hdrm", "{device=\"eth2\"}", NULL,
		  "a peer not known yet");
	is_sample(t, "dcb_hdrm_watchdog_enabled", "{device=\"eth0\"}", "1",
		  "the watchdog on");
	is_sample(t, "dcb_hdrm_watchdog_enabled", "{device=\"eth\\\"1\\\\\"}",
		  "0", "the watchdog off");
	is_sample(t, "dcb_hdrm_watchdog_stormed", "{device=\"eth0\",prio=\"3\"}",
		  "1", "stormed");
	is_sample(t, "dcb_hdrm_watchdog_storms_total",
		  "{device=\"eth0\",prio=\"3\"}", "2", "two storms");
	is_sample(t, "dcb_hdrm_watchdog_pfc_off", "{device=\"eth0\",prio=\"3\"}",
		  "1", "PFC held off by drop");
	is_sample(t, "dcb_hdrm_watchdog_stormed", "{device=\"eth4\",prio=\"3\"}",
		  "1", "held: still stormed");
	is_sample(t, "dcb_hdrm_watchdog_held", "{device=\"eth4\",prio=\"3\"}",
		  "1", "held");
	is_sample(t, "dcb_hdrm_watchdog_held", "{device=\"eth0\",prio=\"3\"}",
		  "0", "stormed, not held");
	is_sample(t, "dcb_hdrm_watchdog_held_total",
		  "{device=\"eth4\",prio=\"3\"}", "2", "held twice");
	is_sample(t, "dcb_hdrm_watchdog_held_total",
		  "{device=\"eth4\",prio=\"5\"}", "0", "never held");
	is_sample(t, "dcb_hdrm_watchdog_held_total",
		  "{device=\"eth0\",prio=\"3\"}", NULL,
		  "held_total: none from a module without held-count");
	is_sample(t, "dcb_hdrm_watchdog_restore_pending",
		  "{device=\"eth4\",prio=\"3\"}", "1", "restore pending");
	is_sample(t, "dcb_hdrm_watchdog_restore_pending",
		  "{device=\"eth4\",prio=\"5\"}", "0", "no restore pending");
	is_sample(t, "dcb_hdrm_watchdog_restore_pending",
		  "{device=\"eth0\",prio=\"3\"}", NULL,
		  "restore_pending: none from a module without it");
	is_sample(t, "dcb_hdrm_info",
		  "{version=\"0.15.0+g1234567\",module_version=\"0.15.0\",kernel=\"6.12.0-test\"}",
		  "1", "the versions");
	free(t);
	/* no module version to read: the label is left out */
	m.module_version = "";
	t = print(&m, &err);
	is_sample(t, "dcb_hdrm_info",
		  "{version=\"0.15.0+g1234567\",kernel=\"6.12.0-test\"}", "1",
		  "without the module's version");
	free(t);
	metrics_free(&m);
}

/*
 * Each family: its HELP, then its TYPE, then its samples, all in one
 * group, never again; a sample's name is the family's.
 */
static void test_once(void)
{
	char *t, *line, *save = NULL, fam[128] = "", name[128];
	char seen[64][128];
	unsigned int n_seen = 0, i, bad = 0, samples = 0;
	struct metrics m;
	int err, state = 0;	/* 0: a HELP next or a sample; 1: a TYPE */

	fix_all(&m);
	t = print(&m, &err);
	for (line = strtok_r(t, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "# HELP ", 7)) {
			snprintf(fam, sizeof(fam), "%.*s",
				 (int)strcspn(line + 7, " "), line + 7);
			for (i = 0; i < n_seen; i++)
				bad += !strcmp(seen[i], fam);
			if (n_seen < 64)
				strcpy(seen[n_seen++], fam);
			state = 1;
			continue;
		}
		if (!strncmp(line, "# TYPE ", 7)) {
			snprintf(name, sizeof(name), "%.*s",
				 (int)strcspn(line + 7, " "), line + 7);
			bad += state != 1 || strcmp(name, fam);
			state = 0;
			continue;
		}
		snprintf(name, sizeof(name), "%.*s",
			 (int)strcspn(line, "{ "), line);
		bad += state != 0 || strcmp(name, fam);
		samples++;
	}
	TAP_OK(!bad && n_seen == 18 && samples == 44,
	       "HELP and TYPE once per family, then its samples: %u families, %u samples, %u out of place",
	       n_seen, samples, bad);
	free(t);
	metrics_free(&m);
}

static void test_join(void)
{
	struct metrics m = { 0 };
	struct metrics_dev *a, *b;
	char *t, *p0, *p1;
	int err;

	a = metrics_dev_of(&m, 9, "eth9");
	a->has_dev = true;
	a->dev.has_stats = true;
	b = metrics_dev_of(&m, 3, "eth3");
	b->has_dev = true;
	b->dev.has_stats = true;
	a = metrics_dev_of(&m, 9, "renamed");
	TAP_OK(m.n == 2 && a == &m.devs[0] && !strcmp(a->ifname, "eth9") &&
	       a->has_dev, "the same ifindex again: the device already there");
	for (err = 0; err < 20; err++)
		metrics_dev_of(&m, 100 + err, "many");
	TAP_OK(m.n == 22 && m.devs[0].ifindex == 9 && m.devs[21].ifindex == 119,
	       "22 devices: each once, kept as the array grows");
	t = print(&m, &err);
	p0 = strstr(t, "{device=\"eth3\"}");
	p1 = strstr(t, "{device=\"eth9\"}");
	TAP_OK(err == 0 && p0 && p1 && p0 < p1,
	       "the devices in ifindex order within a family");
	free(t);
	metrics_free(&m);
}

/* promtool check metrics, on the golden output: 0, 4 without promtool */
static void test_promtool(void)
{
	char cmd[PATH_MAX + 64];
	int rc;

	if (system("command -v promtool >/dev/null 2>&1")) {
		printf("ok %d - promtool check metrics # SKIP promtool not installed (Debian's prometheus package; selftests/deps installs it)\n",
		       ++tap_n);
		return;
	}
	snprintf(cmd, sizeof(cmd), "promtool check metrics <'%s' 2>&1", golden);
	rc = system(cmd);
	TAP_OK(rc == 0, "promtool check metrics: %s passes, lint included",
	       golden);
}

/* ---- the textfile ---- */

static char tmpdir[] = "/tmp/test_metrics.XXXXXX";

static unsigned int entries(const char *dir)
{
	char cmd[PATH_MAX];
	unsigned int n = 0;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "ls -A '%s' | wc -l", dir);
	f = popen(cmd, "r");
	if (!f || fscanf(f, "%u", &n) != 1)
		n = 99;
	if (f)
		pclose(f);
	return n;
}

static void test_textfile(void)
{
	char path[PATH_MAX + 64], sub[PATH_MAX], *got;
	struct stat st;
	int fd, err;

	if (!mkdtemp(tmpdir))
		exit(2);
	snprintf(path, sizeof(path), "%s/" METRICS_TEXTFILE, tmpdir);
	fd = metrics_textfile_dir(tmpdir);
	TAP_OK(fd >= 0, "metrics_textfile_dir: a directory to write in");
	umask(077);
	err = metrics_textfile_write(fd, tmpdir, "old 1\n", 6);
	err |= metrics_textfile_write(fd, tmpdir, "new 2\n", 6);
	got = slurp(path);
	TAP_OK(!err && got && !strcmp(got, "new 2\n") && entries(tmpdir) == 1,
	       "written over the old file, no temporary file left");
	free(got);
	TAP_OK(!stat(path, &st) && (st.st_mode & 0777) == 0644,
	       "readable by node_exporter's user whatever the umask (%o)",
	       st.st_mode & 0777);
	umask(022);
	close(fd);

	/* a rename that fails (a directory in the way): nothing changed */
	snprintf(sub, sizeof(sub), "%s/d", tmpdir);
	mkdir(sub, 0755);
	snprintf(path, sizeof(path), "%s/" METRICS_TEXTFILE, sub);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/" METRICS_TEXTFILE "/kept", sub);
	close(open(path, O_CREAT | O_WRONLY, 0644));
	fd = metrics_textfile_dir(sub);
	err = metrics_textfile_write(fd, sub, "new\n", 4);
	TAP_OK(err == -EISDIR && entries(sub) == 1 && !access(path, F_OK),
	       "a failed rename: %d, the temporary file removed, the old left",
	       err);
	close(fd);

	snprintf(path, sizeof(path), "%s/missing", tmpdir);
	TAP_OK(metrics_textfile_dir(path) == -ENOENT, "a missing directory: -ENOENT");
	snprintf(path, sizeof(path), "%s/" METRICS_TEXTFILE, tmpdir);
	TAP_OK(metrics_textfile_dir(path) == -ENOTDIR, "a file: -ENOTDIR");
	chmod(sub, 0555);
	if (!geteuid()) {
		printf("ok %d - a directory not writable: -EACCES # SKIP root writes anyway\n",
		       ++tap_n);
	} else {
		TAP_OK(metrics_textfile_dir(sub) == -EACCES,
		       "a directory not writable: -EACCES");
	}
	snprintf(path, sizeof(path), "chmod -R u+w '%s'; rm -rf '%s'",
		 tmpdir, tmpdir);
	if (system(path))
		printf("# %s left behind\n", tmpdir);
}

int main(int argc, char **argv)
{
	char self[PATH_MAX];
	struct metrics m;
	char *t;
	FILE *f;
	int err;

	snprintf(self, sizeof(self), "%s", argv[0]);
	snprintf(golden, sizeof(golden), "%s/golden/metrics.prom",
		 dirname(self));
	if (argc == 3 && !strcmp(argv[1], "-w")) {
		fix_all(&m);
		t = print(&m, &err);
		f = fopen(argv[2], "w");
		if (err || !f || fputs(t, f) < 0 || fclose(f))
			return 1;
		return 0;
	}
	test_golden();
	test_values();
	test_once();
	test_join();
	test_promtool();
	test_textfile();
	return tap_done();
}
