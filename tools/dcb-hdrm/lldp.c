// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm lldp send | listen: one LLDPDU carrying the device's DCBX PFC
 * TLV with the auto-HDRM bit, and learning the peer's bit from the
 * LLDPDUs it sends (Documentation/lldp.rst). The TLVs are built and
 * parsed by the module's pure code (kmod/lib/hdrm_lldp.c).
 */
#include <errno.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "dev.h"
#include "hdrm_lldp.h"

static const unsigned char lldp_dest[6] = { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x0e };
static const char *const variant_words[] = { "ieee", "cee", "cin" };

struct lldp_dev {
	bool found, auto_hdrm;
	uint32_t pfc_cap, pfc_en;
};

static int lldp_dev_cb(struct nlattr *attrs, int len, void *arg)
{
	struct nlattr *tb[DCB_HDRM_A_DEV_MAX + 1];
	struct nlattr *st[DCB_HDRM_A_DCB_STATE_MAX + 1];
	struct lldp_dev *d = arg;

	if (nla_parse(tb, DCB_HDRM_A_DEV_MAX, attrs, len, NULL) < 0)
		return -EPROTO;
	d->found = true;
	d->auto_hdrm = tb[DCB_HDRM_A_DEV_AUTO_HDRM] &&
		       nla_get_u8(tb[DCB_HDRM_A_DEV_AUTO_HDRM]);
	if (tb[DCB_HDRM_A_DEV_DCB_STATE] &&
	    nla_parse_nested(st, DCB_HDRM_A_DCB_STATE_MAX,
			     tb[DCB_HDRM_A_DEV_DCB_STATE], NULL) >= 0) {
		if (st[DCB_HDRM_A_DCB_STATE_PFC_CAP])
			d->pfc_cap = nla_get_u32(st[DCB_HDRM_A_DCB_STATE_PFC_CAP]);
		if (st[DCB_HDRM_A_DCB_STATE_PFC_EN])
			d->pfc_en = nla_get_u32(st[DCB_HDRM_A_DCB_STATE_PFC_EN]);
	}
	return 0;
}

