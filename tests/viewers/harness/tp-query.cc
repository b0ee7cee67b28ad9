// SPDX-License-Identifier: GPL-2.0-or-later
//
// tp-query: loads a trace into Perfetto's trace_processor and answers SQL
// queries about it, as one line of JSON on standard output.
//
//   tp-query TRACE SQL...
//   {"parse_ok":true,"queries":[{"sql":"...","rows":[[HEADER...],[VALUE...],...]}]}
//
// A query that fails has "error" beside its (empty) rows; a trace that
// trace_processor refuses has "parse_ok":false and, where the library says
// why, "parse_error".  A NULL value is written as the library writes it,
// "[NULL]".  Exit status: 0 when the trace was parsed, 1 when it was not,
// 2 on a usage error or an unreadable file, 3 when the library's layout is
// not the one this program was written for (see --self-check).
//
//   tp-query --self-check
//
// runs queries whose answers are known on a trace made in memory and says
// whether the library answers them as this program expects.
//
// The engine is the trace_processor that Debian's chromium-shell package
// ships for Chromium's own tests, /usr/lib/chromium/libtest_trace_processor.so.
// Its C++ interface is not a public one: the two classes below are declared
// here as the library defines them (their members' order and types were read
// from the library's machine code), and a Chromium upgrade may change them.
// --self-check is how tests/viewers/harness/setup.sh finds out before the
// test suite trusts any count.
#include <cstdint>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace absl {
// absl::Status holds one word: 1 for OK; otherwise either a code kept in
// the word itself (low bit set) or a pointer to a shared record of the
// code and the message.  Its destructor is not trivial, so it is returned
// through a hidden pointer, as this declaration makes the compiler do.
class Status {
public:
	uintptr_t rep;
	~Status() {}
};
} // namespace absl

namespace base {
namespace test {

class QueryResultOrError {
public:
	~QueryResultOrError();
	std::vector<std::vector<std::string>> result; // header row first
	std::string error;
};

class TestTraceProcessorImpl {
public:
	TestTraceProcessorImpl();
	~TestTraceProcessorImpl();
	absl::Status ParseTrace(const std::vector<char> &raw_trace);
	QueryResultOrError ExecuteQuery(const std::string &sql) const;

private:
	// The library's object is two pointers; the room here is larger
	// so that a few more members in a later release overwrite nothing.
	alignas(16) unsigned char room_[512];
};

} // namespace test
} // namespace base

using base::test::QueryResultOrError;
using base::test::TestTraceProcessorImpl;

// The record an error Status points to: a reference count, the code, then
// the message.  Returns the message, or an empty string when the word does
// not look like such a record (the layout changed, or no message).
static std::string status_message(uintptr_t rep)
{
	if (rep == 1 || (rep & 7) != 0 || rep < 4096)
		return std::string();
	const unsigned char *rec = reinterpret_cast<const unsigned char *>(rep);
	int32_t code;
	memcpy(&code, rec + 4, sizeof code);
	if (code < 1 || code > 16)
		return std::string();
	const std::string *msg = reinterpret_cast<const std::string *>(rec + 8);
	if (msg->size() > (1u << 20))
		return std::string();
	return *msg;
}

// Appends S to OUT as a JSON string: quotes, backslashes and control
// characters escaped; other bytes as they are.
static void put_json_string(std::string &out, const std::string &s)
{
	out += '"';
	for (unsigned char c : s) {
		if (c == '"' || c == '\\') {
			out += '\\';
			out += static_cast<char>(c);
		} else if (c < 0x20) {
			char esc[8];
			snprintf(esc, sizeof esc, "\\u%04x", c);
			out += esc;
		} else {
			out += static_cast<char>(c);
		}
	}
	out += '"';
}

// Reads the whole of PATH into DATA.  Returns 0 on success, -1 on error.
static int read_file(const char *path, std::vector<char> &data)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	char buf[1 << 16];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		data.insert(data.end(), buf, buf + n);
	int bad = ferror(f);
	fclose(f);
	return bad ? -1 : 0;
}

// Answers one query; writes its JSON object to OUT.
static void put_query(std::string &out, const TestTraceProcessorImpl &tp, const char *sql)
{
	QueryResultOrError r = tp.ExecuteQuery(sql);
	out += "{\"sql\":";
	put_json_string(out, sql);
	if (!r.error.empty()) {
		out += ",\"error\":";
		put_json_string(out, r.error);
	}
	out += ",\"rows\":[";
	for (size_t i = 0; i < r.result.size(); i++) {
		out += i ? ",[" : "[";
		for (size_t k = 0; k < r.result[i].size(); k++) {
			if (k)
				out += ',';
			put_json_string(out, r.result[i][k]);
		}
		out += ']';
	}
	out += "]}";
}

// One expectation of the self-check: the rows SQL must give, each row's
// values joined by '|', rows joined by ';' (header row included).
struct expect {
	const char *sql;
	const char *rows;
};

