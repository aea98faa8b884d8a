/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What test_print reaches of measure.c, monitor.c and lldp.c through
 * print_cmds.c: their printers are static, and lldp's run on a packet
 * socket.
 */
#ifndef DCB_HDRM_PRINT_CMDS_H
#define DCB_HDRM_PRINT_CMDS_H

#include <stdbool.h>
#include <stdint.h>
#include <netlink/msg.h>

#include "dcb-hdrm.h"
#include "hist.h"
#include "pmc.h"
#include "result.h"

/* measure's result_print(): @ns of @n samples, or NULL; @h or NULL */
void golden_result_print(struct hdrm_ctx *ctx, const struct result *r,
			 bool simulate, uint32_t *ns, uint32_t n,
			 const struct hist *h);
/*
 * measure's exit status, and its one line on stderr, for a result (and
 * the push asked for) that needs no more netlink: the manual prompt's
 * statuses aside
 */
int golden_measure_exit(const struct result *r, bool push);
/* measure's one line on stderr for ptp4l's @err (ptp4l_err()) */
void golden_ptp4l_err(const char *name, const char *path, uint32_t domain,
		      uint32_t sdo, const struct pmc *p,
		      const struct pmc_port *port, int err);
/*
 * measure's words, ptp4l asked where they say so, and its request sent
 * (the netlink stand-in's answer taken): its exit status
 */
int golden_measure_start(struct hdrm_ctx *ctx, int argc, char **argv);
/* monitor's handler of one notification, for @family, every device or one */
int golden_mon_event(struct hdrm_ctx *ctx, struct nl_msg *msg, int family,
		     uint32_t ifindex);

/* the frames lldp listen receives, in order; outgoing ones are skipped */
#define GOLDEN_LLDP_FRAMES	4
struct golden_frame {
	const unsigned char *data;
	unsigned int len;
	bool outgoing;
};
extern struct golden_frame golden_lldp_rx[GOLDEN_LLDP_FRAMES];
extern unsigned int golden_lldp_rx_n;

/*
 * lldpd for lldp's lldpd path: with @interfaces set, an lldpd answers,
 * and lldpcli's "show interfaces" and "show neighbors" print these JSON
 * texts; @calls counts the commands run
 */
struct golden_lldpd {
	const char *interfaces;
	const char *neighbors;
	unsigned int calls;
};
extern struct golden_lldpd golden_lldpd;

#endif
