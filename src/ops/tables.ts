/**
 * Every operation table, by family, and every kind of write with its endpoint and state
 * reader (the families' kind tables). test/ops/requests.test.ts sends every builder of every
 * table to a recording device: a table (or builder) added here without sample arguments
 * there fails that test, so no operation skips the description = request check.
 */
import { sendRequest } from '../api/index.js';
import { appKinds, appOps } from './apps.js';
import { deviceKinds, deviceOps } from './device.js';
import { groupKinds, groupOps } from './groups.js';
import { appInverses } from './inverse/apps.js';
import { deviceInverses } from './inverse/device.js';
import { groupInverses } from './inverse/groups.js';
import { logInverses } from './inverse/logs.js';
import { portInverses } from './inverse/ports.js';
import { ruleInverses } from './inverse/rules.js';
import { savepointInverses } from './inverse/savepoints.js';
import { userInverses } from './inverse/users.js';
import { logKinds, logOps } from './logs.js';
import {
  type Invert,
  type KindSpec,
  type Operation,
  operation,
  type RecordedWrite,
} from './operation.js';
import { portKinds, portOps } from './ports.js';
import { ruleKinds, ruleOps } from './rules.js';
import { savepointKinds, savepointOps } from './savepoints.js';
import { userKinds, userOps } from './users.js';

export const OPERATION_TABLES = {
  rules: ruleOps,
  groups: groupOps,
  ports: portOps,
  savepoints: savepointOps,
  users: userOps,
  apps: appOps,
  device: deviceOps,
  logs: logOps,
};

/** A family's kinds, each with its inverse (undo) from the family's inverse table. */
function withInverses<K extends string>(
  kinds: Record<K, KindSpec>,
  inverses: Record<K, Invert>,
): Record<K, KindSpec> {
  const out = {} as Record<K, KindSpec>;
  for (const k of Object.keys(kinds) as K[]) out[k] = { ...kinds[k], invert: inverses[k] };
  return out;
}

/**
 * Every kind of write pbc makes, by name: its endpoint, how to read what it touches and how to
 * invert it (undo.ts).
 */
export const OPERATION_KINDS: Readonly<Record<string, KindSpec>> = {
  ...withInverses(ruleKinds, ruleInverses),
  ...withInverses(groupKinds, groupInverses),
  ...withInverses(portKinds, portInverses),
  ...withInverses(savepointKinds, savepointInverses),
  ...withInverses(userKinds, userInverses),
  ...withInverses(appKinds, appInverses),
  ...withInverses(deviceKinds, deviceInverses),
  ...withInverses(logKinds, logInverses),
};

/** What the kind `kind` is (undefined for one pbc does not make, e.g. `other`). */
export function kindSpec(kind: string): KindSpec | undefined {
  return Object.hasOwn(OPERATION_KINDS, kind) ? OPERATION_KINDS[kind] : undefined;
}

/**
 * A recorded write without a kind pbc knows: written by an older pbc (its pending file kept
 * requests without their kind) or edited by hand. Never sent: no kind is guessed from a route.
 */
export class UnknownKindError extends Error {
  override name = 'UnknownKindError';
  constructor(w: Partial<RecordedWrite>) {
    const what = w.request ? `${w.request.method} ${w.request.path}` : 'a recorded write';
    super(
      w.kind === undefined
        ? `${what} was recorded without its operation kind (by an older pbc): not sent — pbc sends only writes whose kind it knows; set it back by hand`
        : `${what} was recorded as kind '${w.kind}', which pbc does not know: not sent`,
    );
  }
}

/**
 * An operation for a write recorded as data (the revert guard's pending file, a saved plan):
 * of the kind it was recorded with (its reader from the kind tables), sent as it was recorded.
 * A write recorded without a known kind throws UnknownKindError.
 */
export function recordedOp(w: RecordedWrite): Operation {
  const spec = typeof w.kind === 'string' ? kindSpec(w.kind) : undefined;
  if (!spec) throw new UnknownKindError(w);
  const { request } = w;
  return operation(w.kind, request, (c) => sendRequest(c.transport, request), [], spec);
}
