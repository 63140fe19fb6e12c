import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holderOf } from '../ops/lock/read.js';
import { createConsoleStore } from '../store/store.js';
import { openConnection } from './connection.js';

describe("the console's connection and who it writes as (src/ops/lock)", () => {
  const saved = process.env.PBC_STATE_DIR;
  let dir: string | undefined;
  afterEach(() => {
    if (saved === undefined) delete process.env.PBC_STATE_DIR;
    else process.env.PBC_STATE_DIR = saved;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opening it reads no identity and makes no token; the first write makes them', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pbc-conn-id-'));
    process.env.PBC_STATE_DIR = dir;
    const { client } = openConnection({ url: 'http://127.0.0.1:9/rest' }, createConsoleStore());
    await new Promise((done) => setTimeout(done, 50));
    expect(existsSync(join(dir, 'lock-token'))).toBe(false);
    const holder = await holderOf(client);
    expect(existsSync(join(dir, 'lock-token'))).toBe(true);
    expect(holder.token).toMatch(/^[0-9a-f]{12}$/);
    await client.close();
  });
});
