/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * session-int.h - the session's state (session.c), shared with the write
 * of a Perfetto merge archive (session-archive.c).
 */
#ifndef TM_SESSION_INT_H
#define TM_SESSION_INT_H

#include "merge.h"
#include "sync.h"
#include "tracemerge/session.h"

struct session_input {
	char *name;                  /* as added: a path, or the caller's name */
	struct tm_input *opened;     /* added from memory or an fd: opened at
				      * once, handed to the load (then NULL) */
	bool opened_mem;             /* added from memory or an fd (no file to copy) */
	bool has_offset;
	int64_t offset_ns;
	int64_t pid_off;
	char *machine;               /* --machine: its machine's name, or NULL */
};

struct tm_session {
	struct tm_session_opts o;
	char *clock;                 /* o.clock, owned */
	struct tm_diag *d;
	struct session_input *in;
	size_t n, cap;
	struct tm_sync s;
	bool loaded;                 /* s holds the inputs (also after a failure) */
	bool solved;
	bool written;
	bool option_error;
	bool have_counts;
	struct tm_merge_counts counts;
};

/* The tm_merge_opts of a write of S: the session's options, COMMAND
 * "merge" or "import". */
struct tm_merge_opts tm_session_merge_opts(const struct tm_session *s);

#endif
