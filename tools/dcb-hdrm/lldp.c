// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm lldp send | listen | stop: the device's DCBX PFC TLV with the
 * auto-HDRM bit, advertised by lldpd when lldpd runs for the device (a
 * custom TLV, until stop takes it back) or else in one LLDPDU of our
 * own; and the peer's bit, read from lldpd's neighbours or from the
 * LLDPDUs the peer sends (Documentation/lldp.rst). The TLVs are built
 * and parsed by the module's pure code (kmod/lib/hdrm_lldp.c).
 */
#include <errno.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
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
#include "lldpd.h"
#include "lldpd_json.h"

static const unsigned char lldp_dest[6] = { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x0e };
static const char *const variant_words[] = { "ieee", "cee", "cin" };
static const char *const agent_words[] = { "auto", "lldpd", "raw" };

enum lldp_agent { AGENT_AUTO, AGENT_LLDPD, AGENT_RAW };
enum lldp_cmd { CMD_SEND, CMD_LISTEN, CMD_STOP };

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

/* The device's PFC TLV: its bit, and the PFC its driver reports. */
static int lldp_dev_pfc(struct hdrm_ctx *ctx, const char *name,
			uint32_t ifindex, uint32_t variant,
			struct hdrm_dcbx_pfc *p)
{
	struct lldp_dev d = { 0 };
	struct nl_msg *msg;
	int err;

	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_GET, 0);
	if (!msg || nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0) {
		nlmsg_free(msg);
		hdrm_err("out of memory");
		return EXIT_KERNEL;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, lldp_dev_cb, &d);
	if (err)
		return hdrm_kernel_err(ctx, name, err);
	memset(p, 0, sizeof(*p));
	p->variant = variant;
	p->auto_hdrm = d.auto_hdrm;
	p->pfc_en = d.pfc_en;
	/* IEEE: PFC capability (4 bits); CEE: traffic classes supported */
	p->cap = variant == HDRM_DCBX_IEEE ? (d.pfc_cap & HDRM_IEEE_CAP_MASK) :
		 d.pfc_cap;
	p->enable = variant != HDRM_DCBX_IEEE;
	p->seq = 1;
	return 0;
}

/*
 * One LLDPDU from @name: with @p, the PFC TLV with @ttl; without, the
 * shutdown LLDPDU (IEEE 802.1AB: chassis ID, port ID, TTL 0, End), which
 * tells the peer's agent to forget what this end advertised.
 */
static int lldp_raw_send(const char *name, uint32_t ifindex, uint32_t ttl,
			 const struct hdrm_dcbx_pfc *p)
{
	unsigned char frame[14 + HDRM_LLDPDU_MAX];
	struct ifreq ifr = { 0 };
	unsigned int n;
	int fd;

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
			      (const u8 *)ifr.ifr_hwaddr.sa_data, ttl, p);
	/* an LLDPDU this short is padded to the Ethernet minimum */
	while (14 + n < 60)
		frame[14 + n++] = 0;
	if (send(fd, frame, 14 + n, 0) != (ssize_t)(14 + n)) {
		hdrm_err("%s: cannot send the LLDPDU: %s", name, strerror(errno));
		close(fd);
		return EXIT_KERNEL;
	}
	close(fd);
	return 0;
}

/*
 * The raw path: one LLDPDU with @p's PFC TLV and @ttl, or with @p NULL
 * the shutdown LLDPDU (TTL 0) that lldp stop sends; then what was sent.
 */
static int lldp_send(struct hdrm_ctx *ctx, const char *name, uint32_t ifindex,
		     const struct hdrm_dcbx_pfc *p, uint32_t ttl)
{
	struct out o;
	int err;

	err = lldp_raw_send(name, ifindex, p ? ttl : 0, p);
	if (err)
		return err;
	hdrm_out(ctx, &o);
	out_obj_open(&o, NULL);
	out_str(&o, "ifname", "%s:", name);
	if (p) {
		out_jstr(&o, "sent", "lldpdu");
		out_text(&o, " sent an LLDPDU with the");
		out_ju64(&o, "ttl", ttl);
		pfc_print(&o, p, false);
	} else {
		out_jstr(&o, "sent", "shutdown");
		out_text(&o, " sent a shutdown LLDPDU (TTL 0)\n");
	}
	out_obj_close(&o);
	out_end(&o);
	return 0;
}

/* ---- through lldpd ---- */

