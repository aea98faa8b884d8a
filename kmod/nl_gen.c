// SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause)
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/dcb_hdrm.yaml */
/* Adapted to the module by tools/ynl-kernel.py */
/* YNL-GEN kernel source */

#include <net/netlink.h>
#include <net/genetlink.h>

#include "nl_gen.h"

#include <uapi/linux/dcb_hdrm.h>

/* Integer value ranges */
static struct netlink_range_validation dcb_hdrm_a_dev_reflect_rate_range = {
	.min	= 1ULL,
	.max	= 1000000ULL,
};

static struct netlink_range_validation dcb_hdrm_a_dev_speed_override_range = {
	.max	= 1600000ULL,
};

static struct netlink_range_validation dcb_hdrm_a_dev_k_override_range = {
	.max	= 16777216ULL,
};

static struct netlink_range_validation dcb_hdrm_a_dev_cell_range = {
	.max	= 65536ULL,
};

static struct netlink_range_validation dcb_hdrm_a_dev_precision_override_range = {
	.max	= 10000000ULL,
};

static struct netlink_range_validation dcb_hdrm_a_dev_remeasure_period_range = {
	.max	= 86400ULL,
};

static struct netlink_range_validation dcb_hdrm_a_prio_frame_bytes_range = {
	.max	= 65535ULL,
};

static struct netlink_range_validation dcb_hdrm_a_measure_interval_range = {
	.min	= 10ULL,
	.max	= 1000000ULL,
};

static struct netlink_range_validation dcb_hdrm_a_measure_peer_delay_range = {
	.min	= 1ULL,
	.max	= 1000000ULL,
};

static struct netlink_range_validation dcb_hdrm_a_watchdog_detect_ms_range = {
	.min	= 10ULL,
	.max	= 60000ULL,
};

static struct netlink_range_validation dcb_hdrm_a_watchdog_restore_ms_range = {
	.min	= 10ULL,
	.max	= 600000ULL,
};

static struct netlink_range_validation dcb_hdrm_a_watchdog_storm_period_ms_range = {
	.min	= 100ULL,
	.max	= 86400000ULL,
};

/* Common nested types */
const struct nla_policy dcb_hdrm_prio_frame_nl_policy[DCB_HDRM_A_PRIO_FRAME_BYTES + 1] = {
	[DCB_HDRM_A_PRIO_FRAME_PRIO] = NLA_POLICY_MAX(NLA_U32, 7),
	[DCB_HDRM_A_PRIO_FRAME_BYTES] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_prio_frame_bytes_range),
};

/* DCB_HDRM_CMD_DEV_GET - do */
static const struct nla_policy dcb_hdrm_dev_get_do_nl_policy[DCB_HDRM_A_DEV_IFINDEX + 1] = {
	[DCB_HDRM_A_DEV_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

#ifdef HDRM_HAVE_SPLIT_OPS
/* DCB_HDRM_CMD_DEV_GET - dump */
static const struct nla_policy dcb_hdrm_dev_get_dump_nl_policy[DCB_HDRM_A_DEV_IFINDEX + 1] = {
	[DCB_HDRM_A_DEV_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};
#endif

/* DCB_HDRM_CMD_DEV_SET - do */
static const struct nla_policy dcb_hdrm_dev_set_nl_policy[DCB_HDRM_A_DEV_K_MEASURED + 1] = {
	[DCB_HDRM_A_DEV_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[DCB_HDRM_A_DEV_REFLECT] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_DEV_REFLECT_RATE] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_dev_reflect_rate_range),
	[DCB_HDRM_A_DEV_ENCAP] = NLA_POLICY_MAX(NLA_U32, 2),
	[DCB_HDRM_A_DEV_SPEED_OVERRIDE] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_dev_speed_override_range),
	[DCB_HDRM_A_DEV_K_OVERRIDE] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_dev_k_override_range),
	[DCB_HDRM_A_DEV_CELL] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_dev_cell_range),
	[DCB_HDRM_A_DEV_PRIO_MASK] = NLA_POLICY_MAX(NLA_U32, 255),
	[DCB_HDRM_A_DEV_MAX_FRAME] = NLA_POLICY_NESTED(dcb_hdrm_prio_frame_nl_policy),
	[DCB_HDRM_A_DEV_PRECISION_OVERRIDE] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_dev_precision_override_range),
	[DCB_HDRM_A_DEV_APPLY] = NLA_POLICY_MAX(NLA_U32, 3),
	[DCB_HDRM_A_DEV_DELAY_UNIT] = NLA_POLICY_MAX(NLA_U32, 2),
	[DCB_HDRM_A_DEV_REMEASURE] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_DEV_REMEASURE_PERIOD] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_dev_remeasure_period_range),
	[DCB_HDRM_A_DEV_AUTO_HDRM] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_DEV_ACCEPT_PUSH] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_DEV_PEER_AUTO_HDRM] = NLA_POLICY_MAX(NLA_U8, 2),
	[DCB_HDRM_A_DEV_TS_MODE] = NLA_POLICY_MAX(NLA_U8, 3),
	[DCB_HDRM_A_DEV_MODEL] = NLA_POLICY_MAX(NLA_U8, 4),
	[DCB_HDRM_A_DEV_SMALL_PACKET_PERCENT] = NLA_POLICY_MAX(NLA_U8, 100),
	[DCB_HDRM_A_DEV_METHOD] = NLA_POLICY_MAX(NLA_U8, 3),
	[DCB_HDRM_A_DEV_PTP_DOMAIN] = { .type = NLA_U8, },
	[DCB_HDRM_A_DEV_PTP_SDO] = NLA_POLICY_MAX(NLA_U8, 15),
	[DCB_HDRM_A_DEV_ACCEPT_STREAM] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_DEV_K_MEASURED] = NLA_POLICY_MAX(NLA_U8, 1),
};

