/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * session-archive.c - a Perfetto merge archive of a solved session
 * (tm_session_write_archive, tm_session_manifest in tracemerge/session.h).
 *
 * Each input becomes one member.  The reference (the input whose clock is
 * the output clock) goes in as it is when Perfetto reads it well and
 * gives it a named clock (plain ftrace text: MONOTONIC, whatever its
 * `# clock_type=`; a Perfetto proto: its ftrace clock, BOOTTIME or
 * MONOTONIC_RAW) or none (Trace Event JSON); the manifest's trace_time is
 * that clock.  Another Trace Event JSON input on a clock related by an
 * offset alone, not negative, goes in as it is, PINned to the reference
 * with that offset (Perfetto drops the events a negative one moves before
 * 0, the metadata events without ts among them).  A kernel text or proto
 * on another machine (--machine) goes in as it is, its clock RELATEd to
 * the reference's.  Every other input (formats Perfetto reads badly, gzip,
 * several parts, a clock with drift, a second kernel trace on the
 * reference's machine, whose MONOTONIC would be the reference's own in
 * Perfetto, a proto on the global or local ftrace clock, --pid-offset,
 * standard input) goes in as tracemerge's conversion, already on the
 * output clock, PINned with offset 0.  Each file's machine is its
 * --machine name.  doc/clock-sync.md has the measurements.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "manifest.h"
#include "output.h"
#include "session-int.h"
#include "tracemerge/version.h"

#define MANIFEST_NAME "perfetto_manifest.json"

struct member {
	bool as_is;                  /* the input's file itself */
	const char *clock;           /* Perfetto's clock for it, NULL: none */
	char name[100];              /* the member's name in an archive */
	const char *path;            /* the manifest's name of it */
	int64_t offset_ns, err_ns;
	const char *how;
	bool drift;                  /* its relation has a drift */
	const char *machine;         /* a machine of its own, or NULL */
	bool misplaced;              /* as it is, Perfetto would not place it
				      * within the bound (an archive converts it) */
};

/* The manifest's name of the clock domain DOMAIN ("CLOCK_BOOTTIME" or, on
 * a machine --machine names, "CLOCK_BOOTTIME @NAME" -> "BOOTTIME"), or NULL
 * when Perfetto has no name for it (a trace's own). */
static const char *perfetto_clock_name(const char *domain)
{
	static const char *const names[] = { "REALTIME", "REALTIME_COARSE", "MONOTONIC",
					     "MONOTONIC_COARSE", "MONOTONIC_RAW", "BOOTTIME" };

	if (!domain || strncmp(domain, "CLOCK_", 6))
		return NULL;
	domain += 6;
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		size_t n = strlen(names[k]);
		if (!strncmp(domain, names[k], n) &&
		    (!domain[n] || !strncmp(domain + n, " @", 2)))
			return names[k];
	}
	return NULL;
}

/* The clock Perfetto puts a Perfetto proto's ftrace events on: the clock
 * its bundles name (BOOTTIME by default, MONOTONIC_RAW for mono_raw, as
 * the kernel text's domain says), or NULL for the global and local
 * clocks, which Perfetto moves onto BOOTTIME through the bundles' pairs:
 * not the numbers the kernel text has (measured: doc/clock-sync.md). */
static const char *proto_clock(const struct tm_session *s, size_t i)
{
	struct tm_session_part p;

	if (tm_session_part(s, i, 0, &p) || !p.kernel)
		return NULL;
	return perfetto_clock_name(p.domain);
}

/* Perfetto's clock for input I's file as it is, in *CLOCK (NULL: a
 * clockless Trace Event JSON): true when Perfetto reads the file well
 * and its kernel events on a clock the manifest can name. */
