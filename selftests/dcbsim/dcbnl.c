// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: the DCB operations, as a NIC driver has them: IEEE PFC and
 * ETS, DCB buffer get and set, each by the model's arithmetic, and
 * the DCBX mode. Context: rtnl held. Documentation/testing.rst
 * describes the models.
 */
#include "dcbsim_priv.h"

static int dcbsim_ieee_getpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u64 sent, rcvd;
	bool swapped;
	int prio;

	if (priv->model == DCBSIM_MLX5) {
		/* the port's pfc_en and the driver's cable length */
		memset(pfc, 0, sizeof(*pfc));
		pfc->pfc_cap = IEEE_8021QAZ_MAX_TCS;
		pfc->pfc_en = priv->mlx5.pfc_en;
		pfc->delay = priv->mlx5.cable_len;
	} else {
		*pfc = priv->pfc;
	}
	/*
	 * every model: the pause frames sent and received per priority, as
	 * the driver knob's driver reports them (ixgbe's the other way round)
	 */
	swapped = dcbsim_drivers[priv->driver].swapped;
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		dcbsim_pfc_counters(priv, prio, &sent, &rcvd);
		pfc->requests[prio] = swapped ? rcvd : sent;
		pfc->indications[prio] = swapped ? sent : rcvd;
	}
	return 0;
}

static int dcbsim_ieee_setpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	int err = 0;

	if (priv->fail)
		return -priv->fail;
	switch (priv->model) {
	case DCBSIM_MLX5:
		err = dcbsim_mlx5_setpfc(priv, pfc);
		break;
	case DCBSIM_MLXSW:
		err = dcbsim_mlxsw_setpfc(priv, pfc);
		break;
	default:
		WRITE_ONCE(priv->pfc.pfc_en, pfc->pfc_en);
		priv->pfc.mbc = pfc->mbc;
		priv->pfc.delay = pfc->delay;
	}
	/* mlx5 keeps a new pfc_en even when it fails */
	dcbsim_pfc_release(priv);
	return err;
}

static int dcbsim_ieee_getets(struct net_device *dev, struct ieee_ets *ets)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	*ets = priv->ets;
	return 0;
}

static int dcbsim_ieee_setets(struct net_device *dev, struct ieee_ets *ets)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	unsigned int i, bw = 0;
	bool any_ets = false;
	int err;

	if (priv->fail)
		return -priv->fail;
	for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++) {
		if (ets->prio_tc[i] >= IEEE_8021QAZ_MAX_TCS)
			return -EINVAL;
		switch (ets->tc_tsa[i]) {
		case IEEE_8021QAZ_TSA_STRICT:
			break;
		case IEEE_8021QAZ_TSA_ETS:
			any_ets = true;
			bw += ets->tc_tx_bw[i];
			break;
		default:
			/* mlxsw_sp_port_ets_validate() says -EINVAL */
			return priv->model == DCBSIM_MLXSW ? -EINVAL :
							      -EOPNOTSUPP;
		}
	}
	if (any_ets && bw != 100)
		return -EINVAL;
	if (priv->model == DCBSIM_MLXSW) {
		/* DCB mode: each priority's buffer follows its TC */
		err = dcbsim_mlxsw_setets(priv, ets);
		if (err)
			return err;
	}
	priv->ets.willing = ets->willing;
	priv->ets.ets_cap = IEEE_8021QAZ_MAX_TCS;
	memcpy(priv->ets.tc_tx_bw, ets->tc_tx_bw, sizeof(ets->tc_tx_bw));
	memcpy(priv->ets.tc_tsa, ets->tc_tsa, sizeof(ets->tc_tsa));
	memcpy(priv->ets.prio_tc, ets->prio_tc, sizeof(ets->prio_tc));
	return 0;
}

static int dcbsim_getbuffer(struct net_device *dev, struct dcbnl_buffer *buf)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	const struct dcbsim_mlxsw *h = &priv->mlxsw;
	int i;

	switch (priv->model) {
	case DCBSIM_MLX5:
		memcpy(buf->prio2buffer, priv->mlx5.prio2buffer,
		       sizeof(buf->prio2buffer));
		for (i = 0; i < DCBSIM_NUM_BUFFERS; i++)
			buf->buffer_size[i] = priv->mlx5.buf[i].size * priv->cell;
		buf->total_size = priv->total;
		return 0;
	case DCBSIM_MLXSW:
		/* the total is the headroom taken, the internal buffer's too */
		buf->total_size = 0;
		for (i = 0; i < DCBSIM_MLXSW_PB_COUNT; i++) {
			u32 bytes = h->buf[i].size * priv->cell;

			if (i < DCBX_MAX_BUFFERS)
				buf->buffer_size[i] = bytes;
			buf->total_size += bytes;
		}
		buf->total_size += h->int_size * priv->cell;
		memcpy(buf->prio2buffer, h->buf_idx, sizeof(buf->prio2buffer));
		return 0;
	}
	*buf = priv->buf;
	buf->total_size = priv->total;
	return 0;
}

static int dcbsim_setbuffer(struct net_device *dev, struct dcbnl_buffer *buf)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u32 size[DCBX_MAX_BUFFERS];
	u64 sum = 0;
	unsigned int i;

	if (priv->fail)
		return -priv->fail;
	for (i = 0; i < IEEE_8021Q_MAX_PRIORITIES; i++)
		if (buf->prio2buffer[i] >= DCBX_MAX_BUFFERS)
			return -EINVAL;
	switch (priv->model) {
	case DCBSIM_MLX5:
		return dcbsim_mlx5_setbuffer(priv, buf);
	case DCBSIM_MLXSW:
		return dcbsim_mlxsw_setbuffer(priv, buf);
	}
	for (i = 0; i < DCBX_MAX_BUFFERS; i++) {
		u64 cells = DIV_ROUND_UP_ULL(buf->buffer_size[i], priv->cell);

		sum += cells * priv->cell;
		if (sum > priv->total)
			return -EINVAL;
		size[i] = cells * priv->cell;
	}
	memcpy(priv->buf.prio2buffer, buf->prio2buffer,
	       sizeof(buf->prio2buffer));
	memcpy(priv->buf.buffer_size, size, sizeof(size));
	return 0;
}

static u8 dcbsim_getdcbx(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	return priv->dcbx;
}

/* dcbnl's convention: 0 taken, 1 refused. */
static u8 dcbsim_setdcbx(struct net_device *dev, u8 mode)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u8 ver = mode & (DCB_CAP_DCBX_VER_CEE | DCB_CAP_DCBX_VER_IEEE);

	if (!(mode & DCB_CAP_DCBX_HOST) || (mode & DCB_CAP_DCBX_LLD_MANAGED) ||
	    (ver != DCB_CAP_DCBX_VER_CEE && ver != DCB_CAP_DCBX_VER_IEEE))
		return 1;
	priv->dcbx = mode;
	return 0;
}

const struct dcbnl_rtnl_ops dcbsim_dcbnl_ops = {
	.ieee_getpfc		= dcbsim_ieee_getpfc,
	.ieee_setpfc		= dcbsim_ieee_setpfc,
	.ieee_getets		= dcbsim_ieee_getets,
	.ieee_setets		= dcbsim_ieee_setets,
	.dcbnl_getbuffer	= dcbsim_getbuffer,
	.dcbnl_setbuffer	= dcbsim_setbuffer,
	.getdcbx		= dcbsim_getdcbx,
	.setdcbx		= dcbsim_setdcbx,
};
