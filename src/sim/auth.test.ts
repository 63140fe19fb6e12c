import { describe, expect, it } from 'vitest';
import { factoryPasswordHash, verifyPassword } from './auth.js';
import { factoryReset } from './boot.js';
import { SimState } from './state.js';

const admin = (state: SimState) => state.users.get('admin')!;

describe('the factory password', () => {
  it('is hashed once per process: every factory device holds that hash, and it verifies', async () => {
    const a = new SimState({ seed: 1 });
    const b = new SimState({ seed: 2 });
    factoryReset(a);
    factoryReset(b);
    expect(admin(a).passwordHash).toBe(factoryPasswordHash());
    expect(admin(b).passwordHash).toBe(factoryPasswordHash());
    expect(await verifyPassword(admin(a), 'admin')).toBe(true);
    expect(await verifyPassword(admin(b), 'Admin')).toBe(false);
  });

  it('a device started with another password has a hash of its own', async () => {
    const s = new SimState({ seed: 3 });
    factoryReset(s, 'right-pw');
    expect(admin(s).passwordHash).not.toBe(factoryPasswordHash());
    expect(await verifyPassword(admin(s), 'right-pw')).toBe(true);
    expect(await verifyPassword(admin(s), 'admin')).toBe(false);
  });
});
