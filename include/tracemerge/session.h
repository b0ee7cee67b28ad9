/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tracemerge/session.h - the whole job as a library: inputs in, the clock
 * relation between them solved, one Trace Event JSON trace out.
 *
 *     struct tm_diag d;
 *     tm_diag_init(&d);
 *     struct tm_session *s = tm_session_new(NULL, &d);     // merge, defaults
 *     tm_session_add_input(s, "kernel.txt");
 *     tm_session_add_input(s, "app.json");
 *     if (tm_session_write(s, "merged.json") == 0) {
 *             struct tm_session_part p;
 *             tm_session_part(s, 1, 0, &p);   // app.json's clock -> output
 *             ...
 *     } else {
 *             fprintf(stderr, "%s\n", d.error);
 *     }
 *     tm_session_free(s);
 *     tm_diag_free(&d);
 *
 * tm_session_write() writes what `tracemerge merge -o PATH INPUT...` writes
 * (or `import`, with TM_SESSION_IMPORT): the inputs are read once where it
 * can be done (the kernel text written as it is read), twice otherwise;
 * the bytes are the same either way.  tm_session_sync() solves the clocks
 * without writing (`tracemerge sync`); a write after it reads the inputs a
 * second time.
 *
 * Errors: every function that can fail returns -1 (or NULL) with the one-line
 * message in the session's diag's error; warnings (counted by kind, with
 * their first locations) are in the same diag, and go into the metadata of
 * what the session writes: give each session a diag of its own.  A session is used by one
 * thread at a time; it starts helper threads of its own (see tm_tuning).
 */
#ifndef TRACEMERGE_SESSION_H
#define TRACEMERGE_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tracemerge/api.h"
#include "tracemerge/clock.h"
#include "tracemerge/diag.h"
#include "tracemerge/input.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How kernel events are written: as text in systemTraceEvents (what the
 * viewers' ftrace importers read), as Trace Event JSON objects, or both. */
enum tm_kernel_as {
	TM_KERNEL_TEXT = 0,
	TM_KERNEL_EVENTS,
	TM_KERNEL_BOTH,
};

/* A signed duration with its unit ("+1.5ms", "-20us", "3s", "250ns"; units
 * ns, us or µs, ms, s) -> *NS, exactly: the number is read in its own unit,
 * so any duration that fits in int64 ns is taken, however it is written.
 * Returns 0 on success; -1 with errno EINVAL when S is not a duration or is
 * finer than 1 ns, ERANGE when it does not fit in int64 ns (about ±292
 * years). */
TM_API int tm_parse_duration(const char *s, int64_t *ns);

/* "text", "events" or "both" -> *OUT: 0, or -1 for another word. */
TM_API int tm_kernel_as_parse(const char *word, enum tm_kernel_as *out);

/* How the library may spend the machine.  All zero: the defaults. */
struct tm_tuning {
	unsigned threads;      /* 0: helper threads where they pay; 1: none */
	bool reference;        /* the plain code paths without any shortcut (the
				* bytes are the same: what tests and `make
				* bench` compare the fast paths with); no threads */
	bool keep_cache;       /* leave a large output in the page cache */
};

/* The tuning of the whole process (the readers' shortcuts, the threads,
 * the output's cache policy); tm_session_new() sets it from its options.
 * The library reads no environment variable for it: the tool reads
 * TM_THREADS, TM_REFERENCE and TM_KEEP_CACHE and passes them here. */
TM_API void tm_tuning_set(const struct tm_tuning *t);
TM_API struct tm_tuning tm_tuning_get(void);

/* How far long work is: PHASE "reading" (the first pass over every input)
 * or "writing" (the pass that writes the output); DONE of TOTAL bytes of
 * the inputs' text (decompressed).  TOTAL may grow while inputs open. */
struct tm_progress {
	const char *phase;
	uint64_t done, total;
};
typedef void (*tm_progress_fn)(void *ctx, const struct tm_progress *p);
/* The process's progress callback (NULL: none, the default): called at the
 * start and end of each phase and about four times a second between,
 * from the thread doing the work, one call at a time.  For sessions and
 * tm_stats_json. */
TM_API void tm_progress_set(tm_progress_fn fn, void *ctx);

enum tm_session_mode {
	/* `merge`: parts of the inputs are linked by their clock-sync markers
	 * and the options; a part nothing links is an error */
	TM_SESSION_MERGE = 0,
	/* `import`: one input; parts no marker links are taken to share one
	 * clock (as the viewers take them), every marker link is accepted */
	TM_SESSION_IMPORT,
};

