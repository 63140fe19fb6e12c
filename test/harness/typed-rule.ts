/**
 * A rule as typed into the rule editor (name `new`, priority 40000, the given match, one
 * action) over a device's rules and ports, analysed and with its traffic impact: what the
 * editor's impact tests read (src/screens/rules/impact*.test.ts*).
 */
import type { PortInfo, Rule } from '../../src/model/index.js';
import { deviceView } from '../../src/screens/device-view.js';
import { analyze } from '../../src/screens/rules/analysis.js';
import { newRuleForm, type RuleForm } from '../../src/screens/rules/editor-state.js';
import { editorImpact } from '../../src/screens/rules/impact.js';
import type { TrafficView } from '../../src/screens/traffic-view.js';

const G = 1e9;

export function typedRule(
  rules: Rule[],
  info: readonly PortInfo[],
  match: ReadonlyArray<readonly [string, string]>,
  port: { rx: (no: number) => number | null; tx?: number },
) {
  const f = newRuleForm('add', null);
  let id = 100;
  const form = {
    ...f,
    name: { text: 'new', cursor: 3 },
    priority: { ...f.priority, text: '40000' },
    match: match.map(([k, v]) => ({
      id: id++,
      field: { text: k, cursor: k.length },
      value: { text: v, cursor: v.length },
    })),
    actions: [{ id: id++, text: { text: 'output:16', cursor: 9 } }],
  } as RuleForm;
  const view = deviceView({
    rules: { rules, used_flows: rules.length },
    groups: [],
    info: [...info],
  });
  const traffic: TrafficView = {
    rules,
    groups: new Map(),
    ports: info.map((p) => ({
      no: Number(p.port_no),
      name: p.if_name,
      up: true,
      lineBps: 10 * G,
      txBps: port.tx ?? 0,
      txDropPps: 0,
      rxBps: port.rx(Number(p.port_no)),
    })),
    known: true,
  };
  const analysis = analyze(form, view);
  return { form, analysis, impact: editorImpact(analysis, traffic) };
}