// Joins R's rows as struct expect spells them.
static std::string joined(const QueryResultOrError &r)
{
	std::string s;
	for (size_t i = 0; i < r.result.size(); i++) {
		if (i)
			s += ';';
		for (size_t k = 0; k < r.result[i].size(); k++) {
			if (k)
				s += '|';
			s += r.result[i][k];
		}
	}
	return s;
}

// Loads a Trace Event JSON whose contents are known and checks the
// library's answers, its status word for a good and for a bad trace, and
// a failing query's error.  Returns 0 when all hold, 3 otherwise (each
// difference said on standard error).
static int self_check()
{
	static const char good[] =
		"{\"traceEvents\":["
		"{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":7,\"tid\":7,\"args\":{\"name\":\"seven\"}},"
		"{\"ph\":\"X\",\"name\":\"a\",\"pid\":7,\"tid\":8,\"ts\":10,\"dur\":5},"
		"{\"ph\":\"X\",\"name\":\"b\",\"pid\":7,\"tid\":8,\"ts\":20,\"dur\":1}]}";
	static const struct expect want[] = {
		{"select 1 as one, 'x' as ex, null as nil", "one|ex|nil;1|x|[NULL]"},
		{"select name, ts, dur from slice order by ts", "name|ts|dur;a|10000|5000;b|20000|1000"},
		{"select pid, name from process where pid = 7", "pid|name;7|seven"},
		{"select tid from thread where tid = 8", "tid;8"},
	};
	int bad = 0;
	TestTraceProcessorImpl *tp = new TestTraceProcessorImpl();
	std::vector<char> data(good, good + sizeof good - 1);
	absl::Status st = tp->ParseTrace(data);
	if (st.rep != 1) {
		fprintf(stderr, "tp-query: self-check: a valid trace was not parsed (status word %#lx)\n",
			static_cast<unsigned long>(st.rep));
		bad = 1;
	}
	for (const struct expect &e : want) {
		QueryResultOrError r = tp->ExecuteQuery(e.sql);
		std::string got = joined(r);
		if (got != e.rows || !r.error.empty()) {
			fprintf(stderr, "tp-query: self-check: \"%s\" gave \"%s\" (error \"%s\"), not \"%s\"\n",
				e.sql, got.c_str(), r.error.c_str(), e.rows);
			bad = 1;
		}
	}
	QueryResultOrError r = tp->ExecuteQuery("select * from no_such_table");
	if (r.error.empty() || !r.result.empty()) {
		fprintf(stderr, "tp-query: self-check: a query of a missing table gave no error\n");
		bad = 1;
	}
	delete tp;
	// A file that is no trace at all: the status must say so.
	tp = new TestTraceProcessorImpl();
	static const char junk[] = "{\"traceEvents\":[],\"systemTraceEvents\":\"# tracer: nop\\n"
		"            bash-42    [000] d..3   100.000400: no event of any known form\\n\"}";
	std::vector<char> jd(junk, junk + sizeof junk - 1);
	absl::Status js = tp->ParseTrace(jd);
	if (js.rep == 1) {
		fprintf(stderr, "tp-query: self-check: a damaged trace was parsed as valid\n");
		bad = 1;
	} else if (status_message(js.rep).find("no event of any known form") == std::string::npos) {
		fprintf(stderr, "tp-query: self-check: the status of a damaged trace does not hold "
				"the line it could not read\n");
		bad = 1;
	}
	delete tp;
	if (bad) {
		fprintf(stderr, "tp-query: the trace_processor library does not answer as expected: "
				"its layout may have changed with a chromium-shell upgrade\n");
		return 3;
	}
	printf("tp-query: self-check passed\n");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--self-check") == 0)
		return self_check();
	if (argc < 3 || argv[1][0] == '-') {
		fprintf(stderr, "usage: tp-query TRACE SQL...\n       tp-query --self-check\n");
		return 2;
	}
	std::vector<char> data;
	if (read_file(argv[1], data) != 0) {
		fprintf(stderr, "tp-query: cannot read %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	TestTraceProcessorImpl *tp = new TestTraceProcessorImpl();
	absl::Status st = tp->ParseTrace(data);
	std::string out = "{\"parse_ok\":";
	out += st.rep == 1 ? "true" : "false";
	if (st.rep != 1) {
		std::string msg = status_message(st.rep);
		out += ",\"parse_error\":";
		put_json_string(out, msg.empty() ? "trace_processor refused the trace" : msg);
	}
	out += ",\"queries\":[";
	for (int i = 2; i < argc; i++) {
		if (i > 2)
			out += ',';
		put_query(out, *tp, argv[i]);
	}
	out += "]}\n";
	fwrite(out.data(), 1, out.size(), stdout);
	delete tp;
	return st.rep == 1 ? 0 : 1;
}
