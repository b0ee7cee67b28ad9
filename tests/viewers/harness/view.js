#!/usr/bin/env node
// SPDX-License-Identifier: GPL-2.0-or-later
// view.js - opens a trace in one of the two viewers tracemerge writes for and
// prints, as one line of JSON, the facts the tests compare: what the viewer
// built from the file (processes, threads and their processes, slices,
// counters, CPU slices, time bounds), what it warned about, which lines it
// could not read, and how it aligned the clocks.
//
// usage: node view.js [--engine catapult|perfetto] [--catapult ROOT] [--shift]
//                     [--no-prune] [--slices REGEX] [--pretty] FILE
//   --engine catapult  Catapult's importer (the default), see catapult.js
//   --engine perfetto  Perfetto's trace_processor, through tp-query
//   --catapult ROOT    a Catapult checkout to use instead of the npm package
//   --shift            move the trace's start to 0, as Catapult's UI does
//   --no-prune         keep empty processes and threads (the UI drops them)
//   --slices REGEX     also list every slice whose name matches REGEX
// The viewers folder (build/viewers, or $TM_VIEWERS) holds the npm package
// and tp-query; setup.sh makes it.  Exit status: 0 when the viewer read the
// file, 1 when it refused it (the facts then hold "ok":false and "error"),
// 2 on a usage error.
'use strict';
const path = require('path');
const {execFileSync} = require('child_process');
const catapult = require('./catapult.js');

function usage(msg) {
  if (msg) process.stderr.write('view.js: ' + msg + '\n');
  process.stderr.write('usage: node view.js [--engine catapult|perfetto] [--catapult ROOT] ' +
      '[--shift] [--no-prune] [--slices REGEX] [--pretty] FILE\n');
  process.exit(2);
}

// Reads the command line into an options object.
function parseArgs(argv) {
  const o = {engine: 'catapult', root: null, shift: false, prune: true, slices: null,
    pretty: false, file: null};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : usage(a + ' needs a value'));
    if (a === '--engine') o.engine = value();
    else if (a === '--catapult') o.root = value();
    else if (a === '--shift') o.shift = true;
    else if (a === '--no-prune') o.prune = false;
    else if (a === '--slices') o.slices = new RegExp(value());
    else if (a === '--pretty') o.pretty = true;
    else if (a === '-h' || a === '--help') usage();
    else if (a.startsWith('-')) usage('unknown option ' + a);
    else if (o.file === null) o.file = a;
    else usage('give one FILE');
  }
  if (o.file === null) usage('give a FILE');
  if (o.engine !== 'catapult' && o.engine !== 'perfetto') usage('unknown engine ' + o.engine);
  return o;
}

// Rounds a time in ms to ns; anything not a finite number becomes null.
const ms6 = x => (typeof x === 'number' && isFinite(x)) ? Math.round(x * 1e6) / 1e6 : null;

// The earliest start and the latest end of SLICES, in ms, or null.
function span(slices) {
  let lo = Infinity, hi = -Infinity;
  for (const s of slices) {
    lo = Math.min(lo, s.start);
    hi = Math.max(hi, s.start + (s.duration || 0));
  }
  return slices.length ? {min: ms6(lo), max: ms6(hi)} : null;
}

// Catapult's warnings that say a line could not be read at all, as opposed
// to an event it read but does not model.
const LINE_REJECTION = /^(Cannot parse line|Unrecognized line)/;

// How Catapult's clock-sync manager aligned the domains it saw: the sync ids
// it matched and the offset it gave the kernel's (ftrace) domain.
function clockSync(model, imported) {
  const m = model.clockSyncManager;
  const cs = {domains_seen: [], model_domain: null, sync_ids: {}, ftrace_offset_ms: null,
    aligned: false};
  if (!m) return cs;
  cs.domains_seen = Array.from(m.domainsSeen_ || []);
  cs.model_domain = m.modelDomainId_ || null;
  if (m.markersBySyncId_ && typeof m.markersBySyncId_.forEach === 'function')
    m.markersBySyncId_.forEach((markers, id) => { cs.sync_ids[id] = markers.map(k => k.domainId); });
  const kernel = cs.domains_seen.find(d => /FTRACE|LINUX_CLOCK/.test(d));
  if (imported && cs.model_domain && kernel) {
    try {
      cs.ftrace_offset_ms = ms6(m.getModelTimeTransformer(kernel)(0));
    } catch (e) {
      cs.ftrace_offset_ms = null;
    }
  }
  cs.aligned = cs.ftrace_offset_ms !== null && cs.ftrace_offset_ms !== 0 &&
      Object.values(cs.sync_ids).some(d => d.length === 2);
  return cs;
}