struct tm_session_opts {
	enum tm_session_mode mode;
	const char *clock;         /* the output clock: "kernel", "app", or an
				    * input's name as added; NULL: the default
				    * (the first kernel input's clock) */
	bool same_clock;           /* parts no marker links share one clock */
	double max_drift_ppm;      /* a fitted drift above this is refused
				    * (0: 1000 ppm; below 0: an options error) */
	int64_t max_error_ns;      /* a marker link with a larger error bound
				    * is refused (0: 100 ms; below 0: an
				    * options error) */
	bool verbatim;             /* kernel lines exactly as read */
	enum tm_kernel_as kernel_as;
	struct tm_tuning tuning;
	bool gzip;                 /* write the output gzip-compressed; so is
				    * one written to a path ending in ".gz" */
};

struct tm_session;

/* A session with options O (NULL: all defaults, `merge`); its errors and
 * warnings go to D, which must outlive it.  NULL when out of memory. */
TM_API struct tm_session *tm_session_new(const struct tm_session_opts *o, struct tm_diag *d);
TM_API void tm_session_free(struct tm_session *s);

/* Add an input: a file (PATH "-": stdin), read when the session syncs or
 * writes; bytes the caller keeps until tm_session_free() (NAME: for
 * messages and the metadata); or a file descriptor, read to its end now
 * (the caller closes it).  Returns the input's index (0, 1, ... in the
 * order added), or -1. */
TM_API int tm_session_add_input(struct tm_session *s, const char *path);
TM_API int tm_session_add_input_mem(struct tm_session *s, const char *name,
				    const void *data, size_t len);
TM_API int tm_session_add_input_fd(struct tm_session *s, const char *name, int fd);

/* Add NS to the timestamps of INPUT to put them on the output clock
 * (`--offset`), in place of its markers' fit: for traces without
 * clock-sync markers.  Not for the input that is the output clock.  0 or -1. */
TM_API int tm_session_set_offset(struct tm_session *s, size_t input, int64_t ns);
/* Add N to INPUT's process and thread ids (`--pid-offset`). 0 or -1. */
TM_API int tm_session_set_pid_offset(struct tm_session *s, size_t input, int64_t n);

/* Read every input and solve the clock relation.  0, or -1. */
TM_API int tm_session_sync(struct tm_session *s);
/* True when the last failure came from what the options ask (an output
 * clock or offset the inputs cannot give), not from the inputs. */
TM_API bool tm_session_failed_on_options(const struct tm_session *s);

/* Write the merged trace to PATH (NULL or "-": stdout), replacing a file
 * only once it is complete, or to FD (written straight; not closed).
 * Syncs first when tm_session_sync() was not called.  0, or -1. */
TM_API int tm_session_write(struct tm_session *s, const char *path);
TM_API int tm_session_write_fd(struct tm_session *s, int fd);

/* Write a Perfetto merge archive to PATH (its name ends in .tar or .zip:
 * a TAR or a ZIP), replacing a file only once it is complete: the inputs
 * Perfetto reads well (Trace Event JSON, plain ftrace text as the output
 * clock, a Perfetto proto as the output clock) as they are, the others as
 * tracemerge's conversion (Trace Event JSON on the output clock), and a
 * `perfetto_manifest.json` relating each file's clock to the output clock:
 * a file on a clock with drift goes in rewritten onto the output clock.
 * Syncs first when tm_session_sync() was not called.  0, or -1 (also for
 * a name neither .tar nor .zip, before anything is read). */
TM_API int tm_session_write_archive(struct tm_session *s, const char *path);
/* The archive PATH's name asks for: TM_ARCHIVE_TAR when it ends in ".tar",
 * TM_ARCHIVE_ZIP for ".zip" (any case, something before it), else
 * TM_ARCHIVE_NONE (also for NULL): what tm_session_write_archive accepts,
 * for checking a name before any work. */
enum tm_archive_kind {
	TM_ARCHIVE_NONE = 0,
	TM_ARCHIVE_TAR,
	TM_ARCHIVE_ZIP,
};
TM_API enum tm_archive_kind tm_archive_kind(const char *path);
/* INPUT was recorded on the machine NAME (`--machine INPUT=NAME`; not
 * empty, at most 255 bytes), for the manifest of tm_session_write_archive
 * and tm_session_manifest: inputs of different names are different
 * machines in Perfetto (their processes, threads, CPUs and clocks kept
 * apart), inputs of one name one machine, an input without a name the
 * reference's.  Set before the session syncs.  0, or -1. */
