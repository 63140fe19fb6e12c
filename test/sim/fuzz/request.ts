/** A generated request, and the methods, headers and parameters that probe the parsers. */
import type { Rng } from './rng.js';

export interface FuzzReq {
  kind: string;
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** On its own connection: the server may close it (parser errors, 413, 431). */
  fresh?: boolean;
  /** For a plain POST /rules: the rule that must be listed once the device said OK. */
  adds?: { priority: number; match: Record<string, string> };
}

export const STANDARD = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
// CONNECT is left out: Node's HTTP server hands it to a 'connect' listener and never answers.
export const BOGUS_METHODS = [
  'FOO',
  'get',
  'Post',
  'X',
  'PROPFIND',
  'TRACE',
  'PURGE',
  'M-SEARCH',
  'QUERY',
  'LOCK',
];
export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/merge-patch+json',
  'application/json; charset=utf-16',
  '',
];
export const OVERRIDES = [
  'PUT',
  'DELETE',
  'put',
  ' delete ',
  'GET',
  'POST',
  'PATCH',
  'HEAD',
  ' ',
  'PUT, DELETE',
  'PUT\tDELETE',
  'DELETE\u00ff',
  '__proto__',
  'x'.repeat(4000),
];

export const BRACKETS = [
  'match[in_port]=1',
  'match[in_port][]=1',
  'match[in_port][x]=1',
  'match[][]=',
  'a[][]=',
  'a[b][c][d][e][f][g]=1',
  'match[a][b][c][d][e]=1',
  '__proto__[x]=1',
  '__proto__[polluted]=yes',
  'constructor[prototype][x]=1',
  'constructor[prototype][polluted]=1',
  'match[__proto__][x]=1',
  'match[constructor][prototype][polluted]=1',
  '__proto__=1',
  'x[0]=a&x[1]=b',
  'x[1001]=a',
  'x[]=a&x=b',
  'x=a&x=b',
  'match=1',
  'match[]=in_port',
  'match[in_port]=1&match=2',
  'priority[]=1',
  'priority[a]=1',
  'actions[]=output:2&actions[]=drop',
  'actions[0][x]=1',
  '[]=1',
  '[x]=1',
  ']=1',
  '[=1',
  'a[=1',
  'a]=1',
  '%5B%5D=1',
  'match%5Bin_port%5D=1',
  '=',
  '&&&',
  'a=%',
  'a=%zz',
  'a=%ff',
  'a==b',
  'hasOwnProperty=1',
  'toString[x]=1',
  'valueOf=1',
  'username[]=admin&password[]=admin',
  'username[a]=admin',
  '1[type]=select&1[buckets][0][actions]=output:9',
  '1[buckets][0][__proto__][x]=1',
  'rule_save_point_names[]=a&rule_save_point_names[][x]=1',
  'match[in_port]=1&match[tcp]&match[tcp_dst]=80',
  'a[b]=1&a=2',
  'a=1&a[b]=2',
  'a[999999999]=1',
  'a[-1]=1',
  'a[0x1]=1',
  'a.b=1',
  'a[b.c]=1',
];

export function randomBracketKey(r: Rng): string {
  let k = r.pick([
    'match',
    'a',
    '__proto__',
    'constructor',
    'prototype',
    'x',
    '',
    'actions',
    'priority',
  ]);
  for (let i = r.int(0, 8); i > 0; i--)
    k += `[${r.pick(['', '0', 'x', '__proto__', 'prototype', 'constructor', 'in_port', '[', String(r.int(0, 2000))])}]`;
  return k;
}
