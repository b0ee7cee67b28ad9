/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hash-map.h - open-addressing hash map from byte-string keys to fixed-size
 * value slots (zeroed on insertion).  Keys are copied.  Used for event-name
 * counts, tasks by pid, async slices by (tgid, name, cookie).
 */
#ifndef TM_HMAP_H
#define TM_HMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tm_hmap;

struct tm_hmap *tm_hmap_new(size_t value_size);
void tm_hmap_free(struct tm_hmap *m);
/* Value slot for KEY; created (zeroed) when CREATE, else NULL if absent.
 * NULL also on allocation failure.  Slots move when the map grows. */
void *tm_hmap_get(struct tm_hmap *m, const void *key, size_t klen, bool create);
/* tm_hmap_get creating KEY only while M holds fewer than MAX keys: NULL
 * and *FULL true when KEY is absent and M is full; NULL and *FULL false
 * when out of memory. */
void *tm_hmap_get_capped(struct tm_hmap *m, const void *key, size_t klen, size_t max,
			 bool *full);
/* Every key of FROM into TO (the new slots zeroed); -1 when out of memory. */
int tm_hmap_add_keys(struct tm_hmap *to, const struct tm_hmap *from);
/* Remove KEY (its value slot is freed); false if absent. */
bool tm_hmap_del(struct tm_hmap *m, const void *key, size_t klen);
size_t tm_hmap_count(const struct tm_hmap *m);
/* Iterate: *it starts at 0; returns the next value slot or NULL at the end. */
void *tm_hmap_next(const struct tm_hmap *m, size_t *it, const char **key, size_t *klen);
/* Collect all entries into an array sorted by key (caller frees the array;
 * elements point into the map). */
struct tm_hmap_entry {
	const char *key;
	size_t klen;
	void *val;
};
struct tm_hmap_entry *tm_hmap_sorted(const struct tm_hmap *m,
				     int (*cmp)(const struct tm_hmap_entry *,
						const struct tm_hmap_entry *));

static inline void *tm_hmap_get_i32(struct tm_hmap *m, int32_t k, bool create)
{
	return tm_hmap_get(m, &k, sizeof(k), create);
}

#endif
