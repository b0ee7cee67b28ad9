/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-events.c - the text form of the typed ftrace events of a
 * Perfetto trace, as Perfetto's to_ftrace() writes each (see
 * perfetto-events.h).
 *
 * One table, sorted by FtraceEvent field number, written by
 * scripts/perfetto-events.py from perfetto_trace.proto: every event's name
 * and, for those with a text form, the steps that write its details (and
 * a second one: the names of TracePacket's data fields).  A step is a prefix and one
 * field's value in a format; the prefix is written always (PF_VAL), only
 * when the field is there (PF_ARG), or alone (PF_LIT).  PF_DEFAULT events
 * (what to_ftrace() does for an event it has no special case for) write
 * their fields in the order they come, " name=value" each; PF_FIXED
 * events (its special cases) run their steps in order, a field's last
 * occurrence giving its value.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "digits.h"
#include "perfetto-events.h"

enum pf_cond { PF_ARG, PF_VAL, PF_LIT };
enum { PF_NOFORM, PF_DEFAULT, PF_FIXED };

/* How a value is written. */
enum pf_fmt {
	PF_NONE,
	PF_I,           /* signed decimal */
	PF_U,           /* unsigned decimal */
	PF_U32,         /* the low 32 bits, unsigned */
	PF_S,           /* text (a string or bytes field) */
	PF_HEX,         /* hex, no prefix */
	PF_HEX3,        /* hex, at least 3 digits */
	PF_HEX4,        /* hex, at least 4 digits */
	PF_KSYM,        /* the interned kernel symbol, else hex */
	PF_HANDLED,     /* "handled" (non-zero) or "unhandled" */
	PF_ACTION,      /* a softirq vector's name (decimal past the table) */
	PF_BYTES,       /* bytes in hex joined by '-', then ']' */
	PF_DEV,         /* a dev_t: MAJOR:MINOR (20 bits of minor) */
	PF_ZERO16,      /* 16 zeros, whatever the value (to_ftrace's page=) */
	PF_PAGEOFS,     /* a page index as a byte offset (<< 12) */
	PF_BEGIN,       /* 'B' (non-zero) or 'E' */
	PF_CPU3,        /* decimal, at least 3 digits, zero-padded */
};

struct pf_step {
	uint16_t num;           /* the field (0: PF_LIT) */
	uint8_t fmt;            /* enum pf_fmt */
	uint8_t cond;           /* enum pf_cond */
	const char *pre;
};

/* Fields of a PF_FIXED event are all numbered below this. */
#define PF_FIXED_MAX 8

static const struct tm_pf_event events[] = {
	/* BEGIN generated events by scripts/perfetto-events.py: do not edit */
	{ 3, "print", PF_NOFORM, 0, NULL },
	{ 4, "sched_switch", PF_NOFORM, 0, NULL },
	{ 11, "cpu_frequency", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " state=" }, { 2, PF_U, PF_ARG, " cpu_id=" } } },
	{ 12, "cpu_frequency_limits", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " min_freq=" }, { 2, PF_U, PF_ARG, " max_freq=" }, { 3, PF_U, PF_ARG, " cpu_id=" } } },
	{ 13, "cpu_idle", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " state=" }, { 2, PF_U, PF_ARG, " cpu_id=" } } },
	{ 14, "clock_enable", PF_FIXED, 4, (const struct pf_step[]){ { 0, PF_NONE, PF_LIT, " " }, { 1, PF_S, PF_VAL, "" }, { 2, PF_U, PF_ARG, " state=" }, { 3, PF_U, PF_ARG, " cpu_id=" } } },
	{ 15, "clock_disable", PF_FIXED, 4, (const struct pf_step[]){ { 0, PF_NONE, PF_LIT, " " }, { 1, PF_S, PF_VAL, "" }, { 2, PF_U, PF_ARG, " state=" }, { 3, PF_U, PF_ARG, " cpu_id=" } } },
	{ 16, "clock_set_rate", PF_FIXED, 4, (const struct pf_step[]){ { 0, PF_NONE, PF_LIT, " " }, { 1, PF_S, PF_VAL, "" }, { 2, PF_U, PF_ARG, " state=" }, { 3, PF_U, PF_ARG, " cpu_id=" } } },
	{ 17, "sched_wakeup", PF_FIXED, 4, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_I, PF_ARG, " prio=" }, { 5, PF_CPU3, PF_ARG, " target_cpu=" } } },
	{ 18, "sched_blocked_reason", PF_NOFORM, 0, NULL },
	{ 19, "sched_cpu_hotplug", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " affected_cpu=" }, { 2, PF_I, PF_ARG, " error=" }, { 3, PF_I, PF_ARG, " status=" } } },
	{ 20, "sched_waking", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_I, PF_ARG, " prio=" }, { 4, PF_I, PF_ARG, " success=" }, { 5, PF_I, PF_ARG, " target_cpu=" } } },
	{ 21, "ipi_entry", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " reason=" } } },
	{ 22, "ipi_exit", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " reason=" } } },
	{ 23, "ipi_raise", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " target_cpus=" }, { 2, PF_S, PF_ARG, " reason=" } } },
	{ 24, "softirq_entry", PF_FIXED, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " vec=" }, { 1, PF_ACTION, PF_VAL, " [action=" }, { 0, PF_NONE, PF_LIT, "]" } } },
	{ 25, "softirq_exit", PF_FIXED, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " vec=" }, { 1, PF_ACTION, PF_VAL, " [action=" }, { 0, PF_NONE, PF_LIT, "]" } } },
	{ 26, "softirq_raise", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " vec=" } } },
	{ 27, "i2c_read", PF_FIXED, 5, (const struct pf_step[]){ { 1, PF_I, PF_VAL, " i2c-" }, { 2, PF_U, PF_VAL, " #" }, { 3, PF_HEX3, PF_ARG, " a=" }, { 4, PF_HEX4, PF_ARG, " f=" }, { 5, PF_U, PF_ARG, " l=" } } },
	{ 28, "i2c_write", PF_FIXED, 6, (const struct pf_step[]){ { 1, PF_I, PF_VAL, " i2c-" }, { 2, PF_U, PF_VAL, " #" }, { 3, PF_HEX3, PF_ARG, " a=" }, { 4, PF_HEX4, PF_ARG, " f=" }, { 5, PF_U, PF_ARG, " l=" }, { 7, PF_BYTES, PF_ARG, " [" } } },
	{ 29, "i2c_result", PF_FIXED, 3, (const struct pf_step[]){ { 1, PF_I, PF_VAL, " i2c-" }, { 2, PF_U, PF_ARG, " n=" }, { 3, PF_I, PF_ARG, " ret=" } } },
	{ 30, "i2c_reply", PF_FIXED, 6, (const struct pf_step[]){ { 1, PF_I, PF_VAL, " i2c-" }, { 2, PF_U, PF_VAL, " #" }, { 3, PF_HEX3, PF_ARG, " a=" }, { 4, PF_HEX4, PF_ARG, " f=" }, { 5, PF_U, PF_ARG, " l=" }, { 7, PF_BYTES, PF_ARG, " [" } } },
	{ 31, "smbus_read", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " adapter_nr=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_U, PF_ARG, " addr=" }, { 4, PF_U, PF_ARG, " command=" }, { 5, PF_U, PF_ARG, " protocol=" } } },
	{ 32, "smbus_write", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " adapter_nr=" }, { 2, PF_U, PF_ARG, " addr=" }, { 3, PF_U, PF_ARG, " flags=" }, { 4, PF_U, PF_ARG, " command=" }, { 5, PF_U, PF_ARG, " len=" }, { 6, PF_U, PF_ARG, " protocol=" } } },
	{ 33, "smbus_result", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " adapter_nr=" }, { 2, PF_U, PF_ARG, " addr=" }, { 3, PF_U, PF_ARG, " flags=" }, { 4, PF_U, PF_ARG, " read_write=" }, { 5, PF_U, PF_ARG, " command=" }, { 6, PF_I, PF_ARG, " res=" }, { 7, PF_U, PF_ARG, " protocol=" } } },
	{ 34, "smbus_reply", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " adapter_nr=" }, { 2, PF_U, PF_ARG, " addr=" }, { 3, PF_U, PF_ARG, " flags=" }, { 4, PF_U, PF_ARG, " command=" }, { 5, PF_U, PF_ARG, " len=" }, { 6, PF_U, PF_ARG, " protocol=" } } },
	{ 35, "lowmemory_kill", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_I, PF_ARG, " pagecache_size=" }, { 4, PF_I, PF_ARG, " pagecache_limit=" }, { 5, PF_I, PF_ARG, " free=" } } },
	{ 36, "irq_handler_entry", PF_FIXED, 2, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " irq=" }, { 2, PF_S, PF_ARG, " name=" } } },
	{ 37, "irq_handler_exit", PF_FIXED, 2, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " irq=" }, { 2, PF_HANDLED, PF_VAL, " ret=" } } },
	{ 38, "sync_pt", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " timeline=" }, { 2, PF_S, PF_ARG, " value=" } } },
	{ 39, "sync_timeline", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_S, PF_ARG, " value=" } } },
	{ 40, "sync_wait", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_I, PF_ARG, " status=" }, { 3, PF_U, PF_ARG, " begin=" } } },
	{ 41, "ext4_da_write_begin", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " flags=" } } },
	{ 42, "ext4_da_write_end", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " copied=" } } },
	{ 43, "ext4_sync_file_enter", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " parent=" }, { 4, PF_I, PF_ARG, " datasync=" } } },
	{ 44, "ext4_sync_file_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " ret=" } } },
	{ 45, "block_rq_issue", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_U, PF_ARG, " bytes=" }, { 5, PF_S, PF_ARG, " rwbs=" }, { 6, PF_S, PF_ARG, " comm=" }, { 7, PF_S, PF_ARG, " cmd=" } } },
	{ 46, "mm_vmscan_direct_reclaim_begin", PF_NOFORM, 0, NULL },
	{ 47, "mm_vmscan_direct_reclaim_end", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " nr_reclaimed=" } } },
	{ 48, "mm_vmscan_kswapd_wake", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" }, { 2, PF_I, PF_ARG, " order=" }, { 3, PF_I, PF_ARG, " zid=" } } },
	{ 49, "mm_vmscan_kswapd_sleep", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" } } },
	{ 50, "binder_transaction", PF_FIXED, 7, (const struct pf_step[]){ { 1, PF_U32, PF_VAL, " transaction=" }, { 2, PF_U32, PF_VAL, " dest_node=" }, { 3, PF_I, PF_VAL, " dest_proc=" }, { 4, PF_I, PF_VAL, " dest_thread=" }, { 5, PF_I, PF_VAL, " reply=" }, { 7, PF_HEX, PF_VAL, " flags=0x" }, { 6, PF_HEX, PF_VAL, " code=0x" } } },
	{ 51, "binder_transaction_received", PF_FIXED, 1, (const struct pf_step[]){ { 1, PF_U32, PF_VAL, " transaction=" } } },
	{ 52, "binder_set_priority", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " proc=" }, { 2, PF_I, PF_ARG, " thread=" }, { 3, PF_U, PF_ARG, " old_prio=" }, { 4, PF_U, PF_ARG, " new_prio=" }, { 5, PF_U, PF_ARG, " desired_prio=" } } },
	{ 53, "binder_lock", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " tag=" } } },
	{ 54, "binder_locked", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " tag=" } } },
	{ 55, "binder_unlock", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " tag=" } } },
	{ 56, "workqueue_activate_work", PF_FIXED, 1, (const struct pf_step[]){ { 1, PF_HEX, PF_VAL, " work struct " } } },
	{ 57, "workqueue_execute_end", PF_FIXED, 1, (const struct pf_step[]){ { 1, PF_HEX, PF_VAL, " work struct " } } },
	{ 58, "workqueue_execute_start", PF_FIXED, 2, (const struct pf_step[]){ { 1, PF_HEX, PF_VAL, " work struct " }, { 2, PF_KSYM, PF_VAL, ": function " } } },
	{ 59, "workqueue_queue_work", PF_FIXED, 5, (const struct pf_step[]){ { 1, PF_HEX, PF_VAL, " work struct=" }, { 2, PF_HEX, PF_ARG, " function=" }, { 6, PF_S, PF_ARG, " workqueue=" }, { 4, PF_I, PF_ARG, " req_cpu=" }, { 5, PF_I, PF_ARG, " cpu=" } } },
	{ 60, "regulator_disable", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" } } },
	{ 61, "regulator_disable_complete", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" } } },
	{ 62, "regulator_enable", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" } } },
	{ 63, "regulator_enable_complete", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" } } },
	{ 64, "regulator_enable_delay", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" } } },
	{ 65, "regulator_set_voltage", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_I, PF_ARG, " min=" }, { 3, PF_I, PF_ARG, " max=" } } },
	{ 66, "regulator_set_voltage_complete", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " val=" } } },
	{ 67, "cgroup_attach_task", PF_FIXED, 7, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " dst_root=" }, { 2, PF_I, PF_ARG, " dst_id=" }, { 5, PF_S, PF_ARG, " cgroup=" }, { 6, PF_I, PF_ARG, " dst_level=" }, { 7, PF_S, PF_ARG, " dst_path=" }, { 3, PF_I, PF_ARG, " pid=" }, { 4, PF_S, PF_ARG, " comm=" } } },
	{ 68, "cgroup_mkdir", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " root=" }, { 2, PF_I, PF_ARG, " id=" }, { 3, PF_S, PF_ARG, " cname=" }, { 4, PF_I, PF_ARG, " level=" }, { 5, PF_S, PF_ARG, " path=" } } },
	{ 69, "cgroup_remount", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " root=" }, { 2, PF_U, PF_ARG, " ss_mask=" }, { 3, PF_S, PF_ARG, " name=" } } },
	{ 70, "cgroup_rmdir", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " root=" }, { 2, PF_I, PF_ARG, " id=" }, { 3, PF_S, PF_ARG, " cname=" }, { 4, PF_I, PF_ARG, " level=" }, { 5, PF_S, PF_ARG, " path=" } } },
	{ 71, "cgroup_transfer_tasks", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " dst_root=" }, { 2, PF_I, PF_ARG, " dst_id=" }, { 3, PF_I, PF_ARG, " pid=" }, { 4, PF_S, PF_ARG, " comm=" }, { 5, PF_S, PF_ARG, " cname=" }, { 6, PF_I, PF_ARG, " dst_level=" }, { 7, PF_S, PF_ARG, " dst_path=" } } },
	{ 72, "cgroup_destroy_root", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " root=" }, { 2, PF_U, PF_ARG, " ss_mask=" }, { 3, PF_S, PF_ARG, " name=" } } },
	{ 73, "cgroup_release", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " root=" }, { 2, PF_I, PF_ARG, " id=" }, { 3, PF_S, PF_ARG, " cname=" }, { 4, PF_I, PF_ARG, " level=" }, { 5, PF_S, PF_ARG, " path=" } } },
	{ 74, "cgroup_rename", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " root=" }, { 2, PF_I, PF_ARG, " id=" }, { 3, PF_S, PF_ARG, " cname=" }, { 4, PF_I, PF_ARG, " level=" }, { 5, PF_S, PF_ARG, " path=" } } },
	{ 75, "cgroup_setup_root", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " root=" }, { 2, PF_U, PF_ARG, " ss_mask=" }, { 3, PF_S, PF_ARG, " name=" } } },
	{ 76, "mdp_cmd_kickoff", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctl_num=" }, { 2, PF_I, PF_ARG, " kickoff_cnt=" } } },
	{ 77, "mdp_commit", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " num=" }, { 2, PF_U, PF_ARG, " play_cnt=" }, { 3, PF_U, PF_ARG, " clk_rate=" }, { 4, PF_U, PF_ARG, " bandwidth=" } } },
	{ 78, "mdp_perf_set_ot", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " pnum=" }, { 2, PF_U, PF_ARG, " xin_id=" }, { 3, PF_U, PF_ARG, " rd_lim=" }, { 4, PF_U, PF_ARG, " is_vbif_rt=" } } },
	{ 79, "mdp_sspp_change", PF_DEFAULT, 16, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " num=" }, { 2, PF_U, PF_ARG, " play_cnt=" }, { 3, PF_U, PF_ARG, " mixer=" }, { 4, PF_U, PF_ARG, " stage=" }, { 5, PF_U, PF_ARG, " flags=" }, { 6, PF_U, PF_ARG, " format=" }, { 7, PF_U, PF_ARG, " img_w=" }, { 8, PF_U, PF_ARG, " img_h=" }, { 9, PF_U, PF_ARG, " src_x=" }, { 10, PF_U, PF_ARG, " src_y=" }, { 11, PF_U, PF_ARG, " src_w=" }, { 12, PF_U, PF_ARG, " src_h=" }, { 13, PF_U, PF_ARG, " dst_x=" }, { 14, PF_U, PF_ARG, " dst_y=" }, { 15, PF_U, PF_ARG, " dst_w=" }, { 16, PF_U, PF_ARG, " dst_h=" } } },
	{ 80, "tracing_mark_write", PF_FIXED, 3, (const struct pf_step[]){ { 3, PF_BEGIN, PF_VAL, " " }, { 1, PF_I, PF_VAL, "|" }, { 2, PF_S, PF_VAL, "|" } } },
	{ 81, "mdp_cmd_pingpong_done", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctl_num=" }, { 2, PF_U, PF_ARG, " intf_num=" }, { 3, PF_U, PF_ARG, " pp_num=" }, { 4, PF_I, PF_ARG, " koff_cnt=" } } },
	{ 82, "mdp_compare_bw", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " new_ab=" }, { 2, PF_U, PF_ARG, " new_ib=" }, { 3, PF_U, PF_ARG, " new_wb=" }, { 4, PF_U, PF_ARG, " old_ab=" }, { 5, PF_U, PF_ARG, " old_ib=" }, { 6, PF_U, PF_ARG, " old_wb=" }, { 7, PF_U, PF_ARG, " params_changed=" }, { 8, PF_U, PF_ARG, " update_bw=" } } },
	{ 83, "mdp_perf_set_panic_luts", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " pnum=" }, { 2, PF_U, PF_ARG, " fmt=" }, { 3, PF_U, PF_ARG, " mode=" }, { 4, PF_U, PF_ARG, " panic_lut=" }, { 5, PF_U, PF_ARG, " robust_lut=" } } },
	{ 84, "mdp_sspp_set", PF_DEFAULT, 16, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " num=" }, { 2, PF_U, PF_ARG, " play_cnt=" }, { 3, PF_U, PF_ARG, " mixer=" }, { 4, PF_U, PF_ARG, " stage=" }, { 5, PF_U, PF_ARG, " flags=" }, { 6, PF_U, PF_ARG, " format=" }, { 7, PF_U, PF_ARG, " img_w=" }, { 8, PF_U, PF_ARG, " img_h=" }, { 9, PF_U, PF_ARG, " src_x=" }, { 10, PF_U, PF_ARG, " src_y=" }, { 11, PF_U, PF_ARG, " src_w=" }, { 12, PF_U, PF_ARG, " src_h=" }, { 13, PF_U, PF_ARG, " dst_x=" }, { 14, PF_U, PF_ARG, " dst_y=" }, { 15, PF_U, PF_ARG, " dst_w=" }, { 16, PF_U, PF_ARG, " dst_h=" } } },
	{ 85, "mdp_cmd_readptr_done", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctl_num=" }, { 2, PF_I, PF_ARG, " koff_cnt=" } } },
	{ 86, "mdp_misr_crc", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " block_id=" }, { 2, PF_U, PF_ARG, " vsync_cnt=" }, { 3, PF_U, PF_ARG, " crc=" } } },
	{ 87, "mdp_perf_set_qos_luts", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " pnum=" }, { 2, PF_U, PF_ARG, " fmt=" }, { 3, PF_U, PF_ARG, " intf=" }, { 4, PF_U, PF_ARG, " rot=" }, { 5, PF_U, PF_ARG, " fl=" }, { 6, PF_U, PF_ARG, " lut=" }, { 7, PF_U, PF_ARG, " linear=" } } },
	{ 88, "mdp_trace_counter", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " pid=" }, { 2, PF_S, PF_ARG, " counter_name=" }, { 3, PF_I, PF_ARG, " value=" } } },
	{ 89, "mdp_cmd_release_bw", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctl_num=" } } },
	{ 90, "mdp_mixer_update", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " mixer_num=" } } },
	{ 91, "mdp_perf_set_wm_levels", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " pnum=" }, { 2, PF_U, PF_ARG, " use_space=" }, { 3, PF_U, PF_ARG, " priority_bytes=" }, { 4, PF_U, PF_ARG, " wm0=" }, { 5, PF_U, PF_ARG, " wm1=" }, { 6, PF_U, PF_ARG, " wm2=" }, { 7, PF_U, PF_ARG, " mb_cnt=" }, { 8, PF_U, PF_ARG, " mb_size=" } } },
	{ 92, "mdp_video_underrun_done", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctl_num=" }, { 2, PF_U, PF_ARG, " underrun_cnt=" } } },
	{ 93, "mdp_cmd_wait_pingpong", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctl_num=" }, { 2, PF_I, PF_ARG, " kickoff_cnt=" } } },
	{ 94, "mdp_perf_prefill_calc", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " pnum=" }, { 2, PF_U, PF_ARG, " latency_buf=" }, { 3, PF_U, PF_ARG, " ot=" }, { 4, PF_U, PF_ARG, " y_buf=" }, { 5, PF_U, PF_ARG, " y_scaler=" }, { 6, PF_U, PF_ARG, " pp_lines=" }, { 7, PF_U, PF_ARG, " pp_bytes=" }, { 8, PF_U, PF_ARG, " post_sc=" }, { 9, PF_U, PF_ARG, " fbc_bytes=" }, { 10, PF_U, PF_ARG, " prefill_bytes=" } } },
	{ 95, "mdp_perf_update_bus", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " client=" }, { 2, PF_U, PF_ARG, " ab_quota=" }, { 3, PF_U, PF_ARG, " ib_quota=" } } },
	{ 96, "rotator_bw_ao_as_context", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " state=" } } },
	{ 97, "mm_filemap_add_to_page_cache", PF_FIXED, 5, (const struct pf_step[]){ { 4, PF_DEV, PF_ARG, " dev " }, { 2, PF_HEX, PF_ARG, " ino " }, { 5, PF_ZERO16, PF_ARG, " page=" }, { 1, PF_U, PF_ARG, " pfn=" }, { 3, PF_PAGEOFS, PF_ARG, " ofs=" } } },
	{ 99, "mm_compaction_begin", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " zone_start=" }, { 2, PF_U, PF_ARG, " migrate_pfn=" }, { 3, PF_U, PF_ARG, " free_pfn=" }, { 4, PF_U, PF_ARG, " zone_end=" }, { 5, PF_U, PF_ARG, " sync=" } } },
	{ 100, "mm_compaction_defer_compaction", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" }, { 2, PF_U, PF_ARG, " idx=" }, { 3, PF_I, PF_ARG, " order=" }, { 4, PF_U, PF_ARG, " considered=" }, { 5, PF_U, PF_ARG, " defer_shift=" }, { 6, PF_I, PF_ARG, " order_failed=" } } },
	{ 101, "mm_compaction_deferred", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" }, { 2, PF_U, PF_ARG, " idx=" }, { 3, PF_I, PF_ARG, " order=" }, { 4, PF_U, PF_ARG, " considered=" }, { 5, PF_U, PF_ARG, " defer_shift=" }, { 6, PF_I, PF_ARG, " order_failed=" } } },
	{ 102, "mm_compaction_defer_reset", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" }, { 2, PF_U, PF_ARG, " idx=" }, { 3, PF_I, PF_ARG, " order=" }, { 4, PF_U, PF_ARG, " considered=" }, { 5, PF_U, PF_ARG, " defer_shift=" }, { 6, PF_I, PF_ARG, " order_failed=" } } },
	{ 103, "mm_compaction_end", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " zone_start=" }, { 2, PF_U, PF_ARG, " migrate_pfn=" }, { 3, PF_U, PF_ARG, " free_pfn=" }, { 4, PF_U, PF_ARG, " zone_end=" }, { 5, PF_U, PF_ARG, " sync=" }, { 6, PF_I, PF_ARG, " status=" } } },
	{ 104, "mm_compaction_finished", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" }, { 2, PF_U, PF_ARG, " idx=" }, { 3, PF_I, PF_ARG, " order=" }, { 4, PF_I, PF_ARG, " ret=" } } },
	{ 107, "mm_compaction_kcompactd_sleep", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" } } },
	{ 108, "mm_compaction_kcompactd_wake", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" }, { 2, PF_I, PF_ARG, " order=" }, { 3, PF_U, PF_ARG, " classzone_idx=" }, { 4, PF_U, PF_ARG, " highest_zoneidx=" } } },
	{ 109, "mm_compaction_migratepages", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " nr_migrated=" }, { 2, PF_U, PF_ARG, " nr_failed=" } } },
	{ 110, "mm_compaction_suitable", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" }, { 2, PF_U, PF_ARG, " idx=" }, { 3, PF_I, PF_ARG, " order=" }, { 4, PF_I, PF_ARG, " ret=" } } },
	{ 112, "mm_compaction_wakeup_kcompactd", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nid=" }, { 2, PF_I, PF_ARG, " order=" }, { 3, PF_U, PF_ARG, " classzone_idx=" }, { 4, PF_U, PF_ARG, " highest_zoneidx=" } } },
	{ 113, "suspend_resume", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " action=" }, { 2, PF_I, PF_ARG, " val=" }, { 3, PF_U, PF_ARG, " start=" } } },
	{ 114, "sched_wakeup_new", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_I, PF_ARG, " prio=" }, { 4, PF_I, PF_ARG, " success=" }, { 5, PF_I, PF_ARG, " target_cpu=" } } },
	{ 115, "block_bio_backmerge", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_S, PF_ARG, " rwbs=" }, { 5, PF_S, PF_ARG, " comm=" } } },
	{ 116, "block_bio_bounce", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_S, PF_ARG, " rwbs=" }, { 5, PF_S, PF_ARG, " comm=" } } },
	{ 117, "block_bio_complete", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_I, PF_ARG, " error=" }, { 5, PF_S, PF_ARG, " rwbs=" } } },
	{ 118, "block_bio_frontmerge", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_S, PF_ARG, " rwbs=" }, { 5, PF_S, PF_ARG, " comm=" } } },
	{ 119, "block_bio_queue", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_S, PF_ARG, " rwbs=" }, { 5, PF_S, PF_ARG, " comm=" } } },
	{ 120, "block_bio_remap", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_U, PF_ARG, " old_dev=" }, { 5, PF_U, PF_ARG, " old_sector=" }, { 6, PF_S, PF_ARG, " rwbs=" } } },
	{ 121, "block_dirty_buffer", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " size=" } } },
	{ 122, "block_getrq", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_S, PF_ARG, " rwbs=" }, { 5, PF_S, PF_ARG, " comm=" } } },
	{ 123, "block_plug", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" } } },
	{ 124, "block_rq_abort", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_I, PF_ARG, " errors=" }, { 5, PF_S, PF_ARG, " rwbs=" }, { 6, PF_S, PF_ARG, " cmd=" } } },
	{ 125, "block_rq_complete", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_I, PF_ARG, " errors=" }, { 5, PF_S, PF_ARG, " rwbs=" }, { 6, PF_S, PF_ARG, " cmd=" }, { 7, PF_I, PF_ARG, " error=" } } },
	{ 126, "block_rq_insert", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_U, PF_ARG, " bytes=" }, { 5, PF_S, PF_ARG, " rwbs=" }, { 6, PF_S, PF_ARG, " comm=" }, { 7, PF_S, PF_ARG, " cmd=" } } },
	{ 128, "block_rq_remap", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_U, PF_ARG, " old_dev=" }, { 5, PF_U, PF_ARG, " old_sector=" }, { 6, PF_U, PF_ARG, " nr_bios=" }, { 7, PF_S, PF_ARG, " rwbs=" } } },
	{ 129, "block_rq_requeue", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_I, PF_ARG, " errors=" }, { 5, PF_S, PF_ARG, " rwbs=" }, { 6, PF_S, PF_ARG, " cmd=" } } },
	{ 130, "block_sleeprq", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_S, PF_ARG, " rwbs=" }, { 5, PF_S, PF_ARG, " comm=" } } },
	{ 131, "block_split", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " new_sector=" }, { 4, PF_S, PF_ARG, " rwbs=" }, { 5, PF_S, PF_ARG, " comm=" } } },
	{ 132, "block_touch_buffer", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " size=" } } },
	{ 133, "block_unplug", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " nr_rq=" }, { 2, PF_S, PF_ARG, " comm=" } } },
	{ 134, "ext4_alloc_da_blocks", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " data_blocks=" }, { 4, PF_U, PF_ARG, " meta_blocks=" } } },
	{ 135, "ext4_allocate_blocks", PF_DEFAULT, 11, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " block=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " logical=" }, { 6, PF_U, PF_ARG, " lleft=" }, { 7, PF_U, PF_ARG, " lright=" }, { 8, PF_U, PF_ARG, " goal=" }, { 9, PF_U, PF_ARG, " pleft=" }, { 10, PF_U, PF_ARG, " pright=" }, { 11, PF_U, PF_ARG, " flags=" } } },
	{ 136, "ext4_allocate_inode", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " dir=" }, { 4, PF_U, PF_ARG, " mode=" } } },
	{ 137, "ext4_begin_ordered_truncate", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " new_size=" } } },
	{ 138, "ext4_collapse_range", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " offset=" }, { 4, PF_I, PF_ARG, " len=" } } },
	{ 139, "ext4_da_release_space", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " i_blocks=" }, { 4, PF_I, PF_ARG, " freed_blocks=" }, { 5, PF_I, PF_ARG, " reserved_data_blocks=" }, { 6, PF_I, PF_ARG, " reserved_meta_blocks=" }, { 7, PF_I, PF_ARG, " allocated_meta_blocks=" }, { 8, PF_U, PF_ARG, " mode=" } } },
	{ 140, "ext4_da_reserve_space", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " i_blocks=" }, { 4, PF_I, PF_ARG, " reserved_data_blocks=" }, { 5, PF_I, PF_ARG, " reserved_meta_blocks=" }, { 6, PF_U, PF_ARG, " mode=" }, { 7, PF_I, PF_ARG, " md_needed=" } } },
	{ 141, "ext4_da_update_reserve_space", PF_DEFAULT, 9, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " i_blocks=" }, { 4, PF_I, PF_ARG, " used_blocks=" }, { 5, PF_I, PF_ARG, " reserved_data_blocks=" }, { 6, PF_I, PF_ARG, " reserved_meta_blocks=" }, { 7, PF_I, PF_ARG, " allocated_meta_blocks=" }, { 8, PF_I, PF_ARG, " quota_claim=" }, { 9, PF_U, PF_ARG, " mode=" } } },
	{ 142, "ext4_da_write_pages", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " first_page=" }, { 4, PF_I, PF_ARG, " nr_to_write=" }, { 5, PF_I, PF_ARG, " sync_mode=" }, { 6, PF_U, PF_ARG, " b_blocknr=" }, { 7, PF_U, PF_ARG, " b_size=" }, { 8, PF_U, PF_ARG, " b_state=" }, { 9, PF_I, PF_ARG, " io_done=" }, { 10, PF_I, PF_ARG, " pages_written=" } } },
	{ 143, "ext4_da_write_pages_extent", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " lblk=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " flags=" } } },
	{ 144, "ext4_direct_IO_enter", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_I, PF_ARG, " rw=" } } },
	{ 145, "ext4_direct_IO_exit", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_I, PF_ARG, " rw=" }, { 6, PF_I, PF_ARG, " ret=" } } },
	{ 146, "ext4_discard_blocks", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " blk=" }, { 3, PF_U, PF_ARG, " count=" } } },
	{ 147, "ext4_discard_preallocations", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " len=" }, { 4, PF_U, PF_ARG, " needed=" } } },
	{ 148, "ext4_drop_inode", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " drop=" } } },
	{ 149, "ext4_es_cache_extent", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " lblk=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " pblk=" }, { 6, PF_U, PF_ARG, " status=" } } },
	{ 152, "ext4_es_insert_extent", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " lblk=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " pblk=" }, { 6, PF_U, PF_ARG, " status=" } } },
	{ 153, "ext4_es_lookup_extent_enter", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " lblk=" } } },
	{ 154, "ext4_es_lookup_extent_exit", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " lblk=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " pblk=" }, { 6, PF_U, PF_ARG, " status=" }, { 7, PF_I, PF_ARG, " found=" } } },
	{ 155, "ext4_es_remove_extent", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " lblk=" }, { 4, PF_I, PF_ARG, " len=" } } },
	{ 156, "ext4_es_shrink", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " nr_shrunk=" }, { 3, PF_U, PF_ARG, " scan_time=" }, { 4, PF_I, PF_ARG, " nr_skipped=" }, { 5, PF_I, PF_ARG, " retried=" } } },
	{ 157, "ext4_es_shrink_count", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " nr_to_scan=" }, { 3, PF_I, PF_ARG, " cache_cnt=" } } },
	{ 158, "ext4_es_shrink_scan_enter", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " nr_to_scan=" }, { 3, PF_I, PF_ARG, " cache_cnt=" } } },
	{ 159, "ext4_es_shrink_scan_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " nr_shrunk=" }, { 3, PF_I, PF_ARG, " cache_cnt=" } } },
	{ 160, "ext4_evict_inode", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " nlink=" } } },
	{ 164, "ext4_ext_in_cache", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " lblk=" }, { 4, PF_I, PF_ARG, " ret=" } } },
	{ 165, "ext4_ext_load_extent", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " pblk=" }, { 4, PF_U, PF_ARG, " lblk=" } } },
	{ 166, "ext4_ext_map_blocks_enter", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " lblk=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " flags=" } } },
	{ 167, "ext4_ext_map_blocks_exit", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " flags=" }, { 4, PF_U, PF_ARG, " pblk=" }, { 5, PF_U, PF_ARG, " lblk=" }, { 6, PF_U, PF_ARG, " len=" }, { 7, PF_U, PF_ARG, " mflags=" }, { 8, PF_I, PF_ARG, " ret=" } } },
	{ 168, "ext4_ext_put_in_cache", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " lblk=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " start=" } } },
	{ 169, "ext4_ext_remove_space", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " start=" }, { 4, PF_U, PF_ARG, " end=" }, { 5, PF_I, PF_ARG, " depth=" } } },
	{ 170, "ext4_ext_remove_space_done", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " start=" }, { 4, PF_U, PF_ARG, " end=" }, { 5, PF_I, PF_ARG, " depth=" }, { 6, PF_I, PF_ARG, " partial=" }, { 7, PF_U, PF_ARG, " eh_entries=" }, { 8, PF_U, PF_ARG, " pc_lblk=" }, { 9, PF_U, PF_ARG, " pc_pclu=" }, { 10, PF_I, PF_ARG, " pc_state=" } } },
	{ 171, "ext4_ext_rm_idx", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " pblk=" } } },
	{ 172, "ext4_ext_rm_leaf", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " partial=" }, { 4, PF_U, PF_ARG, " start=" }, { 5, PF_U, PF_ARG, " ee_lblk=" }, { 6, PF_U, PF_ARG, " ee_pblk=" }, { 7, PF_I, PF_ARG, " ee_len=" }, { 8, PF_U, PF_ARG, " pc_lblk=" }, { 9, PF_U, PF_ARG, " pc_pclu=" }, { 10, PF_I, PF_ARG, " pc_state=" } } },
	{ 173, "ext4_ext_show_extent", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " pblk=" }, { 4, PF_U, PF_ARG, " lblk=" }, { 5, PF_U, PF_ARG, " len=" } } },
	{ 174, "ext4_fallocate_enter", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " offset=" }, { 4, PF_I, PF_ARG, " len=" }, { 5, PF_I, PF_ARG, " mode=" }, { 6, PF_I, PF_ARG, " pos=" } } },
	{ 175, "ext4_fallocate_exit", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " blocks=" }, { 5, PF_I, PF_ARG, " ret=" } } },
	{ 176, "ext4_find_delalloc_range", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " from=" }, { 4, PF_U, PF_ARG, " to=" }, { 5, PF_I, PF_ARG, " reverse=" }, { 6, PF_I, PF_ARG, " found=" }, { 7, PF_U, PF_ARG, " found_blk=" } } },
	{ 177, "ext4_forget", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " block=" }, { 4, PF_I, PF_ARG, " is_metadata=" }, { 5, PF_U, PF_ARG, " mode=" } } },
	{ 178, "ext4_free_blocks", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " block=" }, { 4, PF_U, PF_ARG, " count=" }, { 5, PF_I, PF_ARG, " flags=" }, { 6, PF_U, PF_ARG, " mode=" } } },
	{ 179, "ext4_free_inode", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " uid=" }, { 4, PF_U, PF_ARG, " gid=" }, { 5, PF_U, PF_ARG, " blocks=" }, { 6, PF_U, PF_ARG, " mode=" } } },
	{ 182, "ext4_ind_map_blocks_enter", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " lblk=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " flags=" } } },
	{ 183, "ext4_ind_map_blocks_exit", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " flags=" }, { 4, PF_U, PF_ARG, " pblk=" }, { 5, PF_U, PF_ARG, " lblk=" }, { 6, PF_U, PF_ARG, " len=" }, { 7, PF_U, PF_ARG, " mflags=" }, { 8, PF_I, PF_ARG, " ret=" } } },
	{ 184, "ext4_insert_range", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " offset=" }, { 4, PF_I, PF_ARG, " len=" } } },
	{ 185, "ext4_invalidatepage", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " index=" }, { 4, PF_U, PF_ARG, " offset=" }, { 5, PF_U, PF_ARG, " length=" } } },
	{ 186, "ext4_journal_start", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ip=" }, { 3, PF_I, PF_ARG, " blocks=" }, { 4, PF_I, PF_ARG, " rsv_blocks=" }, { 5, PF_I, PF_ARG, " nblocks=" }, { 6, PF_I, PF_ARG, " revoke_creds=" } } },
	{ 187, "ext4_journal_start_reserved", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ip=" }, { 3, PF_I, PF_ARG, " blocks=" } } },
	{ 189, "ext4_journalled_write_end", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " copied=" } } },
	{ 190, "ext4_load_inode", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" } } },
	{ 191, "ext4_load_inode_bitmap", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " group=" } } },
	{ 192, "ext4_mark_inode_dirty", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " ip=" } } },
	{ 193, "ext4_mb_bitmap_load", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " group=" } } },
	{ 194, "ext4_mb_buddy_bitmap_load", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " group=" } } },
	{ 195, "ext4_mb_discard_preallocations", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " needed=" } } },
	{ 196, "ext4_mb_new_group_pa", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " pa_pstart=" }, { 4, PF_U, PF_ARG, " pa_lstart=" }, { 5, PF_U, PF_ARG, " pa_len=" } } },
	{ 197, "ext4_mb_new_inode_pa", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " pa_pstart=" }, { 4, PF_U, PF_ARG, " pa_lstart=" }, { 5, PF_U, PF_ARG, " pa_len=" } } },
	{ 198, "ext4_mb_release_group_pa", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " pa_pstart=" }, { 3, PF_U, PF_ARG, " pa_len=" } } },
	{ 199, "ext4_mb_release_inode_pa", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " block=" }, { 4, PF_U, PF_ARG, " count=" } } },
	{ 200, "ext4_mballoc_alloc", PF_DEFAULT, 20, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " orig_logical=" }, { 4, PF_I, PF_ARG, " orig_start=" }, { 5, PF_U, PF_ARG, " orig_group=" }, { 6, PF_I, PF_ARG, " orig_len=" }, { 7, PF_U, PF_ARG, " goal_logical=" }, { 8, PF_I, PF_ARG, " goal_start=" }, { 9, PF_U, PF_ARG, " goal_group=" }, { 10, PF_I, PF_ARG, " goal_len=" }, { 11, PF_U, PF_ARG, " result_logical=" }, { 12, PF_I, PF_ARG, " result_start=" }, { 13, PF_U, PF_ARG, " result_group=" }, { 14, PF_I, PF_ARG, " result_len=" }, { 15, PF_U, PF_ARG, " found=" }, { 16, PF_U, PF_ARG, " groups=" }, { 17, PF_U, PF_ARG, " buddy=" }, { 18, PF_U, PF_ARG, " flags=" }, { 19, PF_U, PF_ARG, " tail=" }, { 20, PF_U, PF_ARG, " cr=" } } },
	{ 201, "ext4_mballoc_discard", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " result_start=" }, { 4, PF_U, PF_ARG, " result_group=" }, { 5, PF_I, PF_ARG, " result_len=" } } },
	{ 202, "ext4_mballoc_free", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " result_start=" }, { 4, PF_U, PF_ARG, " result_group=" }, { 5, PF_I, PF_ARG, " result_len=" } } },
	{ 203, "ext4_mballoc_prealloc", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " orig_logical=" }, { 4, PF_I, PF_ARG, " orig_start=" }, { 5, PF_U, PF_ARG, " orig_group=" }, { 6, PF_I, PF_ARG, " orig_len=" }, { 7, PF_U, PF_ARG, " result_logical=" }, { 8, PF_I, PF_ARG, " result_start=" }, { 9, PF_U, PF_ARG, " result_group=" }, { 10, PF_I, PF_ARG, " result_len=" } } },
	{ 204, "ext4_other_inode_update_time", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " orig_ino=" }, { 4, PF_U, PF_ARG, " uid=" }, { 5, PF_U, PF_ARG, " gid=" }, { 6, PF_U, PF_ARG, " mode=" } } },
	{ 205, "ext4_punch_hole", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " offset=" }, { 4, PF_I, PF_ARG, " len=" }, { 5, PF_I, PF_ARG, " mode=" } } },
	{ 206, "ext4_read_block_bitmap_load", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " group=" }, { 3, PF_U, PF_ARG, " prefetch=" } } },
	{ 207, "ext4_readpage", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " index=" } } },
	{ 208, "ext4_releasepage", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " index=" } } },
	{ 209, "ext4_remove_blocks", PF_DEFAULT, 11, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " from=" }, { 4, PF_U, PF_ARG, " to=" }, { 5, PF_I, PF_ARG, " partial=" }, { 6, PF_U, PF_ARG, " ee_pblk=" }, { 7, PF_U, PF_ARG, " ee_lblk=" }, { 8, PF_U, PF_ARG, " ee_len=" }, { 9, PF_U, PF_ARG, " pc_lblk=" }, { 10, PF_U, PF_ARG, " pc_pclu=" }, { 11, PF_I, PF_ARG, " pc_state=" } } },
	{ 210, "ext4_request_blocks", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " len=" }, { 4, PF_U, PF_ARG, " logical=" }, { 5, PF_U, PF_ARG, " lleft=" }, { 6, PF_U, PF_ARG, " lright=" }, { 7, PF_U, PF_ARG, " goal=" }, { 8, PF_U, PF_ARG, " pleft=" }, { 9, PF_U, PF_ARG, " pright=" }, { 10, PF_U, PF_ARG, " flags=" } } },
	{ 211, "ext4_request_inode", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " dir=" }, { 3, PF_U, PF_ARG, " mode=" } } },
	{ 212, "ext4_sync_fs", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " wait=" } } },
	{ 213, "ext4_trim_all_free", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " dev_major=" }, { 2, PF_I, PF_ARG, " dev_minor=" }, { 3, PF_U, PF_ARG, " group=" }, { 4, PF_I, PF_ARG, " start=" }, { 5, PF_I, PF_ARG, " len=" } } },
	{ 214, "ext4_trim_extent", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " dev_major=" }, { 2, PF_I, PF_ARG, " dev_minor=" }, { 3, PF_U, PF_ARG, " group=" }, { 4, PF_I, PF_ARG, " start=" }, { 5, PF_I, PF_ARG, " len=" } } },
	{ 215, "ext4_truncate_enter", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " blocks=" } } },
	{ 216, "ext4_truncate_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " blocks=" } } },
	{ 217, "ext4_unlink_enter", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " parent=" }, { 4, PF_I, PF_ARG, " size=" } } },
	{ 218, "ext4_unlink_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " ret=" } } },
	{ 219, "ext4_write_begin", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " flags=" } } },
	{ 230, "ext4_write_end", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " copied=" } } },
	{ 231, "ext4_writepage", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " index=" } } },
	{ 232, "ext4_writepages", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " nr_to_write=" }, { 4, PF_I, PF_ARG, " pages_skipped=" }, { 5, PF_I, PF_ARG, " range_start=" }, { 6, PF_I, PF_ARG, " range_end=" }, { 7, PF_U, PF_ARG, " writeback_index=" }, { 8, PF_I, PF_ARG, " sync_mode=" }, { 9, PF_U, PF_ARG, " for_kupdate=" }, { 10, PF_U, PF_ARG, " range_cyclic=" } } },
	{ 233, "ext4_writepages_result", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " ret=" }, { 4, PF_I, PF_ARG, " pages_written=" }, { 5, PF_I, PF_ARG, " pages_skipped=" }, { 6, PF_U, PF_ARG, " writeback_index=" }, { 7, PF_I, PF_ARG, " sync_mode=" } } },
	{ 234, "ext4_zero_range", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " offset=" }, { 4, PF_I, PF_ARG, " len=" }, { 5, PF_I, PF_ARG, " mode=" } } },
	{ 235, "task_newtask", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " pid=" }, { 2, PF_S, PF_ARG, " comm=" }, { 3, PF_HEX, PF_ARG, " clone_flags=" }, { 4, PF_I, PF_ARG, " oom_score_adj=" } } },
	{ 236, "task_rename", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " pid=" }, { 2, PF_S, PF_ARG, " oldcomm=" }, { 3, PF_S, PF_ARG, " newcomm=" }, { 4, PF_I, PF_ARG, " oom_score_adj=" } } },
	{ 237, "sched_process_exec", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " filename=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_I, PF_ARG, " old_pid=" } } },
	{ 238, "sched_process_exit", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_I, PF_ARG, " tgid=" }, { 4, PF_I, PF_ARG, " prio=" } } },
	{ 239, "sched_process_fork", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " parent_comm=" }, { 2, PF_I, PF_ARG, " parent_pid=" }, { 3, PF_S, PF_ARG, " child_comm=" }, { 4, PF_I, PF_ARG, " child_pid=" } } },
	{ 240, "sched_process_free", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_I, PF_ARG, " prio=" } } },
	{ 241, "sched_process_hang", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" } } },
	{ 242, "sched_process_wait", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_I, PF_ARG, " prio=" } } },
	{ 243, "f2fs_do_submit_bio", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " btype=" }, { 3, PF_U, PF_ARG, " sync=" }, { 4, PF_U, PF_ARG, " sector=" }, { 5, PF_U, PF_ARG, " size=" } } },
	{ 244, "f2fs_evict_inode", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " pino=" }, { 4, PF_U, PF_ARG, " mode=" }, { 5, PF_I, PF_ARG, " size=" }, { 6, PF_U, PF_ARG, " nlink=" }, { 7, PF_U, PF_ARG, " blocks=" }, { 8, PF_U, PF_ARG, " advise=" } } },
	{ 245, "f2fs_fallocate", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " mode=" }, { 4, PF_I, PF_ARG, " offset=" }, { 5, PF_I, PF_ARG, " len=" }, { 6, PF_I, PF_ARG, " size=" }, { 7, PF_U, PF_ARG, " blocks=" }, { 8, PF_I, PF_ARG, " ret=" } } },
	{ 246, "f2fs_get_data_block", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " iblock=" }, { 4, PF_U, PF_ARG, " bh_start=" }, { 5, PF_U, PF_ARG, " bh_size=" }, { 6, PF_I, PF_ARG, " ret=" } } },
	{ 247, "f2fs_get_victim", PF_DEFAULT, 11, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " type=" }, { 3, PF_I, PF_ARG, " gc_type=" }, { 4, PF_I, PF_ARG, " alloc_mode=" }, { 5, PF_I, PF_ARG, " gc_mode=" }, { 6, PF_U, PF_ARG, " victim=" }, { 7, PF_U, PF_ARG, " ofs_unit=" }, { 8, PF_U, PF_ARG, " pre_victim=" }, { 9, PF_U, PF_ARG, " prefree=" }, { 10, PF_U, PF_ARG, " free=" }, { 11, PF_U, PF_ARG, " cost=" } } },
	{ 248, "f2fs_iget", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " pino=" }, { 4, PF_U, PF_ARG, " mode=" }, { 5, PF_I, PF_ARG, " size=" }, { 6, PF_U, PF_ARG, " nlink=" }, { 7, PF_U, PF_ARG, " blocks=" }, { 8, PF_U, PF_ARG, " advise=" } } },
	{ 249, "f2fs_iget_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " ret=" } } },
	{ 250, "f2fs_new_inode", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " ret=" } } },
	{ 251, "f2fs_readpage", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " index=" }, { 4, PF_U, PF_ARG, " blkaddr=" }, { 5, PF_I, PF_ARG, " type=" }, { 6, PF_I, PF_ARG, " dir=" }, { 7, PF_I, PF_ARG, " dirty=" }, { 8, PF_I, PF_ARG, " uptodate=" } } },
	{ 252, "f2fs_reserve_new_block", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " nid=" }, { 3, PF_U, PF_ARG, " ofs_in_node=" } } },
	{ 253, "f2fs_set_page_dirty", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " type=" }, { 4, PF_I, PF_ARG, " dir=" }, { 5, PF_U, PF_ARG, " index=" }, { 6, PF_I, PF_ARG, " dirty=" }, { 7, PF_I, PF_ARG, " uptodate=" } } },
	{ 254, "f2fs_submit_write_page", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " type=" }, { 4, PF_U, PF_ARG, " index=" }, { 5, PF_U, PF_ARG, " block=" } } },
	{ 255, "f2fs_sync_file_enter", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " pino=" }, { 4, PF_U, PF_ARG, " mode=" }, { 5, PF_I, PF_ARG, " size=" }, { 6, PF_U, PF_ARG, " nlink=" }, { 7, PF_U, PF_ARG, " blocks=" }, { 8, PF_U, PF_ARG, " advise=" } } },
	{ 256, "f2fs_sync_file_exit", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " need_cp=" }, { 4, PF_I, PF_ARG, " datasync=" }, { 5, PF_I, PF_ARG, " ret=" }, { 6, PF_I, PF_ARG, " cp_reason=" } } },
	{ 257, "f2fs_sync_fs", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " dirty=" }, { 3, PF_I, PF_ARG, " wait=" } } },
	{ 258, "f2fs_truncate", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " pino=" }, { 4, PF_U, PF_ARG, " mode=" }, { 5, PF_I, PF_ARG, " size=" }, { 6, PF_U, PF_ARG, " nlink=" }, { 7, PF_U, PF_ARG, " blocks=" }, { 8, PF_U, PF_ARG, " advise=" } } },
	{ 259, "f2fs_truncate_blocks_enter", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " size=" }, { 4, PF_U, PF_ARG, " blocks=" }, { 5, PF_U, PF_ARG, " from=" } } },
	{ 260, "f2fs_truncate_blocks_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " ret=" } } },
	{ 264, "f2fs_truncate_node", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " nid=" }, { 4, PF_U, PF_ARG, " blk_addr=" } } },
	{ 265, "f2fs_truncate_nodes_enter", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " nid=" }, { 4, PF_U, PF_ARG, " blk_addr=" } } },
	{ 266, "f2fs_truncate_nodes_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " ret=" } } },
	{ 267, "f2fs_truncate_partial_nodes", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_U, PF_ARG, " nid=" }, { 4, PF_I, PF_ARG, " depth=" }, { 5, PF_I, PF_ARG, " err=" } } },
	{ 268, "f2fs_unlink_enter", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " size=" }, { 4, PF_U, PF_ARG, " blocks=" }, { 5, PF_S, PF_ARG, " name=" } } },
	{ 269, "f2fs_unlink_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " ret=" } } },
	{ 270, "f2fs_vm_page_mkwrite", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " type=" }, { 4, PF_I, PF_ARG, " dir=" }, { 5, PF_U, PF_ARG, " index=" }, { 6, PF_I, PF_ARG, " dirty=" }, { 7, PF_I, PF_ARG, " uptodate=" } } },
	{ 271, "f2fs_write_begin", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " flags=" } } },
	{ 272, "f2fs_write_checkpoint", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " is_umount=" }, { 3, PF_S, PF_ARG, " msg=" }, { 4, PF_I, PF_ARG, " reason=" }, { 5, PF_U, PF_ARG, " phase=" } } },
	{ 273, "f2fs_write_end", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " pos=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " copied=" } } },
	{ 274, "alloc_pages_iommu_end", PF_NOFORM, 0, NULL },
	{ 275, "alloc_pages_iommu_fail", PF_NOFORM, 0, NULL },
	{ 276, "alloc_pages_iommu_start", PF_NOFORM, 0, NULL },
	{ 277, "alloc_pages_sys_end", PF_NOFORM, 0, NULL },
	{ 278, "alloc_pages_sys_fail", PF_NOFORM, 0, NULL },
	{ 279, "alloc_pages_sys_start", PF_NOFORM, 0, NULL },
	{ 280, "dma_alloc_contiguous_retry", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " tries=" } } },
	{ 281, "iommu_map_range", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " chunk_size=" }, { 2, PF_U, PF_ARG, " len=" }, { 3, PF_U, PF_ARG, " pa=" }, { 4, PF_U, PF_ARG, " va=" } } },
	{ 282, "iommu_sec_ptbl_map_range_end", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " len=" }, { 2, PF_I, PF_ARG, " num=" }, { 3, PF_U, PF_ARG, " pa=" }, { 4, PF_I, PF_ARG, " sec_id=" }, { 5, PF_U, PF_ARG, " va=" } } },
	{ 283, "iommu_sec_ptbl_map_range_start", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " len=" }, { 2, PF_I, PF_ARG, " num=" }, { 3, PF_U, PF_ARG, " pa=" }, { 4, PF_I, PF_ARG, " sec_id=" }, { 5, PF_U, PF_ARG, " va=" } } },
	{ 284, "ion_alloc_buffer_end", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " client_name=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_S, PF_ARG, " heap_name=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " mask=" } } },
	{ 285, "ion_alloc_buffer_fail", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " client_name=" }, { 2, PF_I, PF_ARG, " error=" }, { 3, PF_U, PF_ARG, " flags=" }, { 4, PF_S, PF_ARG, " heap_name=" }, { 5, PF_U, PF_ARG, " len=" }, { 6, PF_U, PF_ARG, " mask=" } } },
	{ 286, "ion_alloc_buffer_fallback", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " client_name=" }, { 2, PF_I, PF_ARG, " error=" }, { 3, PF_U, PF_ARG, " flags=" }, { 4, PF_S, PF_ARG, " heap_name=" }, { 5, PF_U, PF_ARG, " len=" }, { 6, PF_U, PF_ARG, " mask=" } } },
	{ 287, "ion_alloc_buffer_start", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " client_name=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_S, PF_ARG, " heap_name=" }, { 4, PF_U, PF_ARG, " len=" }, { 5, PF_U, PF_ARG, " mask=" } } },
	{ 288, "ion_cp_alloc_retry", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " tries=" } } },
	{ 289, "ion_cp_secure_buffer_end", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " align=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_S, PF_ARG, " heap_name=" }, { 4, PF_U, PF_ARG, " len=" } } },
	{ 290, "ion_cp_secure_buffer_start", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " align=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_S, PF_ARG, " heap_name=" }, { 4, PF_U, PF_ARG, " len=" } } },
	{ 291, "ion_prefetching", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " len=" } } },
	{ 292, "ion_secure_cma_add_to_pool_end", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " is_prefetch=" }, { 2, PF_U, PF_ARG, " len=" }, { 3, PF_I, PF_ARG, " pool_total=" } } },
	{ 294, "ion_secure_cma_allocate_end", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " align=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_S, PF_ARG, " heap_name=" }, { 4, PF_U, PF_ARG, " len=" } } },
	{ 295, "ion_secure_cma_allocate_start", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " align=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_S, PF_ARG, " heap_name=" }, { 4, PF_U, PF_ARG, " len=" } } },
	{ 296, "ion_secure_cma_shrink_pool_end", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " drained_size=" }, { 2, PF_U, PF_ARG, " skipped_size=" } } },
	{ 298, "kfree", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " call_site=" }, { 2, PF_U, PF_ARG, " ptr=" } } },
	{ 299, "kmalloc", PF_NOFORM, 0, NULL },
	{ 300, "kmalloc_node", PF_NOFORM, 0, NULL },
	{ 301, "kmem_cache_alloc", PF_NOFORM, 0, NULL },
	{ 302, "kmem_cache_alloc_node", PF_NOFORM, 0, NULL },
	{ 303, "kmem_cache_free", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " call_site=" }, { 2, PF_U, PF_ARG, " ptr=" } } },
	{ 304, "migrate_pages_end", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " mode=" } } },
	{ 305, "migrate_pages_start", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " mode=" } } },
	{ 306, "migrate_retry", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " tries=" } } },
	{ 307, "mm_page_alloc", PF_NOFORM, 0, NULL },
	{ 308, "mm_page_alloc_extfrag", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " alloc_migratetype=" }, { 2, PF_I, PF_ARG, " alloc_order=" }, { 3, PF_I, PF_ARG, " fallback_migratetype=" }, { 4, PF_I, PF_ARG, " fallback_order=" }, { 5, PF_U, PF_ARG, " page=" }, { 6, PF_I, PF_ARG, " change_ownership=" }, { 7, PF_U, PF_ARG, " pfn=" } } },
	{ 309, "mm_page_alloc_zone_locked", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " migratetype=" }, { 2, PF_U, PF_ARG, " order=" }, { 3, PF_U, PF_ARG, " page=" }, { 4, PF_U, PF_ARG, " pfn=" } } },
	{ 310, "mm_page_free", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " order=" }, { 2, PF_U, PF_ARG, " page=" }, { 3, PF_U, PF_ARG, " pfn=" } } },
	{ 311, "mm_page_free_batched", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " cold=" }, { 2, PF_U, PF_ARG, " page=" }, { 3, PF_U, PF_ARG, " pfn=" } } },
	{ 312, "mm_page_pcpu_drain", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " migratetype=" }, { 2, PF_U, PF_ARG, " order=" }, { 3, PF_U, PF_ARG, " page=" }, { 4, PF_U, PF_ARG, " pfn=" } } },
	{ 313, "rss_stat", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " member=" }, { 2, PF_I, PF_ARG, " size=" }, { 3, PF_U, PF_ARG, " curr=" }, { 4, PF_U, PF_ARG, " mm_id=" } } },
	{ 314, "ion_heap_shrink", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " heap_name=" }, { 2, PF_U, PF_ARG, " len=" }, { 3, PF_I, PF_ARG, " total_allocated=" } } },
	{ 315, "ion_heap_grow", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " heap_name=" }, { 2, PF_U, PF_ARG, " len=" }, { 3, PF_I, PF_ARG, " total_allocated=" } } },
	{ 316, "fence_init", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " context=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_U, PF_ARG, " seqno=" }, { 4, PF_S, PF_ARG, " timeline=" } } },
	{ 317, "fence_destroy", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " context=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_U, PF_ARG, " seqno=" }, { 4, PF_S, PF_ARG, " timeline=" } } },
	{ 318, "fence_enable_signal", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " context=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_U, PF_ARG, " seqno=" }, { 4, PF_S, PF_ARG, " timeline=" } } },
	{ 319, "fence_signaled", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " context=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_U, PF_ARG, " seqno=" }, { 4, PF_S, PF_ARG, " timeline=" } } },
	{ 320, "clk_enable", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" } } },
	{ 321, "clk_disable", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" } } },
	{ 322, "clk_set_rate", PF_FIXED, 4, (const struct pf_step[]){ { 0, PF_NONE, PF_LIT, " " }, { 1, PF_S, PF_VAL, "" }, { 0, PF_NONE, PF_LIT, " " }, { 2, PF_U, PF_VAL, "" } } },
	{ 323, "binder_transaction_alloc_buf", PF_FIXED, 3, (const struct pf_step[]){ { 2, PF_U32, PF_VAL, " transaction=" }, { 1, PF_U, PF_ARG, " data_size=" }, { 3, PF_U, PF_ARG, " offsets_size=" } } },
	{ 324, "signal_deliver", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " code=" }, { 2, PF_U, PF_ARG, " sa_flags=" }, { 3, PF_I, PF_ARG, " sig=" } } },
	{ 325, "signal_generate", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " code=" }, { 2, PF_S, PF_ARG, " comm=" }, { 3, PF_I, PF_ARG, " group=" }, { 4, PF_I, PF_ARG, " pid=" }, { 5, PF_I, PF_ARG, " result=" }, { 6, PF_I, PF_ARG, " sig=" } } },
	{ 326, "oom_score_adj_update", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " oom_score_adj=" }, { 3, PF_I, PF_ARG, " pid=" } } },
	{ 327, "generic", PF_NOFORM, 0, NULL },
	{ 328, "mm_event_record", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " avg_lat=" }, { 2, PF_U, PF_ARG, " count=" }, { 3, PF_U, PF_ARG, " max_lat=" }, { 4, PF_U, PF_ARG, " type=" } } },
	{ 329, "sys_enter", PF_NOFORM, 0, NULL },
	{ 330, "sys_exit", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " id=" }, { 2, PF_I, PF_ARG, " ret=" } } },
	{ 331, "zero", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " flag=" }, { 2, PF_S, PF_ARG, " name=" }, { 3, PF_I, PF_ARG, " pid=" }, { 4, PF_I, PF_ARG, " value=" } } },
	{ 332, "gpu_frequency", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " gpu_id=" }, { 2, PF_U, PF_ARG, " state=" } } },
	{ 333, "sde_tracing_mark_write", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " pid=" }, { 2, PF_S, PF_ARG, " trace_name=" }, { 3, PF_U, PF_ARG, " trace_type=" }, { 4, PF_I, PF_ARG, " value=" }, { 5, PF_U, PF_ARG, " trace_begin=" } } },
	{ 334, "mark_victim", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " pid=" } } },
	{ 335, "ion_stat", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " buffer_id=" }, { 2, PF_I, PF_ARG, " len=" }, { 3, PF_U, PF_ARG, " total_allocated=" } } },
	{ 336, "ion_buffer_create", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " addr=" }, { 2, PF_U, PF_ARG, " len=" } } },
	{ 337, "ion_buffer_destroy", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " addr=" }, { 2, PF_U, PF_ARG, " len=" } } },
	{ 338, "scm_call_start", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " arginfo=" }, { 2, PF_U, PF_ARG, " x0=" }, { 3, PF_U, PF_ARG, " x5=" } } },
	{ 339, "scm_call_end", PF_NOFORM, 0, NULL },
	{ 340, "gpu_mem_total", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " gpu_id=" }, { 2, PF_U, PF_ARG, " pid=" }, { 3, PF_U, PF_ARG, " size=" } } },
	{ 341, "thermal_temperature", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " id=" }, { 2, PF_I, PF_ARG, " temp=" }, { 3, PF_I, PF_ARG, " temp_prev=" }, { 4, PF_S, PF_ARG, " thermal_zone=" } } },
	{ 342, "cdev_update", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " target=" }, { 2, PF_S, PF_ARG, " type=" } } },
	{ 343, "cpuhp_exit", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cpu=" }, { 2, PF_I, PF_ARG, " idx=" }, { 3, PF_I, PF_ARG, " ret=" }, { 4, PF_I, PF_ARG, " state=" } } },
	{ 344, "cpuhp_multi_enter", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cpu=" }, { 2, PF_U, PF_ARG, " fun=" }, { 3, PF_I, PF_ARG, " idx=" }, { 4, PF_I, PF_ARG, " target=" } } },
	{ 345, "cpuhp_enter", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cpu=" }, { 2, PF_U, PF_ARG, " fun=" }, { 3, PF_I, PF_ARG, " idx=" }, { 4, PF_I, PF_ARG, " target=" } } },
	{ 346, "cpuhp_latency", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cpu=" }, { 2, PF_I, PF_ARG, " ret=" }, { 3, PF_U, PF_ARG, " state=" }, { 4, PF_U, PF_ARG, " time=" } } },
	{ 347, "fastrpc_dma_stat", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " cid=" }, { 2, PF_I, PF_ARG, " len=" }, { 3, PF_U, PF_ARG, " total_allocated=" } } },
	{ 348, "dpu_tracing_mark_write", PF_NOFORM, 0, NULL },
	{ 349, "g2d_tracing_mark_write", PF_NOFORM, 0, NULL },
	{ 350, "mali_tracing_mark_write", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_U, PF_ARG, " type=" }, { 4, PF_I, PF_ARG, " value=" } } },
	{ 351, "dma_heap_stat", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " inode=" }, { 2, PF_I, PF_ARG, " len=" }, { 3, PF_U, PF_ARG, " total_allocated=" } } },
	{ 352, "cpuhp_pause", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " active_cpus=" }, { 2, PF_U, PF_ARG, " cpus=" }, { 3, PF_U, PF_ARG, " pause=" }, { 4, PF_U, PF_ARG, " time=" } } },
	{ 353, "sched_pi_setprio", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " newprio=" }, { 3, PF_I, PF_ARG, " oldprio=" }, { 4, PF_I, PF_ARG, " pid=" } } },
	{ 354, "sde_sde_evtlog", PF_DEFAULT, 18, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " evtlog_tag=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_U, PF_ARG, " tag_id=" }, { 4, PF_U, PF_ARG, " d00=" }, { 5, PF_U, PF_ARG, " d01=" }, { 6, PF_U, PF_ARG, " d02=" }, { 7, PF_U, PF_ARG, " d03=" }, { 8, PF_U, PF_ARG, " d04=" }, { 9, PF_U, PF_ARG, " d05=" }, { 10, PF_U, PF_ARG, " d06=" }, { 11, PF_U, PF_ARG, " d07=" }, { 12, PF_U, PF_ARG, " d08=" }, { 13, PF_U, PF_ARG, " d09=" }, { 14, PF_U, PF_ARG, " d10=" }, { 15, PF_U, PF_ARG, " d11=" }, { 16, PF_U, PF_ARG, " d12=" }, { 17, PF_U, PF_ARG, " d13=" }, { 18, PF_U, PF_ARG, " d14=" } } },
	{ 355, "sde_sde_perf_calc_crtc", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " bw_ctl_ebi=" }, { 2, PF_U, PF_ARG, " bw_ctl_llcc=" }, { 3, PF_U, PF_ARG, " bw_ctl_mnoc=" }, { 4, PF_U, PF_ARG, " core_clk_rate=" }, { 5, PF_U, PF_ARG, " crtc=" }, { 6, PF_U, PF_ARG, " ib_ebi=" }, { 7, PF_U, PF_ARG, " ib_llcc=" }, { 8, PF_U, PF_ARG, " ib_mnoc=" } } },
	{ 356, "sde_sde_perf_crtc_update", PF_DEFAULT, 12, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " bw_ctl_ebi=" }, { 2, PF_U, PF_ARG, " bw_ctl_llcc=" }, { 3, PF_U, PF_ARG, " bw_ctl_mnoc=" }, { 4, PF_U, PF_ARG, " core_clk_rate=" }, { 5, PF_U, PF_ARG, " crtc=" }, { 6, PF_I, PF_ARG, " params=" }, { 7, PF_U, PF_ARG, " per_pipe_ib_ebi=" }, { 8, PF_U, PF_ARG, " per_pipe_ib_llcc=" }, { 9, PF_U, PF_ARG, " per_pipe_ib_mnoc=" }, { 10, PF_U, PF_ARG, " stop_req=" }, { 11, PF_U, PF_ARG, " update_bus=" }, { 12, PF_U, PF_ARG, " update_clk=" } } },
	{ 357, "sde_sde_perf_set_qos_luts", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " fl=" }, { 2, PF_U, PF_ARG, " fmt=" }, { 3, PF_U, PF_ARG, " lut=" }, { 4, PF_U, PF_ARG, " lut_usage=" }, { 5, PF_U, PF_ARG, " pnum=" }, { 6, PF_U, PF_ARG, " rt=" } } },
	{ 358, "sde_sde_perf_update_bus", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ab_quota=" }, { 2, PF_U, PF_ARG, " bus_id=" }, { 3, PF_I, PF_ARG, " client=" }, { 4, PF_U, PF_ARG, " ib_quota=" } } },
	{ 359, "rss_stat_throttled", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " curr=" }, { 2, PF_I, PF_ARG, " member=" }, { 3, PF_U, PF_ARG, " mm_id=" }, { 4, PF_I, PF_ARG, " size=" } } },
	{ 360, "netif_receive_skb", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " len=" }, { 2, PF_S, PF_ARG, " name=" }, { 3, PF_U, PF_ARG, " skbaddr=" } } },
	{ 361, "net_dev_xmit", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " len=" }, { 2, PF_S, PF_ARG, " name=" }, { 3, PF_I, PF_ARG, " rc=" }, { 4, PF_U, PF_ARG, " skbaddr=" } } },
	{ 362, "inet_sock_set_state", PF_DEFAULT, 9, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " daddr=" }, { 2, PF_U, PF_ARG, " dport=" }, { 3, PF_U, PF_ARG, " family=" }, { 4, PF_I, PF_ARG, " newstate=" }, { 5, PF_I, PF_ARG, " oldstate=" }, { 6, PF_U, PF_ARG, " protocol=" }, { 7, PF_U, PF_ARG, " saddr=" }, { 8, PF_U, PF_ARG, " skaddr=" }, { 9, PF_U, PF_ARG, " sport=" } } },
	{ 363, "tcp_retransmit_skb", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " daddr=" }, { 2, PF_U, PF_ARG, " dport=" }, { 3, PF_U, PF_ARG, " saddr=" }, { 4, PF_U, PF_ARG, " skaddr=" }, { 5, PF_U, PF_ARG, " skbaddr=" }, { 6, PF_U, PF_ARG, " sport=" }, { 7, PF_I, PF_ARG, " state=" } } },
	{ 364, "cros_ec_sensorhub_data", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " current_time=" }, { 2, PF_I, PF_ARG, " current_timestamp=" }, { 3, PF_I, PF_ARG, " delta=" }, { 4, PF_U, PF_ARG, " ec_fifo_timestamp=" }, { 5, PF_U, PF_ARG, " ec_sensor_num=" }, { 6, PF_I, PF_ARG, " fifo_timestamp=" } } },
	{ 365, "napi_gro_receive_entry", PF_DEFAULT, 19, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " data_len=" }, { 2, PF_U, PF_ARG, " gso_size=" }, { 3, PF_U, PF_ARG, " gso_type=" }, { 4, PF_U, PF_ARG, " hash=" }, { 5, PF_U, PF_ARG, " ip_summed=" }, { 6, PF_U, PF_ARG, " l4_hash=" }, { 7, PF_U, PF_ARG, " len=" }, { 8, PF_I, PF_ARG, " mac_header=" }, { 9, PF_U, PF_ARG, " mac_header_valid=" }, { 10, PF_S, PF_ARG, " name=" }, { 11, PF_U, PF_ARG, " napi_id=" }, { 12, PF_U, PF_ARG, " nr_frags=" }, { 13, PF_U, PF_ARG, " protocol=" }, { 14, PF_U, PF_ARG, " queue_mapping=" }, { 15, PF_U, PF_ARG, " skbaddr=" }, { 16, PF_U, PF_ARG, " truesize=" }, { 17, PF_U, PF_ARG, " vlan_proto=" }, { 18, PF_U, PF_ARG, " vlan_tagged=" }, { 19, PF_U, PF_ARG, " vlan_tci=" } } },
	{ 366, "napi_gro_receive_exit", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " ret=" } } },
	{ 367, "kfree_skb", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " location=" }, { 2, PF_U, PF_ARG, " protocol=" }, { 3, PF_U, PF_ARG, " skbaddr=" } } },
	{ 368, "kvm_access_fault", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ipa=" } } },
	{ 369, "kvm_ack_irq", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " irqchip=" }, { 2, PF_U, PF_ARG, " pin=" } } },
	{ 370, "kvm_age_hva", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " end=" }, { 2, PF_U, PF_ARG, " start=" } } },
	{ 371, "kvm_age_page", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " gfn=" }, { 2, PF_U, PF_ARG, " hva=" }, { 3, PF_U, PF_ARG, " level=" }, { 4, PF_U, PF_ARG, " referenced=" } } },
	{ 372, "kvm_arm_clear_debug", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " guest_debug=" } } },
	{ 373, "kvm_arm_set_dreg32", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " value=" } } },
	{ 374, "kvm_arm_set_regset", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " len=" }, { 2, PF_S, PF_ARG, " name=" } } },
	{ 375, "kvm_arm_setup_debug", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " guest_debug=" }, { 2, PF_U, PF_ARG, " vcpu=" } } },
	{ 376, "kvm_entry", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " vcpu_pc=" } } },
	{ 377, "kvm_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " esr_ec=" }, { 2, PF_I, PF_ARG, " ret=" }, { 3, PF_U, PF_ARG, " vcpu_pc=" } } },
	{ 378, "kvm_fpu", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " load=" } } },
	{ 379, "kvm_get_timer_map", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " direct_ptimer=" }, { 2, PF_I, PF_ARG, " direct_vtimer=" }, { 3, PF_I, PF_ARG, " emul_ptimer=" }, { 4, PF_U, PF_ARG, " vcpu_id=" } } },
	{ 380, "kvm_guest_fault", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " hsr=" }, { 2, PF_U, PF_ARG, " hxfar=" }, { 3, PF_U, PF_ARG, " ipa=" }, { 4, PF_U, PF_ARG, " vcpu_pc=" } } },
	{ 381, "kvm_handle_sys_reg", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " hsr=" } } },
	{ 382, "kvm_hvc_arm64", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " imm=" }, { 2, PF_U, PF_ARG, " r0=" }, { 3, PF_U, PF_ARG, " vcpu_pc=" } } },
	{ 383, "kvm_irq_line", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " irq_num=" }, { 2, PF_I, PF_ARG, " level=" }, { 3, PF_U, PF_ARG, " type=" }, { 4, PF_I, PF_ARG, " vcpu_idx=" } } },
	{ 384, "kvm_mmio", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " gpa=" }, { 2, PF_U, PF_ARG, " len=" }, { 3, PF_U, PF_ARG, " type=" }, { 4, PF_U, PF_ARG, " val=" } } },
	{ 385, "kvm_mmio_emulate", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cpsr=" }, { 2, PF_U, PF_ARG, " instr=" }, { 3, PF_U, PF_ARG, " vcpu_pc=" } } },
	{ 386, "kvm_set_guest_debug", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " guest_debug=" }, { 2, PF_U, PF_ARG, " vcpu=" } } },
	{ 387, "kvm_set_irq", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " gsi=" }, { 2, PF_I, PF_ARG, " irq_source_id=" }, { 3, PF_I, PF_ARG, " level=" } } },
	{ 388, "kvm_set_spte_hva", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " hva=" } } },
	{ 389, "kvm_set_way_flush", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cache=" }, { 2, PF_U, PF_ARG, " vcpu_pc=" } } },
	{ 390, "kvm_sys_access", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " CRm=" }, { 2, PF_U, PF_ARG, " CRn=" }, { 3, PF_U, PF_ARG, " Op0=" }, { 4, PF_U, PF_ARG, " Op1=" }, { 5, PF_U, PF_ARG, " Op2=" }, { 6, PF_U, PF_ARG, " is_write=" }, { 7, PF_S, PF_ARG, " name=" }, { 8, PF_U, PF_ARG, " vcpu_pc=" } } },
	{ 391, "kvm_test_age_hva", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " hva=" } } },
	{ 392, "kvm_timer_emulate", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " should_fire=" }, { 2, PF_I, PF_ARG, " timer_idx=" } } },
	{ 393, "kvm_timer_hrtimer_expire", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " timer_idx=" } } },
	{ 394, "kvm_timer_restore_state", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctl=" }, { 2, PF_U, PF_ARG, " cval=" }, { 3, PF_I, PF_ARG, " timer_idx=" } } },
	{ 395, "kvm_timer_save_state", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctl=" }, { 2, PF_U, PF_ARG, " cval=" }, { 3, PF_I, PF_ARG, " timer_idx=" } } },
	{ 396, "kvm_timer_update_irq", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " irq=" }, { 2, PF_I, PF_ARG, " level=" }, { 3, PF_U, PF_ARG, " vcpu_id=" } } },
	{ 397, "kvm_toggle_cache", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " now=" }, { 2, PF_U, PF_ARG, " vcpu_pc=" }, { 3, PF_U, PF_ARG, " was=" } } },
	{ 398, "kvm_unmap_hva_range", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " end=" }, { 2, PF_U, PF_ARG, " start=" } } },
	{ 399, "kvm_userspace_exit", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " reason=" } } },
	{ 400, "kvm_vcpu_wakeup", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ns=" }, { 2, PF_U, PF_ARG, " valid=" }, { 3, PF_U, PF_ARG, " waited=" } } },
	{ 401, "kvm_wfx_arm64", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " is_wfe=" }, { 2, PF_U, PF_ARG, " vcpu_pc=" } } },
	{ 402, "trap_reg", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " fn=" }, { 2, PF_U, PF_ARG, " is_write=" }, { 3, PF_I, PF_ARG, " reg=" }, { 4, PF_U, PF_ARG, " write_value=" } } },
	{ 403, "vgic_update_irq_pending", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " irq=" }, { 2, PF_U, PF_ARG, " level=" }, { 3, PF_U, PF_ARG, " vcpu_id=" } } },
	{ 404, "wakeup_source_activate", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " state=" } } },
	{ 405, "wakeup_source_deactivate", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " state=" } } },
	{ 406, "ufshcd_command", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " dev_name=" }, { 2, PF_U, PF_ARG, " doorbell=" }, { 3, PF_U, PF_ARG, " intr=" }, { 4, PF_U, PF_ARG, " lba=" }, { 5, PF_U, PF_ARG, " opcode=" }, { 6, PF_S, PF_ARG, " str=" }, { 7, PF_U, PF_ARG, " tag=" }, { 8, PF_I, PF_ARG, " transfer_len=" }, { 9, PF_U, PF_ARG, " group_id=" }, { 10, PF_U, PF_ARG, " str_t=" } } },
	{ 407, "ufshcd_clk_gating", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " dev_name=" }, { 2, PF_I, PF_ARG, " state=" } } },
	{ 408, "console", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " msg=" } } },
	{ 409, "drm_vblank_event", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " crtc=" }, { 2, PF_U, PF_ARG, " high_prec=" }, { 3, PF_U, PF_ARG, " seq=" }, { 4, PF_I, PF_ARG, " time=" } } },
	{ 410, "drm_vblank_event_delivered", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " crtc=" }, { 2, PF_U, PF_ARG, " file=" }, { 3, PF_U, PF_ARG, " seq=" } } },
	{ 411, "drm_sched_job", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " entity=" }, { 2, PF_U, PF_ARG, " fence=" }, { 3, PF_I, PF_ARG, " hw_job_count=" }, { 4, PF_U, PF_ARG, " id=" }, { 5, PF_U, PF_ARG, " job_count=" }, { 6, PF_S, PF_ARG, " name=" } } },
	{ 412, "drm_run_job", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " entity=" }, { 2, PF_U, PF_ARG, " fence=" }, { 3, PF_I, PF_ARG, " hw_job_count=" }, { 4, PF_U, PF_ARG, " id=" }, { 5, PF_U, PF_ARG, " job_count=" }, { 6, PF_S, PF_ARG, " name=" } } },
	{ 413, "drm_sched_process_job", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " fence=" } } },
	{ 414, "dma_fence_init", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " context=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_U, PF_ARG, " seqno=" }, { 4, PF_S, PF_ARG, " timeline=" } } },
	{ 415, "dma_fence_emit", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " context=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_U, PF_ARG, " seqno=" }, { 4, PF_S, PF_ARG, " timeline=" } } },
	{ 416, "dma_fence_signaled", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " context=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_U, PF_ARG, " seqno=" }, { 4, PF_S, PF_ARG, " timeline=" } } },
	{ 417, "dma_fence_wait_start", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " context=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_U, PF_ARG, " seqno=" }, { 4, PF_S, PF_ARG, " timeline=" } } },
	{ 418, "dma_fence_wait_end", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " context=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_U, PF_ARG, " seqno=" }, { 4, PF_S, PF_ARG, " timeline=" } } },
	{ 419, "f2fs_iostat", PF_DEFAULT, 23, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " app_bio=" }, { 2, PF_U, PF_ARG, " app_brio=" }, { 3, PF_U, PF_ARG, " app_dio=" }, { 4, PF_U, PF_ARG, " app_drio=" }, { 5, PF_U, PF_ARG, " app_mio=" }, { 6, PF_U, PF_ARG, " app_mrio=" }, { 7, PF_U, PF_ARG, " app_rio=" }, { 8, PF_U, PF_ARG, " app_wio=" }, { 9, PF_U, PF_ARG, " dev=" }, { 10, PF_U, PF_ARG, " fs_cdrio=" }, { 11, PF_U, PF_ARG, " fs_cp_dio=" }, { 12, PF_U, PF_ARG, " fs_cp_mio=" }, { 13, PF_U, PF_ARG, " fs_cp_nio=" }, { 14, PF_U, PF_ARG, " fs_dio=" }, { 15, PF_U, PF_ARG, " fs_discard=" }, { 16, PF_U, PF_ARG, " fs_drio=" }, { 17, PF_U, PF_ARG, " fs_gc_dio=" }, { 18, PF_U, PF_ARG, " fs_gc_nio=" }, { 19, PF_U, PF_ARG, " fs_gdrio=" }, { 20, PF_U, PF_ARG, " fs_mio=" }, { 21, PF_U, PF_ARG, " fs_mrio=" }, { 22, PF_U, PF_ARG, " fs_nio=" }, { 23, PF_U, PF_ARG, " fs_nrio=" } } },
	{ 420, "f2fs_iostat_latency", PF_DEFAULT, 28, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " d_rd_avg=" }, { 2, PF_U, PF_ARG, " d_rd_cnt=" }, { 3, PF_U, PF_ARG, " d_rd_peak=" }, { 4, PF_U, PF_ARG, " d_wr_as_avg=" }, { 5, PF_U, PF_ARG, " d_wr_as_cnt=" }, { 6, PF_U, PF_ARG, " d_wr_as_peak=" }, { 7, PF_U, PF_ARG, " d_wr_s_avg=" }, { 8, PF_U, PF_ARG, " d_wr_s_cnt=" }, { 9, PF_U, PF_ARG, " d_wr_s_peak=" }, { 10, PF_U, PF_ARG, " dev=" }, { 11, PF_U, PF_ARG, " m_rd_avg=" }, { 12, PF_U, PF_ARG, " m_rd_cnt=" }, { 13, PF_U, PF_ARG, " m_rd_peak=" }, { 14, PF_U, PF_ARG, " m_wr_as_avg=" }, { 15, PF_U, PF_ARG, " m_wr_as_cnt=" }, { 16, PF_U, PF_ARG, " m_wr_as_peak=" }, { 17, PF_U, PF_ARG, " m_wr_s_avg=" }, { 18, PF_U, PF_ARG, " m_wr_s_cnt=" }, { 19, PF_U, PF_ARG, " m_wr_s_peak=" }, { 20, PF_U, PF_ARG, " n_rd_avg=" }, { 21, PF_U, PF_ARG, " n_rd_cnt=" }, { 22, PF_U, PF_ARG, " n_rd_peak=" }, { 23, PF_U, PF_ARG, " n_wr_as_avg=" }, { 24, PF_U, PF_ARG, " n_wr_as_cnt=" }, { 25, PF_U, PF_ARG, " n_wr_as_peak=" }, { 26, PF_U, PF_ARG, " n_wr_s_avg=" }, { 27, PF_U, PF_ARG, " n_wr_s_cnt=" }, { 28, PF_U, PF_ARG, " n_wr_s_peak=" } } },
	{ 421, "sched_cpu_util_cfs", PF_DEFAULT, 15, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " active=" }, { 2, PF_U, PF_ARG, " capacity=" }, { 3, PF_U, PF_ARG, " capacity_orig=" }, { 4, PF_U, PF_ARG, " cpu=" }, { 5, PF_U, PF_ARG, " cpu_importance=" }, { 6, PF_U, PF_ARG, " cpu_util=" }, { 7, PF_U, PF_ARG, " exit_lat=" }, { 8, PF_U, PF_ARG, " group_capacity=" }, { 9, PF_U, PF_ARG, " grp_overutilized=" }, { 10, PF_U, PF_ARG, " idle_cpu=" }, { 11, PF_U, PF_ARG, " nr_running=" }, { 12, PF_I, PF_ARG, " spare_cap=" }, { 13, PF_U, PF_ARG, " task_fits=" }, { 14, PF_U, PF_ARG, " wake_group_util=" }, { 15, PF_U, PF_ARG, " wake_util=" } } },
	{ 422, "v4l2_qbuf", PF_DEFAULT, 18, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " bytesused=" }, { 2, PF_U, PF_ARG, " field=" }, { 3, PF_U, PF_ARG, " flags=" }, { 4, PF_U, PF_ARG, " index=" }, { 5, PF_I, PF_ARG, " minor=" }, { 6, PF_U, PF_ARG, " sequence=" }, { 7, PF_U, PF_ARG, " timecode_flags=" }, { 8, PF_U, PF_ARG, " timecode_frames=" }, { 9, PF_U, PF_ARG, " timecode_hours=" }, { 10, PF_U, PF_ARG, " timecode_minutes=" }, { 11, PF_U, PF_ARG, " timecode_seconds=" }, { 12, PF_U, PF_ARG, " timecode_type=" }, { 13, PF_U, PF_ARG, " timecode_userbits0=" }, { 14, PF_U, PF_ARG, " timecode_userbits1=" }, { 15, PF_U, PF_ARG, " timecode_userbits2=" }, { 16, PF_U, PF_ARG, " timecode_userbits3=" }, { 17, PF_I, PF_ARG, " timestamp=" }, { 18, PF_U, PF_ARG, " type=" } } },
	{ 423, "v4l2_dqbuf", PF_DEFAULT, 18, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " bytesused=" }, { 2, PF_U, PF_ARG, " field=" }, { 3, PF_U, PF_ARG, " flags=" }, { 4, PF_U, PF_ARG, " index=" }, { 5, PF_I, PF_ARG, " minor=" }, { 6, PF_U, PF_ARG, " sequence=" }, { 7, PF_U, PF_ARG, " timecode_flags=" }, { 8, PF_U, PF_ARG, " timecode_frames=" }, { 9, PF_U, PF_ARG, " timecode_hours=" }, { 10, PF_U, PF_ARG, " timecode_minutes=" }, { 11, PF_U, PF_ARG, " timecode_seconds=" }, { 12, PF_U, PF_ARG, " timecode_type=" }, { 13, PF_U, PF_ARG, " timecode_userbits0=" }, { 14, PF_U, PF_ARG, " timecode_userbits1=" }, { 15, PF_U, PF_ARG, " timecode_userbits2=" }, { 16, PF_U, PF_ARG, " timecode_userbits3=" }, { 17, PF_I, PF_ARG, " timestamp=" }, { 18, PF_U, PF_ARG, " type=" } } },
	{ 424, "vb2_v4l2_buf_queue", PF_DEFAULT, 15, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " field=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_I, PF_ARG, " minor=" }, { 4, PF_U, PF_ARG, " sequence=" }, { 5, PF_U, PF_ARG, " timecode_flags=" }, { 6, PF_U, PF_ARG, " timecode_frames=" }, { 7, PF_U, PF_ARG, " timecode_hours=" }, { 8, PF_U, PF_ARG, " timecode_minutes=" }, { 9, PF_U, PF_ARG, " timecode_seconds=" }, { 10, PF_U, PF_ARG, " timecode_type=" }, { 11, PF_U, PF_ARG, " timecode_userbits0=" }, { 12, PF_U, PF_ARG, " timecode_userbits1=" }, { 13, PF_U, PF_ARG, " timecode_userbits2=" }, { 14, PF_U, PF_ARG, " timecode_userbits3=" }, { 15, PF_I, PF_ARG, " timestamp=" } } },
	{ 425, "vb2_v4l2_buf_done", PF_DEFAULT, 15, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " field=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_I, PF_ARG, " minor=" }, { 4, PF_U, PF_ARG, " sequence=" }, { 5, PF_U, PF_ARG, " timecode_flags=" }, { 6, PF_U, PF_ARG, " timecode_frames=" }, { 7, PF_U, PF_ARG, " timecode_hours=" }, { 8, PF_U, PF_ARG, " timecode_minutes=" }, { 9, PF_U, PF_ARG, " timecode_seconds=" }, { 10, PF_U, PF_ARG, " timecode_type=" }, { 11, PF_U, PF_ARG, " timecode_userbits0=" }, { 12, PF_U, PF_ARG, " timecode_userbits1=" }, { 13, PF_U, PF_ARG, " timecode_userbits2=" }, { 14, PF_U, PF_ARG, " timecode_userbits3=" }, { 15, PF_I, PF_ARG, " timestamp=" } } },
	{ 426, "vb2_v4l2_qbuf", PF_DEFAULT, 15, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " field=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_I, PF_ARG, " minor=" }, { 4, PF_U, PF_ARG, " sequence=" }, { 5, PF_U, PF_ARG, " timecode_flags=" }, { 6, PF_U, PF_ARG, " timecode_frames=" }, { 7, PF_U, PF_ARG, " timecode_hours=" }, { 8, PF_U, PF_ARG, " timecode_minutes=" }, { 9, PF_U, PF_ARG, " timecode_seconds=" }, { 10, PF_U, PF_ARG, " timecode_type=" }, { 11, PF_U, PF_ARG, " timecode_userbits0=" }, { 12, PF_U, PF_ARG, " timecode_userbits1=" }, { 13, PF_U, PF_ARG, " timecode_userbits2=" }, { 14, PF_U, PF_ARG, " timecode_userbits3=" }, { 15, PF_I, PF_ARG, " timestamp=" } } },
	{ 427, "vb2_v4l2_dqbuf", PF_DEFAULT, 15, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " field=" }, { 2, PF_U, PF_ARG, " flags=" }, { 3, PF_I, PF_ARG, " minor=" }, { 4, PF_U, PF_ARG, " sequence=" }, { 5, PF_U, PF_ARG, " timecode_flags=" }, { 6, PF_U, PF_ARG, " timecode_frames=" }, { 7, PF_U, PF_ARG, " timecode_hours=" }, { 8, PF_U, PF_ARG, " timecode_minutes=" }, { 9, PF_U, PF_ARG, " timecode_seconds=" }, { 10, PF_U, PF_ARG, " timecode_type=" }, { 11, PF_U, PF_ARG, " timecode_userbits0=" }, { 12, PF_U, PF_ARG, " timecode_userbits1=" }, { 13, PF_U, PF_ARG, " timecode_userbits2=" }, { 14, PF_U, PF_ARG, " timecode_userbits3=" }, { 15, PF_I, PF_ARG, " timestamp=" } } },
	{ 428, "dsi_cmd_fifo_status", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " header=" }, { 2, PF_U, PF_ARG, " payload=" } } },
	{ 429, "dsi_rx", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cmd=" }, { 3, PF_S, PF_ARG, " rx_buf=" } } },
	{ 430, "dsi_tx", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " last=" }, { 3, PF_U, PF_ARG, " type=" }, { 4, PF_S, PF_ARG, " tx_buf=" } } },
	{ 431, "android_fs_dataread_end", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " bytes=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " offset=" } } },
	{ 432, "android_fs_dataread_start", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " bytes=" }, { 2, PF_S, PF_ARG, " cmdline=" }, { 3, PF_I, PF_ARG, " i_size=" }, { 4, PF_U, PF_ARG, " ino=" }, { 5, PF_I, PF_ARG, " offset=" }, { 6, PF_S, PF_ARG, " pathbuf=" }, { 7, PF_I, PF_ARG, " pid=" } } },
	{ 433, "android_fs_datawrite_end", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " bytes=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " offset=" } } },
	{ 434, "android_fs_datawrite_start", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " bytes=" }, { 2, PF_S, PF_ARG, " cmdline=" }, { 3, PF_I, PF_ARG, " i_size=" }, { 4, PF_U, PF_ARG, " ino=" }, { 5, PF_I, PF_ARG, " offset=" }, { 6, PF_S, PF_ARG, " pathbuf=" }, { 7, PF_I, PF_ARG, " pid=" } } },
	{ 435, "android_fs_fsync_end", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " bytes=" }, { 2, PF_U, PF_ARG, " ino=" }, { 3, PF_I, PF_ARG, " offset=" } } },
	{ 436, "android_fs_fsync_start", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " cmdline=" }, { 2, PF_I, PF_ARG, " i_size=" }, { 3, PF_U, PF_ARG, " ino=" }, { 4, PF_S, PF_ARG, " pathbuf=" }, { 5, PF_I, PF_ARG, " pid=" } } },
	{ 437, "funcgraph_entry", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " depth=" }, { 2, PF_U, PF_ARG, " func=" } } },
	{ 438, "funcgraph_exit", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " calltime=" }, { 2, PF_I, PF_ARG, " depth=" }, { 3, PF_U, PF_ARG, " func=" }, { 4, PF_U, PF_ARG, " overrun=" }, { 5, PF_U, PF_ARG, " rettime=" } } },
	{ 439, "virtio_video_cmd", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " stream_id=" }, { 2, PF_U, PF_ARG, " type=" } } },
	{ 440, "virtio_video_cmd_done", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " stream_id=" }, { 2, PF_U, PF_ARG, " type=" } } },
	{ 441, "virtio_video_resource_queue", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " data_size0=" }, { 2, PF_U, PF_ARG, " data_size1=" }, { 3, PF_U, PF_ARG, " data_size2=" }, { 4, PF_U, PF_ARG, " data_size3=" }, { 5, PF_U, PF_ARG, " queue_type=" }, { 6, PF_I, PF_ARG, " resource_id=" }, { 7, PF_I, PF_ARG, " stream_id=" }, { 8, PF_U, PF_ARG, " timestamp=" } } },
	{ 443, "mm_shrink_slab_start", PF_NOFORM, 0, NULL },
	{ 444, "mm_shrink_slab_end", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " new_scan=" }, { 2, PF_I, PF_ARG, " retval=" }, { 3, PF_U, PF_ARG, " shr=" }, { 4, PF_U, PF_ARG, " shrink=" }, { 5, PF_I, PF_ARG, " total_scan=" }, { 6, PF_I, PF_ARG, " unused_scan=" }, { 7, PF_I, PF_ARG, " nid=" } } },
	{ 445, "trusty_smc", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " r0=" }, { 2, PF_U, PF_ARG, " r1=" }, { 3, PF_U, PF_ARG, " r2=" }, { 4, PF_U, PF_ARG, " r3=" } } },
	{ 446, "trusty_smc_done", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ret=" } } },
	{ 447, "trusty_std_call32", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " r0=" }, { 2, PF_U, PF_ARG, " r1=" }, { 3, PF_U, PF_ARG, " r2=" }, { 4, PF_U, PF_ARG, " r3=" } } },
	{ 448, "trusty_std_call32_done", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " ret=" } } },
	{ 449, "trusty_share_memory", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " len=" }, { 2, PF_U, PF_ARG, " lend=" }, { 3, PF_U, PF_ARG, " nents=" } } },
	{ 450, "trusty_share_memory_done", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " handle=" }, { 2, PF_U, PF_ARG, " len=" }, { 3, PF_U, PF_ARG, " lend=" }, { 4, PF_U, PF_ARG, " nents=" }, { 5, PF_I, PF_ARG, " ret=" } } },
	{ 451, "trusty_reclaim_memory", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" } } },
	{ 452, "trusty_reclaim_memory_done", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_I, PF_ARG, " ret=" } } },
	{ 453, "trusty_irq", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " irq=" } } },
	{ 454, "trusty_ipc_handle_event", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " chan=" }, { 2, PF_U, PF_ARG, " event_id=" }, { 3, PF_S, PF_ARG, " srv_name=" } } },
	{ 455, "trusty_ipc_connect", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " chan=" }, { 2, PF_S, PF_ARG, " port=" }, { 3, PF_I, PF_ARG, " state=" } } },
	{ 456, "trusty_ipc_connect_end", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " chan=" }, { 2, PF_I, PF_ARG, " err=" }, { 3, PF_I, PF_ARG, " state=" } } },
	{ 457, "trusty_ipc_write", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " buf_id=" }, { 2, PF_U, PF_ARG, " chan=" }, { 3, PF_I, PF_ARG, " kind_shm=" }, { 4, PF_I, PF_ARG, " len_or_err=" }, { 5, PF_U, PF_ARG, " shm_cnt=" }, { 6, PF_S, PF_ARG, " srv_name=" } } },
	{ 458, "trusty_ipc_poll", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " chan=" }, { 2, PF_U, PF_ARG, " poll_mask=" }, { 3, PF_S, PF_ARG, " srv_name=" } } },
	{ 460, "trusty_ipc_read", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " chan=" }, { 2, PF_S, PF_ARG, " srv_name=" } } },
	{ 461, "trusty_ipc_read_end", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " buf_id=" }, { 2, PF_U, PF_ARG, " chan=" }, { 3, PF_I, PF_ARG, " len_or_err=" }, { 4, PF_U, PF_ARG, " shm_cnt=" }, { 5, PF_S, PF_ARG, " srv_name=" } } },
	{ 462, "trusty_ipc_rx", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " buf_id=" }, { 2, PF_U, PF_ARG, " chan=" }, { 3, PF_S, PF_ARG, " srv_name=" } } },
	{ 464, "trusty_enqueue_nop", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " arg1=" }, { 2, PF_U, PF_ARG, " arg2=" }, { 3, PF_U, PF_ARG, " arg3=" } } },
	{ 465, "cma_alloc_start", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " align=" }, { 2, PF_U, PF_ARG, " count=" }, { 3, PF_S, PF_ARG, " name=" } } },
	{ 466, "cma_alloc_info", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " align=" }, { 2, PF_U, PF_ARG, " count=" }, { 3, PF_U, PF_ARG, " err_iso=" }, { 4, PF_U, PF_ARG, " err_mig=" }, { 5, PF_U, PF_ARG, " err_test=" }, { 6, PF_S, PF_ARG, " name=" }, { 7, PF_U, PF_ARG, " nr_mapped=" }, { 8, PF_U, PF_ARG, " nr_migrated=" }, { 9, PF_U, PF_ARG, " nr_reclaimed=" }, { 10, PF_U, PF_ARG, " pfn=" } } },
	{ 467, "lwis_tracing_mark_write", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " lwis_name=" }, { 2, PF_U, PF_ARG, " type=" }, { 3, PF_I, PF_ARG, " pid=" }, { 4, PF_S, PF_ARG, " func_name=" }, { 5, PF_I, PF_ARG, " value=" } } },
	{ 468, "virtio_gpu_cmd_queue", PF_DEFAULT, 9, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctx_id=" }, { 2, PF_I, PF_ARG, " dev=" }, { 3, PF_U, PF_ARG, " fence_id=" }, { 4, PF_U, PF_ARG, " flags=" }, { 5, PF_S, PF_ARG, " name=" }, { 6, PF_U, PF_ARG, " num_free=" }, { 7, PF_U, PF_ARG, " seqno=" }, { 8, PF_U, PF_ARG, " type=" }, { 9, PF_U, PF_ARG, " vq=" } } },
	{ 469, "virtio_gpu_cmd_response", PF_DEFAULT, 9, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " ctx_id=" }, { 2, PF_I, PF_ARG, " dev=" }, { 3, PF_U, PF_ARG, " fence_id=" }, { 4, PF_U, PF_ARG, " flags=" }, { 5, PF_S, PF_ARG, " name=" }, { 6, PF_U, PF_ARG, " num_free=" }, { 7, PF_U, PF_ARG, " seqno=" }, { 8, PF_U, PF_ARG, " type=" }, { 9, PF_U, PF_ARG, " vq=" } } },
	{ 470, "mali_mali_KCPU_CQS_SET", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " info_val1=" }, { 3, PF_U, PF_ARG, " info_val2=" }, { 4, PF_U, PF_ARG, " kctx_id=" }, { 5, PF_I, PF_ARG, " kctx_tgid=" } } },
	{ 471, "mali_mali_KCPU_CQS_WAIT_START", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " info_val1=" }, { 3, PF_U, PF_ARG, " info_val2=" }, { 4, PF_U, PF_ARG, " kctx_id=" }, { 5, PF_I, PF_ARG, " kctx_tgid=" } } },
	{ 472, "mali_mali_KCPU_CQS_WAIT_END", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " info_val1=" }, { 3, PF_U, PF_ARG, " info_val2=" }, { 4, PF_U, PF_ARG, " kctx_id=" }, { 5, PF_I, PF_ARG, " kctx_tgid=" } } },
	{ 473, "mali_mali_KCPU_FENCE_SIGNAL", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " info_val1=" }, { 2, PF_U, PF_ARG, " info_val2=" }, { 3, PF_I, PF_ARG, " kctx_tgid=" }, { 4, PF_U, PF_ARG, " kctx_id=" }, { 5, PF_U, PF_ARG, " id=" } } },
	{ 474, "mali_mali_KCPU_FENCE_WAIT_START", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " info_val1=" }, { 2, PF_U, PF_ARG, " info_val2=" }, { 3, PF_I, PF_ARG, " kctx_tgid=" }, { 4, PF_U, PF_ARG, " kctx_id=" }, { 5, PF_U, PF_ARG, " id=" } } },
	{ 475, "mali_mali_KCPU_FENCE_WAIT_END", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " info_val1=" }, { 2, PF_U, PF_ARG, " info_val2=" }, { 3, PF_I, PF_ARG, " kctx_tgid=" }, { 4, PF_U, PF_ARG, " kctx_id=" }, { 5, PF_U, PF_ARG, " id=" } } },
	{ 476, "hyp_enter", PF_NOFORM, 0, NULL },
	{ 477, "hyp_exit", PF_NOFORM, 0, NULL },
	{ 478, "host_hcall", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " invalid=" } } },
	{ 479, "host_smc", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " forwarded=" } } },
	{ 480, "host_mem_abort", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " esr=" }, { 2, PF_U, PF_ARG, " addr=" } } },
	{ 481, "suspend_resume_minimal", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " start=" } } },
	{ 482, "mali_mali_CSF_INTERRUPT_START", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 483, "mali_mali_CSF_INTERRUPT_END", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 484, "samsung_tracing_mark_write", PF_NOFORM, 0, NULL },
	{ 485, "binder_command", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cmd=" } } },
	{ 486, "binder_return", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cmd=" } } },
	{ 487, "sched_switch_with_ctrs", PF_DEFAULT, 23, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " old_pid=" }, { 2, PF_I, PF_ARG, " new_pid=" }, { 3, PF_U, PF_ARG, " cctr=" }, { 4, PF_U, PF_ARG, " ctr0=" }, { 5, PF_U, PF_ARG, " ctr1=" }, { 6, PF_U, PF_ARG, " ctr2=" }, { 7, PF_U, PF_ARG, " ctr3=" }, { 8, PF_U, PF_ARG, " lctr0=" }, { 9, PF_U, PF_ARG, " lctr1=" }, { 10, PF_U, PF_ARG, " ctr4=" }, { 11, PF_U, PF_ARG, " ctr5=" }, { 12, PF_S, PF_ARG, " prev_comm=" }, { 13, PF_I, PF_ARG, " prev_pid=" }, { 14, PF_U, PF_ARG, " cyc=" }, { 15, PF_U, PF_ARG, " inst=" }, { 16, PF_U, PF_ARG, " stallbm=" }, { 17, PF_U, PF_ARG, " l3dm=" }, { 18, PF_I, PF_ARG, " next_pid=" }, { 19, PF_S, PF_ARG, " next_comm=" }, { 20, PF_I, PF_ARG, " prev_state=" }, { 21, PF_U, PF_ARG, " amu0=" }, { 22, PF_U, PF_ARG, " amu1=" }, { 23, PF_U, PF_ARG, " amu2=" } } },
	{ 488, "gpu_work_period", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " gpu_id=" }, { 2, PF_U, PF_ARG, " uid=" }, { 3, PF_U, PF_ARG, " start_time_ns=" }, { 4, PF_U, PF_ARG, " end_time_ns=" }, { 5, PF_U, PF_ARG, " total_active_duration_ns=" } } },
	{ 489, "rpm_status", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_I, PF_ARG, " status=" } } },
	{ 490, "panel_write_generic", PF_NOFORM, 0, NULL },
	{ 491, "sched_migrate_task", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_I, PF_ARG, " prio=" }, { 4, PF_I, PF_ARG, " orig_cpu=" }, { 5, PF_I, PF_ARG, " dest_cpu=" }, { 6, PF_I, PF_ARG, " running=" }, { 7, PF_U, PF_ARG, " load=" } } },
	{ 492, "dpu_dsi_cmd_fifo_status", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " header=" }, { 2, PF_U, PF_ARG, " payload=" } } },
	{ 493, "dpu_dsi_rx", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cmd=" }, { 3, PF_S, PF_ARG, " rx_buf=" } } },
	{ 494, "dpu_dsi_tx", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " type=" }, { 3, PF_U, PF_ARG, " last=" }, { 4, PF_U, PF_ARG, " delay_ms=" }, { 5, PF_S, PF_ARG, " tx_buf=" } } },
	{ 495, "f2fs_background_gc", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " wait_ms=" }, { 3, PF_U, PF_ARG, " prefree=" }, { 4, PF_U, PF_ARG, " free=" } } },
	{ 496, "f2fs_gc_begin", PF_DEFAULT, 13, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sync=" }, { 3, PF_U, PF_ARG, " background=" }, { 4, PF_I, PF_ARG, " dirty_nodes=" }, { 5, PF_I, PF_ARG, " dirty_dents=" }, { 6, PF_I, PF_ARG, " dirty_imeta=" }, { 7, PF_U, PF_ARG, " free_sec=" }, { 8, PF_U, PF_ARG, " free_seg=" }, { 9, PF_I, PF_ARG, " reserved_seg=" }, { 10, PF_U, PF_ARG, " prefree_seg=" }, { 11, PF_I, PF_ARG, " gc_type=" }, { 12, PF_U, PF_ARG, " no_bg_gc=" }, { 13, PF_U, PF_ARG, " nr_free_secs=" } } },
	{ 497, "f2fs_gc_end", PF_DEFAULT, 11, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_I, PF_ARG, " ret=" }, { 3, PF_I, PF_ARG, " seg_freed=" }, { 4, PF_I, PF_ARG, " sec_freed=" }, { 5, PF_I, PF_ARG, " dirty_nodes=" }, { 6, PF_I, PF_ARG, " dirty_dents=" }, { 7, PF_I, PF_ARG, " dirty_imeta=" }, { 8, PF_U, PF_ARG, " free_sec=" }, { 9, PF_U, PF_ARG, " free_seg=" }, { 10, PF_I, PF_ARG, " reserved_seg=" }, { 11, PF_U, PF_ARG, " prefree_seg=" } } },
	{ 498, "fastrpc_dma_free", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " cid=" }, { 2, PF_U, PF_ARG, " phys=" }, { 3, PF_U, PF_ARG, " size=" } } },
	{ 499, "fastrpc_dma_alloc", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " cid=" }, { 2, PF_U, PF_ARG, " phys=" }, { 3, PF_U, PF_ARG, " size=" }, { 4, PF_U, PF_ARG, " attr=" }, { 5, PF_I, PF_ARG, " mflags=" } } },
	{ 500, "fastrpc_dma_unmap", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " cid=" }, { 2, PF_U, PF_ARG, " phys=" }, { 3, PF_U, PF_ARG, " size=" } } },
	{ 501, "fastrpc_dma_map", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " cid=" }, { 2, PF_I, PF_ARG, " fd=" }, { 3, PF_U, PF_ARG, " phys=" }, { 4, PF_U, PF_ARG, " size=" }, { 5, PF_U, PF_ARG, " len=" }, { 6, PF_U, PF_ARG, " attr=" }, { 7, PF_I, PF_ARG, " mflags=" } } },
	{ 502, "google_icc_event", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " event=" }, { 2, PF_U, PF_ARG, " timestamp=" } } },
	{ 503, "google_irm_event", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " event=" }, { 2, PF_U, PF_ARG, " timestamp=" } } },
	{ 504, "device_pm_callback_start", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " device=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_S, PF_ARG, " parent=" }, { 4, PF_S, PF_ARG, " pm_ops=" }, { 5, PF_I, PF_ARG, " event=" } } },
	{ 505, "device_pm_callback_end", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " device=" }, { 2, PF_S, PF_ARG, " driver=" }, { 3, PF_I, PF_ARG, " error=" } } },
	{ 506, "thermal_exynos_acpm_bulk", PF_DEFAULT, 11, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " tz_id=" }, { 2, PF_U, PF_ARG, " current_temp=" }, { 3, PF_U, PF_ARG, " ctrl_temp=" }, { 4, PF_U, PF_ARG, " cdev_state=" }, { 5, PF_I, PF_ARG, " pid_et_p=" }, { 6, PF_I, PF_ARG, " pid_power_range=" }, { 7, PF_I, PF_ARG, " pid_p=" }, { 8, PF_I, PF_ARG, " pid_i=" }, { 9, PF_I, PF_ARG, " k_p=" }, { 10, PF_I, PF_ARG, " k_i=" }, { 11, PF_U, PF_ARG, " timestamp=" } } },
	{ 508, "dcvsh_freq", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cpu=" }, { 2, PF_U, PF_ARG, " freq=" } } },
	{ 509, "kgsl_gpu_frequency", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " gpu_freq=" }, { 2, PF_U, PF_ARG, " gpu_id=" } } },
	{ 518, "mali_mali_PM_MCU_IN_SLEEP", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 519, "mali_mali_PM_MCU_OFF", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 520, "mali_mali_PM_MCU_ON", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 523, "mali_mali_PM_MCU_ON_HALT", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 526, "mali_mali_PM_MCU_ON_PEND_HALT", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 527, "mali_mali_PM_MCU_ON_PEND_SLEEP", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 529, "mali_mali_PM_MCU_PEND_OFF", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 530, "mali_mali_PM_MCU_PEND_ON_RELOAD", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 531, "mali_mali_PM_MCU_POWER_DOWN", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 532, "mali_mali_PM_MCU_RESET_WAIT", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " kctx_tgid=" }, { 2, PF_U, PF_ARG, " kctx_id=" }, { 3, PF_U, PF_ARG, " info_val=" } } },
	{ 533, "bcl_irq_trigger", PF_DEFAULT, 9, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " id=" }, { 2, PF_I, PF_ARG, " throttle=" }, { 3, PF_I, PF_ARG, " cpu0_limit=" }, { 4, PF_I, PF_ARG, " cpu1_limit=" }, { 5, PF_I, PF_ARG, " cpu2_limit=" }, { 6, PF_I, PF_ARG, " tpu_limit=" }, { 7, PF_I, PF_ARG, " gpu_limit=" }, { 8, PF_I, PF_ARG, " voltage=" }, { 9, PF_I, PF_ARG, " capacity=" } } },
	{ 534, "kgsl_adreno_cmdbatch_queued", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " timestamp=" }, { 3, PF_U, PF_ARG, " queued=" }, { 4, PF_U, PF_ARG, " flags=" }, { 5, PF_U, PF_ARG, " prio=" } } },
	{ 535, "kgsl_adreno_cmdbatch_submitted", PF_DEFAULT, 13, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " timestamp=" }, { 3, PF_I, PF_ARG, " inflight=" }, { 4, PF_U, PF_ARG, " flags=" }, { 5, PF_U, PF_ARG, " ticks=" }, { 6, PF_U, PF_ARG, " secs=" }, { 7, PF_U, PF_ARG, " usecs=" }, { 8, PF_I, PF_ARG, " prio=" }, { 9, PF_I, PF_ARG, " rb_id=" }, { 10, PF_U, PF_ARG, " rptr=" }, { 11, PF_U, PF_ARG, " wptr=" }, { 12, PF_I, PF_ARG, " q_inflight=" }, { 13, PF_I, PF_ARG, " dispatch_queue=" } } },
	{ 536, "kgsl_adreno_cmdbatch_sync", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " timestamp=" }, { 3, PF_U, PF_ARG, " ticks=" }, { 4, PF_I, PF_ARG, " prio=" } } },
	{ 537, "kgsl_adreno_cmdbatch_retired", PF_DEFAULT, 17, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " timestamp=" }, { 3, PF_I, PF_ARG, " inflight=" }, { 4, PF_U, PF_ARG, " recovery=" }, { 5, PF_U, PF_ARG, " flags=" }, { 6, PF_U, PF_ARG, " start=" }, { 7, PF_U, PF_ARG, " retire=" }, { 8, PF_I, PF_ARG, " prio=" }, { 9, PF_I, PF_ARG, " rb_id=" }, { 10, PF_U, PF_ARG, " rptr=" }, { 11, PF_U, PF_ARG, " wptr=" }, { 12, PF_I, PF_ARG, " q_inflight=" }, { 13, PF_U, PF_ARG, " fault_recovery=" }, { 14, PF_U, PF_ARG, " dispatch_queue=" }, { 15, PF_U, PF_ARG, " submitted_to_rb=" }, { 16, PF_U, PF_ARG, " retired_on_gmu=" }, { 17, PF_U, PF_ARG, " active=" } } },
	{ 538, "pixel_mm_kswapd_wake", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " whatever=" } } },
	{ 539, "pixel_mm_kswapd_done", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " delta_nr_scanned=" }, { 2, PF_U, PF_ARG, " delta_nr_reclaimed=" }, { 3, PF_U, PF_ARG, " delta_nr_allocated=" }, { 4, PF_U, PF_ARG, " duration_ns=" } } },
	{ 540, "sched_wakeup_task_attr", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " pid=" }, { 2, PF_U, PF_ARG, " cpu_affinity=" }, { 3, PF_U, PF_ARG, " task_util=" }, { 4, PF_U, PF_ARG, " uclamp_min=" }, { 5, PF_U, PF_ARG, " vruntime=" } } },
	{ 541, "devfreq_frequency", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " dev_name=" }, { 2, PF_U, PF_ARG, " freq=" }, { 3, PF_U, PF_ARG, " prev_freq=" }, { 4, PF_U, PF_ARG, " busy_time=" }, { 5, PF_U, PF_ARG, " total_time=" } } },
	{ 543, "param_set_value_cpm", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " body=" }, { 2, PF_U, PF_ARG, " value=" }, { 3, PF_I, PF_ARG, " timestamp=" } } },
	{ 544, "do_sys_open", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " filename=" }, { 2, PF_I, PF_ARG, " flags=" }, { 3, PF_I, PF_ARG, " mode=" } } },
	{ 545, "open_exec", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " filename=" } } },
	{ 546, "block_io_start", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_U, PF_ARG, " bytes=" }, { 5, PF_U, PF_ARG, " ioprio=" }, { 6, PF_S, PF_ARG, " rwbs=" }, { 7, PF_S, PF_ARG, " comm=" }, { 8, PF_S, PF_ARG, " cmd=" } } },
	{ 547, "block_io_done", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_U, PF_ARG, " sector=" }, { 3, PF_U, PF_ARG, " nr_sector=" }, { 4, PF_U, PF_ARG, " bytes=" }, { 5, PF_U, PF_ARG, " ioprio=" }, { 6, PF_S, PF_ARG, " rwbs=" }, { 7, PF_S, PF_ARG, " comm=" }, { 8, PF_S, PF_ARG, " cmd=" } } },
	{ 548, "mali_gpu_power_state", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " change_ns=" }, { 2, PF_I, PF_ARG, " from_state=" }, { 3, PF_I, PF_ARG, " to_state=" } } },
	{ 549, "dpu_disp_dpu_underrun", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " id=" }, { 2, PF_I, PF_ARG, " frames_pending=" }, { 3, PF_I, PF_ARG, " vsync_count=" } } },
	{ 550, "dpu_disp_vblank_irq_enable", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " id=" }, { 2, PF_I, PF_ARG, " output_id=" }, { 3, PF_I, PF_ARG, " enable=" } } },
	{ 551, "hrtimer_start", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " hrtimer=" }, { 2, PF_U, PF_ARG, " function=" }, { 3, PF_I, PF_ARG, " expires=" }, { 4, PF_I, PF_ARG, " softexpires=" }, { 5, PF_U, PF_ARG, " mode=" } } },
	{ 552, "hrtimer_cancel", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " hrtimer=" } } },
	{ 553, "hrtimer_expire_entry", PF_NOFORM, 0, NULL },
	{ 554, "hrtimer_expire_exit", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " hrtimer=" } } },
	{ 555, "timer_start", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " timer=" }, { 2, PF_U, PF_ARG, " function=" }, { 3, PF_U, PF_ARG, " expires=" }, { 4, PF_U, PF_ARG, " now=" }, { 5, PF_U, PF_ARG, " deferrable=" }, { 6, PF_U, PF_ARG, " flags=" }, { 7, PF_U, PF_ARG, " bucket_expiry=" } } },
	{ 556, "timer_cancel", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " timer=" } } },
	{ 557, "timer_expire_entry", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " timer=" }, { 2, PF_U, PF_ARG, " now=" }, { 3, PF_U, PF_ARG, " function=" }, { 4, PF_U, PF_ARG, " baseclk=" } } },
	{ 558, "timer_expire_exit", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " timer=" } } },
	{ 559, "local_timer_entry", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " vector=" } } },
	{ 560, "local_timer_exit", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " vector=" } } },
	{ 561, "dwc3_alloc_request", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " req=" }, { 3, PF_U, PF_ARG, " actual=" }, { 4, PF_U, PF_ARG, " length=" }, { 5, PF_I, PF_ARG, " status=" }, { 6, PF_I, PF_ARG, " zero=" }, { 7, PF_I, PF_ARG, " short_not_ok=" }, { 8, PF_I, PF_ARG, " no_interrupt=" } } },
	{ 562, "dwc3_complete_trb", PF_DEFAULT, 11, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " trb=" }, { 3, PF_U, PF_ARG, " allocated=" }, { 4, PF_U, PF_ARG, " queued=" }, { 5, PF_U, PF_ARG, " bpl=" }, { 6, PF_U, PF_ARG, " bph=" }, { 7, PF_U, PF_ARG, " size=" }, { 8, PF_U, PF_ARG, " ctrl=" }, { 9, PF_U, PF_ARG, " type=" }, { 10, PF_U, PF_ARG, " enqueue=" }, { 11, PF_U, PF_ARG, " dequeue=" } } },
	{ 563, "dwc3_ctrl_req", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " bRequestType=" }, { 2, PF_U, PF_ARG, " bRequest=" }, { 3, PF_U, PF_ARG, " wValue=" }, { 4, PF_U, PF_ARG, " wIndex=" }, { 5, PF_U, PF_ARG, " wLength=" }, { 6, PF_S, PF_ARG, " str=" } } },
	{ 564, "dwc3_ep_dequeue", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " req=" }, { 3, PF_U, PF_ARG, " actual=" }, { 4, PF_U, PF_ARG, " length=" }, { 5, PF_I, PF_ARG, " status=" }, { 6, PF_I, PF_ARG, " zero=" }, { 7, PF_I, PF_ARG, " short_not_ok=" }, { 8, PF_I, PF_ARG, " no_interrupt=" } } },
	{ 565, "dwc3_ep_queue", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " req=" }, { 3, PF_U, PF_ARG, " actual=" }, { 4, PF_U, PF_ARG, " length=" }, { 5, PF_I, PF_ARG, " status=" }, { 6, PF_I, PF_ARG, " zero=" }, { 7, PF_I, PF_ARG, " short_not_ok=" }, { 8, PF_I, PF_ARG, " no_interrupt=" } } },
	{ 566, "dwc3_event", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " event=" }, { 2, PF_U, PF_ARG, " ep0state=" }, { 3, PF_S, PF_ARG, " str=" } } },
	{ 567, "dwc3_free_request", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " req=" }, { 3, PF_U, PF_ARG, " actual=" }, { 4, PF_U, PF_ARG, " length=" }, { 5, PF_I, PF_ARG, " status=" }, { 6, PF_I, PF_ARG, " zero=" }, { 7, PF_I, PF_ARG, " short_not_ok=" }, { 8, PF_I, PF_ARG, " no_interrupt=" } } },
	{ 568, "dwc3_gadget_ep_cmd", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " cmd=" }, { 3, PF_U, PF_ARG, " param0=" }, { 4, PF_U, PF_ARG, " param1=" }, { 5, PF_U, PF_ARG, " param2=" }, { 6, PF_I, PF_ARG, " cmd_status=" } } },
	{ 569, "dwc3_gadget_ep_disable", PF_DEFAULT, 9, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " maxpacket=" }, { 3, PF_U, PF_ARG, " maxpacket_limit=" }, { 4, PF_U, PF_ARG, " max_streams=" }, { 5, PF_U, PF_ARG, " maxburst=" }, { 6, PF_U, PF_ARG, " flags=" }, { 7, PF_U, PF_ARG, " direction=" }, { 8, PF_U, PF_ARG, " trb_enqueue=" }, { 9, PF_U, PF_ARG, " trb_dequeue=" } } },
	{ 570, "dwc3_gadget_ep_enable", PF_DEFAULT, 9, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " maxpacket=" }, { 3, PF_U, PF_ARG, " maxpacket_limit=" }, { 4, PF_U, PF_ARG, " max_streams=" }, { 5, PF_U, PF_ARG, " maxburst=" }, { 6, PF_U, PF_ARG, " flags=" }, { 7, PF_U, PF_ARG, " direction=" }, { 8, PF_U, PF_ARG, " trb_enqueue=" }, { 9, PF_U, PF_ARG, " trb_dequeue=" } } },
	{ 571, "dwc3_gadget_generic_cmd", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cmd=" }, { 2, PF_U, PF_ARG, " param=" }, { 3, PF_I, PF_ARG, " status=" } } },
	{ 572, "dwc3_gadget_giveback", PF_DEFAULT, 8, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " req=" }, { 3, PF_U, PF_ARG, " actual=" }, { 4, PF_U, PF_ARG, " length=" }, { 5, PF_I, PF_ARG, " status=" }, { 6, PF_I, PF_ARG, " zero=" }, { 7, PF_I, PF_ARG, " short_not_ok=" }, { 8, PF_I, PF_ARG, " no_interrupt=" } } },
	{ 573, "dwc3_prepare_trb", PF_DEFAULT, 11, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " trb=" }, { 3, PF_U, PF_ARG, " allocated=" }, { 4, PF_U, PF_ARG, " queued=" }, { 5, PF_U, PF_ARG, " bpl=" }, { 6, PF_U, PF_ARG, " bph=" }, { 7, PF_U, PF_ARG, " size=" }, { 8, PF_U, PF_ARG, " ctrl=" }, { 9, PF_U, PF_ARG, " type=" }, { 10, PF_U, PF_ARG, " enqueue=" }, { 11, PF_U, PF_ARG, " dequeue=" } } },
	{ 574, "dwc3_readl", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " base=" }, { 2, PF_U, PF_ARG, " offset=" }, { 3, PF_U, PF_ARG, " value=" }, { 4, PF_S, PF_ARG, " msg=" } } },
	{ 575, "dwc3_writel", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " base=" }, { 2, PF_U, PF_ARG, " offset=" }, { 3, PF_U, PF_ARG, " value=" }, { 4, PF_S, PF_ARG, " msg=" } } },
	{ 576, "cma_alloc_finish", PF_DEFAULT, 6, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " pfn=" }, { 3, PF_U, PF_ARG, " page=" }, { 4, PF_U, PF_ARG, " count=" }, { 5, PF_U, PF_ARG, " align=" }, { 6, PF_I, PF_ARG, " errorno=" } } },
	{ 578, "host_ffa_call", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " func_id=" }, { 2, PF_U, PF_ARG, " res_a1=" }, { 3, PF_U, PF_ARG, " res_a2=" }, { 4, PF_U, PF_ARG, " res_a3=" }, { 5, PF_U, PF_ARG, " res_a4=" }, { 6, PF_I, PF_ARG, " handled=" }, { 7, PF_I, PF_ARG, " err=" } } },
	{ 579, "dmabuf_rss_stat", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " rss=" }, { 2, PF_I, PF_ARG, " rss_delta=" }, { 3, PF_U, PF_ARG, " i_ino=" } } },
	{ 580, "iommu_idmap", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " from=" }, { 2, PF_U, PF_ARG, " to=" }, { 3, PF_I, PF_ARG, " prot=" } } },
	{ 581, "psci_mem_protect", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " count=" }, { 2, PF_U, PF_ARG, " was=" } } },
	{ 582, "hypervisor_host_hcall", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " invalid=" } } },
	{ 583, "hypervisor_host_smc", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " id=" }, { 2, PF_U, PF_ARG, " forwarded=" } } },
	{ 584, "hypervisor_hyp_exit", PF_NOFORM, 0, NULL },
	{ 585, "hypervisor_iommu_idmap", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " from=" }, { 2, PF_U, PF_ARG, " to=" }, { 3, PF_I, PF_ARG, " prot=" } } },
	{ 586, "hypervisor_psci_mem_protect", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " count=" }, { 2, PF_U, PF_ARG, " was=" } } },
	{ 587, "hypervisor_host_mem_abort", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " esr=" }, { 2, PF_U, PF_ARG, " addr=" } } },
	{ 588, "hypervisor_hyp_enter", PF_NOFORM, 0, NULL },
	{ 590, "hypervisor_vcpu_illegal_trap", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " esr=" } } },
	{ 591, "drm_sched_job_add_dep", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " fence_context=" }, { 2, PF_U, PF_ARG, " fence_seqno=" }, { 3, PF_U, PF_ARG, " ctx=" }, { 4, PF_U, PF_ARG, " seqno=" } } },
	{ 592, "drm_sched_job_done", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " fence_context=" }, { 2, PF_U, PF_ARG, " fence_seqno=" } } },
	{ 593, "drm_sched_job_queue", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " job_count=" }, { 3, PF_I, PF_ARG, " hw_job_count=" }, { 4, PF_S, PF_ARG, " dev=" }, { 5, PF_U, PF_ARG, " fence_context=" }, { 6, PF_U, PF_ARG, " fence_seqno=" }, { 7, PF_U, PF_ARG, " client_id=" } } },
	{ 594, "drm_sched_job_run", PF_DEFAULT, 7, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " name=" }, { 2, PF_U, PF_ARG, " job_count=" }, { 3, PF_I, PF_ARG, " hw_job_count=" }, { 4, PF_S, PF_ARG, " dev=" }, { 5, PF_U, PF_ARG, " fence_context=" }, { 6, PF_U, PF_ARG, " fence_seqno=" }, { 7, PF_U, PF_ARG, " client_id=" } } },
	{ 595, "drm_sched_job_unschedulable", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " fence_context=" }, { 2, PF_U, PF_ARG, " fence_seqno=" }, { 3, PF_U, PF_ARG, " ctx=" }, { 4, PF_U, PF_ARG, " seqno=" } } },
	{ 596, "fwtp_perfetto_counter", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " timestamp=" }, { 2, PF_U, PF_ARG, " track_id=" }, { 3, PF_S, PF_ARG, " category=" }, { 4, PF_S, PF_ARG, " name=" }, { 5, PF_U, PF_ARG, " value=" } } },
	{ 597, "scsi_dispatch_cmd_error", PF_DEFAULT, 13, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " host_no=" }, { 2, PF_U, PF_ARG, " channel=" }, { 3, PF_U, PF_ARG, " id=" }, { 4, PF_U, PF_ARG, " lun=" }, { 5, PF_I, PF_ARG, " rtn=" }, { 6, PF_U, PF_ARG, " opcode=" }, { 7, PF_U, PF_ARG, " cmd_len=" }, { 8, PF_U, PF_ARG, " data_sglen=" }, { 9, PF_U, PF_ARG, " prot_sglen=" }, { 10, PF_U, PF_ARG, " prot_op=" }, { 12, PF_I, PF_ARG, " driver_tag=" }, { 13, PF_I, PF_ARG, " scheduler_tag=" }, { 14, PF_S, PF_ARG, " cmnd=" } } },
	{ 598, "scsi_dispatch_cmd_timeout", PF_DEFAULT, 16, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " host_no=" }, { 2, PF_U, PF_ARG, " channel=" }, { 3, PF_U, PF_ARG, " id=" }, { 4, PF_U, PF_ARG, " lun=" }, { 5, PF_I, PF_ARG, " result=" }, { 6, PF_U, PF_ARG, " opcode=" }, { 7, PF_U, PF_ARG, " cmd_len=" }, { 8, PF_U, PF_ARG, " data_sglen=" }, { 9, PF_U, PF_ARG, " prot_sglen=" }, { 10, PF_U, PF_ARG, " prot_op=" }, { 12, PF_I, PF_ARG, " driver_tag=" }, { 13, PF_I, PF_ARG, " scheduler_tag=" }, { 14, PF_U, PF_ARG, " sense_key=" }, { 15, PF_U, PF_ARG, " asc=" }, { 16, PF_U, PF_ARG, " ascq=" }, { 17, PF_S, PF_ARG, " cmnd=" } } },
	{ 599, "scsi_eh_wakeup", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " host_no=" } } },
	{ 600, "fwtp_perfetto_slice", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " timestamp=" }, { 2, PF_U, PF_ARG, " track_id=" }, { 3, PF_S, PF_ARG, " category=" }, { 4, PF_S, PF_ARG, " name=" }, { 5, PF_U, PF_ARG, " begin=" } } },
	{ 601, "gpu_power_state", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " old_state=" }, { 2, PF_I, PF_ARG, " new_state=" } } },
	{ 602, "gram_collision", PF_DEFAULT, 2, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " panel_index=" }, { 2, PF_U, PF_ARG, " collision_cnt=" } } },
	{ 603, "f2fs_lock_elapsed_time", PF_DEFAULT, 13, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " dev=" }, { 2, PF_S, PF_ARG, " comm=" }, { 3, PF_I, PF_ARG, " pid=" }, { 4, PF_I, PF_ARG, " prio=" }, { 5, PF_I, PF_ARG, " ioprio_class=" }, { 6, PF_I, PF_ARG, " ioprio_data=" }, { 7, PF_U, PF_ARG, " lock_name=" }, { 8, PF_U, PF_ARG, " is_write=" }, { 9, PF_U, PF_ARG, " total_time=" }, { 10, PF_U, PF_ARG, " running_time=" }, { 11, PF_U, PF_ARG, " runnable_time=" }, { 12, PF_U, PF_ARG, " io_sleep_time=" }, { 13, PF_U, PF_ARG, " other_time=" } } },
	{ 604, "sched_group_tracker", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_S, PF_ARG, " comm=" }, { 2, PF_I, PF_ARG, " pid=" }, { 3, PF_S, PF_ARG, " group=" }, { 4, PF_I, PF_ARG, " group_num=" } } },
	{ 605, "dpu_disp_frame_done_timeout", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " display_id=" }, { 2, PF_U, PF_ARG, " output_id=" }, { 3, PF_I, PF_ARG, " frames_pending=" }, { 4, PF_I, PF_ARG, " te_count=" }, { 5, PF_U, PF_ARG, " during_disable=" } } },
	{ 606, "dpu_disp_frame_start_timeout", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " display_id=" }, { 2, PF_U, PF_ARG, " output_id=" }, { 3, PF_I, PF_ARG, " frames_pending=" }, { 4, PF_I, PF_ARG, " te_count=" } } },
	{ 607, "mm_vmscan_memcg_reclaim_begin", PF_NOFORM, 0, NULL },
	{ 608, "mm_vmscan_memcg_reclaim_end", PF_DEFAULT, 1, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " nr_reclaimed=" } } },
	{ 609, "dpu_disp_frame_done_missing", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " display_id=" }, { 2, PF_U, PF_ARG, " output_id=" }, { 3, PF_I, PF_ARG, " frames_pending=" }, { 4, PF_I, PF_ARG, " te_count=" } } },
	{ 610, "dpu_disp_frame_start_missing", PF_DEFAULT, 4, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " display_id=" }, { 2, PF_U, PF_ARG, " output_id=" }, { 3, PF_I, PF_ARG, " frames_pending=" }, { 4, PF_I, PF_ARG, " te_count=" } } },
	{ 611, "panel_settings_full", PF_DEFAULT, 10, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " panel_index=" }, { 2, PF_U, PF_ARG, " hbm=" }, { 3, PF_U, PF_ARG, " irc=" }, { 4, PF_U, PF_ARG, " h_pwm=" }, { 5, PF_U, PF_ARG, " fi_auto=" }, { 6, PF_U, PF_ARG, " fi_manual=" }, { 7, PF_U, PF_ARG, " early_exit=" }, { 8, PF_U, PF_ARG, " min_rr=" }, { 9, PF_U, PF_ARG, " max_rr=" }, { 10, PF_U, PF_ARG, " te_freq=" } } },
	{ 612, "panel_settings_lite", PF_DEFAULT, 5, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " panel_index=" }, { 2, PF_U, PF_ARG, " vrr=" }, { 3, PF_U, PF_ARG, " min_rr=" }, { 4, PF_U, PF_ARG, " max_rr=" }, { 5, PF_U, PF_ARG, " te_freq=" } } },
	{ 613, "dpu_disp_dpu_line_underrun", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " id=" }, { 2, PF_I, PF_ARG, " frames_pending=" }, { 3, PF_I, PF_ARG, " vsync_count=" } } },
	{ 614, "psci_domain_idle_exit", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cpu_id=" }, { 2, PF_U, PF_ARG, " state=" }, { 3, PF_U, PF_ARG, " s2idle=" } } },
	{ 615, "psci_domain_idle_enter", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_U, PF_ARG, " cpu_id=" }, { 2, PF_U, PF_ARG, " state=" }, { 3, PF_U, PF_ARG, " s2idle=" } } },
	{ 616, "long_irq", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " irq=" }, { 2, PF_U, PF_ARG, " latency=" }, { 3, PF_U, PF_ARG, " count=" } } },
	{ 617, "long_softirq", PF_DEFAULT, 3, (const struct pf_step[]){ { 1, PF_I, PF_ARG, " vec_nr=" }, { 2, PF_U, PF_ARG, " latency=" }, { 3, PF_U, PF_ARG, " count=" } } },
	/* END generated events */
};

