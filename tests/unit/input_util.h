/* SPDX-License-Identifier: GPL-2.0-or-later */
/* input_util.h - an input read whole (tm_input_open) against the same
 * file read with its text made beside the first pass (tm_input_open_ahead,
 * then settled), for the cmocka tests. */
#ifndef TM_INPUT_UTIL_H
#define TM_INPUT_UTIL_H

#include "testutil.h"
#include "tracemerge/input.h"
#include "decode.h"
#include "input-ahead.h"

/* The inputs A (read whole) and B (settled) alike: their format, blocks,
 * and warnings (kinds, counts, first messages). */
static inline void tm_test_same_input(const struct tm_input *a, const struct tm_diag *da,
				      const struct tm_input *b, const struct tm_diag *db)
{
	assert_int_equal(tm_input_format(a), tm_input_format(b));
	assert_int_equal(tm_input_nblocks(a), tm_input_nblocks(b));
	for (size_t i = 0; i < tm_input_nblocks(a); i++) {
		const struct tm_block *x = tm_input_block(a, i), *y = tm_input_block(b, i);

		assert_int_equal(x->kind, y->kind);
		assert_int_equal(x->len, y->len);
		assert_memory_equal(x->data, y->data, x->len);
		assert_int_equal(x->first_line, y->first_line);
		assert_string_equal(x->origin, y->origin);
	}
	assert_int_equal(da->nwarn, db->nwarn);
	for (size_t i = 0; i < da->nwarn; i++) {
		assert_string_equal(da->warn[i].kind, db->warn[i].kind);
		assert_int_equal(da->warn[i].count, db->warn[i].count);
		assert_string_equal(da->warn[i].first_message, db->warn[i].first_message);
	}
}

/* PATH read both ways: the same input, or the same error. */
static inline void tm_test_same_both_ways(const char *path)
{
	struct tm_diag d1, d2;
	struct tm_input *a, *b;

	tm_diag_init(&d1);
	tm_diag_init(&d2);
	a = tm_input_open(path, &d1);
	b = tm_input_open_ahead(path, &d2);
	if (b && tm_input_settle(b, &d2)) {
		tm_input_free(b);
		b = NULL;
	}
	assert_string_equal(d1.error, d2.error);
	assert_true(!a == !b);
	if (a)
		tm_test_same_input(a, &d1, b, &d2);
	tm_input_free(a);
	tm_input_free(b);
	tm_diag_free(&d1);
	tm_diag_free(&d2);
}

#endif
