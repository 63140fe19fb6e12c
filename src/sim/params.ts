/**
 * Request parameters as the device reads them: query string and body merged (body wins),
 * bracket syntax already expanded by qs, JSON bodies equivalent to form bodies. Names are
 * looked up as given and in their camelCase / lower-case variants, as the spec allows.
 */
import qs from 'qs';
import { badRequest } from './errors.js';

export type Raw = Record<string, unknown>;

/**
 * Query strings and form bodies. plainObjects: qs keeps names such as `constructor` or
 * `toString` (by default it drops them silently, so `match[constructor]=1` became a
 * match-all rule) in null-prototype objects, which are copied into ordinary ones here.
 * qs drops `__proto__` even so; a marker keeps it visible to reservedName().
 */
const QS_OPTIONS = {
  depth: 3,
  arrayLimit: 1000,
  parameterLimit: 2000,
  allowDots: false,
  plainObjects: true,
} as const;

export function parseQuery(text: string): Raw {
  const out = ordinary(qs.parse(text, QS_OPTIONS)) as Raw;
  if (text.includes('proto') && text.split('&').some(isProtoKey))
    Object.defineProperty(out, '__proto__', {
      value: '',
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** Whether the name of `name=value` is __proto__ or has a [__proto__] part (as qs reads it). */
function isProtoKey(pair: string): boolean {
  const eq = pair.indexOf('=');
  const key = (eq < 0 ? pair : pair.slice(0, eq))
    .replace(/\+/g, ' ')
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return /(^|\[)__proto__(\]|\[|$)/.test(key);
}

/** A copy made of ordinary objects and arrays; every key stays an own data property. */
function ordinary(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordinary);
  if (value === null || typeof value !== 'object') return value;
  const out: Raw = {};
  for (const k of Object.keys(value))
    Object.defineProperty(out, k, {
      value: ordinary((value as Raw)[k]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

const RESERVED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Fix (found by test/sim/fuzz.test.ts): the first parameter name, at any depth, that is a
 * member of Object.prototype (`__proto__`, `constructor`, `toString`, `valueOf` …). Such
 * names are refused: a JSON body keeps them as own keys, and `{"type":{"toString":1}}`
 * made String() throw (a 500), while `{"match":{"__proto__":"1"}}` lost the key and added
 * a match-all rule. Iterative, since JSON bodies may nest deeply.
 */
export function reservedName(value: unknown): string | undefined {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    for (const k of Object.keys(v)) {
      if (RESERVED_NAMES.has(k)) return k;
      stack.push((v as Raw)[k]);
    }
  }
  return undefined;
}

function variants(name: string): string[] {
  const camel = name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const lower = name.replace(/_/g, '').toLowerCase();
  return [...new Set([name, camel, lower, name.toLowerCase()])];
}

const TRUE = new Set(['true', '1', 'on', 'yes']);
const FALSE = new Set(['false', '0', 'off', 'no']);

export class Params {
  constructor(readonly raw: Raw) {}

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  get(name: string): unknown {
    for (const v of variants(name)) {
      if (Object.hasOwn(this.raw, v)) return this.raw[v];
    }
    return undefined;
  }

  /** A scalar parameter as a string; objects and arrays are a 400. */
  str(name: string): string | undefined {
    const v = this.get(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
    throw badRequest(`parameter '${name}' must be a single value`);
  }

  requireStr(name: string): string {
    const v = this.str(name);
    if (v === undefined) throw badRequest(`missing parameter '${name}'`);
    return v;
  }

  /** A non-empty string parameter. */
  requireName(name: string): string {
    const v = this.requireStr(name).trim();
    if (v === '') throw badRequest(`parameter '${name}' must not be empty`);
    return v;
  }

  bool(name: string): boolean | undefined {
    const v = this.get(name);
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'boolean') return v;
    const s = String(v).toLowerCase();
    if (TRUE.has(s)) return true;
    if (FALSE.has(s)) return false;
    throw badRequest(`parameter '${name}' must be true or false, got '${String(v)}'`);
  }

  requireBool(name: string): boolean {
    const v = this.bool(name);
    if (v === undefined) throw badRequest(`missing parameter '${name}' (true or false)`);
    return v;
  }

  int(name: string, lo: number, hi: number): number | undefined {
    const s = this.str(name);
    if (s === undefined || s.trim() === '') return undefined;
    if (!/^-?\d+$/.test(s.trim()))
      throw badRequest(`parameter '${name}' must be an integer, got '${s}'`);
    const n = Number(s);
    if (n < lo || n > hi) throw badRequest(`parameter '${name}' must be ${lo}..${hi}, got ${s}`);
    return n;
  }

  requireInt(name: string, lo: number, hi: number): number {
    const v = this.int(name, lo, hi);
    if (v === undefined) throw badRequest(`missing parameter '${name}'`);
    return v;
  }

  /** An object parameter such as match[in_port]=1 → {in_port:'1'}; values become strings. */
  record(name: string): Record<string, string> | undefined {
    const v = this.get(name);
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'object' || Array.isArray(v))
      throw badRequest(`parameter '${name}' must be a map, e.g. ${name}[field]=value`);
    const out: Record<string, string> = {};
    for (const [k, val] of Object.entries(v as Raw)) {
      if (val === null || val === undefined) out[k] = '';
      else if (typeof val === 'object') throw badRequest(`${name}[${k}] must be a single value`);
      else out[k] = String(val);
    }
    return out;
  }

  /**
   * A list parameter: x[]=a&x[]=b, a JSON array, a JSON-encoded array string
   * (?x=["a","b"]) as existing clients send, or a single value.
   */
  list(name: string): string[] | undefined {
    const v = this.get(name);
    if (v === undefined || v === null || v === '') return undefined;
    let arr: unknown = v;
    if (typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        arr = JSON.parse(v);
      } catch {
        throw badRequest(`parameter '${name}' is not a valid JSON array`);
      }
    }
    if (!Array.isArray(arr)) {
      if (typeof arr === 'object') arr = Object.values(arr as Raw);
      else return [String(arr)];
    }
    return (arr as unknown[]).map((x) => {
      if (x !== null && typeof x === 'object')
        throw badRequest(`items of '${name}' must be strings`);
      return String(x);
    });
  }
}
