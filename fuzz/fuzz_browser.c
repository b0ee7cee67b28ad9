/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_browser.c - libFuzzer target for the browser-era readers (Speed
 * Tracer, Opera Scope Events, Performance Timeline) and their sniffing.
 *
 * The input goes through tm_input_open_mem (sniffing decides), and, with
 * its first byte choosing the reader, straight into each reader so that
 * every one sees every input.  Besides crashes it checks: a conversion that
 * succeeds gives exactly one JSON block, which the streaming Trace Event
 * reader reads without error or repair (strict JSON, valid UTF-8), and
 * it holds the events the counts say plus the M name events.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "tracemerge/input.h"
#include "tracemerge/tejson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_block(const struct tm_input *in)
{
	struct tm_browser_counts c;
	const struct tm_block *b;
	struct tm_te_reader *r;
	struct tm_te_event ev;
	struct tm_diag d;
	uint64_t n = 0, names = 0;
	int rc;

	if (!tm_input_browser_counts(in, &c))
		return;
	if (tm_input_nblocks(in) != 1 || !(b = tm_input_block(in, 0)) ||
	    b->kind != TM_BLOCK_JSON || c.rejected > c.records)
		abort();
	tm_diag_init(&d);
	r = tm_te_reader_new("converted", b->data, b->len, 1, &d);
	if (!r)
		abort();
	while ((rc = tm_te_reader_next(r, &ev)) == 1) {
		if (ev.phase == 'M')
			names++;
		else
			n++;
		if (ev.repaired || (ev.phase != 'M' && !ev.has_ts))
			abort();
	}
	/* the only warnings allowed: an arg the input named issue_ts (the
	 * reader looks at args.issue_ts of every event) with a wrong value */
	if (rc != 0 || d.error[0] || n != c.events || names > 3 ||
	    d.nwarn > (tm_diag_count(&d, "json-bad-type") ? 1u : 0u) +
		       (tm_diag_count(&d, "json-bad-value") ? 1u : 0u))
		abort();
	tm_te_reader_free(r);
	tm_diag_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum tm_format fmts[] = {
		TM_FMT_SPEEDTRACER, TM_FMT_SCOPE, TM_FMT_PERFTIMELINE,
	};
	struct tm_diag d;
	struct tm_input *in;

	tm_diag_init(&d);
	in = tm_input_open_mem("fuzz", data, size, &d);
	if (in)
		check_block(in);
	tm_input_free(in);
	tm_diag_free(&d);
	if (size < 1)
		return 0;
	/* the same bytes (after the selector) through one reader, sniff or not */
	{
		struct tm_input *raw = calloc(1, sizeof(*raw));
		if (!raw)
			return 0;
		raw->name = strdup("fuzz");
		tm_diag_init(&d);
		raw->d = &d;
		if (raw->name &&
		    tm_browser_read(raw, fmts[data[0] % 3], (const char *)data + 1, size - 1,
				    0) == 0) {
			raw->d = NULL;
			check_block(raw);
		}
		raw->d = NULL;
		tm_input_free(raw);
		tm_diag_free(&d);
	}
	return 0;
}
