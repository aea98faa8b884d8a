// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: the DCB models' port buffers, mlx5's (with the buffers'
 * owner) and mlxsw's headroom (with its TC mode), and the model's
 * reset. Documentation/testing.rst gives each model's arithmetic.
 */
#include <linux/if_vlan.h>
#include <net/pkt_cls.h>

#include "dcbsim_priv.h"

#define DCBSIM_DEF_BUFFER0	65536

/* mlx5 (en/port_buffer.[ch], en_dcbnl.c) */
#define DCBSIM_MLX5_MAX_MTU	9978	/* ConnectX's 10000-byte port MTU less 22 */
#define DCBSIM_MLX5_MIN_MAX_MTU	9216	/* MINIMUM_MAX_MTU */
#define DCBSIM_MLX5_DEF_CABLE	7	/* MLX5E_DEFAULT_CABLE_LEN, metres */
#define DCBSIM_MLX5_MAX_CABLE	1000	/* MLX5E_MAX_CABLE_LENGTH */
#define DCBSIM_MLX5_MIN_SPEED	40000	/* calculate_xoff()'s floor, Mb/s */
/* mlx5e_port_manual_buffer_config()'s change bits */
#define DCBSIM_MLX5_CABLE_LEN	BIT(0)
#define DCBSIM_MLX5_PFC		BIT(1)
#define DCBSIM_MLX5_PRIO2BUFFER	BIT(2)
#define DCBSIM_MLX5_SIZE	BIT(3)

/* mlxsw (spectrum_buffers.c, spectrum_dcb.c, port.h) */
#define DCBSIM_MLXSW_FRAME_HDR	(ETH_HLEN + VLAN_HLEN + ETH_FCS_LEN)
#define DCBSIM_MLXSW_MAX_MTU	(10 * 1024 - DCBSIM_MLXSW_FRAME_HDR)
#define DCBSIM_MLXSW_CTL_BUF	9
#define DCBSIM_MLXSW_SP2_FACTOR	38	/* SPAN egress mirror buffer factor */

/*
 * The DCB models: each driver's arithmetic as Linux 6.12 does it, in its
 * integer types (written afresh, not copied). Context: rtnl held.
 */

/* mlx5 */

/* mlx5e_port_query_buffer(): the buffers in bytes, and their sum */
static u32 dcbsim_mlx5_query(const struct dcbsim_priv *priv,
			     struct dcbsim_mlx5_pb *pb)
{
	u32 used = 0;
	int i;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		const struct dcbsim_mlx5_buf *b = &priv->mlx5.buf[i];

		pb[i].size = b->size * priv->cell;
		pb[i].xoff = b->xoff * priv->cell;
		pb[i].xon = b->xon * priv->cell;
		pb[i].lossy = b->lossy;
		used += pb[i].size;
	}
	return used;
}

/*
 * calculate_xoff(): (301 + 2.16 x metres) x Gb/s + 2.72 x MTU bytes, the
 * speed at least 40 Gb/s, in u32 as the driver computes it.
 */
static u32 dcbsim_mlx5_calc_xoff(const struct dcbsim_priv *priv,
				 unsigned int mtu)
{
	u32 speed = max_t(u32, priv->speed, DCBSIM_MLX5_MIN_SPEED);

	return (301 + 216 * priv->mlx5.cable_len / 100) * speed / 1000 +
	       272 * mtu / 100;
}

/* update_xoff_threshold(): XOFF sits xoff bytes below a lossless top */
static int dcbsim_mlx5_update_xoff(struct dcbsim_mlx5_pb *pb, u32 xoff,
				   unsigned int max_mtu, u32 cell)
{
	int i;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		if (pb[i].lossy) {
			pb[i].xoff = 0;
			pb[i].xon = 0;
			continue;
		}
		if (pb[i].size < xoff + max_mtu + cell)
			return -ENOMEM;
		pb[i].xoff = pb[i].size - xoff;
		pb[i].xon = pb[i].xoff - max_mtu;
	}
	return 0;
}

/*
 * update_buffer_lossy(): a buffer is lossless when a PFC-enabled priority
 * maps to it; the thresholds are recomputed when any of that changed.
 */
