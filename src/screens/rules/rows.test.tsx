import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderTui } from '../../../test/harness/render.js';
import type { Rule } from '../../model/index.js';
import type { RuleList } from '../../ops/index.js';
import { type ConsoleContextValue, ConsoleProvider } from '../../store/react.js';
import { createConsoleStore } from '../../store/store.js';
import { ROWS_AT_ONCE, RowsJob, sortedRows, useRuleTable } from './rows.js';
import { ruleRows, sortRows } from './table.js';

afterEach(cleanup);

const rule = (i: number, name = `r${i}`): Rule => ({
  cookie: (1n << 60n) + BigInt(i),
  name,
  description: '',
  priority: 100 + (i % 7),
  match: { in_port: String((i % 28) + 1), tcp: '', tcp_dst: String(i) },
  actions: [`output:${(i % 4) + 9}`],
  n_packets: BigInt(i),
  n_bytes: 0n,
  datarate: '',
  datarate_raw: null,
  real_flow_ct: 1,
});
const list = (n: number, name?: (i: number) => string): RuleList => ({
  rules: Array.from({ length: n }, (_, i) => rule(i, name?.(i))),
  used_flows: n,
});

describe('RowsJob', () => {
  it('makes the rows ruleRows makes, at once or a slice per turn', async () => {
    const rules = list(2500).rules;
    expect(new RowsJob(rules).finish()).toEqual(ruleRows(rules));
    const job = new RowsJob(rules);
    const run = job.run(1000);
    expect(job.done).toBe(false); // one slice made, the rest after turns of the event loop
    expect(await run).toEqual(ruleRows(rules));
    expect(job.run()).toBe(run);
  });

  it('finishes at once what a run has started', async () => {
    const rules = list(3000).rules;
    const job = new RowsJob(rules);
    const run = job.run(1000);
    expect(job.finish()).toEqual(ruleRows(rules));
    expect(await run).toBe(job.rows);
  });

  it('sorts a row list once per order', () => {
    const rows = ruleRows(list(50).rules);
    const sorted = sortedRows(rows, 0, false);
    expect(sorted).toEqual(sortRows(rows, 0, false));
    expect(sortedRows(rows, 0, false)).toBe(sorted);
    expect(sortedRows(rows, 0, true)).toEqual(sortRows(rows, 0, true));
  });
});

describe('useRuleTable', () => {
  function mount() {
    const store = createConsoleStore();
    const seen: Array<{ count: number; first: string }> = [];
    function Probe(props: { list: RuleList | undefined }) {
      const { all, sorted } = useRuleTable(props.list, { index: 1, reversed: false });
      seen.push({ count: all.length, first: sorted[0]?.rule.name ?? '' });
      return <Text>{`${all.length} rows, first ${sorted[0]?.rule.name ?? '-'}`}</Text>;
    }
    const value = { store } as ConsoleContextValue;
    // `null`: the screen is closed (the help is open instead)
    const tree = (l: RuleList | undefined | null) => (
      <ConsoleProvider value={value}>
        {l === null ? <Text>help</Text> : <Probe list={l} />}
      </ConsoleProvider>
    );
    return { store, seen, tree };
  }

  it('shows a small list at once', async () => {
    const m = mount();
    const ui = renderTui(m.tree(list(10)));
    await ui.waitFor((f) => f.includes('10 rows, first r0'));
    ui.rerender(m.tree(list(ROWS_AT_ONCE, (i) => `s${i}`)));
    // made in the render that got the list: no frame with the old rows in between
    expect(m.seen.at(-1)).toEqual({ count: ROWS_AT_ONCE, first: 's0' });
  });

  it('keeps the rows shown while a big list is made, then shows it', async () => {
    const m = mount();
    const big = ROWS_AT_ONCE + 1000;
    const ui = renderTui(m.tree(list(big, (i) => `a${i}`)));
    // the first big list is shown at once (nothing was shown before)
    await ui.waitFor((f) => f.includes(`${big} rows, first a0`));
    ui.rerender(m.tree(list(big + 1, (i) => `b${i}`)));
    expect(m.seen.at(-1)).toEqual({ count: big, first: 'a0' });
    await ui.waitFor((f) => f.includes(`${big + 1} rows, first b0`));
    // a screen opened again (after the help) starts from the rows shown last
    ui.rerender(m.tree(null));
    await ui.waitFor((f) => f.includes('help'));
    ui.rerender(m.tree(list(big + 2, (i) => `c${i}`)));
    expect(m.seen.at(-1)).toEqual({ count: big + 1, first: 'b0' });
    await ui.waitFor((f) => f.includes(`${big + 2} rows, first c0`));
  });
});
