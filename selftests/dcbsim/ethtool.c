// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: the ethtool operations: the driver's name, the link speed
 * and lanes knobs, timestamping capabilities and ethtool -S.
 * Documentation/testing.rst describes the knobs and the counters.
 */
#include <linux/net_tstamp.h>

#include "dcbsim_priv.h"

/*
 * The driver's name: the driver knob's, or with it at dcbsim the real
 * driver whose arithmetic the model is (mlx5's module is mlx5_core; a
 * Spectrum-2 port's driver is mlxsw_spectrum2), so that whatever reads
 * the name (ethtool -i, dcb_hdrm's model auto) sees what it would on that
 * hardware. Context: rtnl held (ethtool), as the knobs are.
 */
static void dcbsim_get_drvinfo(struct net_device *dev,
			       struct ethtool_drvinfo *info)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	const char *name = dcbsim_drivers[priv->driver].name;

	if (priv->driver == DCBSIM_DRV_DCBSIM && priv->model == DCBSIM_MLX5)
		name = "mlx5_core";
	else if (priv->driver == DCBSIM_DRV_DCBSIM &&
		 priv->model == DCBSIM_MLXSW)
		name = "mlxsw_spectrum2";
	strscpy(info->driver, name, sizeof(info->driver));
}

static int dcbsim_get_link_ksettings(struct net_device *dev,
				     struct ethtool_link_ksettings *ks)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	ethtool_link_ksettings_zero_link_mode(ks, supported);
	ethtool_link_ksettings_zero_link_mode(ks, advertising);
	ks->base.speed = priv->speed;
	ks->lanes = priv->lanes;
	ks->base.duplex = DUPLEX_FULL;
	ks->base.port = PORT_OTHER;
	ks->base.autoneg = AUTONEG_DISABLE;
	return 0;
}

/* Context: rtnl held. */
void dcbsim_set_speed(struct net_device *dev, u32 speed)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (priv->speed == speed)
		return;
	WRITE_ONCE(priv->speed, speed);
	/* what a NIC's renegotiation tells the stack */
	netdev_state_change(dev);
}

bool dcbsim_lanes_valid(u32 lanes)
{
	return lanes == 1 || lanes == 2 || lanes == 4 || lanes == 8;
}

/* Lanes 0: not given (the core clears them with autoneg off). */
static int dcbsim_set_link_ksettings(struct net_device *dev,
				     const struct ethtool_link_ksettings *ks)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (ks->base.autoneg == AUTONEG_ENABLE)
		return -EOPNOTSUPP;
	if (ks->base.duplex != DUPLEX_FULL)
		return -EINVAL;
	if (ks->base.speed < DCBSIM_MIN_SPEED ||
	    ks->base.speed > DCBSIM_MAX_SPEED)
		return -EINVAL;
	if (ks->lanes && !dcbsim_lanes_valid(ks->lanes))
		return -EINVAL;
	dcbsim_set_speed(dev, ks->base.speed);
	if (ks->lanes && ks->lanes != priv->lanes) {
		priv->lanes = ks->lanes;
		/* a port of another width: mlxsw's port afresh */
		if (priv->model == DCBSIM_MLXSW) {
			dcbsim_model_reset(priv);
			dcbsim_pfc_release(priv);
		}
	}
	return 0;
}

/* 6.11 gave the operation the kernel's own structure. Context: rtnl. */
#ifdef DCBSIM_HAVE_KERNEL_TS_INFO
static int dcbsim_get_ts_info(struct net_device *dev,
			      struct kernel_ethtool_ts_info *info)
#else
static int dcbsim_get_ts_info(struct net_device *dev,
			      struct ethtool_ts_info *info)
#endif
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	info->so_timestamping = SOF_TIMESTAMPING_TX_SOFTWARE |
				SOF_TIMESTAMPING_RX_SOFTWARE |
				SOF_TIMESTAMPING_SOFTWARE;
	info->phc_index = -1;
	if (!priv->hwts)
		return 0;
	info->so_timestamping |= SOF_TIMESTAMPING_TX_HARDWARE |
				 SOF_TIMESTAMPING_RX_HARDWARE |
				 SOF_TIMESTAMPING_RAW_HARDWARE;
	info->phc_index = READ_ONCE(priv->phc_index);
	info->tx_types = BIT(HWTSTAMP_TX_OFF) | BIT(HWTSTAMP_TX_ON);
	info->rx_filters = BIT(HWTSTAMP_FILTER_NONE) | BIT(HWTSTAMP_FILTER_ALL);
	return 0;
}

