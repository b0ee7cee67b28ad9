/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pid-map.c - see pidmap.h. */
#include <stdio.h>
#include <string.h>

#include "pid-map.h"

int32_t tm_pid_move(int32_t id, int64_t off)
{
	int64_t v;

	if (id <= 0 || !off)
		return id;
	v = (int64_t)id + off;
	return v > INT32_MAX ? INT32_MAX : v < 1 ? 1 : (int32_t)v;
}

static const char *const pid_keys[] = {
	"pid=", "prev_pid=", "next_pid=", "tgid=", "parent_pid=", "child_pid=",
};

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Append the decimal at P (N digits) moved by OFF. */
static void put_moved(struct tm_buf *b, const char *p, size_t n, int64_t off)
{
	int64_t v = 0;
	char num[24];

	for (size_t i = 0; i < n; i++) {
		if (v > (INT32_MAX - 9) / 10) {      /* not a pid: leave it */
			tm_buf_add(b, p, n);
			return;
		}
		v = v * 10 + (p[i] - '0');
	}
	snprintf(num, sizeof(num), "%d", tm_pid_move((int32_t)v, off));
	tm_buf_adds(b, num);
}

/* Length of the pid key ending at P[i] ('=' included) starting a word, or 0. */
static size_t key_at(const char *p, size_t i, size_t n)
{
	if (i && p[i - 1] != ' ')
		return 0;
	for (size_t k = 0; k < sizeof(pid_keys) / sizeof(pid_keys[0]); k++) {
		size_t kl = strlen(pid_keys[k]);
		if (i + kl < n && !memcmp(p + i, pid_keys[k], kl) && is_digit(p[i + kl]))
			return kl;
	}
	return 0;
}

void tm_pid_details(struct tm_buf *b, const struct tm_ftrace_event *ev, int64_t off)
{
	const char *p = ev->details.p;
	size_t n = ev->details.n, i = 0;

	if (tm_ftrace_is_marker(ev)) {
		/* atrace: a letter, '|', then the tgid */
		size_t d = 2;
		if (n > 2 && p[1] == '|' && strchr("BECSFINGHTU", p[0]) && is_digit(p[2])) {
			while (d < n && is_digit(p[d]))
				d++;
			tm_buf_add(b, p, 2);
			put_moved(b, p + 2, d - 2, off);
			tm_buf_add(b, p + d, n - d);
		} else {
			tm_buf_add(b, p, n);
		}
		return;
	}
	while (i < n) {
		size_t kl = key_at(p, i, n), e;
		if (!kl) {
			tm_buf_addc(b, p[i++]);
			continue;
		}
		tm_buf_add(b, p + i, kl);
		for (e = i + kl; e < n && is_digit(p[e]); e++)
			;
		put_moved(b, p + i + kl, e - i - kl, off);
		i = e;
	}
}