/* TracePacket's data fields (its oneof "data"), by number. */
static const struct pf_kind {
	uint32_t num;
	const char *name;
} packet_kinds[] = {
	/* BEGIN generated packets by scripts/perfetto-events.py: do not edit */
	{ 1, "ftrace_events" },
	{ 2, "process_tree" },
	{ 4, "inode_file_map" },
	{ 5, "chrome_events" },
	{ 6, "clock_snapshot" },
	{ 7, "sys_stats" },
	{ 9, "process_stats" },
	{ 11, "track_event" },
	{ 33, "trace_config" },
	{ 34, "ftrace_stats" },
	{ 35, "trace_stats" },
	{ 36, "synchronization_marker" },
	{ 37, "profile_packet" },
	{ 38, "battery" },
	{ 39, "android_log" },
	{ 40, "power_rails" },
	{ 43, "process_descriptor" },
	{ 44, "thread_descriptor" },
	{ 45, "system_info" },
	{ 46, "trigger" },
	{ 47, "packages_list" },
	{ 48, "chrome_benchmark_metadata" },
	{ 49, "perfetto_metatrace" },
	{ 50, "compressed_packets" },
	{ 51, "chrome_metadata" },
	{ 52, "gpu_counter_event" },
	{ 53, "gpu_render_stage_event" },
	{ 54, "streaming_profile_packet" },
	{ 57, "graphics_frame_event" },
	{ 60, "track_descriptor" },
	{ 61, "module_symbols" },
	{ 62, "vulkan_memory_event" },
	{ 63, "gpu_log" },
	{ 64, "deobfuscation_mapping" },
	{ 65, "vulkan_api_event" },
	{ 66, "perf_sample" },
	{ 67, "cpu_info" },
	{ 68, "smaps_packet" },
	{ 69, "service_event" },
	{ 70, "initial_display_state" },
	{ 71, "gpu_mem_total_event" },
	{ 72, "extension_descriptor" },
	{ 73, "memory_tracker_snapshot" },
	{ 74, "streaming_allocation" },
	{ 75, "streaming_free" },
	{ 77, "android_energy_estimation_breakdown" },
	{ 78, "ui_state" },
	{ 82, "translation_table" },
	{ 83, "android_game_intervention_list" },
	{ 84, "statsd_atom" },
	{ 86, "android_system_property" },
	{ 89, "trace_uuid" },
	{ 90, "track_event_range_of_interest" },
	{ 91, "entity_state_residency" },
	{ 95, "etw_events" },
	{ 99, "v8_js_code" },
	{ 100, "v8_internal_code" },
	{ 101, "v8_wasm_code" },
	{ 102, "v8_reg_exp_code" },
	{ 103, "v8_code_move" },
	{ 107, "remote_clock_sync" },
	{ 109, "chrome_trigger" },
	{ 110, "pixel_modem_events" },
	{ 111, "pixel_modem_token_database" },
	{ 113, "clone_snapshot_trigger" },
	{ 115, "kernel_wakelock_data" },
	{ 117, "generic_kernel_task_state_event" },
	{ 118, "generic_kernel_cpu_freq_event" },
	{ 119, "cpu_per_uid_data" },
	{ 120, "generic_kernel_task_rename_event" },
	{ 122, "generic_kernel_process_tree" },
	{ 123, "user_list" },
	{ 124, "trace_provenance" },
	{ 125, "protovms" },
	{ 126, "trace_attributes" },
	{ 127, "android_aflags" },
	{ 128, "gpu_info" },
	{ 129, "generic_gpu_frequency_event" },
	{ 130, "interrupt_info" },
	{ 131, "art_process_metadata" },
	{ 132, "journald_event" },
	{ 133, "zstd_compressed_packets" },
	{ 134, "concurrent_session_event" },
	{ 135, "stack_sample" },
	{ 900, "for_testing" },
	/* END generated packets */
};

