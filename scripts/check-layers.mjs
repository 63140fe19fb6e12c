// The layer rule of docs/architecture.md, checked: every import in src/ (static, type-only,
// re-export, side-effect, dynamic) against the folder order and the extra rules, and import
// cycles between files or between sub-folders of a layer. Run by `npm run lint`;
// `node scripts/check-layers.mjs [root]` checks another tree (the tests use fixtures).
// Exit 1 with one line per violation, 0 with nothing printed when the tree obeys.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Known breaks, as exact `importer → imported` pairs relative to the repository: none left
 * (issue 14 removed the last). An entry that no longer occurs fails as stale, so the list
 * can only shrink; do not add to it — fix the import.
 */
/** @type {string[]} */
export const EXCEPTIONS = [];

/** Each folder of src/ may import only folders listed before it (and itself). */
export const LAYERS = [
  'model',
  'config',
  'api',
  'tcam',
  'traffic',
  'sim',
  'store',
  'ops',
  'guard',
  'exporter',
  'commands',
  'widgets',
  'screens',
  'tui',
  'cli',
];

/** Imports the order allows but the design does not: importer layer → forbidden layers. */
export const FORBIDDEN = {
  widgets: ['api'],
  screens: ['api'],
  commands: ['tui'],
};

const CODE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

function walk(dir) {
  let out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(walk(path));
    else if (CODE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every module specifier a file names: static, type-only, re-exports, dynamic, side effect. */
export function importsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (`./x.js` → x.ts or x.tsx, `./d` → d/index.ts). */
function resolveSpecifier(fromFile, spec) {
  const base = resolve(dirname(fromFile), spec);
  const stem = base.replace(/\.(js|jsx|mjs|ts|tsx)$/, '');
  const candidates = [
    `${stem}.ts`,
    `${stem}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
    base,
  ];
  for (const c of candidates) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {}
  }
  return undefined;
}

/** `model`, …, `tui` for a folder of src/, `cli` for src/cli.ts. */
function layerOf(srcRel) {
  const parts = srcRel.split('/');
  if (parts.length === 1) return parts[0] === 'cli.ts' ? 'cli' : undefined;
  return LAYERS.includes(parts[0]) ? parts[0] : undefined;
}

function ruleBreak(from, to) {
  if (FORBIDDEN[from]?.includes(to)) return `${from} may not import ${to}`;
  if (LAYERS.indexOf(to) > LAYERS.indexOf(from))
    return `${from} may not import ${to} (${to} comes after ${from})`;
  return undefined;
}

/** The import cycles among `edges` (file → files), each as one chain `a → b → a`. */
export function cyclesOf(edges) {
  // Tarjan's strongly connected components; each component of more than one file (or a
  // file importing itself) holds at least one cycle, reported once through its first file.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const strong = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) strong(v);

  const chains = [];
  for (const component of components) {
    const members = new Set(component);
    const start = [...members].sort()[0];
    if (members.size === 1 && !(edges.get(start) ?? []).includes(start)) continue;
    // Shortest way from start back to start inside the component (breadth first).
    const previous = new Map();
    const queue = [start];
    let found = false;
    while (queue.length > 0 && !found) {
      const v = queue.shift();
      for (const w of [...(edges.get(v) ?? [])].sort()) {
        if (!members.has(w)) continue;
        if (w === start) {
          previous.set(start, v);
          found = true;
          break;
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    const chain = [start];
    for (let v = previous.get(start); v !== start; v = previous.get(v)) chain.unshift(v);
    chain.unshift(start);
    chains.push(chain);
  }
  return chains.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The unit a file belongs to for folder cycles: its sub-folder of a layer, else the file. */
function unitOf(file) {
  const parts = file.split('/');
  return parts.length > 3 ? `${parts.slice(0, 3).join('/')}/` : file;
}

/**
 * Cycles between sub-folders and loose files of src/ (a folder counts as one node). Tests
 * are left out: a test beside a module may use the module's own users.
 */
function folderCycles(edges) {
  const units = new Map();
  const example = new Map();
  for (const [from, tos] of edges) {
    if (TEST.test(from)) continue;
    const a = unitOf(from);
    if (!units.has(a)) units.set(a, new Set());
    for (const to of tos) {
      const b = unitOf(to);
      if (a === b) continue;
      units.get(a).add(b);
      if (!example.has(`${a} ${b}`)) example.set(`${a} ${b}`, `${from} imports ${to}`);
    }
  }
  const lines = [];
  for (const chain of cyclesOf(new Map([...units].map(([k, v]) => [k, [...v]])))) {
    if (!chain.some((u) => u.endsWith('/'))) continue; // a cycle of files: reported as such
    const how = chain.slice(1).map((u, i) => example.get(`${chain[i]} ${u}`));
    lines.push(`import cycle: ${chain.join(' → ')} (${how.join('; ')})`);
  }
  return lines;
}

/**
 * Checks the tree at `root` (a folder holding src/). Test files (*.test.ts[x]) obey the same
 * order as the code beside them, and may also import test/ helpers; other code may not
 * import anything outside src/. Returns the violation lines, sorted.
 */
export function checkLayers(root, exceptions = EXCEPTIONS) {
  const rel = (p) => relative(root, p).split(sep).join('/');
  const breaks = [];
  const edges = new Map();
  const seen = new Set();
  for (const file of walk(join(root, 'src'))) {
    const from = rel(file);
    const fromLayer = layerOf(from.slice('src/'.length));
    if (!fromLayer) breaks.push(`${from} is in no layer (the layers: ${LAYERS.join(', ')})`);
    const isTest = TEST.test(file);
    const targets = new Set();
    for (const spec of importsOf(file, readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolveSpecifier(file, spec);
      if (target === undefined) {
        breaks.push(`${from} imports ${spec}: no such file`);
        continue;
      }
      const to = rel(target);
      if (!to.startsWith('src/')) {
        if (!(isTest && to.startsWith('test/')))
          breaks.push(
            `${from} imports ${to}: ${isTest ? 'a test may import only src/ and test/' : 'code in src/ may not import outside src/'}`,
          );
        continue;
      }
      targets.add(to);
      const toLayer = layerOf(to.slice('src/'.length));
      if (!fromLayer) continue;
      const why = toLayer ? ruleBreak(fromLayer, toLayer) : `${to} is in no layer`;
      if (!why) continue;
      const pair = `${from} → ${to}`;
      if (exceptions.includes(pair)) seen.add(pair);
      else breaks.push(`${from} imports ${to}: ${why}`);
    }
    edges.set(from, [...targets]);
  }
  for (const pair of exceptions)
    if (!seen.has(pair)) breaks.push(`stale exception: ${pair} — remove it from EXCEPTIONS`);
  for (const chain of cyclesOf(edges)) breaks.push(`import cycle: ${chain.join(' → ')}`);
  breaks.push(...folderCycles(edges));
  return [...new Set(breaks)].sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
  const root = resolve(process.argv[2] ?? repo);
  // EXCEPTIONS name this repository's files; another tree is checked without them.
  const breaks = checkLayers(root, root === resolve(repo) ? EXCEPTIONS : []);
  for (const line of breaks) console.log(line);
  if (breaks.length > 0) {
    console.log(
      `${breaks.length} layer ${breaks.length === 1 ? 'violation' : 'violations'} (the order: docs/architecture.md)`,
    );
    process.exit(1);
  }
}
