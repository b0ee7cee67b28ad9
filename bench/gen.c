/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gen.c - benchmark inputs for `make bench`.
 *
 *   gen ftrace MB OUT   ftrace text (TGID column, 4 CPUs) with the mix of the
 *                       corpus captures: sched_switch, sched_waking/wakeup,
 *                       atrace B/E/C through tracing_mark_write, irq and
 *                       softirq entry/exit, cpu_idle, cpu_frequency,
 *                       workqueue; a clock-sync marker every 4 ms.
 *   gen SHAPE MB OUT    the same events in the other layouts of the field:
 *     ftrace-kernel     a current kernel's default `trace`: no TGID column,
 *                       5 flags (d..2.), comms with blanks and slashes
 *     ftrace-android    Android's atrace dump: a "(-----)" TGID column on
 *                       every line, tgids learned only from atrace payloads
 *     report            `trace-cmd report` text: "cpus=4", no flags, 9
 *                       decimals, the sched and print plugins' formats
 *     systrace          systrace.py's HTML: the trace viewer's page (a
 *                       stand-in of 512 KiB), the atrace text (Android's
 *                       layout, tgids filled by the kernel's record-tgid)
 *                       in a trace-data block, and the controller's clock
 *                       sync block (Trace Event JSON, one marker)
 *     perfetto          a binary Perfetto trace as an Android capture
 *                       writes it: a process_tree packet, then each CPU's
 *                       FtraceEventBundles (8 CPUs, a few hundred events
 *                       each, interleaved as traced_probes drains the
 *                       buffers: every round one bundle a CPU over the same
 *                       window), mostly compact_sched (switch and waking
 *                       columns, intern table), ftrace print with atrace
 *                       B/E/C payloads and the clock-sync markers, and
 *                       cpu_idle, cpu_frequency, sched_wakeup_new,
 *                       task_newtask; a ClockSnapshot every second
 *     perfetto-atrace   the same, as an app-focused capture writes it (the
 *                       atrace categories of the app, gfx, view, input and
 *                       binder on): atrace B/E/C prints most of the events
 *                       (58%; cpu_idle 18%, the idle CPUs'), with the
 *                       longer names apps and the framework give their
 *                       slices (ids, binder interfaces): about 33 bytes an
 *                       event where the other has 19
 *   gen json MB OUT     Trace Event JSON with B/E/X/C/i events and args,
 *                       stamped by another clock (offset 1.5 s, 20 ppm fast)
 *                       with a clock_sync issuer event for every kernel
 *                       marker of an ftrace file of the same size.
 *
 * Deterministic: the same arguments give the same bytes.  Marker n is at
 * kernel time 100 s + n * 4 ms in both files (about 1 µs of kernel time per
 * ftrace line and per JSON event), so the markers pair up; markers
 * beyond the other file's end are reported unpaired.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NCPU 4
#define STEP_NS 1000          /* kernel time per ftrace line, on average */
#define SYNC_NS 4000000       /* a clock-sync marker every 4 ms */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

struct task {
	const char *comm;
	int pid, tgid;
};

static const struct task android_tasks[] = {
	{ "surfaceflinger", 512, 512 }, { "RenderThread", 4021, 3990 },
	{ "com.example.app", 3990, 3990 }, { "binder:3990_2", 4003, 3990 },
	{ "kworker/1:2", 210, 210 }, { "HwBinder:721_1", 735, 721 },
	{ "ksoftirqd/0", 9, 9 }, { "Chrome_IOThread", 4100, 4088 },
	{ "CrRendererMain", 4088, 4088 }, { "mmcqd/0", 95, 95 },
	{ "Thread-7", 4301, 3990 }, { "logd.writer", 301, 288 },
};
/* a desktop's: blanks and slashes in the comms, pids past 99999 */
static const struct task linux_tasks[] = {
	{ "gnome-shell", 2214, 2214 }, { "Web Content", 123456, 123401 },
	{ "firefox", 123401, 123401 }, { "DOM Worker", 123470, 123401 },
	{ "kworker/u16:3", 210, 210 }, { "Xwayland", 2390, 2390 },
	{ "ksoftirqd/0", 15, 15 }, { "Chrome_IOThread", 4100, 4088 },
	{ "chrome", 4088, 4088 }, { "jbd2/nvme0n1p2-", 95, 95 },
	{ "IPC I/O Child", 123475, 123401 }, { "pipewire-pulse", 2301, 2301 },
};
#define NTASK (sizeof(android_tasks) / sizeof(android_tasks[0]))

enum shape { SHAPE_BENCH, SHAPE_KERNEL, SHAPE_ANDROID, SHAPE_REPORT, SHAPE_SYSTRACE,
	     SHAPE_PERFETTO, SHAPE_PERFETTO_ATRACE };
static enum shape shape;
static const struct task *tasks = android_tasks;

static const char *slices[] = { "doFrame", "Choreographer#doFrame", "traversal",
	"draw", "inflate", "binder transaction", "RenderThread::sync", "queueBuffer" };

static void header(FILE *f)
{
	if (shape == SHAPE_REPORT) {
		fputs("cpus=4\n", f);
		return;
	}
	fputs("# tracer: nop\n#\n# entries-in-buffer/entries-written: 0/0   #P:4\n#\n", f);
	if (shape == SHAPE_KERNEL) {
		fputs("#                                _-----=> irqs-off/BH-disabled\n"
		      "#                               / _----=> need-resched\n"
		      "#                              | / _---=> hardirq/softirq\n"
		      "#                              || / _--=> preempt-depth\n"
		      "#                              ||| / _-=> migrate-disable\n"
		      "#                              |||| /     delay\n"
		      "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		      "#              | |         |   |||||     |         |\n", f);
		return;
	}
	fputs("#                                _-----=> irqs-off\n"
	      "#                               / _----=> need-resched\n"
	      "#                              | / _---=> hardirq/softirq\n"
	      "#                              || / _--=> preempt-depth\n"
	      "#                              ||| /     delay\n"
	      "#           TASK-PID     TGID   CPU#  ||||   TIMESTAMP  FUNCTION\n"
	      "#              | |         |      |   ||||      |         |\n", f);
}

/* The line up to the event name, as the shape's writer prints it: FLAGS
 * are the 4 irq-info flags (a fifth, '.', where the kernel has it). */
static int line_prefix(char *b, const struct task *t, int cpu, const char *flags, uint64_t ns)
{
	char tgid[8] = "-----";
	uint64_t s = ns / 1000000000u;

	switch (shape) {
	case SHAPE_KERNEL:
		return sprintf(b, "%16s-%-7d [%03d] %s. %5" PRIu64 ".%06" PRIu64 ": ", t->comm, t->pid,
			       cpu, flags, s, ns % 1000000000u / 1000u);
	case SHAPE_REPORT:
		return sprintf(b, "%16s-%-5d [%03d] %5" PRIu64 ".%09" PRIu64 ": ", t->comm, t->pid, cpu,
			       s, ns % 1000000000u);
	case SHAPE_ANDROID:
		break;
	case SHAPE_BENCH:
	case SHAPE_SYSTRACE:
	case SHAPE_PERFETTO:
	case SHAPE_PERFETTO_ATRACE:
		if (t->pid)
			snprintf(tgid, sizeof(tgid), "%5d", t->tgid);
		break;
	}
	return sprintf(b, "%16s-%-5d (%s) [%03d] %s %5" PRIu64 ".%06" PRIu64 ": ", t->comm,
		       t->pid, tgid, cpu, flags, s, ns % 1000000000u / 1000u);
}

/* "NAME: ", or in trace-cmd report "NAME:" padded to 22 columns. */
static int ev(char *b, const char *name)
{
	int pad = 21 - (int)strlen(name);

	if (shape == SHAPE_REPORT)
		return sprintf(b, "%s:%*s", name, pad > 1 ? pad : 1, "");
	return sprintf(b, "%s: ", name);
}

/* The details of sched_switch / sched_waking / sched_wakeup: the kernel's
 * key=value form, or trace-cmd's sched plugin's. */
static int sched_switch(char *b, const char *pc, int ppid, char st, const char *nc, int npid)
{
	int n = ev(b, "sched_switch");

	if (shape == SHAPE_REPORT)
		return n + sprintf(b + n, "%s:%d [120] %c ==> %s:%d [120]\n", pc, ppid, st, nc, npid);
	return n + sprintf(b + n, "prev_comm=%s prev_pid=%d prev_prio=120 prev_state=%c ==> "
			   "next_comm=%s next_pid=%d next_prio=120\n", pc, ppid, st, nc, npid);
}

static int sched_wake(char *b, const char *name, const struct task *w, int cpu)
{
	int n = ev(b, name);

	if (shape == SHAPE_REPORT)
		return n + sprintf(b + n, "%s:%d [120] CPU:%03d\n", w->comm, w->pid, cpu);
	return n + sprintf(b + n, "comm=%s pid=%d prio=120 target_cpu=%03d\n", w->comm, w->pid,
			   cpu);
}

/* A trace_marker write: tracing_mark_write in `trace`, the print plugin's
 * "ip: text" in trace-cmd report. */
static int marker(char *b)
{
	int n;

	if (shape != SHAPE_REPORT)
		return ev(b, "tracing_mark_write");
	n = ev(b, "print");
	return n + sprintf(b + n, "0xffffffff8149895a: ");
}

static void gen_ftrace(FILE *f, uint64_t bytes)
{
	static const struct task idle = { "<idle>", 0, 0 };
	const struct task *cur[NCPU];
	int depth[NTASK] = { 0 };
	uint64_t ns = 100000000000ull, written = 0, line = 0;
	uint64_t next_sync = ns + SYNC_NS, nsync = 0;
	char b[512];

	header(f);
	for (int c = 0; c < NCPU; c++)
		cur[c] = &idle;
	while (written < bytes) {
		int cpu = (int)rnd(NCPU), n;
		const struct task *t = cur[cpu];
		uint32_t k = rnd(100);

		ns += STEP_NS / 5 + rnd(STEP_NS * 8 / 5);
		line++;
		if (ns >= next_sync) {
			n = line_prefix(b, &tasks[2], cpu, "...1", next_sync);
			n += marker(b + n);
			n += sprintf(b + n, "trace_event_clock_sync: name=s%" PRIu64 "\n", ++nsync);
			ns = next_sync;
			next_sync += SYNC_NS;
		} else if (k < 30) {
			const struct task *nx = rnd(5) ? &tasks[rnd(NTASK)] : &idle;
			static const char st[] = "SSRDR";
			const char *pc = t == &idle ? "swapper" : t->comm;
			n = line_prefix(b, t == &idle ? &idle : t, cpu, "d..3", ns);
			n += sched_switch(b + n, pc, t->pid, st[rnd(5)], nx == &idle ? "swapper" : nx->comm,
					  nx->pid);
			cur[cpu] = nx;
		} else if (k < 50) {
			const struct task *w = &tasks[rnd(NTASK)];
			n = line_prefix(b, t, cpu, k < 40 ? "d.h4" : "dnh3", ns);
			n += sched_wake(b + n, k < 40 ? "sched_waking" : "sched_wakeup", w, (int)rnd(NCPU));
		} else if (k < 80 && t != &idle) {
			size_t ti = (size_t)(t - tasks);
			n = line_prefix(b, t, cpu, "...1", ns);
			n += marker(b + n);
			if (k < 72 && (depth[ti] == 0 || (rnd(2) && depth[ti] < 6))) {
				n += sprintf(b + n, "B|%d|%s\n", t->tgid,
					     slices[rnd(sizeof(slices) / sizeof(slices[0]))]);
				depth[ti]++;
			} else if (k < 72) {
				n += sprintf(b + n, "E|%d\n", t->tgid);
				depth[ti]--;
			} else {
				n += sprintf(b + n, "C|%d|queued_buffers|%u\n", t->tgid, rnd(4));
			}
		} else if (k < 88) {
			n = line_prefix(b, t, cpu, "d.h2", ns);
			if (k & 1) {
				n += ev(b + n, "irq_handler_entry");
				n += sprintf(b + n, "irq=%u name=arch_timer\n", 27 + rnd(3));
			} else {
				n += ev(b + n, "irq_handler_exit");
				n += sprintf(b + n, "irq=%u ret=handled\n", 27 + rnd(3));
			}
		} else if (k < 92) {
			n = line_prefix(b, t, cpu, "..s1", ns);
			n += ev(b + n, k & 1 ? "softirq_entry" : "softirq_exit");
			n += sprintf(b + n, "vec=%u [action=%s]\n", 1 + rnd(2) * 6, rnd(2) ? "TIMER" : "SCHED");
		} else if (k < 96) {
			n = line_prefix(b, t, cpu, "d..2", ns);
			n += ev(b + n, "cpu_idle");
			n += sprintf(b + n, "state=%d cpu_id=%d\n", rnd(2) ? 1 : -1, cpu);
		} else if (k < 98) {
			n = line_prefix(b, t, cpu, "...2", ns);
			n += ev(b + n, "cpu_frequency");
			n += sprintf(b + n, "state=%u cpu_id=%d\n", 300000 + 100000 * rnd(16), cpu);
		} else {
			n = line_prefix(b, &tasks[4], cpu, "...1", ns);
			n += ev(b + n, k & 1 ? "workqueue_execute_start" : "workqueue_execute_end");
			n += sprintf(b + n, "work struct %p%s\n", (void *)(uintptr_t)(0xffffffc0a2b3c000ull + rnd(64) * 64),
				     k & 1 ? ": function vmstat_update" : "");
		}
		fwrite(b, 1, (size_t)n, f);
		written += (uint64_t)n;
	}
}

/* systrace.py's page: the viewer (a stand-in of the same kind of text:
 * 512 KiB of script without the trace markers), one trace-data block
 * of atrace text and one of the controller's clock sync as JSON. */
static void gen_systrace(FILE *f, uint64_t bytes)
{
	static const char js[] = "      tr.exportTo('tr.ui.tracks', function() { var a = "
				 "document.createElement('div'); return { a: a }; });\n";

	fputs("<!DOCTYPE html>\n<html>\n<head i18n-values=\"dir:textdirection;\">\n"
	      "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">\n"
	      "<title>Android System Trace</title>\n<script>\n", f);
	for (size_t n = 0; n < (512u << 10); n += sizeof(js) - 1)
		fputs(js, f);
	fputs("</script>\n</head>\n<body>\n  <!-- BEGIN TRACE -->\n"
	      "  <script class=\"trace-data\" type=\"application/text\">\n", f);
	gen_ftrace(f, bytes);
	fputs("  </script>\n  <script class=\"trace-data\" type=\"application/text\">\n"
	      "{\"traceEvents\": [{\"name\": \"clock_sync\", \"args\": {\"sync_id\": \"s1\", "
	      "\"issue_ts\": 100003997.0}, \"pid\": 3990, \"tid\": 3990, \"ph\": \"c\", "
	      "\"ts\": 100004002.0}], \"metadata\": {\"clock-domain\": \"SYSTRACE\"}}"
	      "  </script>\n<!-- END TRACE -->\n</body>\n</html>\n", f);
}

/* ---- Perfetto protobuf (field numbers of perfetto_trace.proto) ---------- */

#define PF_NCPU 8
#define PF_BUNDLE 300            /* events a CPU's bundle holds, on average */
#define PF_STEP_NS (STEP_NS * PF_NCPU)  /* a CPU's time per event */
#define PF_SEQ 7                 /* traced_probes' trusted_packet_sequence_id */

/* A growing byte buffer (exits on out-of-memory: a generator). */
struct pbuf {
	uint8_t *p;
	size_t n, cap;
};

static void pb_raw(struct pbuf *b, const void *d, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 256;
		if (!(b->p = realloc(b->p, b->cap))) {
			perror("gen");
			exit(1);
		}
	}
	memcpy(b->p + b->n, d, n);
	b->n += n;
}

static void pb_varint(struct pbuf *b, uint64_t v)
{
	uint8_t t[10];
	size_t n = 0;

	do {
		t[n++] = (uint8_t)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
		v >>= 7;
	} while (v);
	pb_raw(b, t, n);
}

/* Field NUM as a varint (negative int32/int64 as their 10-byte form). */
static void pb_uint(struct pbuf *b, unsigned num, uint64_t v)
{
	pb_varint(b, (uint64_t)num << 3);
	pb_varint(b, v);
}

/* Field NUM length-delimited: the N bytes at D. */
static void pb_bytes(struct pbuf *b, unsigned num, const void *d, size_t n)
{
	pb_varint(b, (uint64_t)num << 3 | 2);
	pb_varint(b, n);
	pb_raw(b, d, n);
}

static void pb_str(struct pbuf *b, unsigned num, const char *s)
{
	pb_bytes(b, num, s, strlen(s));
}

/* Field NUM: the message built in SUB, which is emptied. */
static void pb_msg(struct pbuf *b, unsigned num, struct pbuf *sub)
{
	pb_bytes(b, num, sub->p, sub->n);
	sub->n = 0;
}

/* The TracePacket built in PKT (freed) written as a Trace.packet to F,
 * its bytes added to *WRITTEN. */
static void pf_packet(FILE *f, struct pbuf *pkt, uint64_t *written)
{
	struct pbuf out = { 0 };

	pb_uint(pkt, 10, PF_SEQ);                /* trusted_packet_sequence_id */
	pb_msg(&out, 1, pkt);                    /* Trace.packet */
	fwrite(out.p, 1, out.n, f);
	*written += out.n;
	free(out.p);
	free(pkt->p);
	*pkt = (struct pbuf){ 0 };
}

/* TracePacket.process_tree: the tasks' processes and threads. */
static void pf_process_tree(FILE *f, uint64_t ts, uint64_t *written)
{
	struct pbuf pkt = { 0 }, tree = { 0 }, m = { 0 };

	for (size_t i = 0; i < NTASK; i++) {
		const struct task *t = &tasks[i];
		if (t->pid == t->tgid) {
			pb_uint(&m, 1, (uint64_t)t->pid);
			pb_uint(&m, 2, 1);
			pb_str(&m, 3, t->comm);
			pb_msg(&tree, 1, &m);            /* processes */
		} else {
			pb_uint(&m, 1, (uint64_t)t->pid);
			pb_str(&m, 2, t->comm);
			pb_uint(&m, 3, (uint64_t)t->tgid);
			pb_msg(&tree, 2, &m);            /* threads */
		}
	}
	pb_uint(&pkt, 8, ts);
	pb_msg(&pkt, 2, &tree);
	pf_packet(f, &pkt, written);
	free(tree.p);
	free(m.p);
}

/* TracePacket.clock_snapshot at boot time BT: BOOTTIME, MONOTONIC (2.5 s of
 * suspend behind) and REALTIME (2025-11-26). */
static void pf_clock_snapshot(FILE *f, uint64_t bt, uint64_t *written)
{
	static const struct { unsigned id; int64_t off; } clk[] = {
		{ 6, 0 }, { 3, -2500000000ll }, { 1, 1764115200000000000ll }, { 5, -2600000000ll },
	};
	struct pbuf pkt = { 0 }, snap = { 0 }, c = { 0 };

	for (size_t i = 0; i < sizeof(clk) / sizeof(clk[0]); i++) {
		pb_uint(&c, 1, clk[i].id);
		pb_uint(&c, 2, (uint64_t)((int64_t)bt + clk[i].off));
		pb_msg(&snap, 1, &c);
	}
	pb_uint(&snap, 2, 6);                    /* primary_trace_clock: BOOTTIME */
	pb_uint(&pkt, 8, bt);
	pb_msg(&pkt, 6, &snap);
	pf_packet(f, &pkt, written);
	free(snap.p);
	free(c.p);
}

struct pf_cpu {
	const struct task *cur;     /* NULL: idle */
	uint64_t ns;                /* time of the CPU's last event */
};

/* One CPU's bundle state: its events, compact columns and intern table. */
struct pf_bundle {
	struct pbuf ev, e, sub, itab;
	struct pbuf col[13];        /* packed columns by field number */
	int intern[NTASK + 1];      /* task index (NTASK: idle) -> intern index */
	int nintern;
	uint64_t last_sw, last_wk;  /* delta-encoding bases */
};

static int pf_intern(struct pf_bundle *bd, const struct task *t)
{
	size_t i = t ? (size_t)(t - tasks) : NTASK;

	if (bd->intern[i] < 0) {
		bd->intern[i] = bd->nintern++;
		pb_str(&bd->itab, 5, t ? t->comm : "swapper");
	}
	return bd->intern[i];
}

/* An FtraceEvent at NS by PID whose event is field NUM, the message in
 * bd->sub. */
static void pf_event(struct pf_bundle *bd, uint64_t ns, int pid, unsigned num)
{
	pb_uint(&bd->e, 1, ns);
	pb_uint(&bd->e, 2, (uint64_t)pid);
	pb_msg(&bd->e, num, &bd->sub);
	pb_msg(&bd->ev, 2, &bd->e);
}

static void pf_print(struct pf_bundle *bd, uint64_t ns, int pid, const char *text)
{
	pb_uint(&bd->sub, 1, 0xffffffff8149895aull);
	pb_str(&bd->sub, 2, text);
	pf_event(bd, ns, pid, 3);
}

/* The mix of a Perfetto trace's events: each kind's share in percent, as
 * the upper ends of rnd(100)'s ranges (the rest: sched_wakeup_new and
 * task_newtask). */
struct pf_mix {
	uint32_t sw, wk, atrace, slice_end, idle, freq, wnew;
};
/* gen_ftrace's (an Android capture, sched-heavy) */
static const struct pf_mix mix_sched = { 40, 60, 90, 82, 95, 98, 99 };
/* an app-focused capture: atrace-heavy */
static const struct pf_mix mix_atrace = { 12, 20, 92, 86, 96, 98, 99 };
static const struct pf_mix *mix = &mix_sched;

/* Slice names as apps and the framework give them (the atrace shape). */
static const char *app_slices[] = {
	"Choreographer#doFrame %u", "traversal", "measure", "layout", "draw",
	"Record View#draw()", "RV OnBindView", "RV Scroll", "inflate",
	"animator:translationY", "syncFrameState", "flush commands", "dequeueBuffer",
	"queueBuffer", "eglSwapBuffersWithDamageKHR", "binder transaction async",
	"AIDL::java::IActivityManager::getRunningAppProcesses::server",
	"HIDL::IComposerClient::executeCommands_2_2::client",
	"Lock contention on a monitor lock (owner tid: %u)",
	"SurfaceView[com.example.app/com.example.app.MainActivity]#%u",
	"deliverInputEvent src=0x1002 eventTimeNano=%u", "Handler: android.view.View$PerformClick",
};

/* A slice's name into TEXT (SIZE bytes): the shape's kind. */
static void slice_name(char *text, size_t size)
{
	if (mix == &mix_sched) {
		snprintf(text, size, "%s", slices[rnd(sizeof(slices) / sizeof(slices[0]))]);
		return;
	}
	snprintf(text, size, app_slices[rnd(sizeof(app_slices) / sizeof(app_slices[0]))],
		 100000 + rnd(900000));
}

/* CPU's events of (c->ns, END): the mix (gen_ftrace's, or the atrace
 * shape's), sched in the compact columns, markers due before END on CPU
 * 0. */
static void pf_cpu_events(struct pf_bundle *bd, struct pf_cpu *c, int cpu, uint64_t end,
			  int *depth, uint64_t *next_sync, uint64_t *nsync)
{
	char text[128];

	for (;;) {
		uint64_t ns = c->ns + PF_STEP_NS / 5 + rnd(PF_STEP_NS * 8 / 5);
		const struct task *t = c->cur;
		int pid = t ? t->pid : 0;
		uint32_t k = rnd(100);

		if (cpu == 0 && *next_sync < end && *next_sync <= ns) {
			snprintf(text, sizeof(text), "trace_event_clock_sync: name=s%" PRIu64 "\n",
				 ++*nsync);
			pf_print(bd, *next_sync, tasks[2].pid, text);
			c->ns = *next_sync;
			*next_sync += SYNC_NS;
			continue;
		}
		if (ns >= end)
			return;
		c->ns = ns;
		if (k < mix->sw) {
			static const int64_t st[] = { 1, 1, 0, 2, 0 };
			/* a task runs on one CPU only (its atrace slices nest) */
			size_t ni = (size_t)cpu + PF_NCPU * rnd(2);
			const struct task *nx = rnd(5) ? &tasks[ni < NTASK ? ni : (size_t)cpu] : NULL;
			pb_varint(&bd->col[1], ns - bd->last_sw);
			bd->last_sw = ns;
			pb_varint(&bd->col[2], (uint64_t)st[rnd(5)]);
			pb_varint(&bd->col[3], (uint64_t)(nx ? nx->pid : 0));
			pb_varint(&bd->col[4], 120);
			pb_varint(&bd->col[6], (uint64_t)pf_intern(bd, nx));
			c->cur = nx;
		} else if (k < mix->wk) {
			const struct task *w = &tasks[rnd(NTASK)];
			pb_varint(&bd->col[7], ns - bd->last_wk);
			bd->last_wk = ns;
			pb_varint(&bd->col[8], (uint64_t)w->pid);
			pb_varint(&bd->col[9], rnd(PF_NCPU));
			pb_varint(&bd->col[10], 120);
			pb_varint(&bd->col[11], (uint64_t)pf_intern(bd, w));
			pb_varint(&bd->col[12], 1);
		} else if (k < mix->atrace && t) {
			size_t ti = (size_t)(t - tasks);
			if (k < mix->slice_end && (depth[ti] == 0 || (rnd(2) && depth[ti] < 6))) {
				char name[96];

				slice_name(name, sizeof(name));
				snprintf(text, sizeof(text), "B|%d|%s\n", t->tgid, name);
				depth[ti]++;
			} else if (k < mix->slice_end) {
				snprintf(text, sizeof(text), "E|%d\n", t->tgid);
				depth[ti]--;
			} else {
				snprintf(text, sizeof(text), "C|%d|queued_buffers|%u\n", t->tgid, rnd(4));
			}
			pf_print(bd, ns, pid, text);
		} else if (k < mix->idle) {
			pb_uint(&bd->sub, 1, rnd(2) ? 1 : 4294967295u);
			pb_uint(&bd->sub, 2, (uint64_t)cpu);
			pf_event(bd, ns, pid, 13);       /* cpu_idle */
		} else if (k < mix->freq) {
			pb_uint(&bd->sub, 1, 300000 + 100000 * rnd(16));
			pb_uint(&bd->sub, 2, (uint64_t)cpu);
			pf_event(bd, ns, pid, 11);       /* cpu_frequency */
		} else if (k < mix->wnew) {
			pb_str(&bd->sub, 1, tasks[10].comm);
			pb_uint(&bd->sub, 2, (uint64_t)tasks[10].pid);
			pb_uint(&bd->sub, 3, 120);
			pb_uint(&bd->sub, 4, 1);
			pb_uint(&bd->sub, 5, rnd(PF_NCPU));
			pf_event(bd, ns, pid, 114);      /* sched_wakeup_new */
		} else {
			pb_uint(&bd->sub, 1, (uint64_t)tasks[10].pid);
			pb_str(&bd->sub, 2, tasks[10].comm);
			pb_uint(&bd->sub, 3, 0x3d0f00);
			pb_uint(&bd->sub, 4, 0);
			pf_event(bd, ns, pid, 235);      /* task_newtask */
		}
	}
}

/* The bundle of CPU built in BD as a packet; BD emptied. */
static void pf_bundle_out(FILE *f, struct pf_bundle *bd, int cpu, uint64_t *written)
{
	struct pbuf pkt = { 0 }, b = { 0 }, cs = { 0 };

	pb_uint(&b, 1, (uint64_t)cpu);
	pb_raw(&b, bd->ev.p, bd->ev.n);
	pb_raw(&cs, bd->itab.p, bd->itab.n);
	for (unsigned i = 1; i < 13; i++)
		if (i != 5 && bd->col[i].n)
			pb_bytes(&cs, i, bd->col[i].p, bd->col[i].n);
	pb_msg(&b, 4, &cs);
	pb_msg(&pkt, 1, &b);
	pf_packet(f, &pkt, written);
	free(b.p);
	free(cs.p);
	bd->ev.n = bd->itab.n = 0;
	for (unsigned i = 0; i < 13; i++)
		bd->col[i].n = 0;
	for (size_t i = 0; i <= NTASK; i++)
		bd->intern[i] = -1;
	bd->nintern = 0;
	bd->last_sw = bd->last_wk = 0;
}

static void gen_perfetto(FILE *f, uint64_t bytes)
{
	struct pf_cpu cpus[PF_NCPU];
	struct pf_bundle bd = { 0 };
	int depth[NTASK] = { 0 };
	uint64_t start = 100000000000ull, t = start, written = 0;
	uint64_t next_sync = start + SYNC_NS, nsync = 0, next_snap = start;

	for (int c = 0; c < PF_NCPU; c++)
		cpus[c] = (struct pf_cpu){ NULL, start };
	for (size_t i = 0; i <= NTASK; i++)
		bd.intern[i] = -1;
	pf_process_tree(f, start, &written);
	while (written < bytes) {
		/* a drain: every CPU's events up to a window's end, CPU by CPU */
		uint64_t end = t + PF_BUNDLE * PF_STEP_NS / 2 + rnd(PF_BUNDLE * PF_STEP_NS);

		if (t >= next_snap) {
			pf_clock_snapshot(f, t, &written);
			next_snap += 1000000000ull;
		}
		for (int c = 0; c < PF_NCPU; c++) {
			pf_cpu_events(&bd, &cpus[c], c, end, depth, &next_sync, &nsync);
			pf_bundle_out(f, &bd, c, &written);
		}
		t = end;
	}
	free(bd.ev.p);
	free(bd.e.p);
	free(bd.sub.p);
	free(bd.itab.p);
	for (unsigned i = 0; i < 13; i++)
		free(bd.col[i].p);
}

/* app clock = kernel ns * (1 + 20e-6) + 1.5 s, printed in µs with 3 decimals */
static uint64_t app_ns(uint64_t kns)
{
	return kns + kns / 50000 + 1500000000ull;
}

static void us(char *b, uint64_t ns)
{
	sprintf(b, "%" PRIu64 ".%03" PRIu64, ns / 1000, ns % 1000);
}

static void gen_json(FILE *f, uint64_t bytes)
{
	uint64_t ns = 100000000000ull, written = 0, next_sync, nsync = 0;
	const uint64_t sync_ns = SYNC_NS;
	int depth[4] = { 0 };
	char b[1024], t0[40], t1[40];

	written += (uint64_t)fprintf(f, "{\"traceEvents\":[\n"
		"{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":3990,\"tid\":3990,"
		"\"args\":{\"name\":\"com.example.app\"}}");
	next_sync = ns + sync_ns;
	while (written < bytes) {
		int tid = 3990 + (int)rnd(4), n;
		uint32_t k = rnd(100);
		ns += 200 + rnd(1600);
		us(t0, app_ns(ns));
		if (ns >= next_sync) {
			/* issued 3 µs before the kernel stamped marker n, received 2 µs after */
			nsync++;
			ns = next_sync;
			us(t0, app_ns(ns) + 2000);
			us(t1, app_ns(ns) - 3000);
			n = sprintf(b, ",\n{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":%s,\"pid\":3990,"
				    "\"tid\":3990,\"args\":{\"sync_id\":\"s%" PRIu64 "\",\"issue_ts\":%s}}",
				    t0, nsync, t1);
			next_sync += sync_ns;
		} else if (k < 40) {
			int d = depth[tid - 3990];
			if (d == 0 || (d < 8 && rnd(2))) {
				n = sprintf(b, ",\n{\"name\":\"%s\",\"cat\":\"app,view\",\"ph\":\"B\",\"ts\":%s,"
					    "\"pid\":3990,\"tid\":%d,\"args\":{\"frame\":%u,\"url\":\"https://example.org/p/%u\"}}",
					    slices[rnd(8)], t0, tid, rnd(100000), rnd(1000));
				depth[tid - 3990]++;
			} else {
				n = sprintf(b, ",\n{\"ph\":\"E\",\"ts\":%s,\"pid\":3990,\"tid\":%d}", t0, tid);
				depth[tid - 3990]--;
			}
		} else if (k < 70) {
			n = sprintf(b, ",\n{\"name\":\"Task\",\"cat\":\"toplevel\",\"ph\":\"X\",\"ts\":%s,"
				    "\"dur\":%u.%03u,\"tdur\":%u,\"pid\":3990,\"tid\":%d,\"args\":{\"src_file\":"
				    "\"../../base/task/sequence_manager.cc\",\"src_func\":\"RunTask\"}}",
				    t0, rnd(900), rnd(1000), rnd(500), tid);
		} else if (k < 90) {
			n = sprintf(b, ",\n{\"name\":\"memory\",\"ph\":\"C\",\"ts\":%s,\"pid\":3990,"
				    "\"args\":{\"heap_kb\":%u,\"gpu_kb\":%u}}", t0, 20000 + rnd(9000), rnd(4096));
		} else {
			n = sprintf(b, ",\n{\"name\":\"input \\\"tap\\\" \\u00e9\",\"ph\":\"i\",\"s\":\"t\","
				    "\"ts\":%s,\"pid\":3990,\"tid\":%d,\"args\":{\"x\":%u,\"y\":%u}}",
				    t0, tid, rnd(1080), rnd(2400));
		}
		fwrite(b, 1, (size_t)n, f);
		written += (uint64_t)n;
	}
	fputs("\n],\"displayTimeUnit\":\"ms\",\"otherData\":{\"generator\":\"tracemerge bench\"}}\n", f);
}

int main(int argc, char **argv)
{
	static const char *const shapes[] = { "ftrace", "ftrace-kernel", "ftrace-android", "report",
					      "systrace", "perfetto", "perfetto-atrace" };
	FILE *f;
	uint64_t mb;
	int s = -1;

	for (int i = 0; argc == 4 && i < (int)(sizeof(shapes) / sizeof(shapes[0])); i++)
		if (!strcmp(argv[1], shapes[i]))
			s = i;
	if (argc != 4 || (s < 0 && strcmp(argv[1], "json"))) {
		fprintf(stderr, "usage: gen ftrace|ftrace-kernel|ftrace-android|report|systrace|"
			"perfetto|perfetto-atrace|json MB OUT\n");
		return 2;
	}
	mb = strtoull(argv[2], NULL, 10);
	f = fopen(argv[3], "w");
	if (!f) {
		perror(argv[3]);
		return 1;
	}
	if (s == SHAPE_PERFETTO || s == SHAPE_PERFETTO_ATRACE) {
		mix = s == SHAPE_PERFETTO ? &mix_sched : &mix_atrace;
		gen_perfetto(f, mb << 20);
	} else if (s == SHAPE_SYSTRACE) {
		gen_systrace(f, mb << 20);   /* (the bench's layout in the page) */
	} else if (s >= 0) {
		shape = (enum shape)s;
		tasks = shape == SHAPE_KERNEL || shape == SHAPE_REPORT ? linux_tasks : android_tasks;
		gen_ftrace(f, mb << 20);
	} else {
		gen_json(f, mb << 20);
	}
	if (fclose(f)) {
		perror(argv[3]);
		return 1;
	}
	return 0;
}