#define NEVENTS (sizeof(events) / sizeof(events[0]))

/* The entry of FIELD in TABLE (N entries of SIZE bytes, sorted by their
 * first member, a uint32_t), or NULL. */
static const void *find(const void *table, size_t n, size_t size, uint32_t field)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const void *e = (const char *)table + mid * size;
		uint32_t f;

		memcpy(&f, e, sizeof(f));
		if (f == field)
			return e;
		if (f < field)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const struct tm_pf_event *tm_pf_event(uint32_t field)
{
	const struct tm_pf_event *e = find(events, NEVENTS, sizeof(events[0]), field);

	return e && e->layout != PF_NOFORM ? e : NULL;
}

const char *tm_pf_event_name(uint32_t field)
{
	const struct tm_pf_event *e = find(events, NEVENTS, sizeof(events[0]), field);

	return e ? e->name : NULL;
}

const char *tm_pf_packet_kind(uint32_t num)
{
	const struct pf_kind *k = find(packet_kinds, sizeof(packet_kinds) / sizeof(packet_kinds[0]),
				       sizeof(packet_kinds[0]), num);

	return k ? k->name : NULL;
}

uint32_t tm_pf_event_symbol_field(const struct tm_pf_event *e)
{
	for (unsigned i = 0; i < e->nsteps; i++)
		if (e->steps[i].fmt == PF_KSYM)
			return e->steps[i].num;
	return 0;
}

