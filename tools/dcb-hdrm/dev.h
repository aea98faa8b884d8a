/* SPDX-License-Identifier: GPL-2.0 */
/* A device as the module reports it, and the "dev DEV" of every command. */
#ifndef DCB_HDRM_DEV_H
#define DCB_HDRM_DEV_H

#include <stdint.h>

#include "dcb-hdrm.h"
#include "dcbstate.h"
#include "peer.h"
#include "result.h"

/* What the prompt and the report need of a device message. */
struct dev_view {
	uint32_t ifindex;
	char ifname[32];
	struct hdrm_dcb_state st;
	struct hdrm_peer_info peer;
	uint32_t mtu;
	/* the last successful local measurement, as a result (last-measured) */
	bool has_last;
	struct result last;
};

int dev_view_cb(struct nlattr *attrs, int len, void *arg);

int hdrm_dev_arg(const char *cmd, int argc, char **argv, const char **name);
int hdrm_dev_ifindex(const char *cmd, const char *name, uint32_t *ifindex);

#endif
