import { describe, expect, it } from 'vitest';
import type { PortSavePoint, RuleSavePoint } from '../../model/index.js';
import { flags, markedOf, matches, ruleColumns, selectedIn, toggleMark } from './panes.js';

const rsp = (name: string, more: Partial<RuleSavePoint> = {}): RuleSavePoint => ({
  name,
  description: `${name} rules`,
  readonly: false,
  rules: [],
  groups: [],
  flowusage: 10,
  groupusage: 0,
  ...more,
});
const psp = (name: string): PortSavePoint => ({ name, description: '', readonly: true, ports: [] });
const SP = { rules: [rsp('Quicksave'), rsp('lab', { boot: true })], ports: [psp('lab')] };

describe('the Save-points panes', () => {
  it('a mark names one save-point in one pane; m again removes it', () => {
    const sel = selectedIn('rules', SP.rules, SP.ports, { rules: 1, ports: 0 })!;
    const marked = toggleMark(null, sel);
    expect(marked.mark).toEqual({ pane: 'rules', name: 'lab' });
    expect(marked.note).toContain("marked 'lab'");
    expect(markedOf(marked.mark, SP)?.sp).toBe(SP.rules[1]);
    // the port save-point of the same name is another one
    const portSel = selectedIn('ports', SP.rules, SP.ports, { rules: 1, ports: 0 })!;
    expect(toggleMark(marked.mark, portSel).mark).toEqual({ pane: 'ports', name: 'lab' });
    expect(toggleMark(marked.mark, sel)).toEqual({ mark: null, note: 'mark removed' });
    expect(markedOf({ pane: 'rules', name: 'gone' }, SP)).toBeUndefined();
    expect(selectedIn('ports', SP.rules, [], { rules: 0, ports: -1 })).toBeUndefined();
  });

  it('flags say marked, boot, quicksave and read-only in words', () => {
    expect(flags(SP.rules[1]!, 'rules', { pane: 'rules', name: 'lab' })).toBe('marked boot');
    expect(flags(SP.rules[0]!, 'rules', null)).toBe('quicksave');
    expect(flags(SP.ports[0]!, 'ports', { pane: 'rules', name: 'lab' })).toBe('read-only');
  });

  it('FLOWS is red over the TCAM maximum; the filter reads name and description', () => {
    const flows = ruleColumns(8, null).find((c) => c.key === 'flows')!;
    expect(flows.render(SP.rules[0]!)).toBe('10/8');
    expect(flows.color?.(SP.rules[0]!)).toBe('red');
    expect(SP.rules.filter(matches('LAB R')).map((s) => s.name)).toEqual(['lab']);
  });
});