/* The organisationally specific TLV of each variant, as lldpcli names it. */
static const struct {
	const char *oui;
	const char *subtype;
} pfc_tlv_ids[] = {
	[HDRM_DCBX_IEEE] = { "00,80,c2", "11" },
	[HDRM_DCBX_CEE] = { "00,1b,21", "2" },
	[HDRM_DCBX_CIN] = { "00,1b,21", "1" },
};

/*
 * Runs lldpcli with @args; its JSON's records of @name go to @rec.
 * Return: 0, or an exit status (printed).
 */
static int lldpd_records(const char *sock, const char *name,
			 const char *const *args, struct lldpd_rec *rec,
			 unsigned int *n)
{
	char err[256];
	size_t len;
	char *out;
	int rc;

	rc = lldpd_cli(sock, args, &out, &len, err, sizeof(err));
	if (rc) {
		hdrm_err("%s: lldpcli -u %s %s %s failed: %s", name, sock,
			 args[3], args[4], rc < 0 || !*err ? "no output" : err);
		free(out);
		return EXIT_KERNEL;
	}
	rc = lldpd_json_records(out, len, name, rec, n);
	free(out);
	if (rc) {
		hdrm_err("%s: lldpcli -u %s %s %s: not the JSON lldpd writes",
			 name, sock, args[3], args[4]);
		return EXIT_KERNEL;
	}
	return 0;
}

/* unconfigure or configure: one lldpcli command; 0 or an exit status */
static int lldpd_do(const char *sock, const char *name,
		    const char *const *args, const char *what)
{
	char err[256];
	size_t len;
	char *out;
	int rc;

	rc = lldpd_cli(sock, args, &out, &len, err, sizeof(err));
	free(out);
	if (rc) {
		hdrm_err("%s: lldpd (%s) refused to %s: %s", name, sock, what,
			 rc < 0 || !*err ? "no output" : err);
		return EXIT_KERNEL;
	}
	return 0;
}

static int lldpd_unconfigure(const char *sock, const char *name,
			     unsigned int variant)
{
	const char *args[] = { "--", "unconfigure", "ports", name, "lldp",
			       "custom-tlv", "oui", pfc_tlv_ids[variant].oui,
			       "subtype", pfc_tlv_ids[variant].subtype, NULL };

	return lldpd_do(sock, name, args, "remove a PFC TLV");
}

/*
 * Which agent serves @name for @cmd: *@port is lldpd's record of the
 * port when lldpd does (*@use true). Return: 0, or an exit status.
 */
static int lldp_pick(const char *name, enum lldp_cmd cmd, uint32_t agent,
		     const char *sock, struct lldpd_rec *port, bool *use)
{
	const char *const args[] = { "-f", "json", "--", "show", "interfaces",
				     "ports", name, NULL };
	const char *dir = cmd == CMD_LISTEN ? "RX" : "TX";
	struct lldpd_rec rec[LLDPD_NBR_MAX];
	unsigned int n;
	char why[256];
	int r;

	*use = false;
	if (agent == AGENT_RAW)
		return 0;
	r = lldpd_present(sock, why, sizeof(why));
	if (r < 0)
		return EXIT_KERNEL;
	if (!r) {
		if (agent != AGENT_LLDPD)
			return 0;
		hdrm_err("%s: no lldpd for this network namespace: %s", name,
			 why);
		return EXIT_KERNEL;
	}
	r = lldpd_records(sock, name, args, rec, &n);
	if (r)
		return r;
	if (!n || !strstr(rec[0].status, dir)) {
		if (agent != AGENT_LLDPD)
			return 0;
		if (!n)
			hdrm_err("%s: the lldpd on %s does not manage %s (its -I, or \"configure system interface pattern\")",
				 name, sock, name);
		else
			hdrm_err("%s: the lldpd on %s does not %s on %s (status \"%s\")",
				 name, sock, cmd == CMD_LISTEN ? "receive" : "send",
				 name, rec[0].status);
		return EXIT_KERNEL;
	}
	*port = rec[0];
	*use = true;
	return 0;
}

