/**
 * Request parameters as the device reads them: query string and body merged (body wins),
 * bracket syntax already expanded by qs, JSON bodies equivalent to form bodies. Names are
 * looked up as given and in their camelCase / lower-case variants, as the spec allows.
 */
import { badRequest } from './errors.js';

export type Raw = Record<string, unknown>;

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
    if (!/^-?\d+$/.test(s.trim())) throw badRequest(`parameter '${name}' must be an integer, got '${s}'`);
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
      if (x !== null && typeof x === 'object') throw badRequest(`items of '${name}' must be strings`);
      return String(x);
    });
  }
}
