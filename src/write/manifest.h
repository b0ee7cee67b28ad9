/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * manifest.h - a Perfetto trace manifest (`perfetto_manifest`, version 1):
 * the JSON file in a merge archive that tells Perfetto which clock is the
 * merged timeline and how each file's clock relates to it.
 *
 * A file is RELATEd (its own clock CLOCK named: the file keeps its clocks,
 * the manifest adds an edge from that clock) or PINned (CLOCK NULL: a
 * clockless file, Trace Event JSON, placed as a whole); either way
 * "at a common instant the file's clock reads T when the reference reads
 * T + offset_ns".  The text starts with `{"perfetto_manifest"`, which is
 * how Perfetto recognises it (by content, not by name).
 */
#ifndef TM_MANIFEST_H
#define TM_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tm_manifest_file {
	const char *path;            /* the member's name */
	const char *machine;         /* a machine name, or NULL */
	bool related;                /* has a clocks block (not the reference) */
	const char *clock;           /* RELATE: the file's clock; NULL: PIN */
	const char *sync_file;       /* the reference member */
	const char *sync_clock;      /* its clock; NULL: its own timeline */
	int64_t offset_ns;
	int64_t err_ns;              /* the relation's error bound (an attribute) */
	const char *how;             /* where the relation came from (an attribute) */
	const char *stored;          /* "as-is" or "converted" (an attribute), or NULL */
};

struct tm_manifest {
	const char *trace_time_clock; /* the merged timeline's clock, or NULL */
	const char *trace_time_file;  /* the file whose machine owns it, or NULL */
	const char *version;          /* tracemerge's, an attribute */
	const struct tm_manifest_file *files;
	size_t nfiles;
};

/* M as JSON text (malloc'ed, ending in a newline), or NULL when out of
 * memory.  Attributes: tracemerge.version; tracemerge.stored.PATH for each
 * file with STORED; tracemerge.error_ns.PATH and tracemerge.how.PATH for
 * each related file. */
char *tm_manifest_json(const struct tm_manifest *m);

#endif
