/**
 * `pbc get` with device strings carrying ESC/CSI/OSC/BEL/C1/backspace/CR/bidi/NUL: tables
 * show them neutralized; `-o json` and `-o yaml` carry them exactly, but escaped, so the
 * raw output holds no control character; a device error message reaches stderr sanitized.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type CliSim, json, mapLimit, oneErrorLine, startCliSim } from '../cli/helpers.js';
import {
  checkTagged,
  evil,
  failGets,
  HEAD,
  injectEvil,
  PAYLOAD,
  RAW_CONTROL,
  SHOWN,
  TAG,
  withEvilSfp,
} from './evil.js';

vi.mock('../../src/sim/sfp.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/sim/sfp.js')>();
  return {
    ...real,
    sfpStatus: (...a: Parameters<typeof real.sfpStatus>) => withEvilSfp(real.sfpStatus(...a)),
  };
});

let s: CliSim;
let undo: () => void;
beforeAll(async () => {
  s = await startCliSim();
  undo = injectEvil(s.sim);
});
afterAll(async () => {
  undo();
  await s?.close();
});

/** Wide enough that no table cuts a planted string. */
const WIDE = { env: { COLUMNS: '400' } };

/** `pbc get` targets and the planted strings each carries: in its table and in its data. */
const TARGETS: Array<{ target: string; table: string[]; data?: string[] }> = [
  {
    target: 'rules',
    table: [TAG.ruleName, TAG.ruleAction],
    data: [TAG.ruleName, TAG.ruleDescription, TAG.ruleAction],
  },
  { target: 'groups', table: [TAG.groupDescription, TAG.groupAction] },
  {
    target: 'savepoints',
    table: [TAG.ruleSpName, TAG.ruleSpDescription, TAG.portSpName, TAG.portSpDescription],
  },
  { target: 'users', table: [TAG.userName, TAG.userDescription] },
  { target: 'apps', table: [TAG.appName, TAG.appDescription] },
  {
    target: 'running',
    table: [TAG.appName, TAG.instanceDescription],
    data: [TAG.appName, TAG.appDescription, TAG.instanceDescription],
  },
  { target: 'log', table: [TAG.logLine] },
  { target: 'sfp', table: [TAG.sfpVendor] },
  { target: 'device', table: [TAG.deviceName, TAG.identName, TAG.identNotes] },
  { target: 'ident', table: [TAG.identName, TAG.identNotes] },
  { target: 'name', table: [TAG.deviceName] },
];

/** Every string anywhere in parsed output (values and keys). */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push(k);
      strings(x, out);
    }
  return out;
}

const rows = TARGETS.flatMap((t) =>
  (['table', 'json', 'yaml'] as const).map((format) => ({ ...t, format })),
);

describe('escape sequences in device strings, pbc get', () => {
  it('table, json and yaml of every target carrying device text', async () => {
    const results = await mapLimit(rows, 3, (r) =>
      s.run(['get', r.target, '-o', r.format], { ...WIDE, timeoutMs: 30_000 }),
    );
    rows.forEach((r, i) => {
      const res = results[i]!;
      const what = `get ${r.target} -o ${r.format}`;
      expect.soft(res.code, `${what}: ${res.stderr}`).toBe(0);
      // No raw ESC, BEL, BS, CR, NUL, C1 or bidi override, whatever the format.
      expect.soft(res.stdout, what).not.toMatch(RAW_CONTROL);
      expect.soft(res.stdout, what).not.toContain('\u001b');
      if (r.format === 'table') {
        expect.soft(res.stdout, what).not.toContain('pwned');
        expect.soft(res.stdout, what).not.toContain('ZXZpbA');
        for (const tag of r.table) {
          expect.soft(res.stdout, `${what}: ${tag}`).toContain(`${tag}${HEAD}`);
          expect.soft(() => checkTagged(res.stdout, tag)).not.toThrow();
        }
      } else {
        // Escaped as the format does it, and the exact device string once parsed.
        if (r.format === 'json') expect.soft(res.stdout, what).toContain('\\u001b]0;pwned\\u0007');
        const parsed = r.format === 'json' ? json(res) : parseYaml(res.stdout);
        const all = strings(parsed);
        for (const tag of r.data ?? r.table)
          expect
            .soft(
              all.some((x) => x.includes(evil(tag))),
              `${what}: ${tag} not carried exactly`,
            )
            .toBe(true);
      }
    });
  }, 120_000);

  it.each(['json', 'yaml'])(
    'savepoint export -o %s: the exact strings, escaped',
    async (format) => {
      const r = await s.run(['savepoint', 'export', '-o', format]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(RAW_CONTROL);
      expect(r.stdout).not.toContain('\u001b');
      const all = strings(format === 'json' ? json(r) : parseYaml(r.stdout));
      for (const tag of [
        TAG.ruleSpName,
        TAG.ruleSpDescription,
        TAG.portSpName,
        TAG.portSpDescription,
      ])
        expect(all, tag).toContain(evil(tag));
    },
  );

  it('tables show what sanitize makes of the whole string', async () => {
    const r = await s.run(['get', 'users', '-o', 'table'], WIDE);
    expect(r.stdout).toContain(`${TAG.userDescription}${SHOWN}`);
    const exact = json(await s.run(['get', 'users', '-o', 'json']));
    expect(
      exact.find((u: { description: string }) => u.description.startsWith(TAG.userDescription))
        .description,
    ).toBe(TAG.userDescription + PAYLOAD);
  });

  it.each([
    ['an {error} from the device', ['get', 'users']],
    ['an {error} from the device, with -o json', ['get', 'users', '-o', 'json']],
  ])('%s reaches stderr sanitized', async (_what, args) => {
    const restore = failGets(s.sim, '/rest/users', evil(TAG.error));
    try {
      const r = await s.run(args);
      expect(r.code).not.toBe(0);
      const line = oneErrorLine(r);
      expect(r.stderr).not.toMatch(RAW_CONTROL);
      expect(r.stderr).not.toContain('\u001b');
      expect(r.stderr).not.toContain('pwned');
      expect(line).toContain(`${TAG.error}${HEAD}`);
      checkTagged(r.stderr, TAG.error);
    } finally {
      restore();
    }
  });

  it('a device error echoing a name it was given reaches stderr sanitized', async () => {
    // A name as a shell could pass it (no NUL in argv); the device quotes it back in a 404.
    const name = evil(TAG.error).replace('\u0000', '');
    const r = await s.run(['savepoint', 'activate', name, '--yes']);
    expect(r.code).not.toBe(0);
    const line = oneErrorLine(r);
    expect(line).toMatch(/no rule save-point named/);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).not.toContain('\u001b');
    expect(line).toContain(`${TAG.error}${HEAD}`);
    checkTagged(r.stderr, TAG.error);
  });
});