static int dcbsim_mlx5_update_lossy(u8 pfc_en, const u8 *prio2buffer,
				    u32 xoff, unsigned int max_mtu, u32 cell,
				    struct dcbsim_mlx5_pb *pb, bool *change)
{
	bool changed = false;
	int i, prio;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		unsigned int prios = 0, lossy_prios = 0;
		u8 lossy;

		for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++) {
			if (prio2buffer[prio] != i)
				continue;
			prios++;
			lossy_prios += !(pfc_en & BIT(prio));
		}
		lossy = lossy_prios == prios;
		if (lossy != pb[i].lossy) {
			pb[i].lossy = lossy;
			changed = true;
		}
	}
	if (changed) {
		int err = dcbsim_mlx5_update_xoff(pb, xoff, max_mtu, cell);

		if (err)
			return err;
		*change = true;
	}
	return 0;
}

/*
 * mlx5e_port_manual_buffer_config(), its steps in its order, then
 * port_set_buffer(): each size and threshold written in whole cells,
 * rounded down, into PBMC's 16-bit fields. Nothing is written on an error.
 * No shared-buffer pools (sbcam_reg) and no global pause are modelled.
 */
static int dcbsim_mlx5_buffer_config(struct dcbsim_priv *priv, u32 change,
				     unsigned int mtu, u8 pfc_en,
				     const u32 *buffer_size,
				     const u8 *prio2buffer)
{
	struct dcbsim_mlx5 *m = &priv->mlx5;
	struct dcbsim_mlx5_pb pb[DCBSIM_NUM_BUFFERS];
	u32 xoff = dcbsim_mlx5_calc_xoff(priv, mtu);
	unsigned int max_mtu = max_t(unsigned int, priv->dev->max_mtu,
				     DCBSIM_MLX5_MIN_MAX_MTU);
	bool update_buffer = false;
	u32 used, spare, total_used = 0;
	u32 cell = priv->cell;
	int err, i;

	used = dcbsim_mlx5_query(priv, pb);
	/* the port's buffer less its internal buffers is buffer-total */
	spare = priv->total > used ? priv->total - used : 0;

	if (change & DCBSIM_MLX5_CABLE_LEN) {
		update_buffer = true;
		err = dcbsim_mlx5_update_xoff(pb, xoff, max_mtu, cell);
		if (err)
			return err;
	}
	if (change & DCBSIM_MLX5_PFC) {
		err = dcbsim_mlx5_update_lossy(pfc_en, m->prio2buffer, xoff,
					       max_mtu, cell, pb,
					       &update_buffer);
		if (err)
			return err;
	}
	if (change & DCBSIM_MLX5_PRIO2BUFFER) {
		err = dcbsim_mlx5_update_lossy(m->pfc_en, prio2buffer, xoff,
					       max_mtu, cell, pb,
					       &update_buffer);
		if (err)
			return err;
	}
	if (change & DCBSIM_MLX5_SIZE) {
		for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
			if (!pb[i].lossy && !buffer_size[i])
				return -EINVAL;
			pb[i].size = buffer_size[i];
			total_used += buffer_size[i];
		}
		if (total_used > used && total_used - used > spare)
			return -EINVAL;
		update_buffer = true;
		err = dcbsim_mlx5_update_xoff(pb, xoff, max_mtu, cell);
		if (err)
			return err;
	}
	/* a new MTU or speed since the last configuration */
	if (!update_buffer && xoff != m->xoff) {
		update_buffer = true;
		err = dcbsim_mlx5_update_xoff(pb, xoff, max_mtu, cell);
		if (err)
			return err;
	}

	if (update_buffer) {
		for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
			m->buf[i].size = pb[i].size / cell;
			m->buf[i].xoff = pb[i].xoff / cell;
			m->buf[i].xon = pb[i].xon / cell;
			m->buf[i].lossy = pb[i].lossy;
		}
	}
	m->xoff = xoff;
	if (change & DCBSIM_MLX5_PRIO2BUFFER)
		memcpy(m->prio2buffer, prio2buffer, sizeof(m->prio2buffer));
	return 0;
}

/*
 * mlx5e_dcbnl_ieee_setpfc(): a new pfc_en is set first and stays whatever
 * follows; a delay of 1..999 is the cable's length in metres, any other
 * is ignored; the length is put back if the buffers refuse it.
 */