static void put_s(const struct tm_pf_sink *s, const char *str)
{
	s->put(s->ctx, str, strlen(str));
}

static void put_u(const struct tm_pf_sink *s, uint64_t v)
{
	char b[24], *e = b + sizeof(b), *d = tm_digits_before(e, v);

	s->put(s->ctx, d, (size_t)(e - d));
}

static void put_i(const struct tm_pf_sink *s, int64_t v)
{
	if (v < 0)
		s->put(s->ctx, "-", 1);
	put_u(s, v < 0 ? -(uint64_t)v : (uint64_t)v);
}

static void put_fmt(const struct tm_pf_sink *s, const char *fmt, uint64_t v)
{
	char b[32];
	int n = snprintf(b, sizeof(b), fmt, v);

	if (n > 0)
		s->put(s->ctx, b, (size_t)n < sizeof(b) ? (size_t)n : sizeof(b) - 1);
}

/* V in decimal, zero-padded to 3 characters (printf's %03d). */
static void put_cpu3(const struct tm_pf_sink *s, int64_t v)
{
	char b[32];
	int n = snprintf(b, sizeof(b), "%03" PRId64, v);

	if (n > 0)
		s->put(s->ctx, b, (size_t)n < sizeof(b) ? (size_t)n : sizeof(b) - 1);
}

