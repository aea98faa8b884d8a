// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <netlink/genl/ctrl.h>

#include <linux/dcb_hdrm.h>

#include "nl.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

int hdrm_nl_open(struct hdrm_nl *nl)
{
	int one = 1;
	int err;

	memset(nl, 0, sizeof(*nl));
	nl->sk = nl_socket_alloc();
	if (!nl->sk)
		return -ENOMEM;
	err = genl_connect(nl->sk);
	if (err < 0) {
		nl_socket_free(nl->sk);
		nl->sk = NULL;
		return -EIO;
	}
	/* Ask for the kernel's reasons (extack) and a short ack. */
	setsockopt(nl_socket_get_fd(nl->sk), SOL_NETLINK, NETLINK_EXT_ACK,
		   &one, sizeof(one));
	setsockopt(nl_socket_get_fd(nl->sk), SOL_NETLINK, NETLINK_CAP_ACK,
		   &one, sizeof(one));

	nl->family = genl_ctrl_resolve(nl->sk, DCB_HDRM_FAMILY_NAME);
	if (nl->family < 0) {
		err = nl->family == -NLE_OBJ_NOTFOUND ? -ENOENT : -EIO;
		hdrm_nl_close(nl);
		return err;
	}
	return 0;
}

void hdrm_nl_close(struct hdrm_nl *nl)
{
	if (nl->sk)
		nl_socket_free(nl->sk);
	nl->sk = NULL;
}

struct nl_msg *hdrm_nl_msg(struct hdrm_nl *nl, uint8_t cmd, int flags)
{
	struct nl_msg *msg = nlmsg_alloc();

	if (!msg)
		return NULL;
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, nl->family, 0,
			 flags, cmd, DCB_HDRM_FAMILY_VERSION)) {
		nlmsg_free(msg);
		return NULL;
	}
	return msg;
}

struct talk {
	struct hdrm_nl *nl;
	hdrm_nl_reply_cb cb;
	void *arg;
	bool done;
	int cb_err;
};

static int talk_valid(struct nl_msg *msg, void *arg)
{
	struct talk *t = arg;
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	int err;

	if (!t->cb || t->cb_err)
		return NL_OK;
	err = t->cb(genlmsg_attrdata(nlmsg_data(nlh), 0),
		    genlmsg_attrlen(nlmsg_data(nlh), 0), t->arg);
	if (err)
		t->cb_err = err;
	return NL_OK;
}

static int talk_finish(struct nl_msg *msg, void *arg)
{
	struct talk *t = arg;

	(void)msg;
	t->done = true;
	return NL_STOP;
}

/* Pull the extack message out of the TLVs after a capped error. */
static void talk_extack(struct hdrm_nl *nl, struct nlmsgerr *e)
{
	struct nlmsghdr *outer = (struct nlmsghdr *)((char *)e - NLMSG_HDRLEN);
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	size_t off = sizeof(*e);
	int len;

	if (!(outer->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	if (!(outer->nlmsg_flags & NLM_F_CAPPED))
		off += e->msg.nlmsg_len - NLMSG_HDRLEN;
	len = (int)outer->nlmsg_len - NLMSG_HDRLEN - (int)off;
	if (len <= 0)
		return;
	if (nla_parse(tb, NLMSGERR_ATTR_MAX, (struct nlattr *)((char *)e + off),
		      len, NULL) < 0)
		return;
	if (tb[NLMSGERR_ATTR_MSG])
		nla_strlcpy(nl->extack, tb[NLMSGERR_ATTR_MSG],
			    sizeof(nl->extack));
}

static int talk_error(struct sockaddr_nl *who, struct nlmsgerr *e, void *arg)
{
	struct talk *t = arg;

	(void)who;
	t->nl->error = e->error;
	talk_extack(t->nl, e);
	t->done = true;
	return NL_STOP;
}

int hdrm_nl_talk(struct hdrm_nl *nl, struct nl_msg *msg,
		 hdrm_nl_reply_cb cb, void *arg)
{
	struct talk t = { .nl = nl, .cb = cb, .arg = arg };
	struct nl_cb *cbs;
	int err;

	nl->error = 0;
	nl->extack[0] = '\0';
	cbs = nl_cb_alloc(NL_CB_DEFAULT);
	if (!cbs) {
		nlmsg_free(msg);
		return -ENOMEM;
	}
	nl_cb_set(cbs, NL_CB_VALID, NL_CB_CUSTOM, talk_valid, &t);
	nl_cb_set(cbs, NL_CB_FINISH, NL_CB_CUSTOM, talk_finish, &t);
	nl_cb_set(cbs, NL_CB_ACK, NL_CB_CUSTOM, talk_finish, &t);
	nl_cb_err(cbs, NL_CB_CUSTOM, talk_error, &t);

	err = nl_send_auto(nl->sk, msg);
	nlmsg_free(msg);
	if (err < 0) {
		nl_cb_put(cbs);
		return -EIO;
	}
	while (!t.done) {
		err = nl_recvmsgs(nl->sk, cbs);
		if (err < 0 && !t.done) {
			nl_cb_put(cbs);
			return -EIO;
		}
	}
	nl_cb_put(cbs);
	if (nl->error)
		return nl->error;
	return t.cb_err;
}
