/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ts.c - exact decimal <-> int64 nanosecond conversions (see tracemerge/ts.h). */
#include <stdbool.h>
#include <string.h>

#include "digits.h"
#include "tracemerge/ts.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* acc = acc * 10 + d, with overflow check (acc >= 0). */
static int push_digit(int64_t *acc, int d)
{
	if (*acc > (INT64_MAX - d) / 10)
		return -1;
	*acc = *acc * 10 + d;
	return 0;
}

/*
 * Parse [-]INT[.FRAC] as a fixed-point number with SCALE fraction digits
 * (9 for seconds->ns, 3 for us->ns).  Extra digits are rounded.
 */
static int parse_fixed(const char *s, size_t n, int scale, int64_t *out,
		       int *frac_digits)
{
	static const int64_t pow10[10] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
					   10000000, 100000000, 1000000000 };
	size_t i = 0, start;
	bool neg = false;
	int64_t ip = 0, fp = 0;
	int nf = 0, round_up = 0;

	if (n > 0 && s[0] == '-') {
		neg = true;
		i++;
	}
	if (i == n || !is_digit(s[i]))
		return -1;
	/* 18 digits cannot overflow: check only beyond them */
	for (start = i; i < n && is_digit(s[i]) && i - start < 18; i++)
		ip = ip * 10 + (s[i] - '0');
	for (; i < n && is_digit(s[i]); i++)
		if (push_digit(&ip, s[i] - '0'))
			return -1;
	if (i < n && s[i] == '.') {
		for (i++; i < n && is_digit(s[i]); i++) {
			if (nf < scale)
				fp = fp * 10 + (s[i] - '0');
			else if (nf == scale)
				round_up = s[i] >= '5';
			nf++;
		}
	}
	if (i != n)
		return -1;
	if (nf < scale)
		fp *= pow10[scale - nf];
	/* fp + round_up <= 10^scale: below LIMIT no exact check is needed */
	if (ip > (INT64_MAX - pow10[scale]) / pow10[9] &&
	    ip > (INT64_MAX - fp - round_up) / pow10[scale])
		return -1;
	*out = ip * pow10[scale] + fp + round_up;
	if (neg)
		*out = -*out;
	if (frac_digits)
		*frac_digits = nf;
	return 0;
}

int tm_ts_parse_secs(const char *s, size_t n, int64_t *ns, int *frac_digits)
{
	return parse_fixed(s, n, 9, ns, frac_digits);
}

int tm_ts_parse_us(const char *s, size_t n, int64_t *ns)
{
	return parse_fixed(s, n, 3, ns, NULL);
}

int tm_parse_i64(const char *s, size_t n, int64_t *out)
{
	size_t i = 0;
	bool neg = false;
	int64_t v = 0;

	if (n > 0 && (s[0] == '-' || s[0] == '+')) {
		neg = s[0] == '-';
		i++;
	}
	if (i == n)
		return -1;
	/* accumulate negatively so INT64_MIN is reachable; 18 digits cannot
	 * overflow, so only the ones beyond are checked */
	for (size_t start = i; i < n && i - start < 18; i++) {
		if (!is_digit(s[i]))
			return -1;
		v = v * 10 - (s[i] - '0');
	}
	for (; i < n; i++) {
		if (!is_digit(s[i]))
			return -1;
		int d = s[i] - '0';
		if (v < (INT64_MIN + d) / 10)
			return -1;
		v = v * 10 - d;
	}
	if (!neg) {
		if (v == INT64_MIN)
			return -1;
		v = -v;
	}
	*out = v;
	return 0;
}

/* Split |ns| into integer and fraction parts of 10^-scale units, written
 * two digits at a time (digits.h).  Inlined into its callers, where SCALE
 * is a constant. */
static inline __attribute__((always_inline)) size_t
format_fixed(char *buf, int64_t v, int scale, int decimals, bool trim)
{
	char tmp[24], *t;
	size_t len = 0, n;
	uint64_t u, mul = 1, ip, fp, one = 1;

	for (int k = 0; k < scale; k++)
		mul *= 10;
	if (v < 0) {
		buf[len++] = '-';
		u = (uint64_t)0 - (uint64_t)v;
	} else {
		u = (uint64_t)v;
	}
	ip = u / mul;
	fp = u % mul;
	for (int k = decimals; k < scale; k++)
		fp /= 10;
	if (trim) {
		while (decimals > 0 && fp % 10 == 0) {
			fp /= 10;
			decimals--;
		}
	}
	if (ip <= UINT32_MAX) {     /* in place */
		n = tm_count_digits((uint32_t)ip);
		tm_digits_before32(buf + len + n, (uint32_t)ip);
	} else {
		t = tm_digits_before(tmp + sizeof(tmp), ip);
		n = (size_t)(tmp + sizeof(tmp) - t);
		memcpy(buf + len, t, n);
	}
	len += n;
	if (decimals > 0) {
		/* the fraction with a leading 1 (for its zeros; below 2 * 10^9,
		 * so 32 bits), the 1 then overwritten by the point */
		for (int k = 0; k < decimals; k++)
			one *= 10;
		tm_digits_before32(buf + len + 1 + decimals, (uint32_t)(fp + one));
		buf[len] = '.';
		len += 1 + (size_t)decimals;
	}
	buf[len] = '\0';
	return len;
}

size_t tm_ts_format_secs(char *buf, int64_t ns, int decimals)
{
	if (decimals < 0)
		decimals = 0;
	if (decimals > 9)
		decimals = 9;
	if (decimals == 6)          /* the kernel's µs: the common case, constant */
		return format_fixed(buf, ns, 9, 6, false);
	return format_fixed(buf, ns, 9, decimals, false);
}

size_t tm_ts_format_us(char *buf, int64_t ns)
{
	return format_fixed(buf, ns, 3, 3, true);
}