int dcbsim_mlx5_setpfc(struct dcbsim_priv *priv, struct ieee_pfc *pfc)
{
	struct dcbsim_mlx5 *m = &priv->mlx5;
	u32 old_cable_len = m->cable_len;
	u32 changed = 0;
	int err;

	if (pfc->pfc_en != m->pfc_en) {
		WRITE_ONCE(m->pfc_en, pfc->pfc_en);
		changed |= DCBSIM_MLX5_PFC;
	}
	if (pfc->delay && pfc->delay < DCBSIM_MLX5_MAX_CABLE &&
	    pfc->delay != m->cable_len) {
		m->cable_len = pfc->delay;
		changed |= DCBSIM_MLX5_CABLE_LEN;
	}
	/*
	 * Firmware-owned buffers (6.12.117: mlx5_query_port_buffer_ownership()
	 * not SW_OWNED; 6.1: !priv->dcbx.manual_buffer): the length is kept,
	 * and ieee_getpfc reports it, but no XOFF moves.
	 */
	if (m->owner != DCBSIM_OWNER_SOFTWARE)
		return 0;
	err = dcbsim_mlx5_buffer_config(priv, changed, priv->dev->mtu,
					m->pfc_en, NULL, NULL);
	if (err && (changed & DCBSIM_MLX5_CABLE_LEN))
		m->cable_len = old_cable_len;
	return err;
}

/* mlx5e_dcbnl_setbuffer(): sizes compared in bytes, as read back */
int dcbsim_mlx5_setbuffer(struct dcbsim_priv *priv,
			  struct dcbnl_buffer *buf)
{
	struct dcbsim_mlx5 *m = &priv->mlx5;
	u32 changed = 0;
	int err, i;

	if (memcmp(buf->prio2buffer, m->prio2buffer, sizeof(m->prio2buffer)))
		changed |= DCBSIM_MLX5_PRIO2BUFFER;
	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		if (m->buf[i].size * priv->cell != buf->buffer_size[i]) {
			changed |= DCBSIM_MLX5_SIZE;
			break;
		}
	}
	if (!changed)
		return 0;
	err = dcbsim_mlx5_buffer_config(priv, changed, priv->dev->mtu, 0,
					buf->buffer_size, buf->prio2buffer);
	/* the host wrote PBMC: firmware reports the buffers SW-owned */
	if (!err)
		m->owner = DCBSIM_OWNER_SOFTWARE;
	return err;
}

/*
 * A port as dcbsim brings it up: buffer 0 lossy with 65536 bytes (as many
 * whole cells as fit, at most 65535), the others lossy and empty, every
 * priority in buffer 0, PFC off, a 7 m cable, no xoff computed yet.
 */
static void dcbsim_mlx5_init(struct dcbsim_priv *priv)
{
	struct dcbsim_mlx5 *m = &priv->mlx5;
	int i;

	memset(m, 0, sizeof(*m));
	m->cable_len = DCBSIM_MLX5_DEF_CABLE;
	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++)
		m->buf[i].lossy = 1;
	m->buf[0].size = min_t(u32, DCBSIM_DEF_BUFFER0 / priv->cell, U16_MAX);
}

/* mlxsw (Spectrum-2's internal buffer) */

static u32 dcbsim_mlxsw_cells(const struct dcbsim_priv *priv, u32 bytes)
{
	return DIV_ROUND_UP(bytes, priv->cell);
}

/* mlxsw_sp_port_headroom_8x_adjust(): two buffers on an 8-lane port */
static u32 dcbsim_mlxsw_8x(const struct dcbsim_priv *priv, u32 cells)
{
	return priv->lanes == 8 ? 2 * cells : cells;
}

/* DCB mode: a priority's buffer is its ETS traffic class */
static void dcbsim_mlxsw_reset_buf_idx(struct dcbsim_mlxsw *h)
{
	memcpy(h->buf_idx, h->ets_buf_idx, sizeof(h->buf_idx));
}

static void dcbsim_mlxsw_reset_lossiness(struct dcbsim_mlxsw *h)
{
	int i, prio;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++)
		h->buf[i].lossy = true;
	for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++)
		if (!h->prio_lossy[prio])
			h->buf[h->buf_idx[prio]].lossy = false;
}

static bool dcbsim_mlxsw_buf_used(const struct dcbsim_mlxsw *h, int buf)
{
	int prio;

	for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++)
		if (h->buf_idx[prio] == buf)
			return true;
	return false;
}

