/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * process-dump.c - read the "PROCESS DUMP" block of a systrace capture: `ps`
 * listings that give names to the pids and tids seen in the ftrace data.
 *
 * Writer: catapult systrace/systrace/tracing_agents/android_process_data_agent.py
 * (agent "androidProcessDump").  The block is "PROCESS DUMP\n" followed by the
 * output of one ps snapshot taken at trace start and one at trace stop:
 *
 *   current devices (toybox ps, Android O and later):
 *     ps -A -o USER,PID,PPID,VSIZE,RSS,WCHAN,ADDR=PC,S,NAME,COMM
 *     && ps -AT -o USER,PID,TID,CMD
 *   header lines "USER PID PPID VSZ RSS WCHAN PC S NAME COMM" (VSIZE is
 *   printed as VSZ, ADDR under the title PC) and "USER PID TID CMD".
 *
 *   legacy devices (toolbox ps, up to Android M), when the command above fails:
 *     ps && ps -t
 *   both print "USER PID PPID VSIZE RSS WCHAN PC NAME" with an extra,
 *   unlabelled state letter between PC and NAME in every row.  In the
 *   "ps -t" listing a process row is followed by one row per thread, and a
 *   thread row carries the tid in the PID column and the tgid in the PPID
 *   column (the main thread shows up as PID == PPID).
 *
 * Reader: catapult tracing/tracing/extras/importer/android/
 * process_data_importer.html (first line must be "PROCESS DUMP"; every line
 * whose first column starts with USER starts a new table).  Columns are
 * separated by runs of blanks (ps -w pads but never truncates).
 *
 * How we read it:
 * - leading blank lines are skipped, then the first line must be
 *   "PROCESS DUMP" (surrounding blanks and CR allowed), else -1;
 * - a header is a line with a "PID" column and no all-digit column; columns
 *   are looked up by title, so other -o selections (and procps ps) work too:
 *   PID, PPID, TID, name = NAME, else CMD, ARGS, CMDLINE, COMMAND, COMM
 *   (first found in that order), comm = COMM or COMMAND when not the name;
 * - the name may contain blanks: it is everything between the columns
 *   before it and the columns after it (which are taken as blank-free);
 * - a row whose PID (or TID) is not a decimal int32 is skipped, as is any
 *   line before the first header; blank lines and CR line endings are fine;
 * - a table with a TID column is a thread table; without one, a row is a
 *   thread if it is its own main-thread row (PID == PPID) or follows one with
 *   PPID equal to that tgid, unless the next row is its own main-thread row
 *   (then it is a process whose child happens to come right after a thread
 *   group).  A process row with no thread rows (plain `ps`) stays a process.
 * Nothing is allocated; names are views into DATA.
 */
#include <stdint.h>
#include <string.h>

#include "tracemerge/atrace.h"

#define PROCDUMP_MAGIC "PROCESS DUMP"

/* Where the interesting columns sit in the current table's header. */
struct layout {
	bool valid;
	bool is_thread_table;    /* has a TID column */
	bool state_after_pc;     /* toolbox: unlabelled S column after PC */
	size_t ncols;
	long pid, ppid, tid, name, comm, pc;   /* column index or -1 */
};

/* One data row as read, before it is classified. */
struct raw_row {
	int32_t pid, ppid, tid;  /* ppid, tid: -1 when absent */
	struct tm_str name, comm;
};

