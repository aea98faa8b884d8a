// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm metrics: what show, dev show and watchdog show report of every
 * device, as Prometheus's text exposition format, on stdout or written
 * whole into node_exporter's textfile directory. The same three requests
 * those commands send (dumps here), parsed by their parsers, joined by
 * device; the families below turn the parsed structs into samples.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "metrics.h"
#include "prom.h"
#include "report.h"

#ifndef DCB_HDRM_VERSION
#define DCB_HDRM_VERSION "unknown"
#endif

struct metrics_dev *metrics_dev_of(struct metrics *m, uint32_t ifindex,
				   const char *ifname)
{
	struct metrics_dev *d;
	unsigned int i;

	for (i = 0; i < m->n; i++)
		if (m->devs[i].ifindex == ifindex)
			return &m->devs[i];
	if (m->n == m->cap) {
		unsigned int cap = m->cap ? 2 * m->cap : 8;

		d = realloc(m->devs, cap * sizeof(*d));
		if (!d)
			return NULL;
		m->devs = d;
		m->cap = cap;
	}
	d = &m->devs[m->n++];
	memset(d, 0, sizeof(*d));
	d->ifindex = ifindex;
	snprintf(d->ifname, sizeof(d->ifname), "%s", ifname);
	return d;
}

void metrics_free(struct metrics *m)
{
	free(m->devs);
	m->devs = NULL;
	m->n = 0;
	m->cap = 0;
}

/* ---- the families: parsed structs to samples ---- */

struct family {
	struct prom_family f;
	void (*emit)(struct prom *p, const struct metrics_dev *d,
		     unsigned int arg);
	unsigned int arg;		/* which value, for a shared emit */
};

/* the label values of a sample: the device's, a priority's, a verdict */
struct labels {
	struct prom_label l[3];
	char prio[4];
};

static const struct prom_label *dev_labels(struct labels *ls,
					   const struct metrics_dev *d)
{
	ls->l[0] = (struct prom_label){ "device", d->ifname };
	return ls->l;
}

static const struct prom_label *prio_labels(struct labels *ls,
					    const struct metrics_dev *d,
					    unsigned int prio)
{
	snprintf(ls->prio, sizeof(ls->prio), "%u", prio);
	ls->l[0] = (struct prom_label){ "device", d->ifname };
	ls->l[1] = (struct prom_label){ "prio", ls->prio };
	return ls->l;
}

/*
 * Show's verdict of priority @prio ("none": nothing to judge it against,
 * such as a device without DCB), and in @eff the headroom it has, in
 * bytes: the driver's by its model, else the buffer's; false for none.
 */
static const char *verdict_of(const struct metrics_dev *d, unsigned int prio,
			      uint64_t *eff, bool *has_eff)
{
	const struct prio_res *r = &d->res.prio[prio];
	struct hdrm_prio_verdict pv;
	bool judged;

	judged = d->has_dev &&
		 hdrm_prio_verdict(&d->res, &d->dev.dcb_state, prio, &pv);
	*has_eff = r->has_eff;
	*eff = r->eff;
	if (!r->has_eff && judged && !strcmp(pv.unit, "bytes")) {
		*has_eff = true;
		*eff = pv.current;
	}
	return judged ? hdrm_verdict_names[pv.v] : "none";
}

enum { HEADROOM_RECOMMENDED, HEADROOM_EFFECTIVE };

static void emit_headroom(struct prom *p, const struct metrics_dev *d,
			  unsigned int which)
{
	struct labels ls;
	unsigned int prio;
	bool has_eff;
	uint64_t eff;

	if (!d->has_result)
		return;
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!d->res.prio[prio].valid)
			continue;
		prio_labels(&ls, d, prio);
		ls.l[2] = (struct prom_label){
			"verdict", verdict_of(d, prio, &eff, &has_eff),
		};
		if (which == HEADROOM_RECOMMENDED)
			prom_u64(p, ls.l, 3, d->res.prio[prio].bytes);
		else if (has_eff)
			prom_u64(p, ls.l, 3, eff);
	}
}