/* DCB_HDRM_CMD_MEASURE - do */
static const struct nla_policy dcb_hdrm_measure_nl_policy[DCB_HDRM_A_MEASURE_RESPONSE_PASSIVE + 1] = {
	[DCB_HDRM_A_MEASURE_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[DCB_HDRM_A_MEASURE_COUNT] = NLA_POLICY_RANGE(NLA_U32, 1, 4096),
	[DCB_HDRM_A_MEASURE_INTERVAL] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_measure_interval_range),
	[DCB_HDRM_A_MEASURE_MODE] = NLA_POLICY_MAX(NLA_U32, 1),
	[DCB_HDRM_A_MEASURE_ESTIMATOR] = NLA_POLICY_MAX(NLA_U32, 2),
	[DCB_HDRM_A_MEASURE_TIMEOUT] = NLA_POLICY_RANGE(NLA_U32, 1, 4000),
	[DCB_HDRM_A_MEASURE_APPLY] = NLA_POLICY_MAX(NLA_U32, 3),
	[DCB_HDRM_A_MEASURE_PUSH] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_MEASURE_OWNED] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_MEASURE_APPLY_OWN] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_MEASURE_TS_MODE] = NLA_POLICY_MAX(NLA_U8, 3),
	[DCB_HDRM_A_MEASURE_METHOD] = NLA_POLICY_MAX(NLA_U8, 3),
	[DCB_HDRM_A_MEASURE_PTP_DOMAIN] = { .type = NLA_U8, },
	[DCB_HDRM_A_MEASURE_PTP_SDO] = NLA_POLICY_MAX(NLA_U8, 15),
	[DCB_HDRM_A_MEASURE_PEER_DELAY] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_measure_peer_delay_range),
	[DCB_HDRM_A_MEASURE_PEER_DELAY_HW] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_MEASURE_RESPONSE_PRIO] = NLA_POLICY_MAX(NLA_U8, 7),
	[DCB_HDRM_A_MEASURE_RESPONSE_REPEATS] = NLA_POLICY_RANGE(NLA_U32, 1, 16),
	[DCB_HDRM_A_MEASURE_RESPONSE_PASSIVE] = { .type = NLA_FLAG, },
};