static const char *const softirq_names[] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU",
};

static void put_bytes(const struct tm_pf_sink *s, const struct tm_pb_field *f)
{
	static const char hex[] = "0123456789abcdef";

	for (size_t i = 0; i < f->len; i++) {
		char b[3] = { '-', hex[f->data[i] >> 4], hex[f->data[i] & 15] };

		s->put(s->ctx, i ? b : b + 1, i ? 3 : 2);
	}
	s->put(s->ctx, "]", 1);
}

/* The value of field F in format FMT. */
static void put_value(const struct tm_pf_sink *s, enum pf_fmt fmt, const struct tm_pb_field *f)
{
	uint64_t v = f->type == TM_PB_FIXED32 ? (uint64_t)(int64_t)(int32_t)f->v : f->v;

	if (f->type == TM_PB_BYTES && fmt != PF_S && fmt != PF_BYTES)
		return;
	switch (fmt) {
	case PF_I: put_i(s, (int64_t)v); break;
	case PF_U: put_u(s, f->v); break;
	case PF_U32: put_u(s, (uint32_t)v); break;
	case PF_S:
		if (f->type == TM_PB_BYTES)
			s->text(s->ctx, f->data, f->len);
		break;
	case PF_HEX: put_fmt(s, "%" PRIx64, v); break;
	case PF_HEX3: put_fmt(s, "%03" PRIx64, v); break;
	case PF_HEX4: put_fmt(s, "%04" PRIx64, v); break;
	case PF_KSYM:
		if (s->sym && s->sym_len)
			s->text(s->ctx, s->sym, s->sym_len);
		else
			put_fmt(s, "%" PRIx64, v);
		break;
	case PF_HANDLED: put_s(s, v ? "handled" : "unhandled"); break;
	case PF_ACTION:
		if (v < sizeof(softirq_names) / sizeof(softirq_names[0]))
			put_s(s, softirq_names[v]);
		else
			put_u(s, v);
		break;
	case PF_BYTES:
		if (f->type == TM_PB_BYTES)
			put_bytes(s, f);
		break;
	case PF_DEV:
		put_u(s, v >> 20);
		s->put(s->ctx, ":", 1);
		put_u(s, v & 0xfffff);
		break;
	case PF_ZERO16: put_s(s, "0000000000000000"); break;
	case PF_PAGEOFS: put_u(s, v << 12); break;
	case PF_BEGIN: s->put(s->ctx, v ? "B" : "E", 1); break;
	case PF_CPU3: put_cpu3(s, (int64_t)v); break;
	case PF_NONE: break;
	}
}

