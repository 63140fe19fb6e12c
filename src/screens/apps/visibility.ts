/**
 * The visibility rule of an app parameter (the fifth paramFormat entry) is JavaScript the
 * device's web UI evaluates. pbc never runs device-supplied code: it understands simple
 * expressions — comparisons of `params.x` (or `params['x']`) with string, number and
 * boolean literals, joined by && and ||, with ! and parentheses — and evaluates them as
 * JavaScript would. Anything else counts as "not understood": the field is shown.
 */

type Token =
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'id'; v: string }
  | { t: 'op'; v: string };

const OPS = ['===', '!==', '==', '!=', '&&', '||', '!', '(', ')', '.', '[', ']'];

function tokenize(src: string): Token[] | null {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      let v = '';
      i++;
      while (i < src.length && src[i] !== c) {
        if (src[i] === '\\' && i + 1 < src.length) i++;
        v += src[i];
        i++;
      }
      if (i >= src.length) return null;
      i++;
      out.push({ t: 'str', v });
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(src.slice(i));
    if (num && !(out.at(-1)?.t === 'id')) {
      out.push({ t: 'num', v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_$][\w$]*/.exec(src.slice(i));
    if (id) {
      out.push({ t: 'id', v: id[0] });
      i += id[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) return null;
    out.push({ t: 'op', v: op });
    i += op.length;
  }
  return out;
}

type Value = string | number | boolean | undefined;

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly params: Record<string, string>,
  ) {}

  parse(): Value {
    const v = this.or();
    if (this.at !== this.tokens.length) throw new Error('trailing input');
    return v;
  }

  private peek(v: string): boolean {
    const t = this.tokens[this.at];
    return t?.t === 'op' && t.v === v;
  }

  private take(v: string): void {
    if (!this.peek(v)) throw new Error(`expected ${v}`);
    this.at++;
  }

  private or(): Value {
    let left = this.and();
    while (this.peek('||')) {
      this.at++;
      const right = this.and();
      left = left || right;
    }
    return left;
  }

  private and(): Value {
    let left = this.unary();
    while (this.peek('&&')) {
      this.at++;
      const right = this.unary();
      left = left && right;
    }
    return left;
  }

  private unary(): Value {
    if (this.peek('!')) {
      this.at++;
      return !this.unary();
    }
    const left = this.operand();
    for (const op of ['===', '!==', '==', '!=']) {
      if (!this.peek(op)) continue;
      this.at++;
      const right = this.operand();
      // biome-ignore lint/suspicious/noDoubleEquals: evaluates the device's JavaScript as written
      const loose = left == right;
      if (op === '===') return left === right;
      if (op === '!==') return left !== right;
      return op === '==' ? loose : !loose;
    }
    return left;
  }

  private operand(): Value {
    const t = this.tokens[this.at];
    if (!t) throw new Error('unexpected end');
    if (t.t === 'op' && t.v === '(') {
      this.at++;
      const v = this.or();
      this.take(')');
      return v;
    }
    this.at++;
    if (t.t === 'str' || t.t === 'num') return t.v;
    if (t.t === 'id') {
      if (t.v === 'true') return true;
      if (t.v === 'false') return false;
      if (t.v !== 'params') throw new Error(`unknown name ${t.v}`);
      if (this.peek('.')) {
        this.at++;
        const name = this.tokens[this.at];
        if (name?.t !== 'id') throw new Error('expected a parameter name');
        this.at++;
        return Object.hasOwn(this.params, name.v) ? this.params[name.v] : undefined;
      }
      this.take('[');
      const key = this.tokens[this.at];
      if (key?.t !== 'str') throw new Error('expected a quoted parameter name');
      this.at++;
      this.take(']');
      return Object.hasOwn(this.params, key.v) ? this.params[key.v] : undefined;
    }
    throw new Error(`unexpected ${t.v}`);
  }
}

/**
 * true/false for an expression pbc understands; null when it does not (the caller shows
 * the field). An empty rule means always visible.
 */
export function evaluateVisibility(
  expression: string,
  params: Record<string, string>,
): boolean | null {
  const src = expression.trim();
  if (src === '') return true;
  const tokens = tokenize(src);
  if (!tokens) return null;
  try {
    return Boolean(new Parser(tokens, params).parse());
  } catch {
    return null;
  }
}