static int lldp_socket(uint32_t ifindex, const char *name)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(HDRM_LLDP_ETHERTYPE),
		.sll_ifindex = ifindex,
	};
	struct packet_mreq mr = {
		.mr_ifindex = ifindex,
		.mr_type = PACKET_MR_MULTICAST,
		.mr_alen = 6,
	};
	int fd;

	fd = socket(AF_PACKET, SOCK_RAW, htons(HDRM_LLDP_ETHERTYPE));
	if (fd < 0) {
		hdrm_err("%s: cannot open a packet socket: %s", name,
			 strerror(errno));
		return -1;
	}
	memcpy(mr.mr_address, lldp_dest, 6);
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)) < 0 ||
	    setsockopt(fd, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &mr,
		       sizeof(mr)) < 0) {
		hdrm_err("%s: cannot listen for LLDP: %s", name,
			 strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static const char *const set_clear[2] = { "clear", "set" };
static const char *const supported[2] = { "not supported", "supported" };

/*
 * A DCBX PFC TLV, sent (@heard false) or heard from the peer: JSON's
 * members; the text's words on the TLV and its bit, and for the peer's
 * its enabled priorities as a mask.
 */
static void pfc_print(struct out *o, const struct hdrm_dcbx_pfc *p,
		      bool heard)
{
	unsigned int i;

	out_str(o, "dcbx", heard ? " the peer's %s PFC TLV:" : " %s PFC TLV",
		hdrm_dcbx_variant_name(p->variant));
	out_bool(o, "auto_hdrm", heard ? " auto-HDRM %s" : ", auto-HDRM bit %s\n",
		 p->auto_hdrm, heard ? supported : set_clear);
	out_jbool(o, "willing", p->willing);
	if (p->variant == HDRM_DCBX_IEEE)
		out_ju64(o, "pfc_cap", p->cap);
	else if (p->variant == HDRM_DCBX_CEE)
		out_ju64(o, "num_tcs", p->cap);
	out_arr_open(o, "pfc_en");
	for (i = 0; i < HDRM_PRIOS; i++)
		if (p->pfc_en & (1u << i))
			out_ju64(o, NULL, i);
	out_arr_close(o);
	if (heard)
		out_text(o, ", PFC enabled 0x%02x (recorded)\n", p->pfc_en);
}

static int lldp_send(struct hdrm_ctx *ctx, const char *name, uint32_t ifindex,
		     uint32_t variant, uint32_t ttl)
{
	struct hdrm_dcbx_pfc p = { .variant = variant };
	unsigned char frame[14 + HDRM_LLDPDU_MAX];
	struct lldp_dev d = { 0 };
	struct ifreq ifr = { 0 };
	struct nl_msg *msg;
	unsigned int n;
	struct out o;
	int err, fd;

	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_GET, 0);
	if (!msg || nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0) {
		nlmsg_free(msg);
		hdrm_err("out of memory");
		return EXIT_KERNEL;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, lldp_dev_cb, &d);
	if (err)
		return hdrm_kernel_err(ctx, name, err);
	p.auto_hdrm = d.auto_hdrm;
	p.pfc_en = d.pfc_en;
	/* IEEE: PFC capability (4 bits); CEE: traffic classes supported */
	p.cap = variant == HDRM_DCBX_IEEE ? (d.pfc_cap & HDRM_IEEE_CAP_MASK) :
		d.pfc_cap;
	p.enable = variant != HDRM_DCBX_IEEE;
	p.seq = 1;

	fd = lldp_socket(ifindex, name);
	if (fd < 0)
		return EXIT_KERNEL;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	if (ioctl(fd, SIOCGIFHWADDR, &ifr) < 0) {
		hdrm_err("%s: no MAC address: %s", name, strerror(errno));
		close(fd);
		return EXIT_KERNEL;
	}
	memcpy(frame, lldp_dest, 6);
	memcpy(frame + 6, ifr.ifr_hwaddr.sa_data, 6);
	frame[12] = HDRM_LLDP_ETHERTYPE >> 8;
	frame[13] = HDRM_LLDP_ETHERTYPE & 0xff;
	n = hdrm_lldpdu_build(frame + 14, sizeof(frame) - 14,
			      (const u8 *)ifr.ifr_hwaddr.sa_data, ttl, &p);
	/* an LLDPDU this short is padded to the Ethernet minimum */
	while (14 + n < 60)
		frame[14 + n++] = 0;
	if (send(fd, frame, 14 + n, 0) != (ssize_t)(14 + n)) {
		hdrm_err("%s: cannot send the LLDPDU: %s", name, strerror(errno));
		close(fd);
		return EXIT_KERNEL;
	}
	close(fd);
	hdrm_out(ctx, &o);
	out_obj_open(&o, NULL);
	out_str(&o, "ifname", "%s:", name);
	out_jstr(&o, "sent", "lldpdu");
	out_text(&o, " sent an LLDPDU with the");
	out_ju64(&o, "ttl", ttl);
	pfc_print(&o, &p, false);
	out_obj_close(&o);
	out_end(&o);
	return 0;
}

static int lldp_listen(struct hdrm_ctx *ctx, const char *name,
		       uint32_t ifindex, uint32_t timeout)
{
	unsigned char frame[2048], chassis[6];
	unsigned int ignored = 0;
	struct sockaddr_ll from;
	struct hdrm_dcbx_pfc p;
	long long deadline;
	struct nl_msg *msg;
	struct pollfd pfd;
	struct out o;
	char mac[18];
	socklen_t fl;
	ssize_t n;
	int fd, err;

	fd = lldp_socket(ifindex, name);
	if (fd < 0)
		return EXIT_KERNEL;
	pfd.fd = fd;
	pfd.events = POLLIN;
	deadline = hdrm_now_ms() + timeout * 1000LL;
	for (;;) {
		long long left = deadline - hdrm_now_ms();

		if (left <= 0) {
			close(fd);
			hdrm_err("%s: no LLDPDU with a PFC TLV in %u s (%u others ignored)",
				 name, timeout, ignored);
			return EXIT_NOREPLY;
		}
		if (poll(&pfd, 1, (int)left) <= 0)
			continue;
		fl = sizeof(from);
		n = recvfrom(fd, frame, sizeof(frame), 0,
			     (struct sockaddr *)&from, &fl);
		if (n < 14 || from.sll_pkttype == PACKET_OUTGOING)
			continue;
		if (hdrm_lldpdu_find_pfc(frame + 14, n - 14, &p, chassis)) {
			ignored++;
			continue;
		}
		break;
	}
	close(fd);

	/* what the peer said goes to the module */
	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_SET, 0);
	if (!msg || nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0 ||
	    nla_put_u8(msg, DCB_HDRM_A_DEV_PEER_AUTO_HDRM, p.auto_hdrm) < 0) {
		nlmsg_free(msg);
		hdrm_err("out of memory");
		return EXIT_KERNEL;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, NULL, NULL);
	if (err)
		return hdrm_kernel_err(ctx, name, err);
	snprintf(mac, sizeof(mac), "%02x:%02x:%02x:%02x:%02x:%02x",
		 chassis[0], chassis[1], chassis[2], chassis[3], chassis[4],
		 chassis[5]);
	hdrm_out(ctx, &o);
	out_obj_open(&o, NULL);
	out_str(&o, "ifname", "%s:", name);
	/* who sent it, and what else came: the JSON's */
	out_jstr(&o, "peer_chassis", mac);
	out_ju64(&o, "ignored", ignored);
	pfc_print(&o, &p, true);
	out_obj_close(&o);
	out_end(&o);
	return 0;
}

