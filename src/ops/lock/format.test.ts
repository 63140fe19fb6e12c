import { describe, expect, it } from 'vitest';
import {
  formatLock,
  isForeign,
  type Lock,
  leftText,
  lockMark,
  lockText,
  parseLock,
  sameHolder,
} from './format.js';

const since = new Date('2026-11-28T19:40:00.000Z');
const alice: Lock = {
  holder: { user: 'alice', host: 'jump1', login: 'admin', token: '3f9a2b7c1d0e' },
  pid: 4242,
  since,
  until: new Date(since.getTime() + 30 * 60_000),
  reason: 'maintenance window',
};
const at = (min: number) => since.getTime() + min * 60_000;

describe('the lock description', () => {
  it('says who, how long and why in words a person reads in the vendor UI', () => {
    expect(formatLock(alice)).toBe(
      'held by alice (admin)@jump1 pid=4242 since=2026-11-28T19:40:00.000Z until=2026-11-28T20:10:00.000Z token=3f9a2b7c1d0e reason=maintenance window',
    );
  });

  it('reads back as the same lock, with or without a device login', () => {
    expect(parseLock(formatLock(alice))).toEqual(alice);
    const { login: _, ...noLogin } = alice.holder;
    const plain = { ...alice, holder: noLogin, reason: '' };
    expect(parseLock(formatLock(plain))).toEqual(plain);
  });

  it('keeps a reason that looks like the fields, and a login holding @', () => {
    const odd: Lock = {
      ...alice,
      holder: { ...alice.holder, login: 'bob@corp' },
      reason: 'x pid=1 since=now until=later token=ab reason=y',
    };
    expect(parseLock(formatLock(odd))).toEqual(odd);
  });

  it('drops control characters and newlines from what it writes (device text)', () => {
    const text = formatLock({ ...alice, reason: 'evil\u001b[2J\nnext line' });
    expect(text).not.toMatch(/[\u0000-\u001f]/);
    expect(text).toMatch(/reason=evil next line$/);
  });

  it('stays within the device’s 1024 characters whatever it is given', () => {
    const long = 'x'.repeat(5000);
    const text = formatLock({
      ...alice,
      holder: { user: long, host: long, login: long, token: alice.holder.token },
      reason: long,
    });
    expect(text.length).toBeLessThanOrEqual(1024);
  });

  it('is foreign when it is not pbc’s (made by hand in the vendor UI)', () => {
    const found = parseLock('do not touch — Bob');
    expect(isForeign(found)).toBe(true);
    expect(lockText(found, at(0))).toBe(
      "someone outside pbc (save-point 'pbc-lock': do not touch — Bob)",
    );
    expect(isForeign(parseLock(formatLock(alice).replace('until=2026', 'until=soon')))).toBe(true);
  });
});

describe('whose lock', () => {
  it('is the same operator only with the same user, host and state directory token', () => {
    const me = alice.holder;
    expect(sameHolder(me, { ...me, login: 'other-login' })).toBe(true);
    expect(sameHolder(me, { ...me, user: 'bob' })).toBe(false);
    expect(sameHolder(me, { ...me, host: 'jump2' })).toBe(false);
    expect(sameHolder(me, { ...me, token: '000000000000' })).toBe(false);
  });
});

describe('how it is shown', () => {
  it('names holder, since, until, time left and reason in a refusal', () => {
    expect(lockText(alice, at(18))).toBe(
      'alice (admin)@jump1 (pid 4242) since 2026-11-28T19:40:00Z until 2026-11-28T20:10:00Z (12m left), reason: maintenance window',
    );
    expect(lockText(alice, at(31))).toContain('(expired)');
  });

  it('marks the header with holder, minutes left and reason', () => {
    expect(lockMark(alice, false, at(18))).toBe('⚿ alice@jump1 12m · maintenance window');
    expect(lockMark(alice, true, at(18))).toBe('⚿ yours 12m · maintenance window');
    expect(lockMark({ ...alice, reason: '' }, false, at(30))).toBe('⚿ alice@jump1 expired');
  });

  it('counts the last minute in seconds', () => {
    expect(leftText(alice, at(29.5))).toBe('30s');
    expect(leftText(alice, at(17.5))).toBe('13m');
  });
});
