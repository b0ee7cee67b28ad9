/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* manifest.c - a Perfetto trace manifest as JSON text (manifest.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "manifest.h"

static void add_str(struct json_object *o, const char *key, const char *v)
{
	json_object_object_add(o, key, json_object_new_string(v));
}

/* The clocks block of F. */
static struct json_object *clocks(const struct tm_manifest_file *f)
{
	struct json_object *c = json_object_new_object();
	struct json_object *to = json_object_new_object();

	if (f->clock)
		add_str(c, "clock", f->clock);
	add_str(to, "file", f->sync_file);
	if (f->sync_clock)
		add_str(to, "clock", f->sync_clock);
	json_object_object_add(c, "sync_to", to);
	json_object_object_add(c, "offset_ns", json_object_new_int64(f->offset_ns));
	return c;
}

static struct json_object *file(const struct tm_manifest_file *f)
{
	struct json_object *o = json_object_new_object();

	add_str(o, "path", f->path);
	if (f->machine) {
		struct json_object *m = json_object_new_object();
		add_str(m, "name", f->machine);
		json_object_object_add(o, "machine", m);
	}
	if (f->related)
		json_object_object_add(o, "clocks", clocks(f));
	return o;
}

/* "tracemerge.WHAT.PATH" as a new string, or NULL. */
static char *attr_key(const char *what, const char *path)
{
	size_t n = strlen("tracemerge.") + strlen(what) + 1 + strlen(path) + 1;
	char *k = malloc(n);

	if (k)
		snprintf(k, n, "tracemerge.%s.%s", what, path);
	return k;
}

static int attributes(const struct tm_manifest *m, struct json_object *a)
{
	add_str(a, "tracemerge.version", m->version);
	for (size_t i = 0; i < m->nfiles; i++) {
		const struct tm_manifest_file *f = &m->files[i];
		char *ks = attr_key("stored", f->path);
		char *ke = attr_key("error_ns", f->path);
		char *kh = attr_key("how", f->path);
		int rc = ks && ke && kh ? 0 : -1;

		if (!rc && f->stored)
			add_str(a, ks, f->stored);
		if (!rc && f->related) {
			json_object_object_add(a, ke, json_object_new_int64(f->err_ns));
			add_str(a, kh, f->how ? f->how : "");
		}
		free(ks);
		free(ke);
		free(kh);
		if (rc)
			return -1;
	}
	return 0;
}

char *tm_manifest_json(const struct tm_manifest *m)
{
	struct json_object *root = json_object_new_object();
	struct json_object *man = json_object_new_object();
	struct json_object *files = json_object_new_array();
	struct json_object *attrs = json_object_new_object();
	char *text = NULL;

	if (!root || !man || !files || !attrs)
		goto out;
	json_object_object_add(man, "version", json_object_new_int(1));
	if (m->trace_time_clock) {
		struct json_object *tt = json_object_new_object();
		add_str(tt, "clock", m->trace_time_clock);
		if (m->trace_time_file)
			add_str(tt, "file", m->trace_time_file);
		json_object_object_add(man, "trace_time", tt);
	}
	for (size_t i = 0; i < m->nfiles; i++)
		json_object_array_add(files, file(&m->files[i]));
	json_object_object_add(man, "files", files);
	files = NULL;
	if (attributes(m, attrs))
		goto out;
	json_object_object_add(man, "attributes", attrs);
	attrs = NULL;
	json_object_object_add(root, "perfetto_manifest", man);
	man = NULL;
	{
		/* plain (no leading space): Perfetto looks for `{"perfetto_manifest"` */
		const char *s = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN |
							       JSON_C_TO_STRING_NOSLASHESCAPE);
		size_t n = s ? strlen(s) : 0;
		if (s && (text = malloc(n + 2))) {
			memcpy(text, s, n);
			memcpy(text + n, "\n", 2);
		}
	}
out:
	json_object_put(files);
	json_object_put(attrs);
	json_object_put(man);
	json_object_put(root);
	return text;
}