enum { RTT_ESTIMATE, RTT_PRECISION };

static void emit_rtt(struct prom *p, const struct metrics_dev *d,
		     unsigned int which)
{
	struct labels ls;

	if (!d->has_result || !d->res.has_rtt)
		return;
	prom_fixed(p, dev_labels(&ls, d), 1,
		   which == RTT_ESTIMATE ? d->res.est : d->res.precision, 9);
}

static void emit_age(struct prom *p, const struct metrics_dev *d,
		     unsigned int unused)
{
	struct labels ls;

	if (d->has_result)
		prom_fixed(p, dev_labels(&ls, d), 1, d->res.age_ms, 3);
}

/* @attr: the counter's DCB_HDRM_A_STATS_* */
static void emit_stat(struct prom *p, const struct metrics_dev *d,
		      unsigned int attr)
{
	struct labels ls;

	if (d->has_dev && d->dev.has_stats)
		prom_u64(p, dev_labels(&ls, d), 1, d->dev.stats[attr]);
}

static void emit_peer(struct prom *p, const struct metrics_dev *d,
		      unsigned int unused)
{
	struct labels ls;

	if (d->has_dev && d->dev.peer.present)
		prom_u64(p, dev_labels(&ls, d), 1, d->dev.peer.auto_hdrm);
}

static void emit_wd_state(struct prom *p, const struct metrics_dev *d,
			  unsigned int unused)
{
	struct labels ls;

	if (d->has_wd)
		prom_u64(p, dev_labels(&ls, d), 1, d->wd.state);
}

enum { WD_STORMED, WD_STORMS, WD_PFC_OFF, WD_HELD, WD_HELD_TOTAL,
       WD_RESTORE_PENDING };

static void emit_wd_prio(struct prom *p, const struct metrics_dev *d,
			 unsigned int which)
{
	const struct wd_prio *w;
	struct labels ls;
	unsigned int i;
	uint64_t v;

	for (i = 0; d->has_wd && i < d->wd.n_prio; i++) {
		w = &d->wd.prio[i];
		/* a module from before storm-limit: no sample of its own */
		if ((which == WD_HELD_TOTAL && !w->has_held_count) ||
		    (which == WD_RESTORE_PENDING && !w->has_restore_pending))
			continue;
		/* a held priority's storm is not over: it is still stormed */
		if (which == WD_STORMED)
			v = w->state == DCB_HDRM_WD_STATE_STORMED ||
			    w->state == DCB_HDRM_WD_STATE_HELD;
		else if (which == WD_HELD)
			v = w->state == DCB_HDRM_WD_STATE_HELD;
		else if (which == WD_STORMS)
			v = w->storms;
		else if (which == WD_HELD_TOTAL)
			v = w->held_count;
		else if (which == WD_RESTORE_PENDING)
			v = w->restore_pending;
		else
			v = w->pfc_off;
		prom_u64(p, prio_labels(&ls, d, w->prio), 2, v);
	}
}