// The facts of FILE as Catapult's importer models it.
function catapultFacts(o) {
  const tr = catapult.load(o.root);
  const {model, error, importers} = catapult.importText(tr, catapult.readText(o.file),
      {shift: o.shift, prune: o.prune});
  const f = {file: o.file, viewer: 'catapult', version: catapult.versionOf(o.root),
    ok: error === null, error, importers,
    options: {shiftWorldToZero: o.shift, pruneEmptyContainers: o.prune}};
  const processes = Object.values(model.processes || {});
  const kthreads = Object.values((model.kernel && model.kernel.threads) || {});
  const threads = kthreads.concat(...processes.map(p => Object.values(p.threads || {})));
  const slices = [], asyncs = [];
  let samples = 0;
  for (const t of threads) {
    if (t.sliceGroup) slices.push(...t.sliceGroup.slices);
    if (t.asyncSliceGroup) asyncs.push(...(t.asyncSliceGroup.slices || []));
    samples += (t.samples_ || t.samples || []).length || 0;
  }
  const counters = model.getAllCounters ? model.getAllCounters() : [];
  const cpus = Object.values((model.kernel && model.kernel.cpus) || {});
  const cpuSlices = [].concat(...cpus.map(c => c.slices || []));
  f.processes = processes.length;
  f.process_list = processes.map(p => ({pid: p.pid, name: p.name === undefined ? null : p.name,
    threads: Object.keys(p.threads || {}).length, counters: Object.keys(p.counters || {}).length}));
  f.threads = threads.length;
  f.thread_list = processes.flatMap(p => Object.values(p.threads || {}).map(t =>
    ({tid: t.tid, name: t.name === undefined ? null : t.name, pid: p.pid})));
  f.kernel_threads = kthreads.length;
  f.slices = slices.length;
  f.async_slices = asyncs.length;
  f.samples = samples;
  f.counters = counters.length;
  f.counter_samples = counters.reduce((n, c) =>
    n + (c.series || []).reduce((k, s) => k + (s.samples || []).length, 0), 0);
  f.global_instant_events = (model.instantEvents || []).length;
  f.process_instant_events = processes.reduce((n, p) => n + (p.instantEvents || []).length, 0);
  f.flow_events = (model.flowEvents || []).length;
  f.cpus = cpus.length;
  f.cpu_slices = cpuSlices.length;
  f.cpu_counters = cpus.reduce((n, c) => n + Object.keys(c.counters || {}).length, 0);
  const warnings = (model.importWarnings || []).map(w => ({type: w.type, message: w.message}));
  f.import_warning_count = warnings.length;
  f.import_warnings = warnings.slice(0, 50);
  f.line_rejections = warnings.filter(w => LINE_REJECTION.test(w.message || '')).length;
  const b = model.bounds;
  f.bounds_ms = (b && !b.isEmpty) ? {min: ms6(b.min), max: ms6(b.max)} : null;
  f.shift_to_zero_ms = ms6(model.timestampShiftToZeroAmount_ || 0);
  f.metadata_keys = (model.metadata || []).map(m => m.name);
  f.clock_sync = clockSync(model, error === null);
  f.cpu_slice_range_ms = span(cpuSlices);
  f.thread_slice_range_ms = span(slices);
  if (o.slices) {
    f.matched_slices = slices.concat(asyncs).filter(s => o.slices.test(s.title))
        .map(s => ({name: s.title, start_ms: ms6(s.start), dur_ms: ms6(s.duration || 0)}));
  }
  return f;
}

// The queries the Perfetto facts are made of, by name.
const PERFETTO_SQL = {
  processes: 'select upid, pid, name from process where upid != 0 order by upid',
  threads: 'select t.utid, t.tid, t.name, t.upid, p.pid from thread t ' +
      'left join process p using (upid) where t.utid != 0 order by t.utid',
  slices: 'select count(*), sum(dur = 0), min(ts), max(ts + max(dur, 0)) from slice',
  counters: 'select count(distinct track_id), count(*) from counter',
  sched: 'select count(*), count(distinct cpu), min(ts), max(ts + max(dur, 0)) from sched',
  ftrace: 'select count(*) from ftrace_event',
  bounds: 'select start_ts, end_ts from trace_bounds',
  warnings: "select name, idx, severity, source, value from stats " +
      "where value > 0 and severity != 'info'",
  matched: 'select name, ts, dur from slice order by ts',
};