static void lldp_usage(FILE *f)
{
	fprintf(f,
		"Usage: dcb-hdrm lldp send dev DEV [ dcbx { ieee | cee | cin } ] [ ttl SEC ]\n"
		"       dcb-hdrm lldp listen dev DEV [ timeout SEC ]\n"
		"       dcb-hdrm lldp help\n");
}

int hdrm_cmd_lldp(struct hdrm_ctx *ctx, int argc, char **argv)
{
	uint32_t ifindex, variant = HDRM_DCBX_IEEE, ttl = 120, timeout = 30;
	struct hdrm_keys k = { .cmd = "lldp" };
	const char *name = NULL;
	bool send_cmd;
	int err;

	if (argc < 1 || hdrm_matches(*argv, "help")) {
		lldp_usage(argc < 1 ? stderr : stdout);
		return argc < 1 ? EXIT_USAGE : 0;
	}
	if (hdrm_matches(*argv, "send")) {
		send_cmd = true;
	} else if (hdrm_matches(*argv, "listen")) {
		send_cmd = false;
	} else {
		hdrm_err("lldp: unknown command \"%s\"; expected \"send\", \"listen\" or \"help\"",
			 *argv);
		return EXIT_USAGE;
	}
	argc--;
	argv++;
	while (argc > 0) {
		if (hdrm_matches(*argv, "help")) {
			lldp_usage(stdout);
			return 0;
		}
		if (!strcmp(*argv, "dev")) {
			if (hdrm_dev_arg("lldp", argc, argv, &name) < 0)
				return EXIT_USAGE;
		} else if (send_cmd && !strcmp(*argv, "dcbx")) {
			if (hdrm_key(&k, "dcbx", argc, 1) ||
			    hdrm_parse_word("dcbx", argv[1], variant_words, 3,
					    &variant))
				return EXIT_USAGE;
		} else if (send_cmd && !strcmp(*argv, "ttl")) {
			if (hdrm_key(&k, "ttl", argc, 1) ||
			    hdrm_parse_u32("ttl", argv[1], 1, 65535, &ttl))
				return EXIT_USAGE;
		} else if (!send_cmd && !strcmp(*argv, "timeout")) {
			if (hdrm_key(&k, "timeout", argc, 1) ||
			    hdrm_parse_u32("timeout", argv[1], 1, 3600, &timeout))
				return EXIT_USAGE;
		} else {
			hdrm_unknown_arg(send_cmd ? "lldp send" : "lldp listen",
					 argc, argv, !name,
					 send_cmd ? "dev, dcbx or ttl" :
						    "dev or timeout");
			return EXIT_USAGE;
		}
		argc -= 2;
		argv += 2;
	}
	if (hdrm_dev_ifindex("lldp", name, &ifindex))
		return EXIT_USAGE;
	err = hdrm_connect(ctx);
	if (err)
		return err;
	return send_cmd ? lldp_send(ctx, name, ifindex, variant, ttl) :
			  lldp_listen(ctx, name, ifindex, timeout);
}
