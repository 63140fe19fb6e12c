/**
 * A save-point's content as text lines for the viewer: its rules and groups in the
 * columns of the Rules and Groups screens, or its port settings like the Ports screen.
 * Lines are laid out for the width (low-priority columns drop first).
 */
import type { Group, PortConfig, PortSavePoint, Rule, RuleSavePoint } from '../../model/index.js';
import { type Column, fitCell, headerLine, layoutColumns } from '../../widgets/index.js';
import type { Line } from '../dialogs/dialog.js';
import { bucketsText, matchText } from './diff.js';

function table<T>(columns: Column<T>[], rows: readonly T[], width: number): Line[] {
  const layout = layoutColumns(columns, Math.max(1, width - 1));
  const line = (r: T) => ` ${layout.map((c) => fitCell(c.render(r), c.shown, c.align)).join(' ')}`;
  return [{ text: headerLine(layout, width), bold: true }, ...rows.map(line)];
}

const RULE_COLUMNS: Column<Rule>[] = [
  {
    key: 'priority',
    title: 'PRIO',
    width: 5,
    align: 'right',
    priority: 100,
    render: (r) => String(r.priority),
  },
  { key: 'name', title: 'NAME', width: 14, min: 8, priority: 80, render: (r) => r.name },
  {
    key: 'match',
    title: 'MATCH',
    width: 30,
    min: 16,
    flex: true,
    priority: 95,
    render: (r) => matchText(r.match),
  },
  {
    key: 'actions',
    title: 'ACTIONS',
    width: 22,
    min: 12,
    flex: true,
    priority: 90,
    render: (r) => r.actions.join(','),
  },
  {
    key: 'flows',
    title: 'FLOWS',
    width: 5,
    align: 'right',
    priority: 60,
    render: (r) => String(r.real_flow_ct),
  },
  {
    key: 'description',
    title: 'DESCRIPTION',
    width: 18,
    priority: 10,
    render: (r) => r.description,
  },
];

const GROUP_COLUMNS: Column<Group>[] = [
  {
    key: 'id',
    title: 'GROUP',
    width: 6,
    align: 'right',
    priority: 100,
    render: (g) => String(g.group_id),
  },
  { key: 'type', title: 'TYPE', width: 6, priority: 90, render: (g) => g.type },
  {
    key: 'buckets',
    title: 'BUCKETS',
    width: 40,
    min: 16,
    flex: true,
    priority: 80,
    render: bucketsText,
  },
  {
    key: 'description',
    title: 'DESCRIPTION',
    width: 16,
    priority: 10,
    render: (g) => g.description,
  },
];

const PORT_COLUMNS: Column<PortConfig>[] = [
  { key: 'if_name', title: 'PORT', width: 11, priority: 100, render: (p) => p.if_name },
  {
    key: 'type',
    title: 'TYPE',
    width: 4,
    align: 'right',
    priority: 50,
    render: (p) => String(p.type),
  },
  { key: 'speed', title: 'SPEED', width: 6, priority: 90, render: (p) => p.speed },
  { key: 'duplex', title: 'DUPLEX', width: 6, priority: 80, render: (p) => p.duplex },
  { key: 'split', title: 'SPLIT', width: 9, priority: 60, render: (p) => p.split },
  {
    key: 'xg',
    title: 'XG NEXT',
    width: 7,
    priority: 40,
    render: (p) => p.xg_speed?.nextSetting ?? '–',
  },
  {
    key: 'shutdown',
    title: 'ADMIN',
    width: 5,
    priority: 85,
    render: (p) => (p.shutdown ? 'shut' : 'up'),
  },
  {
    key: 'flags',
    title: 'OPTIONS',
    width: 14,
    flex: true,
    priority: 30,
    render: (p) =>
      [
        p.unidirectional ? 'unidir' : '',
        p.crc_check ? 'crc-check' : '',
        p.crc_recalculation ? 'crc-recalc' : '',
      ]
        .filter(Boolean)
        .join(' ') || '–',
  },
];

export function ruleSavePointLines(sp: RuleSavePoint, width: number): Line[] {
  const rules = [...sp.rules].sort((a, b) => b.priority - a.priority);
  return [
    `${sp.description || '(no description)'} · ${sp.rules.length} rules, ${sp.flowusage} flows · ${sp.groups.length} groups${sp.readonly ? ' · read-only' : ''}${sp.boot ? ' · loads on boot' : ''}`,
    '',
    ...(rules.length ? table(RULE_COLUMNS, rules, width) : ['(no rules)']),
    '',
    ...(sp.groups.length ? table(GROUP_COLUMNS, sp.groups, width) : ['(no groups)']),
  ];
}

export function portSavePointLines(sp: PortSavePoint, width: number): Line[] {
  return [
    `${sp.description || '(no description)'} · ${sp.ports.length} ports${sp.readonly ? ' · read-only' : ''}`,
    '',
    ...(sp.ports.length ? table(PORT_COLUMNS, sp.ports, width) : ['(no ports)']),
  ];
}
