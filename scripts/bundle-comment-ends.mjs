// The bundle's programs without the end of a comment in them (scripts/bundle-carry.mjs): the
// bundle carries each program in a block comment, so a `*/` in its text must be written some
// other way, and the loader then has to undo that at every start — a copy of the whole program
// (0.9 MB for pbc's, 0.5 MB for the console's vendor program) where a program without `*/`
// is compiled as the slice of the bundle's text it is (docs/performance.md, "The bundle's
// programs as they are carried"). esbuild's minified output holds `*/` where a regular
// expression ends with a star (`/:\s*/`), or in a string or a template literal: these are
// written here with the same meaning and no `*/` — a regular expression's end as `*(?:)/` (an
// empty group matches the empty string, wherever it stands), a `/` after a star inside it, a
// string or an untagged template as `\/` (the same character). Any other `*/` (a comment, a
// tagged template, whose tag may read the raw text, `a*/re/` across two tokens) is left as it
// is, for the bundle's escape to carry.
import ts from 'typescript';

const END = '*/';

// the positions of every star of an end of a comment (END) in `text`
function endsIn(text) {
  const at = [];
  for (let i = text.indexOf(END); i !== -1; i = text.indexOf(END, i + 1)) at.push(i);
  return at;
}

const K = ts.SyntaxKind;
const TEMPLATE_PARTS = new Set([
  K.NoSubstitutionTemplateLiteral,
  K.TemplateHead,
  K.TemplateMiddle,
  K.TemplateTail,
]);

// whether a template part (its ancestors `up`, nearest last) belongs to a tagged template,
// whose tag sees the raw text: `\/` is `/` only for an untagged one
function tagged(up) {
  const template = up.findLast((n) => n.kind !== K.TemplateSpan && n.kind !== K.TemplateExpression);
  return template?.kind === K.TaggedTemplateExpression;
}

// the literal tokens of `file` that hold an END wholly and can be written without it, as
// [node, start]
function literalsHolding(file, at) {
  const found = [];
  const inside = (lo, hi) => at.some((p) => p >= lo && p + END.length <= hi);
  const up = [];
  const visit = (node) => {
    if (!inside(node.pos, node.end)) return;
    const kind = node.kind;
    const template = TEMPLATE_PARTS.has(kind);
    if (kind === K.RegularExpressionLiteral || kind === K.StringLiteral || template) {
      const start = node.getStart(file);
      if (inside(start, node.end) && !(template && tagged(up))) found.push([node, start]);
      return;
    }
    up.push(node);
    ts.forEachChild(node, visit);
    up.pop();
  };
  visit(file);
  return found;
}

// a literal's text (a regular expression, a string, part of an untagged template) with the
// same meaning and no END
function rewritten(node, text) {
  if (node.kind !== K.RegularExpressionLiteral) return text.replaceAll(END, '*\\/');
  // `/body/flags`: an unescaped `/` stands in the body only inside a class (`[*/]`)
  const close = text.lastIndexOf('/');
  const body = text.slice(1, close).replaceAll(END, '*\\/');
  return `/${body.endsWith('*') ? `${body}(?:)` : body}${text.slice(close)}`;
}

// `program` (JavaScript) with every END in a regular expression or a string written without one
export function withoutCommentEnds(program) {
  const at = endsIn(program);
  if (at.length === 0) return program;
  const file = ts.createSourceFile(
    'program.js',
    program,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.JS,
  );
  let out = '';
  let from = 0;
  for (const [node, start] of literalsHolding(file, at).sort((a, b) => a[1] - b[1])) {
    out += program.slice(from, start) + rewritten(node, program.slice(start, node.end));
    from = node.end;
  }
  return out + program.slice(from);
}
