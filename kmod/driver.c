// SPDX-License-Identifier: GPL-2.0
/*
 * The driver layer: every call the module makes into a device's driver
 * (its DCB operations, its link settings, its name), and nothing else.
 * The rest of the module reads and writes the device only through here.
 *
 * Context for all: rtnl held, as the DCB and ethtool operations expect.
 */
#include <linux/ethtool.h>
#include <linux/mm.h>
#include <linux/net_tstamp.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <net/dcbnl.h>
#include <net/sch_generic.h>

#include "dcb_hdrm.h"

#if IS_ENABLED(CONFIG_DCB)

static const struct dcbnl_rtnl_ops *hdrm_drv_dcb(const struct net_device *dev)
{
	return dev->dcbnl_ops;
}

/*
 * The driver's whole ieee_pfc, zeroed first, for a read or (@write) a
 * read-modify-write. Return: 0, -EOPNOTSUPP without the operations it
 * needs, or the driver's error.
 */
static int hdrm_drv_read_pfc(struct net_device *dev, struct ieee_pfc *pfc,
			     bool write)
{
	const struct dcbnl_rtnl_ops *ops = hdrm_drv_dcb(dev);

	if (!ops || !ops->ieee_getpfc || (write && !ops->ieee_setpfc))
		return -EOPNOTSUPP;
	memset(pfc, 0, sizeof(*pfc));
	return ops->ieee_getpfc(dev, pfc);
}

static void hdrm_buffers_from(struct hdrm_buffers *b,
			      const struct dcbnl_buffer *d)
{
	BUILD_BUG_ON(sizeof(b->prio2buffer) != sizeof(d->prio2buffer));
	BUILD_BUG_ON(sizeof(b->size) != sizeof(d->buffer_size));
	memcpy(b->prio2buffer, d->prio2buffer, sizeof(b->prio2buffer));
	memcpy(b->size, d->buffer_size, sizeof(b->size));
	b->total = d->total_size;
}

static void hdrm_buffers_to(struct dcbnl_buffer *d,
			    const struct hdrm_buffers *b)
{
	memcpy(d->prio2buffer, b->prio2buffer, sizeof(d->prio2buffer));
	memcpy(d->buffer_size, b->size, sizeof(d->buffer_size));
	d->total_size = b->total;
}

#else /* !CONFIG_DCB */

struct dcbnl_rtnl_ops;

static const struct dcbnl_rtnl_ops *hdrm_drv_dcb(const struct net_device *dev)
{
	return NULL;
}

#endif /* CONFIG_DCB */

/* The device has DCB operations at all. */
bool hdrm_drv_has_dcb(const struct net_device *dev)
{
	return hdrm_drv_dcb(dev);
}

/* Which DCB operation pairs the driver has: DCB_HDRM_DCB_OPS_* bits. */
u32 hdrm_drv_dcb_ops(const struct net_device *dev)
{
	u32 flags = 0;
#if IS_ENABLED(CONFIG_DCB)
	const struct dcbnl_rtnl_ops *ops = hdrm_drv_dcb(dev);

	if (!ops)
		return 0;
	if (ops->ieee_getpfc && ops->ieee_setpfc)
		flags |= DCB_HDRM_DCB_OPS_IEEE_PFC;
	if (ops->ieee_getets && ops->ieee_setets)
		flags |= DCB_HDRM_DCB_OPS_IEEE_ETS;
	if (ops->dcbnl_getbuffer && ops->dcbnl_setbuffer)
		flags |= DCB_HDRM_DCB_OPS_BUFFER;
	if (ops->getdcbx && ops->setdcbx)
		flags |= DCB_HDRM_DCB_OPS_DCBX;
#endif
	return flags;
}

/* The driver can read PFC (ieee_getpfc). */
bool hdrm_drv_can_get_pfc(const struct net_device *dev)
{
#if IS_ENABLED(CONFIG_DCB)
	const struct dcbnl_rtnl_ops *ops = hdrm_drv_dcb(dev);

	return ops && ops->ieee_getpfc;
#else
	return false;
#endif
}

/* The driver can read and write PFC (its delay among it). */
bool hdrm_drv_has_pfc(const struct net_device *dev)
{
#if IS_ENABLED(CONFIG_DCB)
	const struct dcbnl_rtnl_ops *ops = hdrm_drv_dcb(dev);

	return ops && ops->ieee_getpfc && ops->ieee_setpfc;
#else
	return false;
#endif
}