// Runs tp-query on FILE with the queries of PERFETTO_SQL.  Returns
// {parse_ok, parse_error, rows: {name: [row...]}, errors: [text...]}.
function tpQuery(file) {
  const bin = path.join(catapult.viewersDir(), 'tp-query');
  const names = Object.keys(PERFETTO_SQL);
  let out;
  try {
    out = execFileSync(bin, [file, ...names.map(k => PERFETTO_SQL[k])],
        {encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe']});
  } catch (e) {
    if (e.status !== 1 || !e.stdout)
      throw new Error('tp-query failed on ' + file + ': ' + (e.stderr || e.message).trim());
    out = e.stdout;    // 1: the trace was refused; the queries still answer
  }
  const r = JSON.parse(out);
  const res = {parse_ok: r.parse_ok, parse_error: r.parse_error || null, rows: {}, errors: []};
  r.queries.forEach((q, i) => {
    res.rows[names[i]] = (q.rows || []).slice(1);   // without the header row
    if (q.error) res.errors.push(names[i] + ': ' + q.error);
  });
  return res;
}

// Returns "chromium-shell VERSION" as setup.sh noted it in the viewers folder.
function chromiumVersion() {
  try {
    const v = require('fs').readFileSync(path.join(catapult.viewersDir(), 'versions'), 'utf8');
    const m = /^chromium-shell (.*)$/m.exec(v);
    return 'chromium-shell ' + (m ? m[1] : 'of unknown version');
  } catch (e) {
    return 'chromium-shell of unknown version';
  }
}

// The facts of FILE as Perfetto's trace_processor models it.  Times in ms.
function perfettoFacts(o) {
  const q = tpQuery(o.file);
  const val = v => (v === undefined || v === '[NULL]') ? null : v;
  const num = v => (val(v) === null ? null : Number(v));
  const ms = ns => (ns === null ? null : Math.round(ns / 1e3) / 1e3);
  const range = (lo, hi) => (num(lo) === null ? null : {min: ms(num(lo)), max: ms(num(hi))});
  const f = {file: o.file, viewer: 'perfetto', version: chromiumVersion(),
    ok: q.parse_ok && q.errors.length === 0};
  f.error = !q.parse_ok ? (q.parse_error || 'trace_processor refused the trace')
      : (q.errors.length ? q.errors.join('; ') : null);
  f.processes = q.rows.processes.length;
  f.process_list = q.rows.processes.map(r => ({pid: num(r[1]), name: val(r[2])}));
  f.threads = q.rows.threads.length;
  f.thread_list = q.rows.threads.map(r => ({tid: num(r[1]), name: val(r[2]), upid: num(r[3]),
    pid: num(r[4])}));
  const [sl, cn, sc] = [q.rows.slices[0] || [], q.rows.counters[0] || [], q.rows.sched[0] || []];
  f.slices = num(sl[0]);
  f.instant_slices = num(sl[1]) || 0;
  f.counters = num(cn[0]);
  f.counter_samples = num(cn[1]);
  f.cpus = num(sc[1]);
  f.cpu_slices = num(sc[0]);
  f.ftrace_events = num((q.rows.ftrace[0] || [])[0]);
  const w = q.rows.warnings.map(r => ({name: r[0], idx: val(r[1]), severity: r[2], source: r[3],
    value: num(r[4])}));
  f.import_warning_count = w.length;
  f.import_warnings = w;
  // Perfetto keeps a line it cannot read as a stat, not as a warning text
  f.line_rejections = w.filter(x => /parse_failure|unknown_line|invalid_line/.test(x.name))
      .reduce((n, x) => n + x.value, 0);
  const b = q.rows.bounds[0] || [];
  f.bounds_ms = range(b[0], b[1]);
  f.cpu_slice_range_ms = range(sc[2], sc[3]);
  f.thread_slice_range_ms = range(sl[2], sl[3]);
  f.clock_sync = {supported: false,
    note: 'trace_processor reads no clock-sync markers: JSON ph "c" and ftrace ' +
        'trace_event_clock_sync are kept as events only'};
  if (o.slices) {
    f.matched_slices = q.rows.matched.filter(r => o.slices.test(r[0]))
        .map(r => ({name: r[0], start_ms: num(r[1]) / 1e6, dur_ms: num(r[2]) / 1e6}));
  }
  return f;
}

const o = parseArgs(process.argv.slice(2));
let facts;
try {
  facts = o.engine === 'perfetto' ? perfettoFacts(o) : catapultFacts(o);
} catch (e) {
  process.stderr.write('view.js: ' + e.message + '\n');
  process.exit(2);
}
process.stdout.write(JSON.stringify(facts, null, o.pretty ? 1 : undefined) + '\n');
process.exit(facts.ok ? 0 : 1);
