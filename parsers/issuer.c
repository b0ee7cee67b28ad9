/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * issuer.c - read the issuer records of a kernel text header (issuer.h).
 */
#include <string.h>

#include "issuer.h"
#include "tracemerge/ts.h"

#define TAG "# tracemerge_clock_sync: "

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

	l += sizeof(TAG) - 1;
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

int tm_issuer_scan(const char *p, size_t len,
		   int (*cb)(const struct tm_issuer *is, void *arg), void *arg,
		   size_t *bad, unsigned long *bad_line)
{
	const char *end = p + len, *l = p, *nl, *e;
	unsigned long line = 1;
	struct tm_issuer is;
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
		if ((size_t)(e - l) < sizeof(TAG) - 1 || memcmp(l, TAG, sizeof(TAG) - 1))
			continue;
		memset(&is, 0, sizeof(is));
		if (parse(l, e, &is)) {
			if (bad && !(*bad)++ && bad_line)
				*bad_line = line;
			continue;
		}
		is.line = line;
		if ((rc = cb(&is, arg)) != 0)
			return rc;
	}
	return 0;
}