/*
 * ethtool -S: per priority, as mlx5 names them, the frames and bytes that
 * entered the cable (a held frame when it leaves) and the PFC frames
 * sent (tx) and received (rx), XON ones included. Another driver's: only
 * the pause frames sent and received, by that driver's names of its
 * counters, which count XOFF frames only (i40e, ice, ixgbe; bnxt_en's
 * count every frame, from the snapshot). Last, for dcbsim alone, per
 * priority the frames a received pause held (each once, when held) and
 * the time its transmit has been paused, ns, both as pfc.c keeps them.
 * Context: rtnl held (count, strings and values in one request).
 */
static int dcbsim_get_sset_count(struct net_device *dev, int sset)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (sset != ETH_SS_STATS)
		return -EOPNOTSUPP;
	return DCBSIM_NUM_PRIOS * (priv->driver == DCBSIM_DRV_DCBSIM ? 6 : 2) +
	       DCBSIM_NUM_BUFFERS * 3;
}

static void dcbsim_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	int prio, i;

	if (sset != ETH_SS_STATS)
		return;
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		switch (priv->driver) {
		case DCBSIM_DRV_BNXT_EN:
			ethtool_sprintf(&data, "tx_pfc_ena_frames_pri%d", prio);
			ethtool_sprintf(&data, "rx_pfc_ena_frames_pri%d", prio);
			break;
		case DCBSIM_DRV_I40E:
			ethtool_sprintf(&data, "port.tx_priority_%d_xoff_tx",
					prio);
			ethtool_sprintf(&data, "port.rx_priority_%d_xoff_rx",
					prio);
			break;
		case DCBSIM_DRV_ICE:
			ethtool_sprintf(&data, "tx_priority_%d_xoff.nic", prio);
			ethtool_sprintf(&data, "rx_priority_%d_xoff.nic", prio);
			break;
		case DCBSIM_DRV_IXGBE:
			ethtool_sprintf(&data, "tx_pb_%d_pxoff", prio);
			ethtool_sprintf(&data, "rx_pb_%d_pxoff", prio);
			break;
		default:
			ethtool_sprintf(&data, "tx_prio%d_packets", prio);
			ethtool_sprintf(&data, "tx_prio%d_bytes", prio);
			ethtool_sprintf(&data, "tx_prio%d_pause", prio);
			ethtool_sprintf(&data, "rx_prio%d_pause", prio);
			break;
		}
	}
	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		ethtool_sprintf(&data, "buffer%d_size", i);
		ethtool_sprintf(&data, "buffer%d_xoff", i);
		ethtool_sprintf(&data, "buffer%d_xon", i);
	}
	if (priv->driver != DCBSIM_DRV_DCBSIM)
		return;
	/* after the others, whose places stay as they were */
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		ethtool_sprintf(&data, "tx_prio%d_held", prio);
		ethtool_sprintf(&data, "tx_prio%d_paused_ns", prio);
	}
}

static void dcbsim_get_ethtool_stats(struct net_device *dev,
				     struct ethtool_stats *stats, u64 *data)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u32 size, xoff, xon;
	int prio, i;

	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		if (priv->driver == DCBSIM_DRV_BNXT_EN) {
			/* the statistics DMA's copy, as ieee_getpfc's */
			dcbsim_pfc_counters(priv, prio, &data[0], &data[1]);
			data += 2;
			continue;
		}
		if (priv->driver == DCBSIM_DRV_DCBSIM) {
			*data++ = atomic64_read(&priv->tx_prio_packets[prio]);
			*data++ = atomic64_read(&priv->tx_prio_bytes[prio]);
		}
		dcbsim_pfc_live(priv, prio, &data[0], &data[1]);
		data += 2;
	}
	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		dcbsim_buffer_state(priv, i, &size, &xoff, &xon);
		*data++ = size;
		*data++ = xoff;
		*data++ = xon;
	}
	if (priv->driver != DCBSIM_DRV_DCBSIM)
		return;
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		dcbsim_pfc_tx_stats(priv, prio, &data[0], &data[1]);
		data += 2;
	}
}

const struct ethtool_ops dcbsim_ethtool_ops = {
	.cap_link_lanes_supported = true,
	.get_drvinfo		= dcbsim_get_drvinfo,
	.get_link		= ethtool_op_get_link,
	.get_link_ksettings	= dcbsim_get_link_ksettings,
	.set_link_ksettings	= dcbsim_set_link_ksettings,
	.get_ts_info		= dcbsim_get_ts_info,
	.get_sset_count		= dcbsim_get_sset_count,
	.get_strings		= dcbsim_get_strings,
	.get_ethtool_stats	= dcbsim_get_ethtool_stats,
};
