/**
 * `:apply FILE` in the console: the same plan as `pbc apply -f`, in the confirmation dialog
 * (each step's request); `n` sends nothing, `y` performs it in order; a bad file says its
 * FILE:LINE:COL and sends nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { body, type TestConsole } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();
const dir = mkdtempSync(join(tmpdir(), 'pbc-apply-tui-'));

async function writes(t: TestConsole): Promise<number> {
  const res = await fetch(t.sim.url.replace(/\/rest$/, '/_sim/status'));
  return ((await res.json()) as { writes: number }).writes;
}

async function palette(t: TestConsole, text: string): Promise<void> {
  await t.h.press(':');
  for (const ch of text) await t.h.press(ch);
  await t.h.press('enter');
}

describe(':apply FILE', () => {
  it('shows the plan in the confirmation; n sends nothing, y performs it', async () => {
    const file = join(dir, 'team.yaml');
    writeFileSync(
      file,
      `rules:
  - { priority: 6100, name: tui-apply, match: { in_port: 5 }, actions: [group:61] }
groups:
  - { id: 61, type: all, buckets: [ { actions: [output:6] } ] }
`,
    );
    const t = await session.open('overview', { rows: 40, columns: 140 });
    const w0 = await writes(t);
    await palette(t, `apply ${file}`);
    const asked = await t.h.waitFor(
      (x) => /y\/Enter send/.test(body(x)) && x.includes('POST /rules'),
      20_000,
    );
    expect(asked).toContain(`Apply ${file}`);
    expect(asked.indexOf('POST /groups')).toBeLessThan(asked.indexOf('POST /rules'));
    expect(asked).toMatch(/2 to add/);
    await t.h.press('n');
    await t.h.waitFor((x) => x.includes('nothing was sent'), 10_000);
    expect(await writes(t)).toBe(w0);

    await palette(t, `apply ${file}`);
    await t.h.waitFor((x) => /y\/Enter send/.test(body(x)) && x.includes('POST /rules'), 20_000);
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes(`Apply ${file}: done`), 20_000);
    expect(await writes(t)).toBe(w0 + 2);
    const rules = (await t.admin.rules.list()).rules;
    expect(rules.find((r) => r.name === 'tui-apply')?.actions).toEqual(['group:61']);

    // a second time: nothing to do, nothing sent
    await palette(t, `apply ${file}`);
    await t.h.waitFor((x) => x.includes('nothing to do'), 20_000);
    expect(await writes(t)).toBe(w0 + 2);
  }, 120_000);

  it('a bad file: FILE:LINE:COL in the status line, nothing sent', async () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      'rules:\n  - priority: 1\n    prio: 2\n    match: { in_port: 1 }\n    actions: [drop]\n',
    );
    const t = await session.open('overview', { rows: 40, columns: 160 });
    const w0 = await writes(t);
    await palette(t, `apply ${file}`);
    await t.h.waitFor((x) => x.includes(`${file}:3:5: unknown field 'prio'`), 20_000);
    expect(await writes(t)).toBe(w0);
  }, 60_000);
});
