/**
 * A JSON-ish value model that can say what JSON.stringify cannot (numbers beyond 2^64, keys
 * such as __proto__), and its encodings: JSON text and qs-style form pairs.
 */
import type { Rng } from './rng.js';

/** A JSON number written verbatim (beyond 2^64, 1e400, -0 …). */
export class Num {
  constructor(readonly text: string) {}
}
/** An object as ordered entries: keys such as __proto__ stay plain keys. */
export class Obj {
  constructor(readonly entries: [string, Val][] = []) {}
}
export type Val = string | number | boolean | null | Num | Obj | Val[];

export const obj = (o: Record<string, Val>) => new Obj(Object.entries(o));

export function toJson(v: Val): string {
  if (v instanceof Num) return v.text;
  if (v instanceof Obj)
    return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  return JSON.stringify(v);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encodes UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function pct(s: string, keepBrackets = false): string {
  const wellFormed = s.replace(LONE_SURROGATE, '\ufffd');
  const out = encodeURIComponent(wellFormed);
  return keepBrackets ? out.replace(/%5B/g, '[').replace(/%5D/g, ']') : out;
}

/** qs-style pairs: a[b]=1, a[]=x or a[0]=x. */
function pairs(prefix: string, v: Val, indexed: boolean): [string, string][] {
  const sub = (k: string) => (prefix === '' ? k : `${prefix}[${k}]`);
  if (v instanceof Obj) return v.entries.flatMap(([k, x]) => pairs(sub(k), x, indexed));
  if (Array.isArray(v))
    return v.flatMap((x, i) => pairs(`${prefix}[${indexed ? i : ''}]`, x, indexed));
  if (v instanceof Num) return [[prefix, v.text]];
  return [[prefix, v === null ? '' : String(v)]];
}

export function formEncode(v: Obj, r: Rng): string {
  const rawBrackets = r.chance(0.5);
  return pairs('', v, r.chance(0.3))
    .map(([k, x]) => `${pct(k, rawBrackets)}=${pct(x)}`)
    .join('&');
}
