/**
 * A fleet write that was sent and got no answer (it timed out, or the connection was reset
 * after sending): the device may or may not have applied it. Its status is `unknown`, never
 * `not reached` (nothing sent), and the summary says which read shows what happened.
 */
import { ConnectionError, TimeoutError } from '../api/errors.js';
import { TARGETS } from './get.js';

/** True when the write may have reached the device: sent, and no answer came back. */
export function unanswered(error: unknown): boolean {
  return (
    error instanceof TimeoutError || (error instanceof ConnectionError && error.kind === 'reset')
  );
}

/** The command that shows whether `endpoint` (e.g. `POST /device/idled`) took effect. */
export function checkCommand(context: string, endpoint: string): string {
  const path = endpoint.split(' ')[1]?.split('?')[0] ?? '';
  const exact = TARGETS.find((t) => t.endpoints.split(/,\s*/).includes(`GET ${path}`));
  const parent = path.split('/').slice(0, 2).join('/');
  const near = exact ?? TARGETS.find((t) => t.endpoints.startsWith(`GET ${parent}`));
  const ctx = /^[\w.-]+$/.test(context) ? context : `'${context.replace(/'/g, `'\\''`)}'`;
  return near ? `pbc --context ${ctx} get ${near.name}` : `pbc --context ${ctx} journal`;
}

/** The summary's detail for an unknown outcome: the error, what it means, how to check. */
export function doubtDetail(context: string, endpoint: string, error: string): string {
  const sent = error.startsWith(endpoint) ? '' : `${endpoint}: `;
  return `${sent}${error} — it was sent, so it may have been applied; check with: ${checkCommand(context, endpoint)}`;
}