static const struct family families[] = {
	{ { "dcb_hdrm_headroom_recommended_bytes", "gauge",
	    "The headroom the last measurement recommends for a priority, in bytes; verdict: show's, the device's headroom against it (none: nothing to judge it against)." },
	  emit_headroom, HEADROOM_RECOMMENDED },
	{ { "dcb_hdrm_headroom_effective_bytes", "gauge",
	    "The headroom a priority has on the device now, in bytes: by the driver's model, else its lossless buffer's size; verdict as in dcb_hdrm_headroom_recommended_bytes." },
	  emit_headroom, HEADROOM_EFFECTIVE },
	{ { "dcb_hdrm_rtt_seconds", "gauge",
	    "The last measurement's round-trip estimate t, in seconds." },
	  emit_rtt, RTT_ESTIMATE },
	{ { "dcb_hdrm_rtt_precision_seconds", "gauge",
	    "The last measurement's precision, in seconds: the headroom allows t + 2 x precision." },
	  emit_rtt, RTT_PRECISION },
	{ { "dcb_hdrm_result_age_seconds", "gauge",
	    "Seconds since the last measurement ended, when it was read." },
	  emit_age },
	{ { "dcb_hdrm_reflector_answered_total", "counter",
	    "Measurement requests the device's reflector answered." },
	  emit_stat, DCB_HDRM_A_STATS_REFLECTED },
	{ { "dcb_hdrm_reflector_rate_limited_total", "counter",
	    "Measurement requests the reflector dropped at its reply rate limit." },
	  emit_stat, DCB_HDRM_A_STATS_RATE_LIMITED },
	{ { "dcb_hdrm_reflector_malformed_total", "counter",
	    "Frames of the measurement EtherTypes and opcode that failed validation." },
	  emit_stat, DCB_HDRM_A_STATS_MALFORMED },
	{ { "dcb_hdrm_foreign_replies_total", "counter",
	    "Replies from a second responder on the link (a bridge in the middle); each ended its measurement with status foreign." },
	  emit_stat, DCB_HDRM_A_STATS_FOREIGN },
	{ { "dcb_hdrm_peer_auto_hdrm", "gauge",
	    "1 when the link's peer has the auto-HDRM capability, 0 when it lacks it (its headroom is set by hand); absent while unknown." },
	  emit_peer },
	{ { "dcb_hdrm_watchdog_enabled", "gauge",
	    "1 when the device's PFC watchdog is on." },
	  emit_wd_state },
	{ { "dcb_hdrm_watchdog_stormed", "gauge",
	    "1 while the PFC watchdog holds a priority stormed." },
	  emit_wd_prio, WD_STORMED },
	{ { "dcb_hdrm_watchdog_storms_total", "counter",
	    "Pause storms the PFC watchdog declared on a priority." },
	  emit_wd_prio, WD_STORMS },
	{ { "dcb_hdrm_watchdog_pfc_off", "gauge",
	    "1 while the PFC watchdog (action drop) holds PFC off on a priority: lossless traffic there is lossy." },
	  emit_wd_prio, WD_PFC_OFF },
	{ { "dcb_hdrm_watchdog_held", "gauge",
	    "1 while the PFC watchdog holds a priority after a storm (storm-limit or recovery manual) until dcb-hdrm watchdog recover." },
	  emit_wd_prio, WD_HELD },
	{ { "dcb_hdrm_watchdog_held_total", "counter",
	    "Storms of a priority the PFC watchdog held since it was turned on." },
	  emit_wd_prio, WD_HELD_TOTAL },
	{ { "dcb_hdrm_watchdog_restore_pending", "gauge",
	    "1 while the driver refuses to turn back on the PFC the watchdog turned off on a priority; the watchdog keeps trying." },
	  emit_wd_prio, WD_RESTORE_PENDING },
};

static const struct prom_family info_family = {
	"dcb_hdrm_info", "gauge",
	"1, labelled with the versions of the dcb-hdrm tool, the dcb_hdrm module (when loaded) and the kernel.",
};

static int by_ifindex(const void *a, const void *b)
{
	const struct metrics_dev *x = a, *y = b;

	return (x->ifindex > y->ifindex) - (x->ifindex < y->ifindex);
}