/* Hands lldpd the PFC TLV for @name, in place of any of ours it sent. */
static int lldpd_send(struct hdrm_ctx *ctx, const char *sock,
		      const char *name, const struct lldpd_rec *port,
		      const struct hdrm_dcbx_pfc *p)
{
	char info[3 * HDRM_LLDP_PFC_MAX];
	u8 tlv[HDRM_LLDP_PFC_MAX];
	const char *args[] = { "--", "configure", "ports", name, "lldp",
			       "custom-tlv", "replace", "oui",
			       pfc_tlv_ids[p->variant].oui, "subtype",
			       pfc_tlv_ids[p->variant].subtype, "oui-info",
			       info, NULL };
	unsigned int len, i, v;
	struct out o;
	int err;

	len = hdrm_dcbx_pfc_encode(tlv, sizeof(tlv), p);
	if (len < 7) {
		hdrm_err("%s: cannot encode the PFC TLV", name);
		return EXIT_USAGE;
	}
	/* oui-info: the bytes after the OUI and subtype, "28,08" */
	for (i = 6; i < len; i++)
		snprintf(info + 3 * (i - 6), 4, i + 1 < len ? "%02x," : "%02x",
			 tlv[i]);
	/* one PFC TLV of ours at a time: another variant's goes first */
	for (v = 0; v < ARRAY_SIZE(pfc_tlv_ids); v++) {
		if (v == p->variant || !(port->pfc_variants & (1u << v)))
			continue;
		err = lldpd_unconfigure(sock, name, v);
		if (err)
			return err;
	}
	err = lldpd_do(sock, name, args, "send the PFC TLV");
	if (err)
		return err;
	hdrm_out(ctx, &o);
	out_obj_open(&o, NULL);
	out_str(&o, "ifname", "%s:", name);
	out_jstr(&o, "agent", "lldpd");
	out_text(&o, " lldpd now sends the");
	pfc_print(&o, p, false);
	out_obj_close(&o);
	out_end(&o);
	return 0;
}

/* Takes back from lldpd every PFC TLV it sends for @name. */
static int lldpd_stop(struct hdrm_ctx *ctx, const char *sock,
		      const char *name, const struct lldpd_rec *port)
{
	unsigned int v, removed = 0;
	struct out o;
	int err;

	/* one that did not decode is ours to remove as well */
	for (v = 0; v < ARRAY_SIZE(pfc_tlv_ids); v++) {
		if (!(port->pfc_variants & (1u << v)) && !port->bad)
			continue;
		err = lldpd_unconfigure(sock, name, v);
		if (err)
			return err;
		removed |= port->pfc_variants & (1u << v);
	}
	hdrm_out(ctx, &o);
	out_obj_open(&o, NULL);
	out_str(&o, "ifname", "%s:", name);
	out_jstr(&o, "agent", "lldpd");
	out_arr_open(&o, "removed");
	for (v = 0; v < ARRAY_SIZE(pfc_tlv_ids); v++)
		if (removed & (1u << v))
			out_jstr(&o, NULL, hdrm_dcbx_variant_name(v));
	out_arr_close(&o);
	if (!removed && !port->bad)
		out_text(&o, " lldpd sent no PFC TLV; nothing to stop\n");
	else if (!removed)
		out_text(&o, " lldpd no longer sends a malformed PFC TLV\n");
	for (v = 0; v < ARRAY_SIZE(pfc_tlv_ids); v++)
		if (removed & (1u << v))
			out_text(&o, " lldpd no longer sends the %s PFC TLV\n",
				 hdrm_dcbx_variant_name(v));
	out_obj_close(&o);
	out_end(&o);
	return 0;
}

/*
 * What LLDP says of the peer goes to the module: @lldp is enum
 * dcb_hdrm_lldp_auto_hdrm, the bit off or on, or withdrawn.
 */
static int lldp_record(struct hdrm_ctx *ctx, const char *name,
		       uint32_t ifindex, uint8_t lldp)
{
	struct nl_msg *msg;
	int err;

	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_SET, 0);
	if (!msg || nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0 ||
	    nla_put_u8(msg, DCB_HDRM_A_DEV_PEER_AUTO_HDRM, lldp) < 0) {
		nlmsg_free(msg);
		hdrm_err("out of memory");
		return EXIT_KERNEL;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, NULL, NULL);
	if (err)
		return hdrm_kernel_err(ctx, name, err);
	return 0;
}

/* The bit of a PFC TLV heard, as the module records it. */
static uint8_t lldp_word(const struct hdrm_dcbx_pfc *p)
{
	return p->auto_hdrm ? DCB_HDRM_LLDP_AUTO_HDRM_ON :
			      DCB_HDRM_LLDP_AUTO_HDRM_OFF;
}