/* The driver can read and write its buffers (dcbnl_getbuffer/setbuffer). */
bool hdrm_drv_has_buffer(const struct net_device *dev)
{
#if IS_ENABLED(CONFIG_DCB)
	const struct dcbnl_rtnl_ops *ops = hdrm_drv_dcb(dev);

	return ops && ops->dcbnl_getbuffer && ops->dcbnl_setbuffer;
#else
	return false;
#endif
}

/**
 * hdrm_drv_get_pfc() - the driver's PFC settings and pause counters
 * @dev: the device
 * @p: set on success only
 *
 * Drivers fill the counters from the MAC's per-priority statistics (mlx5
 * PPCNT, i40e, ice, bnxt); one that leaves them 0 shows the watchdog no
 * storm.
 *
 * Return: 0, -EOPNOTSUPP without ieee_getpfc, or the driver's error.
 */
int hdrm_drv_get_pfc(struct net_device *dev, struct hdrm_drv_pfc *p)
{
#if IS_ENABLED(CONFIG_DCB)
	struct ieee_pfc pfc;
	int err, i;

	err = hdrm_drv_read_pfc(dev, &pfc, false);
	if (err)
		return err;
	p->cap = pfc.pfc_cap;
	p->en = pfc.pfc_en;
	p->delay = pfc.delay;
	for (i = 0; i < HDRM_PRIOS; i++) {
		p->requests[i] = pfc.requests[i];
		p->indications[i] = pfc.indications[i];
	}
	return 0;
#else
	return -EOPNOTSUPP;
#endif
}

/**
 * hdrm_drv_set_pfc_delay() - write ieee_pfc.delay, the rest as it is
 * @dev: the device, hdrm_drv_has_pfc()
 * @delay: the new delay, in the driver's unit
 * @old: the delay before, set once read
 *
 * A read-modify-write of the whole object, as dcb(8) does.
 *
 * Return: 0 or the driver's error.
 */
int hdrm_drv_set_pfc_delay(struct net_device *dev, u16 delay, u16 *old)
{
#if IS_ENABLED(CONFIG_DCB)
	struct ieee_pfc pfc;
	int err;

	err = hdrm_drv_read_pfc(dev, &pfc, true);
	if (err)
		return err;
	*old = pfc.delay;
	pfc.delay = delay;
	return hdrm_drv_dcb(dev)->ieee_setpfc(dev, &pfc);
#else
	return -EOPNOTSUPP;
#endif
}

/**
 * hdrm_drv_set_pfc_en() - turn PFC off and on for some priorities
 * @dev: the device, hdrm_drv_has_pfc()
 * @off: priorities to turn off
 * @on: priorities to turn on
 *
 * A read-modify-write of the whole object, as dcb(8) does: the delay, the
 * MACsec bypass and the other priorities stay as they are. Listeners of
 * DCB's own notifications (dcb monitor, lldpad) hear of the change.
 *
 * Return: 0 or the driver's error.
 */
int hdrm_drv_set_pfc_en(struct net_device *dev, u8 off, u8 on)
{
#if IS_ENABLED(CONFIG_DCB)
	struct ieee_pfc pfc;
	int err;

	err = hdrm_drv_read_pfc(dev, &pfc, true);
	if (err)
		return err;
	pfc.pfc_en = (pfc.pfc_en & ~off) | on;
	err = hdrm_drv_dcb(dev)->ieee_setpfc(dev, &pfc);
	if (!err)
		hdrm_drv_dcb_notify(dev);
	return err;
#else
	return -EOPNOTSUPP;
#endif
}

/*
 * What ethtool itself does around a driver's operations (dev_ethtool()):
 * some drivers wake a runtime-suspended device in begin.
 */
static int hdrm_drv_ethtool_begin(struct net_device *dev)
{
	const struct ethtool_ops *ops = dev->ethtool_ops;

	return ops->begin ? ops->begin(dev) : 0;
}

static void hdrm_drv_ethtool_complete(struct net_device *dev)
{
	const struct ethtool_ops *ops = dev->ethtool_ops;

	if (ops->complete)
		ops->complete(dev);
}