/*
 * mlxsw_sp_hdroom_bufs_reset_sizes(), DCB mode: a used buffer's XOFF
 * threshold is 2 x cells(MTU) and a lossless one adds 2 x cells(delay)
 * + cells(MTU) above it; both doubled on 8 lanes. The internal buffer's
 * reserve is Spectrum-2's, 3 x (max_mtu + 22) + 38 x speed / 1000 bytes
 * (the port's maximum speed: the speed knob) in cells, plus one.
 */
static void dcbsim_mlxsw_reset_sizes(const struct dcbsim_priv *priv,
				     struct dcbsim_mlxsw *h)
{
	unsigned int max_mtu = priv->dev->max_mtu + DCBSIM_MLXSW_FRAME_HDR;
	u16 reserve, thres, delay;
	u32 bytes;
	int i;

	bytes = 3 * (int)max_mtu + DCBSIM_MLXSW_SP2_FACTOR * priv->speed / 1000;
	reserve = dcbsim_mlxsw_cells(priv, bytes) + 1;
	reserve = dcbsim_mlxsw_8x(priv, reserve);
	h->int_reserve = reserve;
	h->int_size = 0;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		if (!dcbsim_mlxsw_buf_used(h, i)) {
			thres = 0;
			delay = 0;
		} else {
			thres = 2 * dcbsim_mlxsw_cells(priv, h->mtu);
			delay = 0;
			if (!h->buf[i].lossy) {
				u16 delay_cells = dcbsim_mlxsw_cells(priv,
							h->delay_bytes);

				delay = 2 * delay_cells +
					dcbsim_mlxsw_cells(priv, h->mtu);
			}
		}
		thres = dcbsim_mlxsw_8x(priv, thres);
		delay = dcbsim_mlxsw_8x(priv, delay);
		h->buf[i].thres = thres;
		h->buf[i].size = thres + delay;
		/* TC mode: the size set by dcbnl_setbuffer, the delay unused */
		if (h->tc_mode && dcbsim_mlxsw_buf_used(h, i))
			h->buf[i].size = max_t(u32, thres,
					       dcbsim_mlxsw_cells(priv,
								  h->tc_size[i]));
	}
}

/* mlxsw_sp_hdroom_bufs_fit(): buffer-total is the maximum headroom */
static bool dcbsim_mlxsw_fit(const struct dcbsim_priv *priv,
			     const struct dcbsim_mlxsw *h)
{
	u32 taken = 0;
	int i;

	for (i = 0; i < DCBSIM_MLXSW_PB_COUNT; i++)
		taken += h->buf[i].size;
	taken += h->int_reserve;
	return taken <= priv->total / priv->cell;
}

/*
 * mlxsw_sp_hdroom_configure(): the grown buffers beside the old ones must
 * fit, and so must the new set; else -ENOBUFS and nothing changes.
 */
static int dcbsim_mlxsw_configure(struct dcbsim_priv *priv,
				  const struct dcbsim_mlxsw *h)
{
	struct dcbsim_mlxsw tmp = priv->mlxsw;
	int i;

	for (i = 0; i < DCBSIM_MLXSW_PB_COUNT; i++)
		if (h->buf[i].size)
			tmp.buf[i] = h->buf[i];
	if (!dcbsim_mlxsw_fit(priv, &tmp) || !dcbsim_mlxsw_fit(priv, h))
		return -ENOBUFS;
	priv->mlxsw = *h;
	return 0;
}

/*
 * mlxsw_sp_qdisc_create() and _destroy() for a root qdisc: TC mode while
 * one is offloaded, DCB mode after (the sizes recomputed either way).
 * Context: rtnl held.
 */
int dcbsim_mlxsw_tc_mode(struct dcbsim_priv *priv, bool on)
{
	struct dcbsim_mlxsw h = priv->mlxsw;

	if (h.tc_mode == on)
		return 0;
	h.tc_mode = on;
	dcbsim_mlxsw_reset_sizes(priv, &h);
	return dcbsim_mlxsw_configure(priv, &h);
}

/*
 * ndo_setup_tc, as mlxsw takes a root prio, ets, red or tbf (model mlxsw
 * only; other models offload nothing): its replace puts the port in TC
 * mode, its destroy back in DCB mode; the rest (grafts, stats) is taken
 * and changes nothing. Context: rtnl held.
 */