/*
 * The peer's PFC TLV from lldpd's neighbours on @name: the first
 * neighbour that sent one, asked again every half second until
 * @timeout. When the time is up with LLDP neighbours on @name and none
 * sends the TLV (the far end's lldp stop took it back), what LLDP said
 * of the peer is withdrawn in the module; with no neighbour at all,
 * nothing is: lldpd may not have heard the peer yet.
 */
static int lldpd_listen(struct hdrm_ctx *ctx, const char *sock,
			const char *name, uint32_t ifindex, uint32_t timeout)
{
	const char *const args[] = { "-f", "json", "--", "show", "neighbors",
				     "details", "ports", name, NULL };
	struct lldpd_rec rec[LLDPD_NBR_MAX];
	const struct lldpd_rec *found = NULL;
	unsigned int n, i, ignored;
	long long deadline;
	struct out o;
	int err;

	deadline = hdrm_now_ms() + timeout * 1000LL;
	for (;;) {
		long long left;

		err = lldpd_records(sock, name, args, rec, &n);
		if (err)
			return err;
		ignored = 0;
		for (i = 0; i < n; i++) {
			if (!rec[i].lldp)
				continue;
			if (rec[i].pfc_n && !found)
				found = &rec[i];
			else if (!rec[i].pfc_n)
				ignored++;
		}
		if (found)
			break;
		left = deadline - hdrm_now_ms();
		if (left <= 0)
			break;
		usleep((left < 500 ? left : 500) * 1000);
	}
	if (!found && !ignored) {
		hdrm_err("%s: lldpd has no neighbour on %s with a PFC TLV in %u s (0 without one)",
			 name, name, timeout);
		return EXIT_NOREPLY;
	}
	if (!found) {
		err = lldp_record(ctx, name, ifindex,
				  DCB_HDRM_LLDP_AUTO_HDRM_WITHDRAWN);
		if (err)
			return err;
		hdrm_err("%s: lldpd's %s on %s %s no PFC TLV (%u without one, for %u s): what LLDP said of the peer is withdrawn",
			 name, ignored == 1 ? "neighbour" : "neighbours", name,
			 ignored == 1 ? "sends" : "send", ignored, timeout);
		return EXIT_NOREPLY;
	}
	err = lldp_record(ctx, name, ifindex, lldp_word(&found->pfc));
	if (err)
		return err;
	hdrm_out(ctx, &o);
	out_obj_open(&o, NULL);
	out_str(&o, "ifname", "%s:", name);
	out_jstr(&o, "agent", "lldpd");
	out_text(&o, " from lldpd,");
	out_jstr(&o, "peer_chassis", found->chassis);
	out_ju64(&o, "ignored", ignored);
	pfc_print(&o, &found->pfc, true);
	out_obj_close(&o);
	out_end(&o);
	return 0;
}

/*
 * The peer's PFC TLV from the LLDPDUs on @name, until @timeout: the
 * first valid one with the TLV is recorded. A shutdown LLDPDU (TTL 0,
 * what the far end's lldp stop sends on the raw path) withdraws what
 * LLDP said of the peer; other LLDPDUs without the TLV are ignored.
 */
static int lldp_listen(struct hdrm_ctx *ctx, const char *name,
		       uint32_t ifindex, uint32_t timeout)
{
	unsigned char frame[2048], chassis[6];
	unsigned int ignored = 0;
	struct sockaddr_ll from;
	struct hdrm_dcbx_pfc p;
	long long deadline;
	struct pollfd pfd;
	struct out o;
	char mac[18];
	socklen_t fl;
	ssize_t n;
	u16 ttl;
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
		err = hdrm_lldpdu_find_pfc(frame + 14, n - 14, &p, chassis,
					   &ttl);
		if (err == -EINVAL || (err && ttl)) {
			ignored++;
			continue;
		}
		break;
	}
	close(fd);

	if (!ttl) {
		err = lldp_record(ctx, name, ifindex,
				  DCB_HDRM_LLDP_AUTO_HDRM_WITHDRAWN);
		if (err)
			return err;
		hdrm_err("%s: the neighbour on %s sent a shutdown LLDPDU (TTL 0): what LLDP said of the peer is withdrawn",
			 name, name);
		return EXIT_NOREPLY;
	}
	err = lldp_record(ctx, name, ifindex, lldp_word(&p));
	if (err)
		return err;
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
		"                          [ agent { auto | lldpd | raw } ]\n"
		"       dcb-hdrm lldp listen dev DEV [ timeout SEC ] [ agent { auto | lldpd | raw } ]\n"
		"       dcb-hdrm lldp stop dev DEV [ agent { auto | lldpd | raw } ]\n"
		"       dcb-hdrm lldp help\n"
		"lldpd's socket: $" LLDPD_SOCKET_ENV ", else " LLDPD_SOCKET_DEFAULT "\n");
}

