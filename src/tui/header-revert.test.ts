/**
 * The header's auto-revert note never counts below 0:00 without saying why: a guard that is
 * not running reads `REVERT OVERDUE — guard not running · pbc pending --resume`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fitFirstLine, revertText } from './header.js';
import { readPendingFile } from './pending-feed.js';

const URL = 'http://127.0.0.1:9/rest';
let saved: string | undefined;
let dir: string;

beforeEach(() => {
  saved = process.env.PBC_STATE_DIR;
  dir = mkdtempSync(join(tmpdir(), 'pbc-header-'));
  process.env.PBC_STATE_DIR = dir;
});
afterEach(() => {
  if (saved === undefined) delete process.env.PBC_STATE_DIR;
  else process.env.PBC_STATE_DIR = saved;
});

function pendingEntry(expiresAt: number, guardPid: number, state = 'pending') {
  const r = {
    id: 'abc123',
    device: URL,
    what: 'rules add',
    createdAt: 0,
    expiresAt,
    revert: [],
    cleanup: [],
    state,
    guardPid,
    updatedAt: 0,
  };
  writeFileSync(join(dir, 'pending.json'), JSON.stringify({ reverts: [r] }));
}

describe('the header during an auto-revert', () => {
  const now = 1_000_000;
  it('counts down while the guard runs', () => {
    pendingEntry(now + 39_000, process.pid);
    expect(revertText(readPendingFile(), URL, now)).toBe('REVERT IN 0:39 — C confirm');
    expect(revertText(readPendingFile(), URL, now + 60_000)).toBe('REVERTING…');
  });
  it('says the revert is overdue when the guard is not running', () => {
    pendingEntry(now + 39_000, 0);
    expect(revertText(readPendingFile(), URL, now)).toBe(
      'REVERT IN 0:39 — guard not running · pbc pending --resume',
    );
    expect(revertText(readPendingFile(), URL, now + 60_000)).toBe(
      'REVERT OVERDUE — guard not running · pbc pending --resume',
    );
    pendingEntry(now, 0, 'reverting');
    expect(revertText(readPendingFile(), URL, now)).toBe(
      'REVERT STOPPED — guard not running · pbc pending --resume',
    );
  });
  it('says a corrupt pending file holds the reverts', () => {
    writeFileSync(join(dir, 'pending.json'), '{"reverts": [');
    expect(revertText(readPendingFile(), URL, now)).toBe('REVERTS ON HOLD — pending.json corrupt');
  });
});

describe('the header during a guarded change', () => {
  const now = 1_000_000;
  const guarded = (health: object, state = 'pending') =>
    writeFileSync(
      join(dir, 'pending.json'),
      JSON.stringify({
        reverts: [
          {
            id: 'abc123',
            device: URL,
            what: 'rules add',
            createdAt: 0,
            expiresAt: now + 250_000,
            revert: [],
            cleanup: [],
            state,
            guardPid: process.pid,
            updatedAt: 0,
            health: { spec: {}, ...health },
          },
        ],
      }),
    );
  it('counts the window down; C keeps the change', () => {
    guarded({ keepAtEnd: true });
    expect(revertText(readPendingFile(), URL, now)).toBe('GUARDED 4:10 — C keep');
    guarded({ keepAtEnd: false });
    expect(revertText(readPendingFile(), URL, now)).toBe('GUARDED · REVERT IN 4:10 — C confirm');
  });
  it('says which guard tripped while it reverts', () => {
    guarded(
      { keepAtEnd: true, trip: { kind: 'oversub', what: 'x', sample: 2, at: 0 } },
      'reverting',
    );
    expect(revertText(readPendingFile(), URL, now)).toBe("REVERTING… (guard 'oversub')");
  });
});

describe("the header's first line with long marks (fitFirstLine)", () => {
  const left = 'pbc · pb-lab-01 (PB-2800) fw 2.2.0.14_00_WOT7-w';
  const revert = 'REVERT OVERDUE — guard not running · pbc pending --resume';
  const lock = '⚿ alice@jump-host-01 60m · maintenance…';
  const width = (l: ReturnType<typeof fitFirstLine>, conn: string) =>
    stringWidth(l.left) + 1 + [l.revert, l.lock, conn].filter(Boolean).join(' ').length;

  it('keeps every part whole when they fit', () => {
    const l = fitFirstLine(160, { left, revert, lock, conn: '● live' });
    expect(l).toEqual({ left, revert, lock });
    expect(width(l, '● live')).toBeLessThanOrEqual(160);
  });

  it('at 80 columns an overdue revert and a lock both stay, cut, and the device keeps its name', () => {
    for (const conn of ['● live', '✖ down (data 125s old)']) {
      const l = fitFirstLine(80, { left, revert, lock, conn });
      expect(width(l, conn)).toBeLessThanOrEqual(80);
      expect(l.left.startsWith('pbc · pb-lab-01 (PB')).toBe(true);
      expect(l.revert.startsWith('REVERT OVERDUE')).toBe(true);
      expect(l.lock.startsWith('⚿ alice')).toBe(true);
      expect(l.lock.endsWith('…')).toBe(true);
    }
  });

  it('gives the revert what the lock does not need, and the name the rest', () => {
    const l = fitFirstLine(80, {
      left,
      revert: 'REVERT IN 4:12 — C confirm',
      lock: '',
      conn: '● live',
    });
    expect(l.revert).toBe('REVERT IN 4:12 — C confirm');
    expect(l.lock).toBe('');
    // 80 − '● live' − the revert and its space − the gap
    expect(stringWidth(l.left)).toBe(80 - 6 - 27 - 1);
    expect(l.left.startsWith('pbc · pb-lab-01 (PB-2800) fw')).toBe(true);
  });
});
