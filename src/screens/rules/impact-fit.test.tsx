/**
 * The rule editor's impact lines at 80×24 (issue 29): they were cut at the terminal's edge
 * while the confirmation showed them whole; now the summary wraps at its words and the ports
 * line says how many more ports change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { portInfo, testRule } from '../../../test/harness/device-fixtures.js';
import { cleanup, renderTui } from '../../../test/harness/render.js';
import { typedRule } from '../../../test/harness/typed-rule.js';
import type { PortInfo, Rule } from '../../model/index.js';
import { RuleEditor } from './editor.js';
import { portsLine, wrapWords } from './impact-fit.js';

afterEach(cleanup);

const G = 1e9;
const rule = (name: string, priority: number, match: Rule['match'], out: number, bps: number) => ({
  ...testRule(name, priority, match, [`output:${out}`]),
  cookie: BigInt(priority),
  datarate_raw: bps,
});
const PORTS: PortInfo[] = portInfo(19);
const RULES = [
  rule('web-servers-https', 1000, { in_port: '1', udp: '' }, 9, 1.2 * G),
  rule('dns-resolvers', 900, { in_port: '2', udp: '' }, 10, 0.4 * G),
  rule('voip-signalling', 800, { in_port: '3', udp: '' }, 11, 0.3 * G),
  rule('backup-copy', 700, { in_port: '19', udp: '' }, 12, 2.1 * G),
];

function editor() {
  const t = typedRule(
    RULES,
    PORTS,
    [
      ['in_port', '1-3,19'],
      ['udp', ''],
    ],
    { rx: () => 5 * G, tx: 1 * G },
  );
  return { form: t.form, a: t.analysis, impact: t.impact! };
}

const words = (s: string) =>
  s
    .replace(/[│╭╮╰╯─]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the rule editor at 80×24: the impact lines whole', () => {
  it('wraps the summary at its words and counts the ports that do not fit', async () => {
    const { form, a, impact } = editor();
    // wider than one line of the 80-column editor
    expect(impact.summary.length).toBeGreaterThan(80);
    const ui = renderTui(
      <RuleEditor
        form={form}
        analysis={a}
        completions={[]}
        refused={null}
        traffic={impact}
        width={80}
        height={24}
      />,
      { columns: 80, rows: 24 },
    );
    const frame = await ui.waitFor((f) => f.includes('traffic: takes'));
    // every word of the summary is on screen, in order
    expect(words(frame)).toContain(words(impact.summary));
    // each port that changes is named, or counted in "+N more ports"
    const more = /\+(\d+) more ports?/.exec(frame);
    const named = impact.impact.ports.filter((p) => frame.includes(`${p.port.name}:`)).length;
    expect(named + Number(more?.[1] ?? 0)).toBe(impact.impact.ports.length);
    expect(named).toBeGreaterThan(0);
    // and no impact line is cut at the edge
    for (const l of frame.split('\n').filter((x) => /traffic:|eth-0-\d+:/.test(x)))
      expect(l).not.toMatch(/…\s*│?$/);
  });

  it('wrapWords breaks between words, cuts only past its last line; portsLine keeps what fits', () => {
    expect(wrapWords('traffic: takes 1G from a, b and 2G on c', 20, 3)).toEqual([
      'traffic: takes 1G',
      '     from a, b and',
      '     2G on c',
    ]);
    expect(wrapWords('traffic: takes 1G from a, b and 2G on c', 20, 2)).toEqual([
      'traffic: takes 1G',
      '     from a, b and …',
    ]);
    expect(portsLine(['eth-0-1: 1 → 2G', 'eth-0-2: 3 → 4G', 'eth-0-3: 5 → 6G'], 40)).toBe(
      '     eth-0-1: 1 → 2G · +2 more ports',
    );
    expect(portsLine([], 40)).toBe('     no port changes');
  });
});