static const char *const cmd_names[] = { "lldp send", "lldp listen", "lldp stop" };
static const char *const cmd_keys[] = {
	"dev, dcbx, ttl or agent", "dev, timeout or agent", "dev or agent",
};

int hdrm_cmd_lldp(struct hdrm_ctx *ctx, int argc, char **argv)
{
	uint32_t ifindex, variant = HDRM_DCBX_IEEE, ttl = 120, timeout = 30;
	uint32_t agent = AGENT_AUTO;
	struct hdrm_keys k = { .cmd = "lldp" };
	struct hdrm_dcbx_pfc p;
	struct lldpd_rec port = { 0 };
	const char *name = NULL, *sock;
	bool ttl_given = false, use;
	enum lldp_cmd cmd;
	int err;

	if (argc < 1 || hdrm_matches(*argv, "help")) {
		lldp_usage(argc < 1 ? stderr : stdout);
		return argc < 1 ? EXIT_USAGE : 0;
	}
	if (hdrm_matches(*argv, "send")) {
		cmd = CMD_SEND;
	} else if (hdrm_matches(*argv, "listen")) {
		cmd = CMD_LISTEN;
	} else if (hdrm_matches(*argv, "stop")) {
		cmd = CMD_STOP;
	} else {
		hdrm_err("lldp: unknown command \"%s\"; expected \"send\", \"listen\", \"stop\" or \"help\"",
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
		} else if (cmd == CMD_SEND && !strcmp(*argv, "dcbx")) {
			if (hdrm_key(&k, "dcbx", argc, 1) ||
			    hdrm_parse_word("dcbx", argv[1], variant_words, 3,
					    &variant))
				return EXIT_USAGE;
		} else if (cmd == CMD_SEND && !strcmp(*argv, "ttl")) {
			if (hdrm_key(&k, "ttl", argc, 1) ||
			    hdrm_parse_u32("ttl", argv[1], 1, 65535, &ttl))
				return EXIT_USAGE;
			ttl_given = true;
		} else if (cmd == CMD_LISTEN && !strcmp(*argv, "timeout")) {
			if (hdrm_key(&k, "timeout", argc, 1) ||
			    hdrm_parse_u32("timeout", argv[1], 1, 3600, &timeout))
				return EXIT_USAGE;
		} else if (!strcmp(*argv, "agent")) {
			if (hdrm_key(&k, "agent", argc, 1) ||
			    hdrm_parse_word("agent", argv[1], agent_words, 3,
					    &agent))
				return EXIT_USAGE;
		} else {
			hdrm_unknown_arg(cmd_names[cmd], argc, argv, !name,
					 cmd_keys[cmd]);
			return EXIT_USAGE;
		}
		argc -= 2;
		argv += 2;
	}
	if (hdrm_dev_ifindex("lldp", name, &ifindex))
		return EXIT_USAGE;
	if (ttl_given && agent == AGENT_LLDPD) {
		hdrm_err("lldp send: ttl is lldpd's own (tx-interval x tx-hold); drop ttl, or use agent raw");
		return EXIT_USAGE;
	}
	sock = lldpd_socket();
	err = lldp_pick(name, cmd, agent, sock, &port, &use);
	if (err)
		return err;
	if (use && ttl_given) {
		hdrm_err("%s: lldpd runs for %s and its TTL is its own (tx-interval x tx-hold); drop ttl, or use agent raw",
			 name, name);
		return EXIT_USAGE;
	}
	if (cmd == CMD_STOP)
		return use ? lldpd_stop(ctx, sock, name, &port) :
			     lldp_send(ctx, name, ifindex, NULL, 0);
	err = hdrm_connect(ctx);
	if (err)
		return err;
	if (cmd == CMD_LISTEN)
		return use ? lldpd_listen(ctx, sock, name, ifindex, timeout) :
			     lldp_listen(ctx, name, ifindex, timeout);
	err = lldp_dev_pfc(ctx, name, ifindex, variant, &p);
	if (err)
		return err;
	return use ? lldpd_send(ctx, sock, name, &port, &p) :
		     lldp_send(ctx, name, ifindex, &p, ttl);
}
