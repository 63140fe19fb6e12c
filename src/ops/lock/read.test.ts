import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../api/index.js';
import type { RuleSavePoint, SavePoints } from '../../model/index.js';
import { formatLock, LOCK_NAME, type LockHolder } from './format.js';
import { thisHolder } from './identity.js';
import { holderNow, holderOf, installLock, lockHeader } from './read.js';

const me: LockHolder = { user: 'alice', host: 'jump1', token: '3f9a2b7c1d0e' };
const bob: LockHolder = { user: 'bob', host: 'jump2', token: '0123456789ab' };
const now = Date.parse('2026-11-29T07:00:00.000Z');

function withLock(description: string): SavePoints {
  const sp = { name: LOCK_NAME, description } as RuleSavePoint;
  return { rules: [sp], ports: [] };
}

function lockedBy(holder: LockHolder): SavePoints {
  const since = new Date(now);
  const until = new Date(now + 600_000);
  return withLock(formatLock({ holder, pid: 42, since, until, reason: 'x' }));
}

describe("the header's lock mark asks who this console is only for a lock of pbc's", () => {
  const asked = () => {
    const calls: number[] = [];
    return {
      calls,
      me: () => {
        calls.push(1);
        return me;
      },
    };
  };

  it('no lock, or a lock pbc did not write: nobody asked', () => {
    const a = asked();
    expect(lockHeader(undefined, a.me, now)).toBe('');
    expect(lockHeader({ rules: [], ports: [] }, a.me, now)).toBe('');
    expect(lockHeader(withLock('set by the vendor UI'), a.me, now)).toBe(
      `⚿ ${LOCK_NAME} (not pbc's)`,
    );
    expect(a.calls).toHaveLength(0);
  });

  it("a lock of pbc's: mine says yours, another's names the holder, unknown is not mine", () => {
    expect(lockHeader(lockedBy(me), () => me, now)).toBe('⚿ yours 10m · x');
    expect(lockHeader(lockedBy(bob), () => me, now)).toBe('⚿ bob@jump2 10m · x');
    expect(lockHeader(lockedBy(me), () => undefined, now)).toBe('⚿ alice@jump1 10m · x');
  });
});

describe('who a client writes as is made once, when first needed', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('installing the lock reads no token; the header and a write then get the same holder', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pbc-lock-read-'));
    const env = { ...process.env, PBC_STATE_DIR: dir };
    const client = createClient({ url: 'http://127.0.0.1:9/rest', readonly: true });
    installLock(client, { login: 'admin', env });
    expect(existsSync(join(dir, 'lock-token'))).toBe(false);
    let made = 0;
    const first = holderNow(client, (login, e) => {
      made++;
      return thisHolder(login, e);
    });
    expect(existsSync(join(dir, 'lock-token'))).toBe(true);
    expect(first.login).toBe('admin');
    expect(holderNow(client, () => bob)).toBe(first);
    expect(await holderOf(client)).toBe(first);
    expect(made).toBe(1);
    await client.close();
  });
});