TM_API int tm_session_set_machine(struct tm_session *s, size_t input, const char *name);
/* The perfetto_manifest of the inputs as added, each under the name it was
 * added with, as they are (what `tracemerge sync --manifest` prints, for
 * archives packed by hand): a clocked file besides the reference gets a
 * machine of its own.  *MISPLACED (NULL: not told) counts the inputs
 * Perfetto cannot place within the bound as they are, which
 * tm_session_write_archive converts: a format it reads badly, a clock
 * with drift (the offset is the one at the fit's anchor), a JSON with a
 * negative offset (its metadata events would be dropped).  Syncs first.
 * The text is malloc'ed (tm_free), or NULL (the error in the diag). */
TM_API char *tm_session_manifest(struct tm_session *s, size_t *misplaced);

TM_API size_t tm_session_ninputs(const struct tm_session *s);
/* The opened input INPUT (after a sync or write), or NULL. */
TM_API const struct tm_input *tm_session_input(const struct tm_session *s, size_t input);
/* The name INPUT was added under. */
TM_API const char *tm_session_input_name(const struct tm_session *s, size_t input);

/* The clock of one part of an input: its kernel text, or one of its Trace
 * Event JSON blocks (a systrace page has both), and how it was put on the
 * output clock. */
struct tm_session_part {
	size_t input;
	bool kernel;               /* the kernel text; else a JSON block */
	size_t block;              /* the input's block (tm_input_block) */
	const char *domain;        /* its clock domain: a clock the trace names
				    * ("CLOCK_MONOTONIC", ...) or its own
				    * ("PATH (kernel)", "PATH (json)") */
	bool linked;               /* put on the output clock */
	struct tm_clock_map to_output; /* its timestamps -> the output clock's */
	int64_t err_ns;            /* bound of the error of that map */
	const char *how;           /* the first link's origin ("markers",
				    * "--offset", ...; "" on the output clock) */
	bool is_output_clock;      /* this part's clock is the output clock */
};

/* The number of parts of INPUT (after a sync or write). */
TM_API size_t tm_session_nparts(const struct tm_session *s, size_t input);
/* Part PART of INPUT: 0, or -1 (no such part, not synced).  The strings
 * belong to the session. */
TM_API int tm_session_part(const struct tm_session *s, size_t input, size_t part,
			   struct tm_session_part *out);

/* What the last write wrote. */
struct tm_session_counts {
	uint64_t kernel_in;        /* kernel event lines read */
	uint64_t kernel_out;       /* written to systemTraceEvents */
	uint64_t kernel_sync;      /* clock-sync marker lines moved out */
	uint64_t kernel_rejected;  /* kernel lines no reader could read */
	uint64_t unconverted;      /* function_graph lines kept as text */
	uint64_t json_in, json_out, json_sync, json_rejected;
	uint64_t names;            /* M events written for kernel tasks */
	uint64_t kernel_events;    /* kernel events converted to traceEvents */
	uint64_t kernel_objects;   /* traceEvents objects they gave */
	bool link;                 /* the clock link was written */
};
TM_API int tm_session_counts(const struct tm_session *s, struct tm_session_counts *c);

/* Free memory the library handed over (the texts of
 * tm_session_report_json and tm_stats_json): with the library's own
 * allocator, whatever the caller's. */
TM_API void tm_free(void *p);

/* The clock solution (after a sync or write) as `tracemerge sync --json`
 * prints it (with the diag's warnings), or as its text.  The JSON text is
 * malloc'ed (free it), NULL when out of memory. */
TM_API char *tm_session_report_json(const struct tm_session *s);
TM_API void tm_session_print_report(const struct tm_session *s, FILE *f);
/* The marker fits (after a sync or write) as a self-contained SVG picture
 * written to F: one panel per link between two clock domains, each
 * marker's offset against its time with its uncertainty, the fitted line,
 * the error band, rejected markers marked, the numbers in the title.
 * Also after a failed sync, with the links it could fit and those it
 * refused.  0, or -1 (not synced, or a write error: errno). */
TM_API int tm_session_plot_svg(const struct tm_session *s, FILE *f);
/* The same picture written to PATH ("-": standard output) as the merged
 * trace is written: into a temporary file beside PATH, put in its place
 * when complete (a symlink at PATH is replaced by the file, its target
 * left as it was; a signal removes the temporary file); a device, a FIFO,
 * and a path that names standard output (/dev/stdout, /dev/fd/1) are
 * written through.  Returns 0, or -1 with the session's diag error set. */
TM_API int tm_session_plot_svg_to(const struct tm_session *s, const char *path);

#ifdef __cplusplus
}
#endif

#endif
