/* SPDX-License-Identifier: GPL-2.0 */
/* Talking to the dcb_hdrm generic netlink family through libnl-genl-3. */
#ifndef DCB_HDRM_NL_H
#define DCB_HDRM_NL_H

#include <stddef.h>
#include <stdint.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

/* A parsed attribute's value, 0 when it is absent. */
static inline uint32_t hdrm_nla_u32(struct nlattr **tb, int attr)
{
	return tb[attr] ? nla_get_u32(tb[attr]) : 0;
}

static inline uint64_t hdrm_nla_u64(struct nlattr **tb, int attr)
{
	return tb[attr] ? nla_get_u64(tb[attr]) : 0;
}

struct hdrm_nl {
	struct nl_sock *sk;
	int family;
	/* the last error the kernel sent: errno and its extack message */
	int error;
	char extack[256];
};

/*
 * Connects and resolves the family. Returns 0, -ENOENT when the family is
 * not registered (the module is not loaded), or another negative errno.
 */
int hdrm_nl_open(struct hdrm_nl *nl);
void hdrm_nl_close(struct hdrm_nl *nl);

/* A new request for @cmd; @flags may carry NLM_F_DUMP. */
struct nl_msg *hdrm_nl_msg(struct hdrm_nl *nl, uint8_t cmd, int flags);

/* Called for every reply message, with the message's attributes. */
typedef int (*hdrm_nl_reply_cb)(struct nlattr *attrs, int len, void *arg);

/*
 * Sends @msg (and frees it), calls @cb for each reply. Returns 0 or the
 * negative errno the kernel answered, with nl->extack set when it said why.
 */
int hdrm_nl_talk(struct hdrm_nl *nl, struct nl_msg *msg,
		 hdrm_nl_reply_cb cb, void *arg);

#endif
