/**
 * Readers for untrusted response shapes. Each takes the value and where it sits (`At`), and
 * returns the typed value or throws a ParseError naming the endpoint and the field path —
 * never a TypeError. Readers are lenient about representation (numbers as strings, snake,
 * camel or lower case keys) and strict about meaning (a counter must be an integer).
 */
import { ParseError } from './errors.js';

export type WireObject = Record<string, unknown>;

/**
 * A position inside one endpoint's response, e.g. `GET /rules/all` at `rules[3].cookie`. The
 * path text is made only when a failure reports it (65,536 rules pass through ~700,000
 * positions on every poll).
 */
export class At {
  constructor(
    readonly endpoint: string,
    private readonly parent?: At,
    private readonly step?: string | number,
  ) {}

  get path(): string {
    const { parent, step } = this;
    if (parent === undefined || step === undefined) return '';
    const before = parent.path;
    if (typeof step === 'number') return `${before}[${step}]`;
    if (/^[A-Za-z_$][\w$]*$/.test(step)) return before ? `${before}.${step}` : step;
    return `${before}[${JSON.stringify(step.length > 40 ? `${step.slice(0, 40)}…` : step)}]`;
  }

  key(name: string): At {
    return new At(this.endpoint, this, name);
  }

  index(i: number): At {
    return new At(this.endpoint, this, i);
  }

  fail(expected: string, got: unknown): never {
    throw new ParseError(this.endpoint, this.path, `expected ${expected}, got ${describe(got)}`);
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': {
      const s = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      return `the string ${JSON.stringify(s)}`;
    }
    case 'number':
    case 'bigint':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

export function isObject(value: unknown): value is WireObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const squash = (key: string) => key.replace(/[_-]/g, '').toLowerCase();

/**
 * Names and keys squashed once each: an absent field looked for compared every key of its
 * object, two new strings per key, on every answer. The readers' names and the device's keys
 * are a few hundred at most; past SQUASHED_MAX they are squashed each time, as before.
 */
const squashed = new Map<string, string>();
const SQUASHED_MAX = 1024;
/** Longer keys (no reader's name is) are not kept: the device's text, not ours to hold. */
const SQUASHED_LENGTH = 64;

function squashedOf(key: string): string {
  let s = squashed.get(key);
  if (s === undefined) {
    s = squash(key);
    if (squashed.size < SQUASHED_MAX && key.length <= SQUASHED_LENGTH) squashed.set(key, s);
  }
  return s;
}

/**
 * Own property by its snake_case name, also found as camelCase or lower case
 * (`if_name`, `ifName`, `ifname`; `ether_type` and `ethertype` are the same field).
 */
export function field(o: WireObject, name: string): unknown {
  if (Object.hasOwn(o, name)) return o[name];
  const wanted = squashedOf(name);
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) if (squashedOf(keys[i]!) === wanted) return o[keys[i]!];
  return undefined;
}

function hasField(o: WireObject, name: string): boolean {
  return field(o, name) !== undefined;
}

export function obj(value: unknown, at: At): WireObject {
  return isObject(value) ? value : at.fail('an object', value);
}

export function arr(value: unknown, at: At): unknown[] {
  return Array.isArray(value) ? value : at.fail('an array', value);
}

const missing = (v: unknown) => v === undefined || v === null;

export function str(value: unknown, at: At, fallback?: string): string {
  return readStr(value, at, undefined, fallback);
}

/**
 * The readers below take where the value sits as `at` and, for an object's field, its name
 * `step`: the field's At is made only when a failure names it (the first screen's answers
 * passed through ~1,500 fields, an At each, before the console's first frame).
 */
const place = (at: At, step: string | undefined): At => (step === undefined ? at : at.key(step));

function readStr(value: unknown, at: At, step: string | undefined, fallback?: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (missing(value) && fallback !== undefined) return fallback;
  return place(at, step).fail('a string', value);
}

const DECIMAL_INT = /^\s*[-+]?\d+\s*$/;

function int(value: unknown, at: At, step: string | undefined, fallback?: number): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'bigint' && Number.isSafeInteger(Number(value))) return Number(value);
  if (typeof value === 'string' && DECIMAL_INT.test(value)) {
    const n = Number(value);
    if (Number.isSafeInteger(n)) return n;
  }
  if (missing(value) && fallback !== undefined) return fallback;
  return place(at, step).fail('an integer', value);
}

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function num(value: unknown, at: At, step: string | undefined, fallback?: number): number {
  const n = numeric(value);
  if (n !== null) return n;
  if (missing(value) && fallback !== undefined) return fallback;
  return place(at, step).fail('a number', value);
}

/** A measured rate: a number, or null for 'n/a', '', '-' or absent. Never NaN. */
function rate(value: unknown, at: At, step: string | undefined): number | null {
  if (missing(value)) return null;
  if (typeof value === 'object' || typeof value === 'boolean')
    return place(at, step).fail('a rate', value);
  return numeric(value);
}

