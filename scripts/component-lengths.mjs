// How long each React component function of src/screens and src/tui is (issue 28: none over
// ~120 lines; a screen grows by a state reducer, a hook or a sub-view beside it, not by a
// longer function). A component: a function whose name is PascalCase, declared as
// `function Name` or `const Name = (…) =>` / `function (…)` / `memo(…)`, in a .tsx file.
// `node scripts/component-lengths.mjs [limit]` prints every component over the limit (all with
// limit 0), longest first; exit 1 when one is over. test/lint/component-length.test.ts holds
// the tree to LIMIT.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const LIMIT = 120;
export const FOLDERS = ['src/screens', 'src/tui'];

const PASCAL = /^[A-Z][A-Za-z0-9]*$/;

/** The function a `const Name = …` initializer holds (through memo(…)/forwardRef(…)), if any. */
function functionOf(init) {
  if (!init) return undefined;
  if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
  if (ts.isCallExpression(init))
    for (const a of init.arguments) if (functionOf(a)) return functionOf(a);
  return undefined;
}

/** Each PascalCase function in one file's text, with its first line and its length in lines. */
export function componentsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out = [];
  const add = (name, fn) => {
    const start = source.getLineAndCharacterOfPosition(fn.getStart(source)).line + 1;
    const end = source.getLineAndCharacterOfPosition(fn.getEnd()).line + 1;
    out.push({ file, name, line: start, lines: end - start + 1 });
  };
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name && PASCAL.test(node.name.text) && node.body)
      add(node.name.text, node);
    else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      PASCAL.test(node.name.text)
    ) {
      const fn = functionOf(node.initializer);
      if (fn) add(node.name.text, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function filesUnder(dir) {
  const out = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (n.endsWith('.tsx') && !n.includes('.test.')) out.push(p);
  }
  return out;
}

/** Every component of the folders under root, longest first. */
export function componentLengths(root, folders = FOLDERS) {
  const all = [];
  for (const f of folders)
    for (const file of filesUnder(join(root, f)))
      all.push(...componentsOf(relative(root, file), readFileSync(file, 'utf8')));
  return all.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const limit = process.argv[2] === undefined ? LIMIT : Number(process.argv[2]);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const over = componentLengths(root).filter((c) => c.lines > limit);
  for (const c of over)
    console.log(`${String(c.lines).padStart(4)}  ${c.name}  ${c.file}:${c.line}`);
  process.exit(limit > 0 && over.length > 0 ? 1 : 0);
}
