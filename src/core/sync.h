/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sync.h - the clock relation of a set of inputs.
 *
 * tm_sync_load() opens every input and makes the cheap first pass: kernel
 * text through kscan (events, tasks, clock-sync marker lines), JSON blocks
 * through the streaming reader (event counts, `c` clock_sync events,
 * metadata.clock-domain).  Each input gets clock domains: one for its
 * kernel text, one per JSON block.  Domains named by the trace itself
 * (`# clock_type=LINUX_CLOCK_MONOTONIC`, a trace clock record,
 * metadata.clock-domain, parent_ts=, realtime_ts=) are shared between
 * inputs; the others are private.  A kernel text header's clock snapshot
 * records (a Perfetto trace's, issuer.h) are observations of the clocks
 * they name, fitted apart from the markers (tm_pair_fit.snapshots).
 *
 * tm_sync_solve() pairs markers by sync id, fits every pair of linked
 * domains (offset and drift, src/clock/clock.c), adds the user's --offset and
 * --same-clock links, takes a JSON block that names no clock domain to be on
 * CLOCK_MONOTONIC when that clock is in the graph and nothing else links the
 * block to it (Chrome's legacy traces, as Catapult reads them), and routes
 * every domain to the output clock along the lowest-error path.  A domain that cannot be reached is an error naming the
 * input and the options that would link it.
 */
#ifndef TM_SYNC_H
#define TM_SYNC_H

#include "kernel-scan.h"
#include "tracemerge/clock.h"
#include "tracemerge/session.h"   /* tm_parse_duration */
#include "tracemerge/tejson.h"

struct tm_jidx;

struct tm_jblock {
	size_t block;                /* index in the input's blocks */
	int dom;
	char clock[64];              /* metadata.clock-domain, "" if none */
	uint64_t events;             /* every event of the block */
	uint64_t sync;               /* clock_sync `c` events with a sync id */
	uint64_t meta;               /* metadata `M` events (names, argv) */
	bool have_ts;
	int64_t ts_min, ts_max;
	/* as tm_sync_hooks.json_index asks: its events as read (json-index.h) and
	 * its top level (keys owned, values in the block), or NULL */
	struct tm_jidx *idx;
	struct tm_te_top top;
};

/* Does JB hold events that must be put on the output clock?  Metadata
 * and the clock-sync markers themselves need no link: a block of nothing
 * else (systrace's block of the host's process_argv and its own marker,
 * whose kernel partner a trimmed trace lost) is written without one. */
static inline bool tm_jblock_needs_link(const struct tm_jblock *jb)
{
	return jb->events > jb->sync + jb->meta;
}

struct tm_src {
	char *path;                  /* as given */
	struct tm_input *in;
	struct tm_kstats st;         /* kernel text */
	bool kernel;                 /* has kernel event lines */
	int kdom;                    /* -1 when no kernel text */
	struct tm_jblock *jb;
	size_t njb;
	int64_t pid_off;             /* merge --pid-offset */
	const char *machine;         /* its machine's name (--machine; the
				      * caller's, outliving S; or boot_machine),
				      * or NULL */
	char boot_machine[24];       /* "boot-XXXXXXXX": a kernel text of
				      * another boot than the first's */
	/* pids / tids the JSON blocks name themselves (M process_name /
	 * thread_name): the kernel's comm must not overwrite those names */
	struct tm_hmap *json_procs, *json_threads;
};

/* A clock-sync marker seen in an input (not the trace_marker handle of
 * tracemerge/marker.h, struct tm_marker). */
struct tm_sync_mark {
	size_t src;
	int dom;
	char id[128];
	int64_t lo, hi;              /* lo == hi: recorded at that instant */
	char where[200];
	bool used;                   /* went into a fit */
};

struct tm_pair_fit {
	int a, b;                    /* domains, a < b */
	bool snapshots;              /* from clock snapshots (else markers) */
	struct tm_clock_obs *obs;
	char (*labels)[160];
	size_t nobs, cap;
	struct tm_clock_fit fit;
	enum tm_clock_obs_state *state;
	int64_t *resid;
	bool ok;
	char error[512];
};

/* The route label ("how") of a Trace Event JSON block that names no clock
 * domain and was taken to be on CLOCK_MONOTONIC (Chrome's legacy clock). */
#define TM_SYNC_HOW_LEGACY "assumed CLOCK_MONOTONIC: the JSON names no clock domain"

/* The route label of a link made from a trace's clock snapshots. */
#define TM_SYNC_HOW_SNAPSHOTS "clock snapshots"

struct tm_sync_offset {
	size_t input;                /* the input's index (in tm_sync's src; its
				      * path may be another input's too) */
	int64_t ns;                  /* add to INPUT's timestamps */
};

/* A clock snapshot's readings are taken one after another, so two of them
 * relate their clocks only to within the time between the reads: each
 * reading but the one the others are linked to is taken as +-10 µs
 * (doc/clock-sync.md). */
#define TM_SNAPSHOT_READ_NS 10000LL
/* A coarse clock's reading (CLOCK_*_COARSE) is the time of the last
 * timer tick: up to a tick (10 ms at HZ=100, the slowest) behind. */
#define TM_SNAPSHOT_TICK_NS 10000000LL

/* The default of tm_sync_opts.max_error_ns (--max-error): 100 ms. */
#define TM_SYNC_MAX_ERROR_NS 100000000LL

struct tm_sync_opts {
	bool same_clock;
	const struct tm_sync_offset *offsets;
	size_t noffsets;
	const char *clock;           /* "kernel", "app", an input path; NULL: default */
	double max_rate_ppm;         /* 0: default */
	int64_t max_error_ns;        /* a marker link whose error bound is
				      * above this is refused; 0: default
				      * TM_SYNC_MAX_ERROR_NS */
	bool assume_same_clock;      /* parts no marker links share the output
				      * clock (import: what the viewers do) */
};

struct tm_sync {
	struct tm_src *src;
	size_t nsrc;
	struct tm_sync_mark *m;
	size_t nm, mcap;
	struct tm_pair_fit *pf;
	size_t npf;
	struct tm_clock_graph *g;
	struct tm_clock_route *routes;  /* one per domain, after solve */
	int target;                     /* output clock domain */
	size_t target_src;
	struct tm_diag *d;
	bool option_error;              /* tm_sync_solve failed on what the options
					 * ask (--clock, --offset), not the inputs */
	char boot_ref[64];              /* the first boot id of an input without
					 * --machine (issuer.h), or "" */
	const char *boot_ref_path;      /* the input it is of */
};

/* Open and scan PATHS. Returns 0, or -1 with d->error set. */
int tm_sync_load(struct tm_sync *s, char *const *paths, size_t n, struct tm_diag *d);
/* The JSON blocks whose events the first pass notes: none, all, or those
 * of an input that also holds kernel text (what a single pass writes after
 * that text, not as it reads them). */
enum tm_json_notes { TM_NOTES_NONE, TM_NOTES_ALL, TM_NOTES_BESIDE_KERNEL };

/* What the scan hands over as it reads (each may be NULL), on the scanning
 * thread.  With a JSON hook the inputs are scanned one at a time, in input
 * order; with kline alone they may be scanned at once, each on its own
 * thread (kline's ST tells whose line it is). */
struct tm_sync_hooks {
	tm_kscan_cb kline;          /* every ftrace line, after its accounting */
	/* every Trace Event JSON event (of block BI of its input), in order.
	 * The JSON of a single input may be read on two cores (json-scan.h):
	 * then the events of its second part come after the first part's
	 * from the notes the second core made of them (the fields json-index.h
	 * keeps; raw, offset, line and the ts and dur among them). */
	void (*jevent)(void *ctx, const struct tm_te_event *ev, size_t bi);
	/* a JSON block read to its end: its top level (PATH: the input's);
	 * not called when jevent did not get every event of it (the second
	 * part's notes could not be kept: no temporary file) */
	void (*jend)(void *ctx, const struct tm_te_top *top, const char *path, size_t bi);
	void *ctx;
	/* which JSON blocks' events are noted in their idx (for
	 * tm_merge_write) */
	enum tm_json_notes json_index;
};
/* tm_sync_load with H (NULL: none). */
int tm_sync_load_hooked(struct tm_sync *s, char *const *paths, size_t n, struct tm_diag *d,
			const struct tm_sync_hooks *h);
/* tm_sync_load_hooked, where OPENED (NULL, or N entries) holds inputs the
 * caller opened already (NULL entries: open PATHS[i]); S owns them from the
 * call on, also when it fails.  MACHINES (NULL, or N entries, NULL: none)
 * name the machine each input was recorded on: the clocks a trace names
 * are that machine's (tm_sync_clock_domain). */
int tm_sync_load_inputs(struct tm_sync *s, char *const *paths, struct tm_input **opened,
			char *const *machines, size_t n, struct tm_diag *d,
			const struct tm_sync_hooks *h);
int tm_sync_solve(struct tm_sync *s, const struct tm_sync_opts *o);
void tm_sync_free(struct tm_sync *s);

/* An error bound for people: "±500 ns", "±10.5 µs", "±1.250 ms" (BUF:
 * CAP bytes; sync-report.c). */
void tm_sync_fmt_err(char *buf, size_t cap, int64_t ns);

#endif