void hdrm_drv_tx_prio_free(struct hdrm_drv_tx_prio *t)
{
	kvfree(t->data);
	t->data = NULL;
	t->n = 0;
}

/**
 * hdrm_drv_tx_prio_find() - where the driver counts each priority's transmit
 * @dev: the device
 * @t: filled: the statistics' count, each priority's index (-1: none) and a
 *     buffer to read them into; hdrm_drv_tx_prio_free() releases it
 *
 * Looks up each priority's transmitted packets among the driver's ethtool
 * statistics (ethtool -S) by the driver's own name for them, then by the
 * names other drivers give them (hdrm_driver_tx_formats()).
 *
 * Return: 0 when at least one priority has one, -ENOENT when none does,
 * -EOPNOTSUPP without ethtool statistics, or -ENOMEM.
 */
int hdrm_drv_tx_prio_find(struct net_device *dev, struct hdrm_drv_tx_prio *t)
{
	const struct ethtool_ops *ops = dev->ethtool_ops;
	const char *fmt[HDRM_DRV_TX_FORMATS];
	char want[ETH_GSTRING_LEN];
	char driver[HDRM_DRV_NAME_LEN];
	int n, i, p, f, nfmt, err, found = 0;
	u8 *names;

	ASSERT_RTNL();
	memset(t, 0, sizeof(*t));
	for (p = 0; p < HDRM_PRIOS; p++)
		t->idx[p] = -1;
	if (!ops || !ops->get_sset_count || !ops->get_strings ||
	    !ops->get_ethtool_stats)
		return -EOPNOTSUPP;
	n = ops->get_sset_count(dev, ETH_SS_STATS);
	if (n <= 0 || n > HDRM_DRV_MAX_STATS)
		return n < 0 ? n : -ENOENT;
	names = kvcalloc(n, ETH_GSTRING_LEN, GFP_KERNEL);
	if (!names)
		return -ENOMEM;
	err = hdrm_drv_ethtool_begin(dev);
	if (err) {
		kvfree(names);
		return err;
	}
	ops->get_strings(dev, ETH_SS_STATS, names);
	hdrm_drv_ethtool_complete(dev);
	hdrm_drv_name(dev, driver);
	nfmt = hdrm_driver_tx_formats(hdrm_driver_of(driver), fmt);
	for (f = 0; f < nfmt && !found; f++) {
		for (p = 0; p < HDRM_PRIOS; p++) {
			snprintf(want, sizeof(want), fmt[f], p);
			for (i = 0; i < n; i++) {
				if (!strncmp(names + i * ETH_GSTRING_LEN, want,
					     ETH_GSTRING_LEN)) {
					t->idx[p] = i;
					found++;
					break;
				}
			}
		}
	}
	kvfree(names);
	if (!found)
		return -ENOENT;
	t->data = kvcalloc(n, sizeof(u64), GFP_KERNEL);
	if (!t->data)
		return -ENOMEM;
	t->n = n;
	return 0;
}

/**
 * hdrm_drv_tx_prio_read() - each priority's transmitted packets, now
 * @dev: the device
 * @t: from hdrm_drv_tx_prio_find()
 * @tx: per priority, the counter (0 where it has none)
 *
 * Return: 0, -EAGAIN when the driver's statistics changed in number (its
 * channels did): look them up again, or the driver's begin's error.
 */
int hdrm_drv_tx_prio_read(struct net_device *dev, struct hdrm_drv_tx_prio *t,
			  u64 *tx)
{
	const struct ethtool_ops *ops = dev->ethtool_ops;
	struct ethtool_stats stats = { .cmd = ETHTOOL_GSTATS };
	int p, err;

	ASSERT_RTNL();
	err = hdrm_drv_ethtool_begin(dev);
	if (err)
		return err;
	if (!t->data || ops->get_sset_count(dev, ETH_SS_STATS) != t->n) {
		hdrm_drv_ethtool_complete(dev);
		return -EAGAIN;
	}
	stats.n_stats = t->n;
	memset(t->data, 0, t->n * sizeof(u64));
	ops->get_ethtool_stats(dev, &stats, t->data);
	hdrm_drv_ethtool_complete(dev);
	for (p = 0; p < HDRM_PRIOS; p++)
		tx[p] = t->idx[p] >= 0 ? t->data[t->idx[p]] : 0;
	return 0;
}