int dcbsim_setup_tc(struct net_device *dev, enum tc_setup_type type,
		    void *data)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	bool replace, destroy;
	u32 parent;

	if (priv->model != DCBSIM_MLXSW)
		return -EOPNOTSUPP;
	switch (type) {
	case TC_SETUP_QDISC_PRIO: {
		struct tc_prio_qopt_offload *o = data;

		parent = o->parent;
		replace = o->command == TC_PRIO_REPLACE;
		destroy = o->command == TC_PRIO_DESTROY;
		break;
	}
	case TC_SETUP_QDISC_ETS: {
		struct tc_ets_qopt_offload *o = data;

		parent = o->parent;
		replace = o->command == TC_ETS_REPLACE;
		destroy = o->command == TC_ETS_DESTROY;
		break;
	}
	case TC_SETUP_QDISC_RED: {
		struct tc_red_qopt_offload *o = data;

		parent = o->parent;
		replace = o->command == TC_RED_REPLACE;
		destroy = o->command == TC_RED_DESTROY;
		break;
	}
	case TC_SETUP_QDISC_TBF: {
		struct tc_tbf_qopt_offload *o = data;

		parent = o->parent;
		replace = o->command == TC_TBF_REPLACE;
		destroy = o->command == TC_TBF_DESTROY;
		break;
	}
	default:
		return -EOPNOTSUPP;
	}
	if (parent != TC_H_ROOT)
		return -EOPNOTSUPP;
	if (replace || destroy)
		return dcbsim_mlxsw_tc_mode(priv, replace);
	return 0;
}

/* mlxsw_sp_dcbnl_setbuffer(): TC mode only; the sizes, then reconfigure */
int dcbsim_mlxsw_setbuffer(struct dcbsim_priv *priv,
			   const struct dcbnl_buffer *buf)
{
	struct dcbsim_mlxsw h = priv->mlxsw;

	if (!h.tc_mode) {
		netdev_err(priv->dev, "The use of dcbnl_setbuffer is only allowed if egress is configured using TC\n");
		return -EINVAL;
	}
	memcpy(h.tc_size, buf->buffer_size, sizeof(h.tc_size));
	dcbsim_mlxsw_reset_sizes(priv, &h);
	return dcbsim_mlxsw_configure(priv, &h);
}

/* mlxsw_sp_dcbnl_ieee_setpfc(): the delay in bits, headroom from it */
int dcbsim_mlxsw_setpfc(struct dcbsim_priv *priv, struct ieee_pfc *pfc)
{
	struct dcbsim_mlxsw h = priv->mlxsw;
	int prio, err;

	h.delay_bytes = pfc->pfc_en ? DIV_ROUND_UP(pfc->delay, BITS_PER_BYTE) : 0;
	for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++)
		h.prio_lossy[prio] = !(pfc->pfc_en & BIT(prio));
	dcbsim_mlxsw_reset_lossiness(&h);
	dcbsim_mlxsw_reset_sizes(priv, &h);
	err = dcbsim_mlxsw_configure(priv, &h);
	if (err)
		return err;
	priv->pfc = *pfc;
	priv->pfc.pfc_cap = IEEE_8021QAZ_MAX_TCS;
	return 0;
}

/* mlxsw_sp_port_headroom_ets_set() */
int dcbsim_mlxsw_setets(struct dcbsim_priv *priv, struct ieee_ets *ets)
{
	struct dcbsim_mlxsw h = priv->mlxsw;

	memcpy(h.ets_buf_idx, ets->prio_tc, sizeof(h.ets_buf_idx));
	dcbsim_mlxsw_reset_buf_idx(&h);
	dcbsim_mlxsw_reset_lossiness(&h);
	dcbsim_mlxsw_reset_sizes(priv, &h);
	return dcbsim_mlxsw_configure(priv, &h);
}

/*
 * mlxsw_sp_port_headroom_init(): every priority lossy in buffer 0, the
 * control buffer 9 one maximal frame, the internal buffer off. Taken even
 * where it does not fit buffer-total (where a port would not come up).
 */