static bool perfetto_reads(const struct tm_session *s, size_t i, const char **clock)
{
	const struct tm_src *src = &s->s.src[i];
	size_t nparts = tm_session_nparts(s, i);

	*clock = NULL;
	if (nparts != 1 || tm_input_was_gzip(src->in))
		return false;
	switch (tm_input_format(src->in)) {
	case TM_FMT_FTRACE:
		*clock = "MONOTONIC";
		return src->kernel && !src->st.hdr.tracecmd;
	case TM_FMT_PERFETTO:
		*clock = proto_clock(s, i);
		return src->kernel && *clock;
	case TM_FMT_JSON:
		return !src->kernel && src->njb == 1;
	default:
		return false;
	}
}

/* Inputs I and J are on different machines: their machine names (--machine,
 * or a boot id's: sync-load.c) differ (no name is Perfetto's host machine,
 * which all unnamed inputs share). */
static bool machines_differ(const struct tm_session *s, size_t i, size_t j)
{
	const char *a = s->s.src[i].machine, *b = s->s.src[j].machine;

	return (a || b) && (!a || !b || strcmp(a, b));
}

/* The input's file can be copied as it is: a regular file by its name,
 * its pids not moved (--pid-offset). */
static bool copyable(const struct tm_session *s, size_t i)
{
	struct stat st;
	const char *name = s->in[i].name;

	return !s->in[i].opened_mem && !s->in[i].pid_off && strcmp(name, "-") &&
	       !stat(name, &st) && S_ISREG(st.st_mode);
}

/* Input I's relation to the output clock in M: the largest error of its
 * parts, the first's origin, its offset (of its first part), drift. */
static void relation(const struct tm_session *s, size_t i, struct member *m)
{
	for (size_t k = 0; k < tm_session_nparts(s, i); k++) {
		struct tm_session_part p;
		if (tm_session_part(s, i, k, &p))
			continue;
		if (k == 0) {
			m->offset_ns = p.to_output.y0 - p.to_output.x0;
			m->how = p.how;
		}
		if (p.err_ns > m->err_ns)
			m->err_ns = p.err_ns;
		if (p.to_output.rate_fs)
			m->drift = true;
	}
}

/* How input I goes in (REF: the reference input's index).  A clocked
 * file (ftrace text, a Perfetto proto) besides the reference goes in as it
 * is only on another machine: on the reference's, its clock would be the
 * reference's own node in Perfetto's clock graph (MONOTONIC for every
 * ftrace text), which a relation cannot move. */
static void decide(const struct tm_session *s, size_t i, size_t ref, struct member *m)
{
	const char *clock;
	bool reads = perfetto_reads(s, i, &clock);

	memset(m, 0, sizeof(*m));
	relation(s, i, m);
	m->machine = s->s.src[i].machine;
	if (i == ref) {
		m->as_is = reads && copyable(s, i);
		m->clock = m->as_is ? clock : NULL;
		return;
	}
	if (clock) {
		m->as_is = reads && !m->drift && machines_differ(s, i, ref) && copyable(s, i);
		m->clock = m->as_is ? clock : NULL;
		return;
	}
	/* Perfetto drops what an offset moves before 0: with a negative one,
	 * the JSON's metadata events (no ts: 0) and its process names */
	m->as_is = reads && !m->drift && m->offset_ns >= 0 && copyable(s, i);
}

/* NAME's last path component, "stdin" for "-". */
static const char *base_name(const char *name)
{
	const char *slash = strrchr(name, '/');

	if (!strcmp(name, "-"))
		return "stdin";
	return slash ? slash + 1 : name;
}

static bool name_taken(const struct member *v, size_t n, const char *name)
{
	if (!strcmp(name, MANIFEST_NAME))
		return true;
	for (size_t k = 0; k < n; k++)
		if (!strcmp(v[k].name, name))
			return true;
	return false;
}

/* A member name for input NAME in OUT (100 bytes): its base name (a
 * converted input's with ".json" added where it does not end so), a
 * leading '.' made '_' (Perfetto skips hidden names), "-2", "-3", ...
 * before the extension when V's first N members have it already. */
