/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * issuer.c - read the records of a kernel text header (issuer.h): issuer
 * records, the trace clock, clock snapshots.
 */
#include <string.h>

#include "issuer.h"
#include "tracemerge/ts.h"

#define TAG "# tracemerge_clock_sync: "
#define TRACE_CLOCK_TAG "# tracemerge_trace_clock: "
#define SNAPSHOT_TAG "# tracemerge_clock_snapshot: "
#define BOOT_ID_TAG "# tracemerge_boot_id: "

/* The value of " KEY=" in L..E (up to the next space). */
static int field(const char *l, const char *e, const char *key, const char **v,
		 size_t *vl)
{
	size_t kl = strlen(key);

	for (const char *p = l; p + kl < e; p++) {
		if ((p == l || p[-1] == ' ') && !memcmp(p, key, kl) && p[kl] == '=') {
			*v = p + kl + 1;
			*vl = strcspn(*v, " \r\n");
			if (*v + *vl > e)
				*vl = (size_t)(e - *v);
			return *vl ? 0 : -1;
		}
	}
	return -1;
}

static int parse(const char *l, const char *e, struct tm_issuer *is)
{
	const char *v;
	size_t vl;
	int d;

	if (field(l, e, "name", &v, &vl) || vl >= sizeof(is->id))
		return -1;
	memcpy(is->id, v, vl);
	is->id[vl] = 0;
	if (field(l, e, "clock", &v, &vl) || vl >= sizeof(is->clock))
		return -1;
	memcpy(is->clock, v, vl);
	is->clock[vl] = 0;
	if (field(l, e, "issue_ts", &v, &vl) || tm_ts_parse_secs(v, vl, &is->issue_ts, &d))
		return -1;
	if (field(l, e, "ts", &v, &vl) || tm_ts_parse_secs(v, vl, &is->ts, &d))
		return -1;
	return is->issue_ts <= is->ts ? 0 : -1;
}

/* Call FN(line, its end, its number, ARG) for each line of the header of
 * P..P+LEN (the '#' lines before the first other non-empty line) that
 * starts with TAG; stops at FN's first non-zero return. */
static int header_scan(const char *p, size_t len, const char *tag,
		       int (*fn)(const char *l, const char *e, unsigned long line, void *arg),
		       void *arg)
{
	const char *end = p + len, *l = p, *nl, *e;
	size_t tl = strlen(tag);
	unsigned long line = 1;
	int rc;

	for (; l < end; l = nl ? nl + 1 : end, line++) {
		nl = memchr(l, '\n', (size_t)(end - l));
		e = nl ? nl : end;
		if (e > l && e[-1] == '\r')
			e--;
		if (e == l)
			continue;
		if (*l != '#')
			break;
		if ((size_t)(e - l) >= tl && !memcmp(l, tag, tl) && (rc = fn(l + tl, e, line, arg)))
			return rc;
	}
	return 0;
}

/* A record's callback, its bad-record count, and the record being read. */
struct scan_ctx {
	int (*issuer_cb)(const struct tm_issuer *is, void *arg);
	int (*snapshot_cb)(const struct tm_snapshot *s, void *arg);
	void *arg;
	size_t *bad;
	unsigned long *bad_line;
};

static void count_bad(struct scan_ctx *c, unsigned long line)
{
	if (c->bad && !(*c->bad)++ && c->bad_line)
		*c->bad_line = line;
}

static int issuer_line(const char *l, const char *e, unsigned long line, void *arg)
{
	struct scan_ctx *c = arg;
	struct tm_issuer is;

	memset(&is, 0, sizeof(is));
	if (parse(l, e, &is)) {
		count_bad(c, line);
		return 0;
	}
	is.line = line;
	return c->issuer_cb(&is, c->arg);
}

int tm_issuer_scan(const char *p, size_t len,
		   int (*cb)(const struct tm_issuer *is, void *arg), void *arg,
		   size_t *bad, unsigned long *bad_line)
{
	struct scan_ctx c = { cb, NULL, arg, bad, bad_line };

	return header_scan(p, len, TAG, issuer_line, &c);
}

