// SPDX-License-Identifier: GPL-2.0
/*
 * tcg_slab: the allocation pattern of a stream on request, without
 * dcb_hdrm. A kworker allocates 1514-byte skbs back to back for 5 ms at a
 * time (alloc_skb(GFP_KERNEL), the SLUB fast path), queueing each with
 * bottom halves off; a soft hrtimer every 5 us frees what is queued and
 * allocates and frees one more, in softirq on the same CPU. On the stock
 * 6.12 kernel under QEMU 7.2's TCG with the qemu64 model's cmpxchg16b
 * the guest dies of a double fault in the fast path within seconds;
 * without cx16 it runs (selftests/vm-run says more; ./run runs both).
 */
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/skbuff.h>
#include <linux/workqueue.h>

static int seconds = 60;
module_param(seconds, int, 0444);
MODULE_PARM_DESC(seconds, "how long the kworker allocates");

static struct sk_buff_head tcg_slab_q;
static struct hrtimer tcg_slab_timer;
static struct work_struct tcg_slab_work;
static bool tcg_slab_stop;
static atomic64_t tcg_slab_allocs, tcg_slab_frees;

static enum hrtimer_restart tcg_slab_tick(struct hrtimer *timer)
{
	struct sk_buff *skb;
	int i;

	for (i = 0; i < 64; i++) {
		skb = skb_dequeue(&tcg_slab_q);
		if (!skb)
			break;
		kfree_skb(skb);
		atomic64_inc(&tcg_slab_frees);
	}
	kfree_skb(alloc_skb(128, GFP_ATOMIC));
	if (READ_ONCE(tcg_slab_stop))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(5 * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static void tcg_slab_run(struct work_struct *work)
{
	unsigned long end = jiffies + seconds * HZ;
	struct sk_buff *skb;
	u64 chunk;

	while (time_before(jiffies, end)) {
		chunk = ktime_get_ns() + 5 * NSEC_PER_MSEC;
		while (ktime_get_ns() < chunk) {
			skb = alloc_skb(1600, GFP_KERNEL);
			if (!skb)
				break;
			skb_put(skb, 1514);
			local_bh_disable();
			skb_queue_tail(&tcg_slab_q, skb);
			local_bh_enable();
			atomic64_inc(&tcg_slab_allocs);
		}
		usleep_range(1000, 2000);
	}
	WRITE_ONCE(tcg_slab_stop, true);
	pr_info("tcg_slab: done, %lld allocations, %lld frees\n",
		atomic64_read(&tcg_slab_allocs),
		atomic64_read(&tcg_slab_frees));
}

static int __init tcg_slab_init(void)
{
	skb_queue_head_init(&tcg_slab_q);
	hrtimer_init(&tcg_slab_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	tcg_slab_timer.function = tcg_slab_tick;
	hrtimer_start(&tcg_slab_timer, ns_to_ktime(5 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_SOFT);
	INIT_WORK(&tcg_slab_work, tcg_slab_run);
	queue_work(system_unbound_wq, &tcg_slab_work);
	return 0;
}

static void __exit tcg_slab_exit(void)
{
	WRITE_ONCE(tcg_slab_stop, true);
	flush_work(&tcg_slab_work);
	hrtimer_cancel(&tcg_slab_timer);
	skb_queue_purge(&tcg_slab_q);
}

module_init(tcg_slab_init);
module_exit(tcg_slab_exit);
MODULE_DESCRIPTION("SLUB fast path load for a TCG guest (a reproducer)");
MODULE_LICENSE("GPL");