const BIG_INT = /^\s*(-?\d+|0x[0-9a-f]+)\s*$/i;

/** 64-bit values (cookies, counters): exact bigint from a number, bigint or digit string. */
function big(value: unknown, at: At, step: string | undefined, fallback?: bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && BIG_INT.test(value)) return BigInt(value.trim());
  if (missing(value) && fallback !== undefined) return fallback;
  return place(at, step).fail('an integer', value);
}

const NOT_MEASURED = /^\s*(n\/a|-)?\s*$/i;

/**
 * A packet or byte counter: like `big`, but 'n/a', '-', '' and absent read as 0 (the spec:
 * a value of something that has existed only briefly can be the string 'n/a').
 */
function counter(value: unknown, at: At, step: string | undefined): bigint {
  if (typeof value === 'string' && NOT_MEASURED.test(value)) return 0n;
  return big(value, at, step, 0n);
}

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

function bool(value: unknown, at: At, step: string | undefined, fallback?: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    if (TRUE.has(s)) return true;
    if (FALSE.has(s)) return false;
  }
  if (missing(value) && fallback !== undefined) return fallback;
  return place(at, step).fail('a boolean', value);
}

/** An object's fields read by name, each failure naming `endpoint` and `path.field`. */
export class Rec {
  readonly o: WireObject;
  constructor(
    value: unknown,
    readonly at: At,
  ) {
    this.o = obj(value, at);
  }
  get(name: string): unknown {
    return field(this.o, name);
  }
  has(name: string): boolean {
    return hasField(this.o, name);
  }
  str(name: string, fallback?: string): string {
    return readStr(this.get(name), this.at, name, fallback);
  }
  int(name: string, fallback?: number): number {
    return int(this.get(name), this.at, name, fallback);
  }
  num(name: string, fallback?: number): number {
    return num(this.get(name), this.at, name, fallback);
  }
  big(name: string, fallback?: bigint): bigint {
    return big(this.get(name), this.at, name, fallback);
  }
  counter(name: string): bigint {
    return counter(this.get(name), this.at, name);
  }
  bool(name: string, fallback?: boolean): boolean {
    return bool(this.get(name), this.at, name, fallback);
  }
  rate(name: string): number | null {
    return rate(this.get(name), this.at, name);
  }
  optStr(name: string): string | undefined {
    return this.has(name) ? this.str(name) : undefined;
  }
  optBool(name: string): boolean | undefined {
    return this.has(name) ? this.bool(name) : undefined;
  }
  /**
   * A list field (an array; with `allowMap` also an object keyed by name). null is an empty
   * list; absent is an empty list unless `required`.
   */
  list(name: string, options: { required?: boolean; allowMap?: boolean } = {}): Item[] {
    const value = this.get(name);
    if (value === undefined && options.required) return this.at.key(name).fail('a list', value);
    if (missing(value)) return [];
    return items(value, this.at.key(name), options.allowMap ?? false);
  }
  rec(name: string): Rec {
    return new Rec(this.get(name), this.at.key(name));
  }
  /** The list `name` (as `list` reads it), each item an object. */
  recs(name: string): Rec[] {
    return this.list(name).map((i) => new Rec(i.value, i.at));
  }
}

export interface Item {
  value: unknown;
  at: At;
  /** The map key, when the collection was an object keyed by name/id. */
  key?: string;
}

/**
 * A collection the device sends either as an array or as an object keyed by name/id
 * (the spec's samples use both). With `allowMap` false only arrays are accepted.
 */
export function items(value: unknown, at: At, allowMap = true): Item[] {
  if (Array.isArray(value)) return value.map((v, i) => ({ value: v, at: at.index(i) }));
  if (allowMap && isObject(value))
    return Object.keys(value).map((key) => ({ value: value[key], at: at.key(key), key }));
  return at.fail(allowMap ? 'an array or an object keyed by name' : 'an array', value);
}

/** Scalar → string map (app params, match fields); nested values are a shape error. */
export function stringMap(value: unknown, at: At, nullAs = ''): Record<string, string> {
  const o = obj(value, at);
  const out: Record<string, string> = {};
  for (const k of Object.keys(o)) {
    const v = readStr(o[k], at, k, nullAs);
    // a key named __proto__ is defined as data (plain assignment would set the prototype)
    if (k === '__proto__') defineOwn(out, k, v);
    else out[k] = v;
  }
  return out;
}

/** An own, enumerable data property, even for the key __proto__ (as JSON.parse makes it). */
export function defineOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Write answers: the Result text ('' for an empty body or data without a `result` text). */
export function normalizeResult(wire: unknown, endpoint: string): string {
  if (wire === null || wire === undefined) return '';
  const r = new Rec(wire, new At(endpoint));
  const v = r.get('result');
  return typeof v === 'object' && v !== null ? '' : r.str('result', '');
}