int metrics_print(FILE *fp, struct metrics *m)
{
	struct prom_label l[3];
	unsigned int i, j, n = 0;
	struct prom p;

	prom_init(&p, fp);
	prom_family(&p, &info_family);
	l[n++] = (struct prom_label){ "version", m->version ? m->version : "" };
	if (m->module_version && *m->module_version)
		l[n++] = (struct prom_label){ "module_version",
					      m->module_version };
	l[n++] = (struct prom_label){ "kernel", m->kernel ? m->kernel : "" };
	prom_sample(&p, l, n, "1");
	if (m->n)
		qsort(m->devs, m->n, sizeof(*m->devs), by_ifindex);
	/* family by family, so that each family's samples are together */
	for (i = 0; i < ARRAY_SIZE(families); i++) {
		prom_family(&p, &families[i].f);
		for (j = 0; j < m->n; j++)
			families[i].emit(&p, &m->devs[j], families[i].arg);
	}
	return prom_end(&p);
}

/* ---- the textfile ---- */

int metrics_textfile_dir(const char *dir)
{
	int fd, err;

	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		err = errno;
		hdrm_err("metrics textfile: cannot open directory \"%s\": %s",
			 dir, strerror(err));
		return -err;
	}
	if (faccessat(fd, ".", W_OK, AT_EACCESS) < 0) {
		err = errno;
		hdrm_err("metrics textfile: cannot write in directory \"%s\": %s",
			 dir, strerror(err));
		close(fd);
		return -err;
	}
	return fd;
}

static int write_all(int fd, const char *text, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, text, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		text += n;
		len -= n;
	}
	return 0;
}

int metrics_textfile_write(int dirfd, const char *dir, const char *text,
			   size_t len)
{
	char tmp[64];
	int fd, err;

	/*
	 * Hidden and not ending in .prom, so that the collector never reads
	 * it half written; a stale one of this pid (a crash) is replaced.
	 */
	snprintf(tmp, sizeof(tmp), "." METRICS_TEXTFILE ".%d", (int)getpid());
	fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 && errno == EEXIST && !unlinkat(dirfd, tmp, 0))
		fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
			    0644);
	if (fd < 0) {
		err = -errno;
		goto said;
	}
	/* node_exporter reads it as its own user, whatever our umask */
	err = fchmod(fd, 0644) < 0 ? -errno : write_all(fd, text, len);
	if (!err && fsync(fd) < 0)
		err = -errno;
	if (close(fd) < 0 && !err)
		err = -errno;
	if (!err && renameat(dirfd, tmp, dirfd, METRICS_TEXTFILE) < 0)
		err = -errno;
	if (err) {
		unlinkat(dirfd, tmp, 0);
		goto said;
	}
	/* the rename itself, on disk; a directory that cannot is no error */
	fsync(dirfd);
	return 0;
said:
	hdrm_err("metrics textfile: cannot write \"%s/%s\": %s; the old file is left as it was",
		 dir, METRICS_TEXTFILE, strerror(-err));
	return err;
}

/* ---- the command ---- */

static int dev_cb(struct nlattr *attrs, int len, void *arg)
{
	struct metrics_dev *d;
	struct dev_info info;
	int err;

	err = dev_parse(attrs, len, &info);
	if (err)
		return err;
	d = metrics_dev_of(arg, info.ifindex, info.ifname);
	if (!d)
		return -ENOMEM;
	d->dev = info;
	d->has_dev = true;
	return 0;
}

static int result_cb(struct nlattr *attrs, int len, void *arg)
{
	struct metrics_dev *d;
	struct result r;
	int err;

	err = result_parse(attrs, len, &r);
	if (err)
		return err;
	d = metrics_dev_of(arg, r.ifindex, r.ifname);
	if (!d)
		return -ENOMEM;
	d->res = r;
	d->has_result = true;
	return 0;
}

static int wd_cb(struct nlattr *attrs, int len, void *arg)
{
	struct metrics_dev *d;
	struct wd_info w;
	int err;

	err = wd_parse(attrs, len, &w);
	if (err)
		return err;
	d = metrics_dev_of(arg, w.ifindex, w.ifname);
	if (!d)
		return -ENOMEM;
	d->wd = w;
	d->has_wd = true;
	return 0;
}