/**
 * hdrm_drv_get_buffer() - the driver's buffers
 * @dev: the device
 * @b: set on success only
 *
 * Return: 0, -EOPNOTSUPP without dcbnl_getbuffer, or the driver's error.
 */
int hdrm_drv_get_buffer(struct net_device *dev, struct hdrm_buffers *b)
{
#if IS_ENABLED(CONFIG_DCB)
	const struct dcbnl_rtnl_ops *ops = hdrm_drv_dcb(dev);
	struct dcbnl_buffer buf;
	int err;

	if (!ops || !ops->dcbnl_getbuffer)
		return -EOPNOTSUPP;
	memset(&buf, 0, sizeof(buf));
	err = ops->dcbnl_getbuffer(dev, &buf);
	if (err)
		return err;
	hdrm_buffers_from(b, &buf);
	return 0;
#else
	return -EOPNOTSUPP;
#endif
}

/* Writes the whole buffer object. Return: 0 or the driver's error. */
int hdrm_drv_set_buffer(struct net_device *dev, const struct hdrm_buffers *b)
{
#if IS_ENABLED(CONFIG_DCB)
	const struct dcbnl_rtnl_ops *ops = hdrm_drv_dcb(dev);
	struct dcbnl_buffer buf;

	if (!ops || !ops->dcbnl_setbuffer)
		return -EOPNOTSUPP;
	memset(&buf, 0, sizeof(buf));
	hdrm_buffers_to(&buf, b);
	return ops->dcbnl_setbuffer(dev, &buf);
#else
	return -EOPNOTSUPP;
#endif
}

/* After a write: what dcb(8) monitors and lldpad listen to. */
void hdrm_drv_dcb_notify(struct net_device *dev)
{
#if IS_ENABLED(CONFIG_DCB)
	dcbnl_ieee_notify(dev, RTM_SETDCB, DCB_CMD_IEEE_SET, 0, 0);
#endif
}

/* Return: the buffer total in bytes, or 0 when the driver does not say. */
u32 hdrm_drv_buffer_total(struct net_device *dev)
{
	struct hdrm_buffers b;

	ASSERT_RTNL();
	if (hdrm_drv_get_buffer(dev, &b))
		return 0;
	return b.total;
}

/* PFC-enabled priorities, or all when the driver has no PFC to ask. */
u32 hdrm_drv_pfc_prio_mask(struct net_device *dev)
{
	struct hdrm_drv_pfc pfc;

	if (hdrm_drv_can_get_pfc(dev)) {
		if (hdrm_drv_get_pfc(dev, &pfc))
			return 0;
		return pfc.en;
	}
	return GENMASK(HDRM_PRIOS - 1, 0);
}

/* The link speed from the driver, Mb/s, or 0. */
u32 hdrm_drv_speed(struct net_device *dev)
{
	struct ethtool_link_ksettings ks;

	ASSERT_RTNL();
	if (__ethtool_get_link_ksettings(dev, &ks) ||
	    ks.base.speed == (u32)SPEED_UNKNOWN)
		return 0;
	return ks.base.speed;
}

/* The driver's name, as ethtool reports it; "" when it does not say. */
void hdrm_drv_name(struct net_device *dev, char name[HDRM_DRV_NAME_LEN])
{
	struct ethtool_drvinfo info;

	BUILD_BUG_ON(sizeof(info.driver) != HDRM_DRV_NAME_LEN);
	memset(&info, 0, sizeof(info));
	if (dev->ethtool_ops && dev->ethtool_ops->get_drvinfo)
		dev->ethtool_ops->get_drvinfo(dev, &info);
	memcpy(name, info.driver, HDRM_DRV_NAME_LEN);
}

/**
 * hdrm_drv_cell() - the buffer cell to size a headroom in
 * @dev: the device
 * @configured: the port's cell, 0 for the driver's
 * @source: filled: enum dcb_hdrm_cell_source
 *
 * Return: @configured when set, else the driver's known cell
 * (its row in hdrm_drivers.c), else 1.
 */
u32 hdrm_drv_cell(struct net_device *dev, u32 configured, u8 *source)
{
	char name[HDRM_DRV_NAME_LEN];
	u32 cell;

	if (configured) {
		*source = DCB_HDRM_CELL_SOURCE_SET;
		return configured;
	}
	hdrm_drv_name(dev, name);
	cell = hdrm_driver_of(name)->cell;
	*source = cell ? DCB_HDRM_CELL_SOURCE_DRIVER :
			 DCB_HDRM_CELL_SOURCE_DEFAULT;
	return cell ?: 1;
}

