/** Request i of a run: generated from hash32(seed, i) alone, so a seed replays the same run. */
import { hash32 } from '../../../src/sim/prng.js';
import { bigStringRequest, jsonRequest } from './body-requests.js';
import {
  bracketRequest,
  hugeQueryRequest,
  overrideRequest,
  randomMethodRequest,
} from './odd-requests.js';
import { type FuzzReq, STANDARD } from './request.js';
import { Rng } from './rng.js';
import { routeRequest } from './route-request.js';

export function generate(seed: number, i: number, inUacBatch: boolean): FuzzReq {
  const q = generateRaw(seed, i, inUacBatch);
  q.fresh ||=
    !STANDARD.includes(q.method) || /[^\x21-\x7e]/.test(q.target) || q.target.length > 12_000;
  return q;
}

function generateRaw(seed: number, i: number, inUacBatch: boolean): FuzzReq {
  const r = new Rng(hash32(seed, i, 0x5eed));
  const make = r.weighted<(r: Rng, u: boolean) => FuzzReq>([
    [routeRequest, 52],
    [randomMethodRequest, 14],
    [bracketRequest, 10],
    [jsonRequest, 10],
    [overrideRequest, 8],
    [hugeQueryRequest, 2],
    [bigStringRequest, 0.4],
  ]);
  return make(r, inUacBatch);
}