/* every device's dev-get, result-get and watchdog-get, as dumps */
static int metrics_gather(struct hdrm_ctx *ctx, struct metrics *m)
{
	static const struct {
		uint8_t cmd;
		hdrm_nl_reply_cb cb;
	} dumps[] = {
		{ DCB_HDRM_CMD_DEV_GET, dev_cb },
		{ DCB_HDRM_CMD_RESULT_GET, result_cb },
		{ DCB_HDRM_CMD_WATCHDOG_GET, wd_cb },
	};
	struct nl_msg *msg;
	unsigned int i;
	int err;

	err = hdrm_connect(ctx);
	if (err)
		return err;
	for (i = 0; i < ARRAY_SIZE(dumps); i++) {
		msg = hdrm_nl_msg(&ctx->nl, dumps[i].cmd, NLM_F_DUMP);
		if (!msg) {
			hdrm_err("out of memory");
			return EXIT_KERNEL;
		}
		err = hdrm_nl_talk(&ctx->nl, msg, dumps[i].cb, m);
		if (err == -ENOMEM && !ctx->nl.extack[0]) {
			hdrm_err("out of memory");
			return EXIT_KERNEL;
		}
		if (err)
			return dumps[i].cmd == DCB_HDRM_CMD_WATCHDOG_GET ?
			       wd_kernel_err(ctx, "metrics", err) :
			       hdrm_kernel_err(ctx, "metrics", err);
	}
	return 0;
}

/* @path's first line, without its newline; "" when it cannot be read */
static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, len, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

static void metrics_usage(FILE *f)
{
	fprintf(f,
		"Usage: dcb-hdrm metrics [ textfile DIR ]\n"
		"       dcb-hdrm metrics help\n"
		"Prometheus's text exposition format on stdout, or written whole to\n"
		"DIR/" METRICS_TEXTFILE " for node_exporter's textfile collector.\n");
}

int hdrm_cmd_metrics(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct metrics m = { .version = DCB_HDRM_VERSION };
	char module_version[64];
	const char *dir = NULL;
	struct utsname uts;
	int dirfd = -1, err;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (argc > 0 && hdrm_matches(*argv, "help")) {
		metrics_usage(stdout);
		return 0;
	}
	if (argc > 0 && hdrm_matches(*argv, "textfile")) {
		if (argc < 2) {
			hdrm_err("metrics textfile: expected a directory, as in \"metrics textfile /var/lib/prometheus/node-exporter\"");
			return EXIT_USAGE;
		}
		dir = argv[1];
		argc -= 2;
		argv += 2;
	}
	if (argc > 0) {
		hdrm_err("metrics: unknown argument \"%s\"; expected \"textfile DIR\" or \"help\"",
			 *argv);
		return EXIT_USAGE;
	}
	/* the directory first: its error is the one to give */
	if (dir) {
		dirfd = metrics_textfile_dir(dir);
		if (dirfd < 0)
			return EXIT_USAGE;
	}
	err = metrics_gather(ctx, &m);
	if (err)
		goto out;
	read_line("/sys/module/dcb_hdrm/version", module_version,
		  sizeof(module_version));
	m.module_version = module_version;
	m.kernel = uname(&uts) ? "" : uts.release;
	f = open_memstream(&text, &len);
	if (!f) {
		hdrm_err("out of memory");
		err = EXIT_KERNEL;
		goto out;
	}
	err = metrics_print(f, &m);
	if (fclose(f) && !err)
		err = -EIO;
	if (err) {
		hdrm_err("metrics: the exposition format refused the output (%s)",
			 strerror(-err));
		err = EXIT_KERNEL;
	} else if (dir) {
		err = metrics_textfile_write(dirfd, dir, text, len) ?
		      EXIT_USAGE : 0;
	} else {
		fwrite(text, 1, len, stdout);
	}
out:
	free(text);
	metrics_free(&m);
	if (dirfd >= 0)
		close(dirfd);
	return err;
}