/* A step whose field is F (or absent: F NULL). */
static void put_step(const struct tm_pf_sink *s, const struct pf_step *st,
		     const struct tm_pb_field *f)
{
	if (st->cond == PF_ARG && !f)
		return;
	put_s(s, st->pre);
	if (f && st->cond != PF_LIT)
		put_value(s, (enum pf_fmt)st->fmt, f);
}

static int write_default(const struct tm_pf_event *e, const struct tm_pb *m,
			 const struct tm_pf_sink *s, struct tm_pb_error *err)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	int rc;

	while ((rc = tm_pb_next(&r, &f, err)) == 1)
		for (unsigned i = 0; i < e->nsteps; i++)
			if (e->steps[i].num == f.num)
				put_step(s, &e->steps[i], &f);
	return rc < 0 ? -1 : 0;
}

static int write_fixed(const struct tm_pf_event *e, const struct tm_pb *m,
		       const struct tm_pf_sink *s, struct tm_pb_error *err)
{
	struct tm_pb r = *m;
	struct tm_pb_field f, by_num[PF_FIXED_MAX];
	bool have[PF_FIXED_MAX] = { false };
	int rc;

	while ((rc = tm_pb_next(&r, &f, err)) == 1) {
		if (f.num < PF_FIXED_MAX) {
			by_num[f.num] = f;
			have[f.num] = true;
		}
	}
	if (rc < 0)
		return -1;
	for (unsigned i = 0; i < e->nsteps; i++) {
		uint32_t n = e->steps[i].num;

		put_step(s, &e->steps[i], n < PF_FIXED_MAX && have[n] ? &by_num[n] : NULL);
	}
	return 0;
}

int tm_pf_event_write(const struct tm_pf_event *e, const struct tm_pb *m,
		      const struct tm_pf_sink *s, struct tm_pb_error *err)
{
	put_s(s, e->name);
	s->put(s->ctx, ":", 1);
	return e->layout == PF_FIXED ? write_fixed(e, m, s, err) : write_default(e, m, s, err);
}
