/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_kevents.c - libFuzzer target for the kernel event converter
 * (--kernel-as=events): the input is read as ftrace text, every event line
 * is fed to a converter (timestamps as parsed, one fake input), and every
 * object it writes must be valid JSON (json-c's strict parser).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "kernel-events.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_object(void *ctx, const char *json, size_t n)
{
	struct json_tokener *tok = ctx;
	struct json_object *o;

	json_tokener_reset(tok);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	o = json_tokener_parse_ex(tok, json, (int)n);
	if (!o || json_tokener_get_parse_end(tok) != n || !json_object_is_type(o, json_type_object))
		abort();
	json_object_put(o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_tokener *tok = json_tokener_new();
	struct tm_ftrace_reader *r = tm_ftrace_reader_new((const char *)data, size);
	struct tm_ftrace_line l;
	struct tm_kstats st;
	struct tm_diag d;
	struct tm_kev *kv;
	struct tm_kev_src src = { "fuzz", &st, 0 };

	tm_diag_init(&d);
	if (!tok || !r || tm_kstats_init(&st, "fuzz", &d))
		abort();
	if (!(kv = tm_kev_new(check_object, tok, &d)))
		abort();
	src.pid_off = size % 3 ? 0 : 1000;
	while (tm_ftrace_next(r, &l) == 1)
		if (l.kind == TM_LN_EVENT && l.ev.ts_ns >= 0 &&
		    tm_kev_feed(kv, &src, NULL, l.lineno, &l.ev, l.ev.ts_ns))
			abort();
	if (tm_kev_finish(kv))
		abort();
	json_object_put(tm_kev_report(kv));
	tm_kev_free(kv);
	tm_kstats_free(&st);
	tm_diag_free(&d);
	tm_ftrace_reader_free(r);
	json_tokener_free(tok);
	return 0;
}
