/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * digits.h - decimal digits written two at a time (a table of the 100
 * pairs), backwards from the end of where they go: shared by the writers
 * of canonical ftrace lines and of Trace Event JSON µs.
 */
#ifndef TM_DIGITS_H
#define TM_DIGITS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static const char tm_digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* The digits of U (below 2^32: 32-bit divisions are cheaper) written
 * ending just before END; returns their start. */
static inline char *tm_digits_before32(char *end, uint32_t u)
{
	while (u >= 100) {
		end -= 2;
		memcpy(end, tm_digit_pairs + 2 * (u % 100), 2);
		u /= 100;
	}
	if (u >= 10) {
		end -= 2;
		memcpy(end, tm_digit_pairs + 2 * u, 2);
	} else {
		*--end = (char)('0' + u);
	}
	return end;
}

/* The same for any U. */
static inline char *tm_digits_before(char *end, uint64_t u)
{
	while (u > UINT32_MAX) {
		end -= 2;
		memcpy(end, tm_digit_pairs + 2 * (u % 100), 2);
		u /= 100;
	}
	return tm_digits_before32(end, (uint32_t)u);
}

/* Number of decimal digits of U. */
static inline size_t tm_count_digits(uint32_t u)
{
	if (u < 10000)
		return u < 10 ? 1 : u < 100 ? 2 : u < 1000 ? 3 : 4;
	return u < 100000 ? 5 : u < 1000000 ? 6 : u < 10000000 ? 7 :
	       u < 100000000 ? 8 : u < 1000000000 ? 9 : 10;
}

#endif