static void member_name(const char *name, bool converted, const struct member *v, size_t n,
			char *out)
{
	char stem[80], ext[16] = "";
	const char *b = base_name(name), *dot;
	size_t len;

	snprintf(stem, sizeof(stem), "%s", *b ? b : "input");
	if (stem[0] == '.')
		stem[0] = '_';
	len = strlen(stem);
	if (converted && (len < 5 || strcmp(stem + len - 5, ".json")))
		snprintf(ext, sizeof(ext), ".json");
	else if ((dot = strrchr(stem, '.')) && dot != stem && strlen(dot) < sizeof(ext)) {
		snprintf(ext, sizeof(ext), "%s", dot);
		stem[dot - stem] = '\0';
	}
	snprintf(out, 100, "%s%s", stem, ext);
	for (unsigned k = 2; name_taken(v, n, out); k++)
		snprintf(out, 100, "%s-%u%s", stem, k, ext);
}

/* The manifest of the N members V (REF the reference's index; STORED:
 * say how each went in). */
static char *manifest_of(const struct member *v, size_t n, size_t ref, bool stored)
{
	struct tm_manifest_file *f = calloc(n ? n : 1, sizeof(*f));
	struct tm_manifest man = {
		.trace_time_clock = v[ref].clock,
		/* without it, a file on a machine of its own may own the
		 * timeline (measured: doc/clock-sync.md) */
		.trace_time_file = v[ref].clock ? v[ref].path : NULL,
		.version = tm_version(),
		.files = f,
		.nfiles = n,
	};
	char *text;

	if (!f)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		f[i].path = v[i].path;
		f[i].machine = v[i].machine;
		if (stored)
			f[i].stored = v[i].as_is ? "as-is" : "converted";
		if (i == ref)
			continue;
		f[i].related = true;
		f[i].clock = v[i].clock;
		f[i].sync_file = v[ref].path;
		f[i].sync_clock = v[ref].clock;
		f[i].offset_ns = v[i].as_is ? v[i].offset_ns : 0;
		f[i].err_ns = v[i].err_ns;
		f[i].how = v[i].how;
	}
	text = tm_manifest_json(&man);
	free(f);
	return text;
}

/* M, decided for an archive, as input I goes into a manifest as it is,
 * under its name: a clocked file besides the reference is RELATEd, on a
 * machine of its own (named after it) unless --machine named one (on the
 * reference's, Perfetto ignores a PIN of it and a relation of its clock,
 * the reference machine's own node, fails); MISPLACED when Perfetto
 * cannot place it so. */
static void as_named(const struct tm_session *s, size_t i, size_t ref, struct member *m)
{
	const char *clock;
	bool reads = perfetto_reads(s, i, &clock);

	m->misplaced = !reads || m->drift || (i != ref && !clock && m->offset_ns < 0);
	m->as_is = true;
	m->clock = clock;
	m->path = s->in[i].name;
	if (i == ref || !clock)
		return;
	if (!m->machine)
		m->machine = m->path;
	else if (!machines_differ(s, i, ref))
		m->misplaced = true;
}

/* Sync S (when not done) and fill V (one member per input; AS_NAMED: each
 * file as it is, under its name, for tm_session_manifest). */
static int plan(struct tm_session *s, struct member *v, bool named)
{
	size_t ref;

	if (!s->loaded && tm_session_sync(s))
		return -1;
	if (!s->solved)
		return tm_diag_error(s->d, "%s", s->d->error[0] ? s->d->error :
				     "the session failed before");
	ref = s->s.target_src;
	for (size_t i = 0; i < s->n; i++) {
		decide(s, i, ref, &v[i]);
		if (named) {
			as_named(s, i, ref, &v[i]);
		} else {
			member_name(s->in[i].name, !v[i].as_is, v, i, v[i].name);
			v[i].path = v[i].name;
		}
	}
	return 0;
}

