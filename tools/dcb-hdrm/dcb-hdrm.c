// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm: measure a link's round trip and size PFC headroom, through the
 * dcb_hdrm kernel module. Shaped like iproute2's dcb:
 *	dcb-hdrm [ OPTIONS ] OBJECT { COMMAND | help }
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dcb-hdrm.h"

#ifndef DCB_HDRM_VERSION
#define DCB_HDRM_VERSION "unknown"
#endif

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: dcb-hdrm [ OPTIONS ] OBJECT { COMMAND | help }\n"
		"where  OBJECT := { dev | measure | show | simulate | monitor | lldp | help }\n"
		"       OPTIONS := { -j[son] | -p[retty] | -n[etns] NAME | -V[ersion] | -h[elp] }\n");
}

static int enter_netns(const char *name)
{
	char path[256];
	int fd;

	if (!*name || strchr(name, '/') || strlen(name) > 200) {
		hdrm_err("invalid network namespace name \"%s\"", name);
		return -1;
	}
	snprintf(path, sizeof(path), "/run/netns/%s", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		hdrm_err("cannot open network namespace \"%s\": %s", name,
			 strerror(errno));
		return -1;
	}
	if (setns(fd, CLONE_NEWNET) < 0) {
		hdrm_err("cannot enter network namespace \"%s\": %s", name,
			 strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	struct hdrm_ctx ctx = { 0 };
	const char *opt;
	int ret;

	/* iproute2 style: -j, -json, --json and any prefix are the same. */
	for (argc--, argv++; argc > 0 && argv[0][0] == '-'; argc--, argv++) {
		opt = argv[0] + 1;
		if (*opt == '-')
			opt++;
		if (hdrm_matches(opt, "json")) {
			ctx.json = true;
		} else if (hdrm_matches(opt, "pretty")) {
			ctx.pretty = true;
		} else if (hdrm_matches(opt, "netns")) {
			if (argc < 2) {
				hdrm_err("option \"%s\" needs a namespace name",
					 argv[0]);
				return EXIT_USAGE;
			}
			if (enter_netns(argv[1]))
				return EXIT_USAGE;
			argc--;
			argv++;
		} else if (hdrm_matches(opt, "Version")) {
			printf("dcb-hdrm %s\n", DCB_HDRM_VERSION);
			return 0;
		} else if (hdrm_matches(opt, "help")) {
			usage(stdout);
			return 0;
		} else {
			hdrm_err("unknown option \"%s\"; expected one of -j, -p, -n NAME, -V, -h",
				 argv[0]);
			return EXIT_USAGE;
		}
	}
	jw_init(&ctx.jw, stdout, ctx.pretty);

	if (argc == 0) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (hdrm_matches(*argv, "dev")) {
		ret = hdrm_cmd_dev(&ctx, argc - 1, argv + 1);
	} else if (hdrm_matches(*argv, "measure")) {
		ret = hdrm_cmd_measure(&ctx, argc - 1, argv + 1);
	} else if (hdrm_matches(*argv, "monitor")) {
		ret = hdrm_cmd_monitor(&ctx, argc - 1, argv + 1);
	} else if (hdrm_matches(*argv, "show")) {
		ret = hdrm_cmd_show(&ctx, argc - 1, argv + 1);
	} else if (hdrm_matches(*argv, "lldp")) {
		ret = hdrm_cmd_lldp(&ctx, argc - 1, argv + 1);
	} else if (hdrm_matches(*argv, "simulate")) {
		ret = hdrm_cmd_simulate(&ctx, argc - 1, argv + 1);
	} else if (hdrm_matches(*argv, "help")) {
		usage(stdout);
		ret = 0;
	} else {
		hdrm_err("unknown object \"%s\"; expected one of: dev, measure, show, simulate, monitor, lldp, help",
			 *argv);
		ret = EXIT_USAGE;
	}
	if (ctx.nl_open)
		hdrm_nl_close(&ctx.nl);
	return ret;
}