static void dcbsim_mlxsw_init(struct dcbsim_priv *priv)
{
	struct dcbsim_mlxsw *h = &priv->mlxsw;
	u32 size9;
	int prio;

	memset(h, 0, sizeof(*h));
	h->mtu = priv->dev->mtu;
	for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++)
		h->prio_lossy[prio] = true;
	dcbsim_mlxsw_reset_lossiness(h);
	dcbsim_mlxsw_reset_sizes(priv, h);
	/* in bytes, doubled on 8 lanes, then in cells */
	size9 = dcbsim_mlxsw_8x(priv, priv->dev->max_mtu +
				DCBSIM_MLXSW_FRAME_HDR);
	h->buf[DCBSIM_MLXSW_CTL_BUF].size = dcbsim_mlxsw_cells(priv, size9);
}

unsigned int dcbsim_model_max_mtu(u8 model)
{
	switch (model) {
	case DCBSIM_MLX5:
		return DCBSIM_MLX5_MAX_MTU;
	case DCBSIM_MLXSW:
		return DCBSIM_MLXSW_MAX_MTU;
	default:
		return ETH_MAX_MTU;
	}
}

/*
 * A new port of the model: its max_mtu, PFC off, ETS strict with every
 * priority in TC 0, and the model's initial buffers. Context: rtnl held
 * (or the device not registered yet); dev->mtu within the new max_mtu.
 */
void dcbsim_model_reset(struct dcbsim_priv *priv)
{
	int i;

	priv->dev->max_mtu = dcbsim_model_max_mtu(priv->model);
	memset(&priv->pfc, 0, sizeof(priv->pfc));
	priv->pfc.pfc_cap = IEEE_8021QAZ_MAX_TCS;
	memset(&priv->ets, 0, sizeof(priv->ets));
	priv->ets.ets_cap = IEEE_8021QAZ_MAX_TCS;
	for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++)
		priv->ets.tc_tsa[i] = IEEE_8021QAZ_TSA_STRICT;
	memset(&priv->buf, 0, sizeof(priv->buf));
	priv->buf.buffer_size[0] = DCBSIM_DEF_BUFFER0;
	dcbsim_mlx5_init(priv);
	dcbsim_mlxsw_init(priv);
}

/*
 * Buffer @i as the emulated hardware holds it, bytes: its size and its
 * XOFF and XON thresholds from its bottom (0 for a lossy buffer, and for
 * the generic model, which has none). mlxsw packs one threshold for both
 * (mlxsw_reg_pbmc_lossless_buffer_pack()).
 */
void dcbsim_buffer_state(const struct dcbsim_priv *priv, int i,
			 u32 *size, u32 *xoff, u32 *xon)
{
	const struct dcbsim_mlx5_buf *m = &priv->mlx5.buf[i];

	switch (priv->model) {
	case DCBSIM_MLX5:
		*size = m->size * priv->cell;
		*xoff = m->xoff * priv->cell;
		*xon = m->xon * priv->cell;
		break;
	case DCBSIM_MLXSW:
		*size = priv->mlxsw.buf[i].size * priv->cell;
		*xoff = priv->mlxsw.buf[i].lossy ? 0 :
			priv->mlxsw.buf[i].thres * priv->cell;
		*xon = *xoff;
		break;
	default:
		*size = priv->buf.buffer_size[i];
		*xoff = 0;
		*xon = 0;
	}
}

/* Each buffer's XOFF threshold in bytes from its bottom; 0: lossy */
void dcbsim_xoff(const struct dcbsim_priv *priv, u32 *xoff)
{
	u32 size, xon;
	int i;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++)
		dcbsim_buffer_state(priv, i, &size, &xoff[i], &xon);
}

/*
 * mlxsw re-sizes its headroom for a new MTU and refuses one that does not
 * fit; mlx5's port buffer keeps its thresholds until its next
 * configuration, which sees a new xoff. Context: rtnl held.
 */
int dcbsim_change_mtu(struct net_device *dev, int new_mtu)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (priv->model == DCBSIM_MLXSW) {
		struct dcbsim_mlxsw h = priv->mlxsw;
		int err;

		h.mtu = new_mtu;
		dcbsim_mlxsw_reset_sizes(priv, &h);
		err = dcbsim_mlxsw_configure(priv, &h);
		if (err)
			return err;
	}
	WRITE_ONCE(dev->mtu, new_mtu);
	return 0;
}