char *tm_session_manifest(struct tm_session *s, size_t *misplaced)
{
	struct member *v = calloc(s->n ? s->n : 1, sizeof(*v));
	char *text = NULL;
	size_t nd = 0;

	if (!v) {
		tm_diag_error(s->d, "out of memory");
		return NULL;
	}
	if (!plan(s, v, true)) {
		for (size_t i = 0; i < s->n; i++)
			nd += v[i].misplaced;
		if (!(text = manifest_of(v, s->n, s->s.target_src, false)))
			tm_diag_error(s->d, "out of memory");
	}
	if (misplaced)
		*misplaced = nd;
	free(v);
	return text;
}

/* Input I as tracemerge's conversion on the output clock, into archive A
 * as member NAME (written first to a scratch file beside PATH). */
static int add_converted(struct tm_session *s, size_t i, struct tm_archive *a,
			 const char *path, const char *name)
{
	struct tm_merge_opts mo = tm_session_merge_opts(s);
	struct tm_merge_counts c;
	struct tm_out scratch;
	bool *only = calloc(s->n, sizeof(*only));
	int rc = -1;

	if (!only)
		return tm_diag_error(s->d, "out of memory");
	only[i] = true;
	mo.only = only;
	mo.to_fd = true;
	if (!tm_out_open_scratch(&scratch, path, s->d)) {
		mo.fd = scratch.fd;
		if (!tm_merge_write(&s->s, NULL, &mo, &c) &&
		    !tm_archive_add_fd(a, name, scratch.fd))
			rc = 0;
		tm_out_abort(&scratch);
	}
	free(only);
	return rc;
}

/* Input I's file as it is into A as member NAME. */
static int add_as_is(struct tm_session *s, size_t i, struct tm_archive *a, const char *name)
{
	int fd = open(s->in[i].name, O_RDONLY | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return tm_diag_error(s->d, "%s: %s", s->in[i].name, strerror(errno));
	rc = tm_archive_add_fd(a, name, fd);
	close(fd);
	return rc;
}

/* The members V and the manifest into A. */
static int fill(struct tm_session *s, const struct member *v, struct tm_archive *a,
		const char *path)
{
	char *man = manifest_of(v, s->n, s->s.target_src, true);
	int rc;

	if (!man)
		return tm_diag_error(s->d, "out of memory");
	rc = tm_archive_add_mem(a, MANIFEST_NAME, man, strlen(man));
	free(man);
	for (size_t i = 0; !rc && i < s->n; i++)
		rc = v[i].as_is ? add_as_is(s, i, a, v[i].name)
				: add_converted(s, i, a, path, v[i].name);
	return rc ? rc : tm_archive_finish(a);
}

int tm_session_write_archive(struct tm_session *s, const char *path)
{
	enum tm_archive_kind kind;
	struct member *v;
	struct tm_archive a;
	struct tm_out o;
	int rc = -1;

	if ((kind = tm_archive_kind(path)) == TM_ARCHIVE_NONE)
		return tm_diag_error(s->d, "%s: a Perfetto archive's name ends in .tar or .zip",
				     path ? path : "stdout");
	if (s->written)
		return tm_diag_error(s->d, "a session writes once");
	if (s->o.gzip)
		return tm_diag_error(s->d, "gzip compresses the JSON output: an archive's members "
				     "are written as Perfetto reads them");
	if (!(v = calloc(s->n ? s->n : 1, sizeof(*v))))
		return tm_diag_error(s->d, "out of memory");
	if (plan(s, v, false) || tm_out_open(&o, path, s->d)) {
		free(v);
		return -1;
	}
	s->written = true;
	tm_archive_init(&a, kind, &o, s->d, time(NULL));
	if (!fill(s, v, &a, path))
		rc = tm_out_close(&o, s->d);
	else
		tm_out_abort(&o);
	tm_archive_free(&a);
	free(v);
	return rc;
}
