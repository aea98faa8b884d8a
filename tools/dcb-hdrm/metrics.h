/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dcb-hdrm metrics: every device's result, device and watchdog messages,
 * joined by device, as Prometheus's text exposition format (metrics.c).
 */
#ifndef DCB_HDRM_METRICS_H
#define DCB_HDRM_METRICS_H

#include <stdint.h>
#include <stdio.h>

#include "dev.h"
#include "result.h"
#include "watchdog.h"

/* what the three dumps said of one device */
struct metrics_dev {
	uint32_t ifindex;
	char ifname[32];
	bool has_dev, has_result, has_wd;
	struct dev_info dev;		/* dev-get */
	struct result res;		/* result-get: its last measurement */
	struct wd_info wd;		/* watchdog-get */
};

struct metrics {
	struct metrics_dev *devs;
	unsigned int n, cap;
	/* dcb_hdrm_info's labels; NULL or "": left out */
	const char *version;		/* the tool's */
	const char *module_version;	/* /sys/module/dcb_hdrm/version */
	const char *kernel;		/* uname's release */
};

/* The file node_exporter's textfile collector reads, in DIR. */
#define METRICS_TEXTFILE	"dcb_hdrm.prom"

/*
 * The device of @ifindex, added (as @ifname) when it is not there yet.
 * Return: it, or NULL when memory ran out.
 */
struct metrics_dev *metrics_dev_of(struct metrics *m, uint32_t ifindex,
				   const char *ifname);
void metrics_free(struct metrics *m);
/*
 * @m as the exposition format, its devices in ifindex order. Return: 0,
 * or prom_end()'s refusal (the output is then not to be used).
 */
int metrics_print(FILE *fp, struct metrics *m);
/*
 * @len bytes of @text to @dir/dcb_hdrm.prom, whole or not at all: a
 * temporary file in @dir, written, synced and renamed over it. Return:
 * 0, or a negative errno, said in one line (the old file left as it was).
 */
int metrics_textfile_write(int dirfd, const char *dir, const char *text,
			   size_t len);
/* @dir opened to write in, or a negative errno, said in one line */
int metrics_textfile_dir(const char *dir);

#endif
