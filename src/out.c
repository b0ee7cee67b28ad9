/* out.c - buffered output, atomic file replacement, JSON escaping (out.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "out.h"

int tm_out_open(struct tm_out *o, const char *path, struct tm_diag *d)
{
	memset(o, 0, sizeof(*o));
	if (!path || strcmp(path, "-") == 0) {
		o->f = stdout;
		return 0;
	}
	o->path = strdup(path);
	if (!o->path || asprintf(&o->tmp, "%s.tmpXXXXXX", path) < 0) {
		free(o->path);
		return tm_diag_error(d, "%s: out of memory", path);
	}
	int fd = mkstemp(o->tmp);
	if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
		int e = errno;
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
		}
		free(o->tmp);
		free(o->path);
		o->tmp = o->path = NULL;
		return tm_diag_error(d, "%s: cannot create: %s", path, strerror(e));
	}
	setvbuf(o->f, NULL, _IOFBF, 1 << 20);
	return 0;
}

void tm_out_abort(struct tm_out *o)
{
	if (o->f && o->f != stdout)
		fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	free(o->tmp);
	free(o->path);
	memset(o, 0, sizeof(*o));
}

int tm_out_close(struct tm_out *o, struct tm_diag *d)
{
	int rc = 0;

	if (fflush(o->f) != 0 && !o->err)
		o->err = errno;
	if (o->f == stdout) {
		if (o->err)
			rc = tm_diag_error(d, "stdout: write error: %s", strerror(o->err));
		memset(o, 0, sizeof(*o));
		return rc;
	}
	if (fclose(o->f) != 0 && !o->err)
		o->err = errno;
	o->f = NULL;
	if (o->err)
		rc = tm_diag_error(d, "%s: write error: %s", o->path, strerror(o->err));
	else if (rename(o->tmp, o->path) != 0)
		rc = tm_diag_error(d, "%s: cannot rename %s into place: %s", o->path,
				   o->tmp, strerror(errno));
	if (rc)
		unlink(o->tmp);
	free(o->tmp);
	free(o->path);
	memset(o, 0, sizeof(*o));
	return rc;
}

void tm_out_write(struct tm_out *o, const void *p, size_t n)
{
	if (n && fwrite(p, 1, n, o->f) != n && !o->err)
		o->err = errno ? errno : EIO;
}

void tm_out_puts(struct tm_out *o, const char *s)
{
	tm_out_write(o, s, strlen(s));
}

void tm_out_printf(struct tm_out *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vfprintf(o->f, fmt, ap) < 0 && !o->err)
		o->err = errno ? errno : EIO;
	va_end(ap);
}

size_t tm_utf8_seq_len(const unsigned char *p, size_t n)
{
	unsigned char c = p[0];
	size_t len;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, cp = c & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

void tm_out_json_chars(struct tm_out *o, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s, *e = p + n, *run = p;

	while (p < e) {
		unsigned char c = *p;
		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			p++;
			continue;
		}
		size_t len = c >= 0x80 ? tm_utf8_seq_len(p, (size_t)(e - p)) : 0;
		if (len) {
			p += len;
			continue;
		}
		tm_out_write(o, run, (size_t)(p - run));
		switch (c) {
		case '"': tm_out_write(o, "\\\"", 2); break;
		case '\\': tm_out_write(o, "\\\\", 2); break;
		case '\n': tm_out_write(o, "\\n", 2); break;
		case '\t': tm_out_write(o, "\\t", 2); break;
		case '\r': tm_out_write(o, "\\r", 2); break;
		default:
			if (c < 0x20) {
				char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
				tm_out_write(o, u, 6);
			} else {
				tm_out_write(o, "\\ufffd", 6);
				o->bad_utf8++;
			}
		}
		p++;
		run = p;
	}
	tm_out_write(o, run, (size_t)(p - run));
}

void tm_out_json_str(struct tm_out *o, const char *p, size_t n)
{
	tm_out_write(o, "\"", 1);
	tm_out_json_chars(o, p, n);
	tm_out_write(o, "\"", 1);
}

size_t tm_utf8_copy(char *dst, size_t cap, const char *src, size_t n)
{
	const unsigned char *p = (const unsigned char *)src, *e;
	size_t o = 0, bad = 0;

	if (cap)
		dst[0] = '\0';
	if (!n)
		return 0; /* src may be NULL: no pointer arithmetic on it */
	e = p + n;

	while (p < e) {
		size_t len = *p >= 0x20 ? tm_utf8_seq_len(p, (size_t)(e - p)) : 0;
		const char *rep = len ? (const char *)p : "\xef\xbf\xbd";
		size_t rlen = len ? len : 3;
		if (o + rlen >= cap)
			break;
		memcpy(dst + o, rep, rlen);
		o += rlen;
		p += len ? len : 1;
		bad += !len;
	}
	if (cap)
		dst[o] = '\0';
	return bad;
}