struct dump_state {
	struct layout lay;
	unsigned table;          /* index of the current table */
	unsigned headers;        /* header lines seen so far */
	bool pending;
	struct raw_row held;     /* row waiting for its successor */
	int32_t group;           /* open thread group of a ps -t table, or -1 */
	tm_procdump_row_cb cb;
	void *ctx;
	long rows;
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static struct tm_str trim(struct tm_str s)
{
	while (s.n && is_blank(s.p[0])) {
		s.p++;
		s.n--;
	}
	while (s.n && is_blank(s.p[s.n - 1]))
		s.n--;
	return s;
}

static bool str_eq(struct tm_str s, const char *lit)
{
	return s.n == strlen(lit) && memcmp(s.p, lit, s.n) == 0;
}

/* Take the next line from *rest (without its '\n'). */
static bool next_line(struct tm_str *rest, struct tm_str *line)
{
	const char *nl;

	if (!rest->n)
		return false;
	nl = memchr(rest->p, '\n', rest->n);
	line->p = rest->p;
	line->n = nl ? (size_t)(nl - rest->p) : rest->n;
	rest->p += line->n + (nl ? 1 : 0);
	rest->n -= line->n + (nl ? 1 : 0);
	return true;
}

/* Take the next blank-separated token from *rest. */
static bool next_token(struct tm_str *rest, struct tm_str *tok)
{
	size_t i = 0, start;

	while (i < rest->n && is_blank(rest->p[i]))
		i++;
	if (i == rest->n) {
		rest->p += i;
		rest->n = 0;
		return false;
	}
	start = i;
	while (i < rest->n && !is_blank(rest->p[i]))
		i++;
	*tok = (struct tm_str){ rest->p + start, i - start };
	rest->p += i;
	rest->n -= i;
	return true;
}

/* Find token K (0-based) of a blank-separated line. */
static bool token_at(struct tm_str line, size_t k, struct tm_str *tok)
{
	while (next_token(&line, tok))
		if (!k--)
			return true;
	return false;
}

static size_t count_tokens(struct tm_str line)
{
	struct tm_str tok;
	size_t n = 0;

	while (next_token(&line, &tok))
		n++;
	return n;
}

static bool parse_id(struct tm_str s, int32_t *out)
{
	int64_t v = 0;
	size_t i;

	if (!s.n)
		return false;
	for (i = 0; i < s.n; i++) {
		if (!is_digit(s.p[i]))
			return false;
		v = v * 10 + (s.p[i] - '0');
		if (v > INT32_MAX)
			return false;
	}
	*out = (int32_t)v;
	return true;
}

static bool all_digits(struct tm_str s)
{
	size_t i;

	for (i = 0; i < s.n; i++)
		if (!is_digit(s.p[i]))
			return false;
	return s.n > 0;
}

/* Rank of a column title as the name column; 0 = not a name column. */
static int name_rank(struct tm_str title)
{
	static const char *const order[] = {
		"NAME", "CMD", "ARGS", "CMDLINE", "COMMAND", "COMM",
	};
	size_t i, n = sizeof(order) / sizeof(order[0]);

	for (i = 0; i < n; i++)
		if (str_eq(title, order[i]))
			return (int)(n - i);
	return 0;
}

static void note_column(struct layout *lay, struct tm_str t, long i,
			int *best_rank, bool *has_s)
{
	int rank = name_rank(t);

	if (str_eq(t, "PID"))
		lay->pid = i;
	else if (str_eq(t, "PPID"))
		lay->ppid = i;
	else if (str_eq(t, "TID"))
		lay->tid = i;
	else if (str_eq(t, "PC"))
		lay->pc = i;
	else if (str_eq(t, "S"))
		*has_s = true;
	if (rank > *best_rank) {
		*best_rank = rank;
		lay->name = i;
	}
	if (str_eq(t, "COMM") || str_eq(t, "COMMAND"))
		lay->comm = i;
}

/* Returns true if LINE is a ps header; fills *lay (valid if usable). */
static bool parse_header(struct tm_str line, struct layout *lay)
{
	int best_rank = 0;
	bool has_s = false;
	struct tm_str t;
	long i;

	*lay = (struct layout){ .pid = -1, .ppid = -1, .tid = -1, .name = -1,
				.comm = -1, .pc = -1 };
	for (i = 0; next_token(&line, &t); i++) {
		if (all_digits(t))
			return false;
		note_column(lay, t, i, &best_rank, &has_s);
	}
	lay->ncols = (size_t)i;
	if (lay->pid < 0)
		return false;
	if (lay->comm == lay->name)
		lay->comm = -1;
	lay->state_after_pc = lay->pc >= 0 && !has_s;
	lay->is_thread_table = lay->tid >= 0;
	lay->valid = lay->name >= 0;
	return true;
}

/* Token index in a data row of T tokens for header column COL. */
static long data_index(const struct layout *lay, long col, size_t t)
{
	if (col > lay->name)
		return (long)t - (long)lay->ncols + col;
	if (lay->state_after_pc && col > lay->pc)
		return col + 1;
	return col;
}

static bool column_id(const struct layout *lay, struct tm_str line, size_t t,
		      long col, int32_t *out)
{
	struct tm_str tok;
	long k;

	if (col < 0) {
		*out = -1;
		return true;
	}
	k = data_index(lay, col, t);
	return k >= 0 && token_at(line, (size_t)k, &tok) && parse_id(tok, out);
}

static bool parse_row(const struct layout *lay, struct tm_str line,
		      struct raw_row *row)
{
	size_t t = count_tokens(line);
	long first = data_index(lay, lay->name, t);
	long last = (long)t - (long)lay->ncols + lay->name;
	struct tm_str a, b;

