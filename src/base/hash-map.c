/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* hash-map.c - open-addressing hash map (see hash-map.h). */
#include <stdlib.h>
#include <string.h>

#include "hash-map.h"

struct slot {
	uint64_t hash;   /* 0 = empty */
	char *key;
	size_t klen;
	void *val;
};

struct tm_hmap {
	struct slot *slots;
	size_t cap, count, vsize;
};

static uint64_t hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 1099511628211ULL;
	}
	h ^= h >> 29;
	return h ? h : 1;
}

struct tm_hmap *tm_hmap_new(size_t value_size)
{
	struct tm_hmap *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->vsize = value_size;
	return m;
}

void tm_hmap_free(struct tm_hmap *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->cap; i++)
		if (m->slots[i].hash)
			free(m->slots[i].val); /* one allocation: value then key */
	free(m->slots);
	free(m);
}

static struct slot *probe(struct slot *slots, size_t cap, uint64_t h,
			  const void *key, size_t klen)
{
	size_t i = h & (cap - 1);

	for (;;) {
		struct slot *s = &slots[i];
		if (!s->hash || (s->hash == h && s->klen == klen &&
				 memcmp(s->key, key, klen) == 0))
			return s;
		i = (i + 1) & (cap - 1);
	}
}

static int grow(struct tm_hmap *m)
{
	size_t cap = m->cap ? m->cap * 2 : 64;
	struct slot *ns = calloc(cap, sizeof(*ns));

	if (!ns)
		return -1;
	for (size_t i = 0; i < m->cap; i++) {
		struct slot *o = &m->slots[i];
		if (o->hash)
			*probe(ns, cap, o->hash, o->key, o->klen) = *o;
	}
	free(m->slots);
	m->slots = ns;
	m->cap = cap;
	return 0;
}

void *tm_hmap_get(struct tm_hmap *m, const void *key, size_t klen, bool create)
{
	uint64_t h = hash_bytes(key, klen);
	struct slot *s;

	if (m->cap) {
		s = probe(m->slots, m->cap, h, key, klen);
		if (s->hash)
			return s->val;
	}
	if (!create)
		return NULL;
	if ((m->count + 1) * 4 > m->cap * 3 && grow(m))
		return NULL;
	s = probe(m->slots, m->cap, h, key, klen);
	/* key and value in one allocation; value first for alignment */
	size_t vs = (m->vsize + 15) & ~(size_t)15;
	char *mem = calloc(1, vs + klen + 1);
	if (!mem)
		return NULL;
	memcpy(mem + vs, key, klen);
	s->hash = h;
	s->val = mem;
	s->key = mem + vs;
	s->klen = klen;
	m->count++;
	return s->val;
}

void *tm_hmap_get_capped(struct tm_hmap *m, const void *key, size_t klen, size_t max,
			 bool *full)
{
	void *v = tm_hmap_get(m, key, klen, m->count < max);

	*full = !v && m->count >= max;
	return v;
}

/* Remove KEY; later slots of its probe run shift back (no tombstones). */
bool tm_hmap_del(struct tm_hmap *m, const void *key, size_t klen)
{
	uint64_t h = hash_bytes(key, klen);
	size_t i, j;

	if (!m->cap)
		return false;
	struct slot *s = probe(m->slots, m->cap, h, key, klen);
	if (!s->hash)
		return false;
	free(s->val);
	i = (size_t)(s - m->slots);
	for (j = (i + 1) & (m->cap - 1); m->slots[j].hash; j = (j + 1) & (m->cap - 1)) {
		size_t home = m->slots[j].hash & (m->cap - 1);
		/* slot j may move to the hole at i unless its home lies in (i, j] */
		if (i <= j ? (home > i && home <= j) : (home > i || home <= j))
			continue;
		m->slots[i] = m->slots[j];
		i = j;
	}
	memset(&m->slots[i], 0, sizeof(m->slots[i]));
	m->count--;
	return true;
}

size_t tm_hmap_count(const struct tm_hmap *m)
{
	return m->count;
}

void *tm_hmap_next(const struct tm_hmap *m, size_t *it, const char **key, size_t *klen)
{
	while (*it < m->cap) {
		const struct slot *s = &m->slots[(*it)++];
		if (s->hash) {
			if (key)
				*key = s->key;
			if (klen)
				*klen = s->klen;
			return s->val;
		}
	}
	return NULL;
}

struct tm_hmap_entry *tm_hmap_sorted(const struct tm_hmap *m,
				     int (*cmp)(const struct tm_hmap_entry *,
						const struct tm_hmap_entry *))
{
	struct tm_hmap_entry *a = calloc(m->count + 1, sizeof(*a));
	size_t it = 0, n = 0;
	void *v;

	if (!a)
		return NULL;
	while ((v = tm_hmap_next(m, &it, &a[n].key, &a[n].klen)))
		a[n++].val = v;
	qsort(a, n, sizeof(*a), (int (*)(const void *, const void *))cmp);
	return a;
}

int tm_hmap_add_keys(struct tm_hmap *to, const struct tm_hmap *from)
{
	const char *k;
	size_t it = 0, n;

	while (tm_hmap_next(from, &it, &k, &n))
		if (!tm_hmap_get(to, k, n, true))
			return -1;
	return 0;
}