/* DCB_HDRM_CMD_RESULT_GET - do */
static const struct nla_policy dcb_hdrm_result_get_do_nl_policy[DCB_HDRM_A_RESULT_IFINDEX + 1] = {
	[DCB_HDRM_A_RESULT_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

#ifdef HDRM_HAVE_SPLIT_OPS
/* DCB_HDRM_CMD_RESULT_GET - dump */
static const struct nla_policy dcb_hdrm_result_get_dump_nl_policy[DCB_HDRM_A_RESULT_IFINDEX + 1] = {
	[DCB_HDRM_A_RESULT_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};
#endif

/* DCB_HDRM_CMD_SAMPLES_GET - do */
static const struct nla_policy dcb_hdrm_samples_get_nl_policy[DCB_HDRM_A_SAMPLES_IFINDEX + 1] = {
	[DCB_HDRM_A_SAMPLES_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* DCB_HDRM_CMD_WATCHDOG_GET - do */
static const struct nla_policy dcb_hdrm_watchdog_get_do_nl_policy[DCB_HDRM_A_WATCHDOG_IFINDEX + 1] = {
	[DCB_HDRM_A_WATCHDOG_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

#ifdef HDRM_HAVE_SPLIT_OPS
/* DCB_HDRM_CMD_WATCHDOG_GET - dump */
static const struct nla_policy dcb_hdrm_watchdog_get_dump_nl_policy[DCB_HDRM_A_WATCHDOG_IFINDEX + 1] = {
	[DCB_HDRM_A_WATCHDOG_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};
#endif

/* DCB_HDRM_CMD_WATCHDOG_SET - do */
static const struct nla_policy dcb_hdrm_watchdog_set_nl_policy[DCB_HDRM_A_WATCHDOG_RECOVERY + 1] = {
	[DCB_HDRM_A_WATCHDOG_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[DCB_HDRM_A_WATCHDOG_STATE] = NLA_POLICY_MAX(NLA_U8, 1),
	[DCB_HDRM_A_WATCHDOG_ACTION] = NLA_POLICY_MAX(NLA_U32, 2),
	[DCB_HDRM_A_WATCHDOG_DETECT_MS] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_watchdog_detect_ms_range),
	[DCB_HDRM_A_WATCHDOG_RESTORE_MS] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_watchdog_restore_ms_range),
	[DCB_HDRM_A_WATCHDOG_POLL_MS] = NLA_POLICY_RANGE(NLA_U32, 10, 10000),
	[DCB_HDRM_A_WATCHDOG_STORM_LIMIT] = NLA_POLICY_MAX(NLA_U32, 1000),
	[DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcb_hdrm_a_watchdog_storm_period_ms_range),
	[DCB_HDRM_A_WATCHDOG_RECOVERY] = NLA_POLICY_MAX(NLA_U32, 1),
};

/* DCB_HDRM_CMD_WATCHDOG_RECOVER - do */
static const struct nla_policy dcb_hdrm_watchdog_recover_nl_policy[DCB_HDRM_A_WATCHDOG_RECOVER_PRIO + 1] = {
	[DCB_HDRM_A_WATCHDOG_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[DCB_HDRM_A_WATCHDOG_RECOVER_PRIO] = NLA_POLICY_MAX(NLA_U8, 7),
};

/* Ops table for dcb_hdrm */
#ifdef HDRM_HAVE_SPLIT_OPS
static const struct genl_split_ops dcb_hdrm_nl_ops[] = {
	{
		.cmd		= DCB_HDRM_CMD_DEV_GET,
		.doit		= hdrm_nl_get_doit,
		.policy		= dcb_hdrm_dev_get_do_nl_policy,
		.maxattr	= DCB_HDRM_A_DEV_IFINDEX,
		.flags		= GENL_CMD_CAP_DO,
	},
	{
		.cmd		= DCB_HDRM_CMD_DEV_GET,
		.dumpit		= hdrm_nl_get_dumpit,
		.policy		= dcb_hdrm_dev_get_dump_nl_policy,
		.maxattr	= DCB_HDRM_A_DEV_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= DCB_HDRM_CMD_DEV_SET,
		.doit		= hdrm_nl_dev_set_doit,
		.policy		= dcb_hdrm_dev_set_nl_policy,
		.maxattr	= DCB_HDRM_A_DEV_K_MEASURED,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= DCB_HDRM_CMD_MEASURE,
		.doit		= hdrm_nl_measure_doit,
		.policy		= dcb_hdrm_measure_nl_policy,
		.maxattr	= DCB_HDRM_A_MEASURE_RESPONSE_PASSIVE,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= DCB_HDRM_CMD_RESULT_GET,
		.doit		= hdrm_nl_get_doit,
		.policy		= dcb_hdrm_result_get_do_nl_policy,
		.maxattr	= DCB_HDRM_A_RESULT_IFINDEX,
		.flags		= GENL_CMD_CAP_DO,
	},
	{
		.cmd		= DCB_HDRM_CMD_RESULT_GET,
		.dumpit		= hdrm_nl_get_dumpit,
		.policy		= dcb_hdrm_result_get_dump_nl_policy,
		.maxattr	= DCB_HDRM_A_RESULT_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= DCB_HDRM_CMD_SAMPLES_GET,
		.doit		= hdrm_nl_get_doit,
		.policy		= dcb_hdrm_samples_get_nl_policy,
		.maxattr	= DCB_HDRM_A_SAMPLES_IFINDEX,
		.flags		= GENL_CMD_CAP_DO,
	},
	{
		.cmd		= DCB_HDRM_CMD_WATCHDOG_GET,
		.doit		= hdrm_nl_get_doit,
		.policy		= dcb_hdrm_watchdog_get_do_nl_policy,
		.maxattr	= DCB_HDRM_A_WATCHDOG_IFINDEX,
		.flags		= GENL_CMD_CAP_DO,
	},
	{
		.cmd		= DCB_HDRM_CMD_WATCHDOG_GET,
		.dumpit		= hdrm_nl_get_dumpit,
		.policy		= dcb_hdrm_watchdog_get_dump_nl_policy,
		.maxattr	= DCB_HDRM_A_WATCHDOG_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= DCB_HDRM_CMD_WATCHDOG_SET,
		.doit		= hdrm_nl_watchdog_set_doit,
		.policy		= dcb_hdrm_watchdog_set_nl_policy,
		.maxattr	= DCB_HDRM_A_WATCHDOG_RECOVERY,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= DCB_HDRM_CMD_WATCHDOG_RECOVER,
		.doit		= hdrm_nl_watchdog_recover_doit,
		.policy		= dcb_hdrm_watchdog_recover_nl_policy,
		.maxattr	= DCB_HDRM_A_WATCHDOG_RECOVER_PRIO,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
};
#else
/* 6.1: no split ops; the table above, one entry per command */
static const struct genl_ops dcb_hdrm_nl_ops[] = {
	{
		.cmd		= DCB_HDRM_CMD_DEV_GET,
		.doit		= hdrm_nl_get_doit,
		.dumpit		= hdrm_nl_get_dumpit,
		.policy		= dcb_hdrm_dev_get_do_nl_policy,
		.maxattr	= DCB_HDRM_A_DEV_IFINDEX,
	},
	{
		.cmd		= DCB_HDRM_CMD_DEV_SET,
		.doit		= hdrm_nl_dev_set_doit,
		.policy		= dcb_hdrm_dev_set_nl_policy,
		.maxattr	= DCB_HDRM_A_DEV_K_MEASURED,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= DCB_HDRM_CMD_MEASURE,
		.doit		= hdrm_nl_measure_doit,
		.policy		= dcb_hdrm_measure_nl_policy,
		.maxattr	= DCB_HDRM_A_MEASURE_RESPONSE_PASSIVE,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= DCB_HDRM_CMD_RESULT_GET,
		.doit		= hdrm_nl_get_doit,
		.dumpit		= hdrm_nl_get_dumpit,
		.policy		= dcb_hdrm_result_get_do_nl_policy,
		.maxattr	= DCB_HDRM_A_RESULT_IFINDEX,
	},
	{
		.cmd		= DCB_HDRM_CMD_SAMPLES_GET,
		.doit		= hdrm_nl_get_doit,
		.policy		= dcb_hdrm_samples_get_nl_policy,
		.maxattr	= DCB_HDRM_A_SAMPLES_IFINDEX,
	},
	{
		.cmd		= DCB_HDRM_CMD_WATCHDOG_GET,
		.doit		= hdrm_nl_get_doit,
		.dumpit		= hdrm_nl_get_dumpit,
		.policy		= dcb_hdrm_watchdog_get_do_nl_policy,
		.maxattr	= DCB_HDRM_A_WATCHDOG_IFINDEX,
	},
	{
		.cmd		= DCB_HDRM_CMD_WATCHDOG_SET,
		.doit		= hdrm_nl_watchdog_set_doit,
		.policy		= dcb_hdrm_watchdog_set_nl_policy,
		.maxattr	= DCB_HDRM_A_WATCHDOG_RECOVERY,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= DCB_HDRM_CMD_WATCHDOG_RECOVER,
		.doit		= hdrm_nl_watchdog_recover_doit,
		.policy		= dcb_hdrm_watchdog_recover_nl_policy,
		.maxattr	= DCB_HDRM_A_WATCHDOG_RECOVER_PRIO,
		.flags		= GENL_ADMIN_PERM,
	},
};
#endif

static const struct genl_multicast_group dcb_hdrm_nl_mcgrps[] = {
	[DCB_HDRM_NLGRP_MONITOR] = { "monitor", },
};

struct genl_family dcb_hdrm_family __ro_after_init = {
	.name		= DCB_HDRM_FAMILY_NAME,
	.version	= DCB_HDRM_FAMILY_VERSION,
	.netnsok	= true,
	.parallel_ops	= true,
	.module		= THIS_MODULE,
#ifdef HDRM_HAVE_SPLIT_OPS
	.split_ops	= dcb_hdrm_nl_ops,
	.n_split_ops	= ARRAY_SIZE(dcb_hdrm_nl_ops),
#else
	.ops		= dcb_hdrm_nl_ops,
	.n_ops		= ARRAY_SIZE(dcb_hdrm_nl_ops),
#endif
	.mcgrps		= dcb_hdrm_nl_mcgrps,
	.n_mcgrps	= ARRAY_SIZE(dcb_hdrm_nl_mcgrps),
};
