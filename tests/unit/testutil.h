/* SPDX-License-Identifier: GPL-2.0-or-later */
/* testutil.h - shared helpers for the cmocka unit tests. */
#ifndef TM_TESTUTIL_H
#define TM_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#ifndef TM_SRCDIR
#define TM_SRCDIR "."
#endif

/* Read a whole file (path relative to the source tree unless absolute);
 * returns NULL if it does not exist. *len receives the size. Caller frees. */
static inline char *tm_test_slurp(const char *rel, size_t *len)
{
	char path[4096];
	if (rel[0] == '/')
		snprintf(path, sizeof(path), "%s", rel);
	else
		snprintf(path, sizeof(path), "%s/%s", TM_SRCDIR, rel);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap + 1);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			char *nb = realloc(buf, cap * 2 + 1);
			if (!nb) { free(buf); buf = NULL; break; }
			buf = nb;
			cap *= 2;
		}
	}
	fclose(f);
	if (buf)
		buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

/* Sample traces of other projects, in the tree: testdata/corpus (a
 * SOURCES.txt in each folder says where they come from). The environment's
 * TM_CORPUS (more traces for the shell suites, tests/lib.sh) is another
 * thing. */
#define TM_CORPUS TM_SRCDIR "/testdata/corpus"

/* Can a test count this process's page faults as its own?  Not under
 * valgrind (TM_VALGRIND, make valgrind) nor the sanitizers, whose runtimes
 * fault for their shadow memory (and AddressSanitizer's builds keep big
 * buffers in plain memory: src/base/big-buffer.c). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TM_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TM_TEST_SANITIZED 1
#endif
#endif
#ifndef TM_TEST_SANITIZED
#define TM_TEST_SANITIZED 0
#endif
static inline int tm_test_counts_faults(void)
{
	return !getenv("TM_VALGRIND") && !TM_TEST_SANITIZED;
}

#endif
