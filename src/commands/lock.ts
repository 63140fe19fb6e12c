/**
 * `pbc lock`, `pbc lock --steal`, `pbc unlock`: the lock kept on the device (src/ops/lock).
 * Taking and giving back do not ask; stealing asks, naming the holder.
 */
import type { Client } from '../api/index.js';
import { parseDuration } from '../model/duration.js';
import { UsageError } from '../model/errors.js';
import { run as execute } from '../ops/execute.js';
import type { LockRunner } from '../ops/lock/check.js';
import { holderText, type Lock, lockText, REASON_MAX } from '../ops/lock/format.js';
import { holderOf, readLock } from '../ops/lock/read.js';
import { releaseLock, takeLock } from '../ops/lock/take.js';
import { confirm } from './prompt.js';
import type { Run } from './run.js';

interface LockOptions {
  for: string;
  reason: string;
  steal?: boolean;
}

/** The lock's own writes go through the one executor, not refused by its lock check. */
const runner = (client: Client): LockRunner => ({
  client,
  send: (op) => execute({ client }, (send) => send(op), { lockOp: true }),
});

const time = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');

const lockData = (l: Lock) => ({
  holder: holderText(l.holder),
  pid: l.pid,
  since: l.since.toISOString(),
  until: l.until.toISOString(),
  reason: l.reason,
});

export async function lock(run: Run, opts: LockOptions): Promise<undefined> {
  const forMs = parseDuration(opts.for, '--for');
  if (opts.reason.length > REASON_MAX)
    throw new UsageError(`--reason is longer than ${REASON_MAX} characters`);
  const client = await run.writer();
  if (opts.steal) {
    const question = async () => {
      const found = await readLock(client);
      return found
        ? `take over the lock of ${lockText(found, Date.now())}?`
        : 'no one holds the lock; take it?';
    };
    await confirm(question, 'steal the lock', Boolean(run.g.yes));
  }
  const holder = await holderOf(client);
  const r = { holder, forMs, reason: opts.reason, ...(opts.steal ? { steal: true } : {}) };
  const taken = await takeLock(runner(client), r);
  const from = taken.from ? ` from ${lockText(taken.from, Date.now())}` : '';
  const what = { took: 'locked', renewed: 'lock extended', stole: `lock stolen${from}` }[taken.how];
  await run.done(`${what}: held by ${holderText(holder)} until ${time(taken.lock.until)}`, {
    result: taken.how,
    lock: lockData(taken.lock),
  });
  return undefined;
}

export async function unlock(run: Run): Promise<undefined> {
  const client = await run.writer();
  const released = await releaseLock(runner(client), await holderOf(client));
  const message = {
    released: 'unlocked: the lock is deleted',
    none: 'no lock is held; nothing was sent',
    expired: 'no lock is held now (the expired one was deleted)',
  }[released.how];
  await run.done(message, { result: released.how });
  return undefined;
}
