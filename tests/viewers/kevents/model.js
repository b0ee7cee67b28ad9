#!/usr/bin/env node
// SPDX-License-Identifier: GPL-2.0-or-later
// model.js - load a trace with the Catapult importer (the harness's
// catapult.js) and print, as one JSON line, what --kernel-as is checked on:
//   atrace_slices    thread slices from atrace B/E (text: category "android",
//                    the importer's default; events: category "atrace")
//   async_slices     top-level async slices from atrace S/F (not G/H: the
//                    text importer knows no track slices)
//   counter_samples  samples of process counters from atrace C
//   cpu_us           per tid: CPU running time in µs from the CPU slices
//                    (text: model.kernel.cpus; events: "sched" X slices of
//                    the "CPUs" process), rounded to 0.001 µs
//   import_warnings  the importer's warnings (first_warnings: the first 3)
// or, in mode threads, {ok, error, threads: {pid: [tid, ...]}}: every thread
// of every process as the model holds them (empty ones kept: the UI prunes
// those, the model made them all the same)
// or, in mode fidelity (tests/viewers/fidelity.sh), {ok, error, threads (as in
// threads, without process 0), kernel_threads: the names of process 0's
// threads (the importer's pseudo threads, "irqs cpu 1" and the like:
// pseudoKernelPID 0, tids counted from 1, not the trace's tids), sched:
// CPU slices of model.kernel.cpus, slices: {title: count} of thread and
// async slices (sub-slices included), counters: {name: samples} of
// process and CPU counters, "pid/name" and "cpu N/name"}
// usage: node model.js VIEWERS_DIR text|events|threads|fidelity FILE
'use strict';
const path = require('path');
const [vc, mode, file] = process.argv.slice(2);
process.env.TM_VIEWERS = path.resolve(vc);
const catapult = require('../harness/catapult.js');
const tr = catapult.load();
const {model, error} = catapult.importText(tr, catapult.readText(file),
    {prune: mode !== 'threads' && mode !== 'fidelity'});
const threads = {};
for (const p of Object.values(model.processes || {}))
  threads[p.pid] = Object.values(p.threads || {}).map(t => t.tid).sort((a, b) => a - b);
if (mode === 'threads') {
  process.stdout.write(JSON.stringify({ok: error === null, error, threads}) + '\n');
  process.exit(0);
}
if (mode === 'fidelity') {
  const kernel_threads = Object.values((model.processes[0] || {}).threads || {}).map(t => t.name).sort();
  delete threads[0];
  const fi = {ok: error === null, error, threads, kernel_threads, sched: 0, slices: {}, counters: {}};
  const count = (o, k, n) => { o[k] = (o[k] || 0) + n; };
  const samples = (pre, cs) => {
    for (const c of Object.values(cs || {}))
      for (const s of c.series) count(fi.counters, pre + c.name + (c.series.length > 1 ? '/' + s.name : ''), s.samples.length);
  };
  for (const p of Object.values(model.processes || {})) {
    for (const t of Object.values(p.threads || {})) {
      for (const s of t.sliceGroup.slices) count(fi.slices, s.title, 1);
      for (const s of (t.asyncSliceGroup.slices || [])) {
        count(fi.slices, s.title, 1);
        for (const c of (s.subSlices || [])) count(fi.slices, c.title, 1);
      }
    }
    samples(p.pid + '/', p.counters);
  }
  for (const c of Object.values((model.kernel && model.kernel.cpus) || {})) {
    fi.sched += c.slices.length;
    samples('cpu ' + c.cpuNumber + '/', c.counters);
  }
  process.stdout.write(JSON.stringify(fi) + '\n');
  process.exit(0);
}

const CPU_PID = 2100000000;
const st = {ok: error === null, error, atrace_slices: 0, async_slices: 0,
  counter_samples: 0, cpu_us: {}, import_warnings: (model.importWarnings || []).length,
  first_warnings: (model.importWarnings || []).slice(0, 3).map(w => String(w.message || w))};
const add = (tid, ms) => { st.cpu_us[tid] = (st.cpu_us[tid] || 0) + ms * 1000; };
for (const p of Object.values(model.processes || {})) {
  for (const t of Object.values(p.threads || {})) {
    for (const s of t.sliceGroup.slices) {
      if (s.category === (mode === 'text' ? 'android' : 'atrace')) st.atrace_slices++;
      if (mode === 'events' && p.pid === CPU_PID && s.category === 'sched' && !s.didNotFinish)
        add(s.args.tid, s.duration);   // open at the end: the text model has none
    }
    for (const s of (t.asyncSliceGroup.slices || []))   // S/F; G/H (args.track): Catapult's text importer has none
      if (mode === 'text' || (s.category === 'atrace' && !(s.args && s.args.track))) st.async_slices++;
  }
  for (const c of Object.values(p.counters || {}))
    if (mode === 'text' || c.category === 'atrace')
      for (const s of c.series) st.counter_samples += s.samples.length;
}
if (mode === 'text')
  for (const c of Object.values((model.kernel && model.kernel.cpus) || {}))
    for (const s of c.slices) add(s.args.tid, s.duration);
for (const k of Object.keys(st.cpu_us)) st.cpu_us[k] = Math.round(st.cpu_us[k] * 1000) / 1000;
process.stdout.write(JSON.stringify(st) + '\n');
