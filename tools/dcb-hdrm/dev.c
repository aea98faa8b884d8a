// SPDX-License-Identifier: GPL-2.0
/* dcb-hdrm dev: the Ethernet devices the module sees. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "dcb-hdrm.h"

struct dev_info {
	uint32_t ifindex;
	char ifname[32];
	bool dcb;
	uint32_t dcb_ops;
	bool has_speed;
	uint32_t speed;
	uint32_t mtu;
	bool carrier;
	uint32_t caps;
};

static const char *const dcb_ops_names[] = {
	"ieee-pfc", "ieee-ets", "buffer", "dcbx",
};

static const char *const caps_names[] = {
	"reflect", "measure",
};

static struct nla_policy dev_policy[DCB_HDRM_A_DEV_MAX + 1] = {
	[DCB_HDRM_A_DEV_IFINDEX]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_IFNAME]		= { .type = NLA_STRING },
	[DCB_HDRM_A_DEV_DCB]		= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_DCB_OPS]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_SPEED]		= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_MTU]		= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_CARRIER]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_CAPS]		= { .type = NLA_U32 },
};

static int dev_parse(struct nlattr *attrs, int len, struct dev_info *d)
{
	struct nlattr *tb[DCB_HDRM_A_DEV_MAX + 1];

	memset(d, 0, sizeof(*d));
	if (nla_parse(tb, DCB_HDRM_A_DEV_MAX, attrs, len, dev_policy) < 0 ||
	    !tb[DCB_HDRM_A_DEV_IFINDEX] || !tb[DCB_HDRM_A_DEV_IFNAME])
		return -EPROTO;
	d->ifindex = nla_get_u32(tb[DCB_HDRM_A_DEV_IFINDEX]);
	nla_strlcpy(d->ifname, tb[DCB_HDRM_A_DEV_IFNAME], sizeof(d->ifname));
	if (tb[DCB_HDRM_A_DEV_DCB])
		d->dcb = nla_get_u8(tb[DCB_HDRM_A_DEV_DCB]);
	if (tb[DCB_HDRM_A_DEV_DCB_OPS])
		d->dcb_ops = nla_get_u32(tb[DCB_HDRM_A_DEV_DCB_OPS]);
	if (tb[DCB_HDRM_A_DEV_SPEED]) {
		d->has_speed = true;
		d->speed = nla_get_u32(tb[DCB_HDRM_A_DEV_SPEED]);
	}
	if (tb[DCB_HDRM_A_DEV_MTU])
		d->mtu = nla_get_u32(tb[DCB_HDRM_A_DEV_MTU]);
	if (tb[DCB_HDRM_A_DEV_CARRIER])
		d->carrier = nla_get_u8(tb[DCB_HDRM_A_DEV_CARRIER]);
	if (tb[DCB_HDRM_A_DEV_CAPS])
		d->caps = nla_get_u32(tb[DCB_HDRM_A_DEV_CAPS]);
	return 0;
}

static void flags_json(struct jw *w, const char *key, uint32_t flags,
		       const char *const *names, unsigned int n)
{
	unsigned int i;

	jw_key(w, key);
	jw_arr_open(w);
	for (i = 0; i < n; i++)
		if (flags & (1u << i))
			jw_str(w, names[i]);
	jw_arr_close(w);
}

static void flags_text(char *buf, size_t len, uint32_t flags,
		       const char *const *names, unsigned int n)
{
	size_t used = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < n && used < len; i++)
		if (flags & (1u << i))
			used += snprintf(buf + used, len - used, "%s%s",
					 used ? "," : "", names[i]);
	if (!buf[0])
		snprintf(buf, len, "-");
}

static void dev_print_json(struct jw *w, const struct dev_info *d)
{
	jw_obj_open(w);
	jw_ku64(w, "ifindex", d->ifindex);
	jw_kstr(w, "ifname", d->ifname);
	jw_kbool(w, "dcb", d->dcb);
	flags_json(w, "dcb_ops", d->dcb_ops, dcb_ops_names, 4);
	jw_key(w, "speed_mbps");
	if (d->has_speed)
		jw_u64(w, d->speed);
	else
		jw_null(w);
	jw_ku64(w, "mtu", d->mtu);
	jw_kbool(w, "carrier", d->carrier);
	flags_json(w, "caps", d->caps, caps_names, 2);
	jw_obj_close(w);
}

static void dev_print_header(void)
{
	printf("%-7s %-15s %-7s %-6s %-4s %-30s %s\n", "IFINDEX", "IFNAME",
	       "CARRIER", "MTU", "DCB", "DCB-OPS", "SPEED");
}

static void dev_print_text(const struct dev_info *d)
{
	char ops[64], speed[16];

	flags_text(ops, sizeof(ops), d->dcb_ops, dcb_ops_names, 4);
	if (d->has_speed)
		snprintf(speed, sizeof(speed), "%uMb/s", d->speed);
	else
		snprintf(speed, sizeof(speed), "unknown");
	printf("%-7u %-15s %-7s %-6u %-4s %-30s %s\n", d->ifindex, d->ifname,
	       d->carrier ? "up" : "down", d->mtu, d->dcb ? "yes" : "no",
	       ops, speed);
}

struct dev_show {
	struct hdrm_ctx *ctx;
	unsigned int n;
};

static int dev_show_one(struct nlattr *attrs, int len, void *arg)
{
	struct dev_show *s = arg;
	struct dev_info d;
	int err;

	err = dev_parse(attrs, len, &d);
	if (err)
		return err;
	if (s->ctx->json)
		dev_print_json(&s->ctx->jw, &d);
	else
		dev_print_text(&d);
	s->n++;
	return 0;
}

static void dev_usage(FILE *f)
{
	fprintf(f,
		"Usage: dcb-hdrm dev show [ dev DEV ]\n"
		"       dcb-hdrm dev help\n");
}

static int dev_show(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct dev_show s = { .ctx = ctx };
	const char *name = NULL;
	uint32_t ifindex = 0;
	struct nl_msg *msg;
	int err;

	while (argc > 0) {
		if (hdrm_matches(*argv, "dev")) {
			if (argc < 2) {
				hdrm_err("dev show: \"dev\" needs a device name");
				return EXIT_USAGE;
			}
			name = argv[1];
			argc -= 2;
			argv += 2;
		} else if (hdrm_matches(*argv, "help")) {
			dev_usage(stdout);
			return 0;
		} else {
			hdrm_err("dev show: unknown argument \"%s\"; expected \"dev DEV\"",
				 *argv);
			return EXIT_USAGE;
		}
	}
	if (name && hdrm_parse_ifindex(name, &ifindex))
		return EXIT_USAGE;

	err = hdrm_connect(ctx);
	if (err)
		return err;
	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_GET,
			  ifindex ? 0 : NLM_F_DUMP);
	if (!msg || (ifindex &&
		     nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0)) {
		hdrm_err("out of memory");
		return EXIT_KERNEL;
	}

	if (ctx->json && !ifindex)
		jw_arr_open(&ctx->jw);
	else if (!ctx->json)
		dev_print_header();
	err = hdrm_nl_talk(&ctx->nl, msg, dev_show_one, &s);
	if (ctx->json && !ifindex)
		jw_arr_close(&ctx->jw);
	if (ctx->json && (s.n || !ifindex))
		jw_end(&ctx->jw);
	if (err)
		return hdrm_kernel_err(ctx, name ? name : "dev show", err);
	return 0;
}

int hdrm_cmd_dev(struct hdrm_ctx *ctx, int argc, char **argv)
{
	if (argc == 0 || hdrm_matches(*argv, "show"))
		return dev_show(ctx, argc ? argc - 1 : 0, argv + 1);
	if (hdrm_matches(*argv, "help")) {
		dev_usage(stdout);
		return 0;
	}
	hdrm_err("dev: unknown command \"%s\"; expected \"show\" or \"help\"",
		 *argv);
	return EXIT_USAGE;
}