/**
 * hdrm_drv_tc_mode() - is a Spectrum port in TC mode?
 * @dev: the device
 *
 * mlxsw puts a port's headroom in TC mode when it offloads a root qdisc
 * (spectrum_qdisc.c, mlxsw_sp_qdisc_create(): MLXSW_SP_HDROOM_MODE_TC)
 * and back in DCB mode when that qdisc goes: it offloads prio, ets, red
 * and tbf there, with hw-tc-offload on. TC mode ignores the PFC delay.
 * The qdisc's own TCQ_F_OFFLOADED is refreshed only when it is dumped,
 * so the kind and the feature decide: a port that might be in TC mode is
 * taken to be.
 *
 * Context: rtnl held.
 */
bool hdrm_drv_tc_mode(struct net_device *dev)
{
	static const char *const kinds[] = { "prio", "ets", "red", "tbf" };
	const char *kind;
	unsigned int i;

	ASSERT_RTNL();
	if (!(dev->features & NETIF_F_HW_TC) || !rtnl_dereference(dev->qdisc))
		return false;
	kind = rtnl_dereference(dev->qdisc)->ops->id;
	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		if (!strcmp(kind, kinds[i]))
			return true;
	return false;
}

/**
 * hdrm_drv_model_in_use() - the model a device is judged and set by now
 * @dev: the device
 * @driver: its driver's name
 * @configured: the port's model, maybe auto
 * @tc: set when a Spectrum port in TC mode made it none
 *
 * Context: rtnl held.
 */
u8 hdrm_drv_model_in_use(struct net_device *dev, const char *driver,
			 u8 configured, bool *tc)
{
	u8 model = hdrm_drv_model_of(driver, configured);

	*tc = model == DCB_HDRM_MODEL_MLXSW && hdrm_drv_tc_mode(dev);
	return *tc ? DCB_HDRM_MODEL_NONE : model;
}

/* The model of @driver (enum dcb_hdrm_model), never auto. */
u8 hdrm_drv_model_of(const char *driver, u8 configured)
{
	if (configured != DCB_HDRM_MODEL_AUTO)
		return configured;
	return hdrm_driver_of(driver)->model;
}

/* The unit @model writes ieee_pfc.delay in, for @driver. */
u8 hdrm_drv_model_unit_of(const char *driver, u8 model, u8 configured)
{
	switch (model) {
	case DCB_HDRM_MODEL_MLX5:
		return DCB_HDRM_DELAY_UNIT_METRES;
	case DCB_HDRM_MODEL_MLXSW:
		return DCB_HDRM_DELAY_UNIT_BITS;
	default:
		return hdrm_drv_delay_unit_of(driver, configured);
	}
}

/**
 * hdrm_drv_model_dev() - the device's constants a model reads
 * @dev: the device
 * @model: enum dcb_hdrm_model, resolved
 * @delay_unit: enum dcb_hdrm_delay_unit, resolved (generic reads it)
 * @speed: Mb/s the headroom was computed for; the link's own when it has one
 * @cell: buffer cell, bytes
 * @d: filled
 */
void hdrm_drv_model_dev(struct net_device *dev, u8 model, u8 delay_unit,
			u32 speed, u32 cell, struct hdrm_model_dev *d)
{
	struct ethtool_link_ksettings ks;
	u32 link = 0;

	ASSERT_RTNL();
	memset(d, 0, sizeof(*d));
	d->model = model;
	d->delay_unit = delay_unit == DCB_HDRM_DELAY_UNIT_METRES ?
			HDRM_DELAY_METRES : HDRM_DELAY_BITS;
	/*
	 * mlx5's and Spectrum's arithmetic use the link's own speed, not an
	 * override (mlx5 takes 40 Gb/s when it has none); the generic one is
	 * the uAPI's, in step with the headroom it was computed for.
	 */
	if (!__ethtool_get_link_ksettings(dev, &ks) &&
	    ks.base.speed != (u32)SPEED_UNKNOWN)
		link = ks.base.speed;
	if (model == DCB_HDRM_MODEL_GENERIC || model == DCB_HDRM_MODEL_NONE)
		d->speed_mbps = speed;
	else if (link)
		d->speed_mbps = link;
	else
		d->speed_mbps = model == DCB_HDRM_MODEL_MLX5 ?
				HDRM_MLX5_MIN_SPEED : speed;
	d->mtu = READ_ONCE(dev->mtu);
	d->max_mtu = dev->max_mtu;
	d->cell = cell ? cell : 1;
}

