/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_atrace.c - libFuzzer target for the atrace marker parser and the
 * PROCESS DUMP parser.
 *
 * The input is parsed as one marker payload, as every line of a marker
 * stream, and as a process dump (with the "PROCESS DUMP" magic prepended, so
 * the fuzzer does not have to find it).  Besides crashes it checks that every
 * returned view lies inside the input and that kind, error and claimed agree.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tracemerge/atrace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct span {
	const char *p;
	size_t n;
};

static void check_view(struct tm_str s, struct span in)
{
	if (s.n && (s.p < in.p || s.p + s.n > in.p + in.n))
		abort();
}

static void check_marker(const char *p, size_t n)
{
	struct span in = { p, n };
	struct tm_atrace a;
	enum tm_atrace_kind k = tm_atrace_parse(p, n, &a);

	if (k != a.kind || !tm_atrace_kind_name(k))
		abort();
	if ((k == TM_AT_INVALID) != (a.error != NULL))
		abort();
	if (k == TM_AT_INVALID && a.claimed == TM_AT_NONE)
		abort();
	if (a.has_tgid && a.tgid < 0)
		abort();
	check_view(a.text, in);
	check_view(a.name, in);
	check_view(a.track, in);
	check_view(a.args, in);
	check_view(a.category, in);
	check_view(a.value, in);
	check_view(a.cookie, in);
	check_view(a.sync_id, in);
	check_view(a.sync_extra, in);
	if (k == TM_AT_CLOCK_SYNC && a.sync_kind != TM_SYNC_NAME && a.sync_ns < 0)
		abort();
}

static void check_lines(const char *p, size_t n)
{
	while (n) {
		const char *nl = memchr(p, '\n', n);
		size_t len = nl ? (size_t)(nl - p) : n;

		check_marker(p, len);
		p += len + (nl ? 1 : 0);
		n -= len + (nl ? 1 : 0);
	}
}

static struct span dump_in;

static void check_row(void *ctx, const struct tm_procdump_row *row)
{
	(void)ctx;
	check_view(row->name, dump_in);
	check_view(row->comm, dump_in);
	if (!row->name.n || row->tid < 0 || row->pid < 0 || row->ppid < -1)
		abort();
	if (!row->is_thread && row->tid != row->pid)
		abort();
}

static void check_call(void *ctx, int32_t pid, int32_t ppid, struct tm_str name)
{
	(void)ctx;
	check_view(name, dump_in);
	if (pid < 0 || ppid < -1 || !name.n)
		abort();
}

static void check_dump(const char *p, size_t n)
{
	long rows, calls;

	dump_in = (struct span){ p, n };
	rows = tm_procdump_parse_rows(p, n, check_row, NULL);
	calls = tm_procdump_parse(p, n, check_call, NULL);
	if ((rows < 0) != (calls < 0) || calls > rows)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char magic[] = "PROCESS DUMP\n";
	char *buf;

	/* exact-size copies so ASan sees any read past the end */
	buf = malloc(size ? size : 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	check_marker(buf, size);
	check_lines(buf, size);
	check_dump(buf, size);
	free(buf);

	buf = malloc(sizeof(magic) - 1 + size);
	if (!buf)
		return 0;
	memcpy(buf, magic, sizeof(magic) - 1);
	memcpy(buf + sizeof(magic) - 1, data, size);
	check_dump(buf, sizeof(magic) - 1 + size);
	free(buf);
	return 0;
}
