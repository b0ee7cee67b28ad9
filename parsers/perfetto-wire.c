/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* perfetto-wire.c - the protobuf wire format read in place (perfetto-wire.h). */
#include "perfetto-wire.h"

int tm_pb_varint(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
	const uint8_t *q = *p;
	uint64_t x = 0;

	for (unsigned i = 0; i < 10; i++, q++) {
		if (q >= end) {
			*p = q;
			return -1;
		}
		x |= (uint64_t)(*q & 0x7f) << (7 * i);
		if (!(*q & 0x80)) {
			*v = x;
			*p = q + 1;
			return 0;
		}
	}
	*p = q;
	return -1;
}

static int fail(struct tm_pb_error *e, const char *what, const uint8_t *at,
		const uint8_t *base)
{
	e->what = what;
	e->at = (size_t)(at - base);
	return -1;
}

/* A varint at *P that failed: why, in E. */
static int varint_fail(struct tm_pb_error *e, const uint8_t *start,
		       const uint8_t *stop, const uint8_t *end, const uint8_t *base,
		       const char *whose)
{
	(void)start;
	if (stop >= end)
		return fail(e, whose[0] == 't' ? "truncated packet: the data ends inside a field tag"
				: "truncated packet: the data ends inside a varint",
			    stop, base);
	return fail(e, "varint longer than 10 bytes", stop, base);
}

int tm_pb_next_full(struct tm_pb *r, struct tm_pb_field *f, struct tm_pb_error *e)
{
	const uint8_t *q = r->p;
	uint64_t tag, n;

	if (q >= r->end)
		return 0;
	f->at = (size_t)(q - r->base);
	if (tm_pb_varint(&q, r->end, &tag))
		return varint_fail(e, r->p, q, r->end, r->base, "tag");
	if (tag >> 3 == 0 || tag >> 3 > 0x1fffffff)
		return fail(e, "field number 0 or out of range", r->p, r->base);
	f->num = (uint32_t)(tag >> 3);
	f->type = (enum tm_pb_type)(tag & 7);
	f->data = q;            /* (not a view but for TM_PB_BYTES: empty) */
	f->len = 0;
	f->v = 0;
	switch (tag & 7) {
	case TM_PB_VARINT:
		if (tm_pb_varint(&q, r->end, &f->v))
			return varint_fail(e, r->p, q, r->end, r->base, "value");
		break;
	case TM_PB_FIXED64:
	case TM_PB_FIXED32:
		n = (tag & 7) == TM_PB_FIXED64 ? 8 : 4;
		if ((uint64_t)(r->end - q) < n)
			return fail(e, "truncated packet: the data ends inside a fixed-size field",
				    q, r->base);
		for (unsigned i = 0; i < n; i++)
			f->v |= (uint64_t)q[i] << (8 * i);
		q += n;
		break;
	case TM_PB_BYTES:
		if (tm_pb_varint(&q, r->end, &n))
			return varint_fail(e, r->p, q, r->end, r->base, "length");
		if (n > (uint64_t)(r->end - q))
			return fail(e, "a length past the end of its message (truncated packet)",
				    r->p, r->base);
		f->data = q;
		f->len = (size_t)n;
		q += n;
		break;
	default:
		return fail(e, "wire type 3, 4, 6 or 7 (groups are not used by the schema)",
			    r->p, r->base);
	}
	r->p = q;
	return 1;
}

int tm_pb_packed_next_full(struct tm_pb_packed *k, uint64_t *v, struct tm_pb_error *e)
{
	const uint8_t *q = k->p;

	if (q >= k->end)
		return 0;
	if (tm_pb_varint(&q, k->end, v))
		return varint_fail(e, k->p, q, k->end, k->base, "value");
	k->p = q;
	return 1;
}
