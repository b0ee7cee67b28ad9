// SPDX-License-Identifier: GPL-2.0-or-later
// catapult.js - loads Catapult's trace importer (the code behind
// chrome://tracing and systrace's HTML) into node and imports a trace with
// it, as the viewer does when a file is opened.
//
// The importer comes from the npm package traceviewer, installed by
// setup.sh into the viewers folder (build/viewers/node_modules), or from a
// Catapult checkout given by its root folder.  Catapult's modules are HTML
// imports; the package's node bootstrap provides a loader for them, which
// is given the folders the tracing project names as its source paths.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

// The viewers folder: $TM_VIEWERS, else build/viewers at the top of the tree.
function viewersDir() {
  return process.env.TM_VIEWERS || path.resolve(__dirname, '..', '..', '..', 'build', 'viewers');
}

// Returns the root of the Catapult code to use: ROOT when given (a checkout
// or an installed package), else the package installed in the viewers folder.
function rootOf(root) {
  const r = root ? path.resolve(root) : path.join(viewersDir(), 'node_modules', 'traceviewer');
  if (!fs.existsSync(path.join(r, 'catapult_build', 'node_bootstrap.js')))
    throw new Error(r + ' holds no Catapult (run: sh scripts/deps.sh check)');
  return r;
}

// Returns a name for the Catapult code at ROOT: "traceviewer@VERSION" for
// the package, "checkout ROOT" for a Catapult checkout.
function versionOf(root) {
  const r = rootOf(root);
  try {
    const pj = JSON.parse(fs.readFileSync(path.join(r, 'package.json'), 'utf8'));
    return pj.name + '@' + pj.version;
  } catch (e) {
    return 'checkout ' + r;
  }
}

// Loads the importer and the model of the Catapult code at ROOT (see
// rootOf) into this process, once.  Returns the `tr` namespace.
let loaded = null;
function load(root) {
  if (loaded) return loaded;
  const r = rootOf(root);
  require(path.join(r, 'catapult_build', 'node_bootstrap.js'));
  const tracing = path.join(r, 'tracing');
  const third = path.join(tracing, 'third_party');
  const dirs = [tracing, third, path.join(tracing, 'tracing', 'mre'), path.join(r, 'perf_insights')];
  for (const d of ['jszip', path.join('gl-matrix', 'dist'), 'd3', 'oboe', 'pako', 'jpeg-js', 'mannwhitneyu'])
    dirs.push(path.join(third, d));
  global.HTMLImportsLoader.addArrayToSourcePath(dirs.filter(d => fs.existsSync(d)));
  for (const m of ['/tracing/importer/import.html', '/tracing/model/model.html',
    '/tracing/extras/full_config.html'])
    global.HTMLImportsLoader.loadHTML(m);
  loaded = global.tr;
  return loaded;
}

// Returns FILE's text as the viewer reads it: a gzip file is inflated
// first, as the browser's file loader does before the importer sees it.
function readText(file) {
  let data = fs.readFileSync(file);
  if (data.length > 1 && data[0] === 0x1f && data[1] === 0x8b) data = zlib.gunzipSync(data);
  return data.toString('utf8');
}

// Imports TEXT into a new model.  OPTS: shift (move the first event to 0,
// as the UI does; default false), prune (drop empty processes and threads,
// as the UI does; default true).  Returns {model, error, importers}: error
// is the message of what the importer threw (null when it finished),
// importers the names of the importers it chose.
function importText(tr, text, opts) {
  const o = opts || {};
  const model = new tr.Model();
  const io = new tr.importer.ImportOptions();
  io.shiftWorldToZero = !!o.shift;
  io.pruneEmptyContainers = o.prune !== false;
  io.showImportWarnings = false;
  const imp = new tr.importer.Import(model, io);
  const importers = [];
  const create = imp.createImporter_;
  if (typeof create === 'function') {
    imp.createImporter_ = function(...args) {
      const made = create.apply(this, args);
      if (made && made.importerName) importers.push(made.importerName);
      return made;
    };
  }
  let error = null;
  try {
    imp.importTraces([text]);
  } catch (e) {
    error = String((e && e.message) || e);
  }
  return {model, error, importers};
}

module.exports = {viewersDir, rootOf, versionOf, load, readText, importText};
