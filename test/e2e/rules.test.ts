/**
 * The Rules screen as an operator uses it: `pbc --demo` in tmux, 3 for the rules with TCAM
 * usage, a for the editor with its TCAM preview, Esc to leave it, then a rule added through
 * the form and seen in the list.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxTests } from './tmux.js';

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

describe.runIf(tmuxTests())('pbc --demo: rules', () => {
  for (const [columns, rows] of [
    [100, 30],
    [80, 24],
  ] as const) {
    it(`shows rules with TCAM usage, previews in the editor and adds a rule at ${columns}×${rows}`, async () => {
      const s = new TmuxSession('node dist/cli.js --demo', { columns, rows });
      sessions.push(s);
      await s.waitFor((x) => x.includes('pb-lab-01'), 15_000);
      s.keys('3');
      const table = await s.waitFor(
        (x) => x.includes('TCAM 21/4096') && x.includes('tap-1') && x.includes('udp-range'),
      );
      expect(table).toMatch(/PRIO.*NAME.*MATCH.*ACTIONS.*FLOWS/);
      expect(table.replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(rows);

      s.keys('a');
      const editor = await s.waitFor(
        (x) =>
          x.includes('Add rule') &&
          x.includes('this rule: 1 flow · device after apply: 21+1 / 4096'),
      );
      expect(editor).toContain('cost: 1 entry');
      s.keys('Escape');
      await s.waitFor((x) => !x.includes('Add rule') && x.includes('PRIO'));

      s.keys('a');
      await s.waitFor((x) => x.includes('Add rule'));
      s.keys('-l', 'e2e-web');
      s.keys('Down', 'Down', 'C-u');
      s.keys('-l', '300');
      s.keys('Down');
      s.keys('-l', 'in_port');
      s.keys('Tab');
      s.keys('-l', '6');
      s.keys('Down', 'Enter');
      s.keys('-l', 'udp_dst');
      s.keys('Tab');
      s.keys('-l', '2000-2999');
      await s.waitFor((x) => x.includes("^F adds 'udp'"));
      s.keys('C-f');
      s.keys('Down', 'Down');
      s.keys('-l', 'output:10');
      await s.waitFor((x) => x.includes('this rule: 8 flows') && x.includes('Apply (Ctrl-S)'));
      s.keys('C-s');
      await s.waitFor((x) => x.includes('Add rule — confirm') && x.includes('POST /rules'));
      s.keys('y');
      // reported in the status line: no result box to close
      await s.waitFor((x) => x.includes('the device uses 8 TCAM flows for it, as previewed'));
      // the table's row (the status line may name the rule too: 'traffic after 'e2e-web': …')
      const ruleRow = (x: string) => x.split('\n').find((l) => /^.\s*300 e2e-web /.test(l));
      const after = await s.waitFor((x) => ruleRow(x) !== undefined && x.includes('TCAM 29/4096'));
      expect(ruleRow(after)).toMatch(/ 8 /);

      s.keys('q');
      await s.waitFor((x) => x.includes('after-pbc'));
      expect(s.status()).toBe('exit=0');
    }, 60_000);
  }
});
