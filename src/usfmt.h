/*
 * usfmt.h - a time in ns written as Trace Event JSON µs, exactly as
 * tm_ts_format_us() writes it ("-" if negative, the whole µs, then '.' and
 * the ns digits without trailing zeros, none for whole µs), two digits per
 * step: the merge writer rewrites one or two times per JSON event.
 */
#ifndef TM_USFMT_H
#define TM_USFMT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "digits.h"

/* Write NS at BUF (TM_TS_BUFSZ bytes, NUL-terminated); returns the length. */
static inline size_t tm_usfmt(char *buf, int64_t ns)
{
	uint64_t u = ns < 0 ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns, ip = u / 1000;
	unsigned fp = (unsigned)(u % 1000);
	char tmp[24], *t = tmp + sizeof(tmp);
	size_t len = 0, n;

	if (ns < 0)
		buf[len++] = '-';
	t = tm_digits_before(t, ip);
	n = (size_t)(tmp + sizeof(tmp) - t);
	memcpy(buf + len, t, n);
	len += n;
	if (fp) {
		buf[len++] = '.';
		buf[len++] = (char)('0' + fp / 100);
		if (fp % 100) {
			buf[len++] = (char)('0' + fp / 10 % 10);
			if (fp % 10)
				buf[len++] = (char)('0' + fp % 10);
		}
	}
	buf[len] = '\0';
	return len;
}

#endif