	if (first < 0 || last < first)
		return false;
	if (!column_id(lay, line, t, lay->pid, &row->pid) ||
	    !column_id(lay, line, t, lay->tid, &row->tid))
		return false;
	if (!column_id(lay, line, t, lay->ppid, &row->ppid))
		row->ppid = -1;
	if (!token_at(line, (size_t)first, &a) ||
	    !token_at(line, (size_t)last, &b))
		return false;
	row->name = (struct tm_str){ a.p, (size_t)(b.p + b.n - a.p) };
	row->comm = (struct tm_str){ NULL, 0 };
	if (lay->comm >= 0)
		token_at(line, (size_t)data_index(lay, lay->comm, t), &row->comm);
	return true;
}

static bool is_main_thread_row(const struct raw_row *r, int32_t pid)
{
	return r->pid == pid && r->ppid == pid;
}

/* Decide whether R (followed by NEXT, or NULL) is a process or a thread. */
static void classify(struct dump_state *st, const struct raw_row *r,
		     const struct raw_row *next, struct tm_procdump_row *out)
{
	*out = (struct tm_procdump_row){ .pid = r->pid, .tid = r->pid,
					 .ppid = r->ppid, .name = r->name,
					 .comm = r->comm, .table = st->table };
	if (st->lay.is_thread_table) {
		out->is_thread = true;
		out->tid = r->tid;
		return;
	}
	if (r->ppid >= 0 && r->ppid == r->pid)
		st->group = r->pid;             /* main-thread row opens a group */
	else if (r->ppid < 0 || r->ppid != st->group ||
		 (next && is_main_thread_row(next, r->pid)))
		st->group = -1;                 /* a process row */
	if (st->group < 0)
		return;
	out->is_thread = true;
	out->pid = st->group;
	out->ppid = -1;
}

static void emit_held(struct dump_state *st, const struct raw_row *next)
{
	struct tm_procdump_row row;

	if (!st->pending)
		return;
	st->pending = false;
	classify(st, &st->held, next, &row);
	st->rows++;
	if (st->cb)
		st->cb(st->ctx, &row);
}

static void take_line(struct dump_state *st, struct tm_str line)
{
	struct layout lay;
	struct raw_row row;

	if (parse_header(line, &lay)) {
		emit_held(st, NULL);
		st->table = st->headers++;
		st->lay = lay;
		st->group = -1;
		return;
	}
	if (!st->lay.valid || !parse_row(&st->lay, line, &row))
		return;
	emit_held(st, &row);
	st->held = row;
	st->pending = true;
}

/* Skip leading blank lines; true if the first real line is the magic. */
static bool skip_magic(struct tm_str *rest)
{
	struct tm_str line;

	while (next_line(rest, &line)) {
		line = trim(line);
		if (line.n)
			return str_eq(line, PROCDUMP_MAGIC);
	}
	return false;
}

long tm_procdump_parse_rows(const char *data, size_t len, tm_procdump_row_cb cb,
			    void *ctx)
{
	struct dump_state st = { .group = -1, .cb = cb, .ctx = ctx };
	struct tm_str rest = { data, data ? len : 0 }, line;

	if (!skip_magic(&rest))
		return -1;
	while (next_line(&rest, &line)) {
		line = trim(line);
		if (line.n)
			take_line(&st, line);
	}
	emit_held(&st, NULL);
	return st.rows;
}

/* Adapter for the (pid, ppid, name) interface. */
struct basic_ctx {
	tm_procdump_cb cb;
	void *ctx;
	long calls;
	bool seen_process;
	unsigned process_table;  /* first table that had a process row */
};

static void basic_row(void *p, const struct tm_procdump_row *row)
{
	struct basic_ctx *b = p;

	if (!row->is_thread) {
		if (!b->seen_process)
			b->process_table = row->table;
		b->seen_process = true;
	} else if (row->tid == row->pid && b->seen_process &&
		   b->process_table < row->table) {
		return;         /* main thread, already named by its process */
	}
	b->calls++;
	if (b->cb)
		b->cb(b->ctx, row->is_thread ? row->tid : row->pid,
		      row->is_thread ? -1 : row->ppid, row->name);
}

long tm_procdump_parse(const char *data, size_t len, tm_procdump_cb cb,
		       void *ctx)
{
	struct basic_ctx b = { .cb = cb, .ctx = ctx };

	if (tm_procdump_parse_rows(data, len, basic_row, &b) < 0)
		return -1;
	return b.calls;
}