/* ---- the trace clock and clock snapshots -------------------------------- */

static int trace_clock_line(const char *l, const char *e, unsigned long line, void *arg)
{
	struct tm_trace_clock *tc = arg;
	size_t n = (size_t)(e - l);

	while (n && l[n - 1] == ' ')
		n--;
	if (!n || n >= sizeof(tc->clock) || memchr(l, ' ', n))
		return 0;
	memcpy(tc->clock, l, n);
	tc->clock[n] = 0;
	tc->line = line;
	return 1;
}

int tm_trace_clock_find(const char *p, size_t len, struct tm_trace_clock *tc)
{
	memset(tc, 0, sizeof(*tc));
	return header_scan(p, len, TRACE_CLOCK_TAG, trace_clock_line, tc);
}

bool tm_boot_id_valid(const char *s, size_t n)
{
	if (!n || n >= TM_BOOT_ID_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!s[i] || !strchr("0123456789abcdefABCDEF-", s[i]))
			return false;
	return true;
}

static int boot_id_line(const char *l, const char *e, unsigned long line, void *arg)
{
	char *id = arg;
	size_t n = (size_t)(e - l);

	(void)line;
	while (n && l[n - 1] == ' ')
		n--;
	if (!tm_boot_id_valid(l, n))
		return 0;
	for (size_t i = 0; i < n; i++)
		id[i] = l[i] >= 'A' && l[i] <= 'F' ? (char)(l[i] - 'A' + 'a') : l[i];
	id[n] = 0;
	return 1;
}

int tm_boot_id_find(const char *p, size_t len, char *id)
{
	id[0] = 0;
	return header_scan(p, len, BOOT_ID_TAG, boot_id_line, id);
}

/* One "KEY=VALUE" token L..E of a snapshot record into S; -1 if bad. */
static int snapshot_token(const char *l, const char *e, struct tm_snapshot *s)
{
	const char *eq = memchr(l, '=', (size_t)(e - l));
	struct tm_clock_reading *r;
	size_t kl;
	int d;

	if (!eq || eq == l || eq + 1 == e)
		return -1;
	kl = (size_t)(eq - l);
	if (kl == 4 && !memcmp(l, "byte", 4)) {
		size_t vl = (size_t)(e - eq - 1);

		if (vl >= sizeof(s->byte))
			return -1;
		for (size_t i = 0; i < vl; i++)
			if (eq[1 + i] < '0' || eq[1 + i] > '9')
				return -1;
		memcpy(s->byte, eq + 1, vl);
		s->byte[vl] = 0;
		return 0;
	}
	if (s->n == TM_SNAPSHOT_MAX || kl >= sizeof(s->r[0].clock))
		return -1;
	r = &s->r[s->n];
	if (tm_ts_parse_secs(eq + 1, (size_t)(e - eq - 1), &r->ns, &d))
		return -1;
	memcpy(r->clock, l, kl);
	r->clock[kl] = 0;
	s->n++;
	return 0;
}

static int snapshot_line(const char *l, const char *e, unsigned long line, void *arg)
{
	struct scan_ctx *c = arg;
	struct tm_snapshot s;
	const char *t;

	memset(&s, 0, sizeof(s));
	for (; l < e; l = t) {
		while (l < e && *l == ' ')
			l++;
		if (l == e)
			break;
		t = memchr(l, ' ', (size_t)(e - l));
		if (!t)
			t = e;
		if (snapshot_token(l, t, &s)) {
			count_bad(c, line);
			return 0;
		}
	}
	if (s.n < 2) {
		count_bad(c, line);
		return 0;
	}
	s.line = line;
	return c->snapshot_cb(&s, c->arg);
}

int tm_snapshot_scan(const char *p, size_t len,
		     int (*cb)(const struct tm_snapshot *s, void *arg), void *arg,
		     size_t *bad, unsigned long *bad_line)
{
	struct scan_ctx c = { NULL, cb, arg, bad, bad_line };

	return header_scan(p, len, SNAPSHOT_TAG, snapshot_line, &c);
}