/* What the driver holds in its PFC and buffer objects. */
void hdrm_drv_model_state(struct net_device *dev, struct hdrm_model_state *s)
{
	struct hdrm_drv_pfc pfc;

	ASSERT_RTNL();
	memset(s, 0, sizeof(*s));
	if (!hdrm_drv_get_pfc(dev, &pfc)) {
		s->has_pfc = true;
		s->pfc_en = pfc.en;
		s->delay = pfc.delay;
	}
	s->has_buf = !hdrm_drv_get_buffer(dev, &s->buf);
}

/* The unit @driver reads ieee_pfc.delay in, unless @configured says. */
u8 hdrm_drv_delay_unit_of(const char *driver, u8 configured)
{
	if (configured != DCB_HDRM_DELAY_UNIT_AUTO)
		return configured;
	return hdrm_driver_of(driver)->delay_unit == HDRM_DELAY_METRES ?
	       DCB_HDRM_DELAY_UNIT_METRES : DCB_HDRM_DELAY_UNIT_BITS;
}

/* Unknown resolution: 8 ns, one cycle of the 125 MHz clock most MACs run. */
#define HDRM_HW_RES_DEFAULT_NS	8

/**
 * hdrm_drv_ts_caps() - what the driver says it can timestamp
 * @dev: the device
 * @ts: filled: HDRM_TSC_* flags, the PHC index (-1 without one) and the
 *	hardware timestamps' resolution (0 without hardware)
 *
 * From ethtool's ts_info. Hardware counts only with a PHC and both
 * directions: one end's t1/t4 or t2/t3 must come from one clock. Whether
 * the device's hardware timestamping is switched on (SIOCSHWTSTAMP) is
 * not known here: 6.1's drivers take that configuration through a user
 * pointer. The measurement finds out from the stamps that come back.
 *
 * Context: rtnl held.
 */
void hdrm_drv_ts_caps(struct net_device *dev, struct hdrm_ts_caps *ts)
{
#ifdef HDRM_HAVE_KERNEL_TS_INFO
	struct kernel_ethtool_ts_info info;
#else
	struct ethtool_ts_info info;
#endif
	char name[HDRM_DRV_NAME_LEN];
	u32 so;

	ASSERT_RTNL();
	memset(ts, 0, sizeof(*ts));
	ts->phc_index = -1;
	memset(&info, 0, sizeof(info));
	info.phc_index = -1;
	if (!dev->ethtool_ops || !dev->ethtool_ops->get_ts_info ||
	    dev->ethtool_ops->get_ts_info(dev, &info))
		return;
	so = info.so_timestamping;
	if (so & SOF_TIMESTAMPING_TX_SOFTWARE)
		ts->flags |= HDRM_TSC_TX_SW;
	if ((so & SOF_TIMESTAMPING_TX_HARDWARE) &&
	    (so & SOF_TIMESTAMPING_RX_HARDWARE) &&
	    (so & SOF_TIMESTAMPING_RAW_HARDWARE) && info.phc_index >= 0) {
		ts->flags |= HDRM_TSC_HW;
		ts->phc_index = info.phc_index;
		hdrm_drv_name(dev, name);
		ts->hw_resolution = hdrm_driver_of(name)->ts_res_ns ?:
				    HDRM_HW_RES_DEFAULT_NS;
	}
}

/**
 * hdrm_drv_ts_refresh() - read again what the device's driver timestamps
 * @port: the port
 *
 * The reflector reads port->ts in softirq; it is refreshed here, under
 * rtnl, when the device changes and before each measurement.
 *
 * Context: rtnl held.
 */
void hdrm_drv_ts_refresh(struct hdrm_port *port)
{
	struct hdrm_ts_caps ts;

	hdrm_drv_ts_caps(port->dev, &ts);
	spin_lock_bh(&port->lock);
	port->ts = ts;
	spin_unlock_bh(&port->lock);
}
