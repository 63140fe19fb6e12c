/**
 * The Save-points panes: their columns (the mark, flags), the `/` filter on name and
 * description, and the save-point a mark (`m`, then `v` diffs against it) names.
 */
import type { PortSavePoint, RuleSavePoint } from '../../model/index.js';
import type { Column } from '../../widgets/index.js';
import type { Selected } from './actions.js';

export type Pane = 'rules' | 'ports';
export type Mark = { pane: Pane; name: string } | null;

export const isMarked = (mark: Mark, pane: Pane, name: string) =>
  mark?.pane === pane && mark.name === name;

export function flags(
  sp: { name: string; readonly: boolean; boot?: boolean },
  pane: Pane,
  mark: Mark,
) {
  return [
    isMarked(mark, pane, sp.name) ? 'marked' : '',
    sp.boot ? 'boot' : '',
    sp.name === 'Quicksave' && pane === 'rules' ? 'quicksave' : '',
    sp.readonly ? 'read-only' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

type SavePointRow = { name: string; description: string; readonly: boolean; boot?: boolean };

/** The columns both panes have: name (with the mark), description … and, at the end, flags. */
function savePointColumns<T extends SavePointRow>(
  pane: Pane,
  mark: Mark,
  middle: Column<T>[],
  flagsWidth: number,
): Column<T>[] {
  return [
    {
      key: 'name',
      title: pane === 'rules' ? 'RULE SAVE-POINT' : 'PORT SAVE-POINT',
      width: 20,
      min: 12,
      priority: 100,
      render: (s) => `${isMarked(mark, pane, s.name) ? '* ' : ''}${s.name}`,
    },
    {
      key: 'description',
      title: 'DESCRIPTION',
      width: 26,
      min: 10,
      flex: true,
      priority: 40,
      render: (s) => s.description,
    },
    ...middle,
    {
      key: 'flags',
      title: 'FLAGS',
      width: flagsWidth,
      min: 9,
      priority: 90,
      render: (s) => flags(s, pane, mark),
    },
  ];
}

export function ruleColumns(maximum: number | undefined, mark: Mark): Column<RuleSavePoint>[] {
  return savePointColumns<RuleSavePoint>(
    'rules',
    mark,
    [
      {
        key: 'rules',
        title: 'RULES',
        width: 5,
        align: 'right',
        priority: 60,
        render: (s) => String(s.rules.length),
      },
      {
        key: 'flows',
        title: 'FLOWS',
        width: 10,
        align: 'right',
        priority: 80,
        render: (s) => (maximum ? `${s.flowusage}/${maximum}` : String(s.flowusage)),
        color: (s) => (maximum && s.flowusage > maximum ? 'red' : undefined),
      },
      {
        key: 'groups',
        title: 'GROUPS',
        width: 6,
        align: 'right',
        priority: 70,
        render: (s) => String(s.groupusage),
      },
    ],
    18,
  );
}

export function portColumns(mark: Mark): Column<PortSavePoint>[] {
  return savePointColumns<PortSavePoint>(
    'ports',
    mark,
    [
      {
        key: 'ports',
        title: 'PORTS',
        width: 5,
        align: 'right',
        priority: 70,
        render: (s) => String(s.ports.length),
      },
    ],
    22,
  );
}

export const matches = (filter: string) => {
  const f = filter.toLowerCase();
  return (s: { name: string; description: string }) =>
    !f || `${s.name} ${s.description}`.toLowerCase().includes(f);
};

/** The save-point a mark names, while it exists. */
export function markedOf(
  mark: Mark,
  savepoints: { rules: readonly RuleSavePoint[]; ports: readonly PortSavePoint[] } | undefined,
): Selected | undefined {
  if (!mark) return undefined;
  if (mark.pane === 'rules') {
    const sp = savepoints?.rules.find((s) => s.name === mark.name);
    return sp ? { pane: 'rules', sp } : undefined;
  }
  const sp = savepoints?.ports.find((s) => s.name === mark.name);
  return sp ? { pane: 'ports', sp } : undefined;
}

/** `m` on the selected save-point: marks it, or removes the mark it carries; and what to say. */
export function toggleMark(mark: Mark, sel: Selected): { mark: Mark; note: string } {
  if (isMarked(mark, sel.pane, sel.sp.name)) return { mark: null, note: 'mark removed' };
  return {
    mark: { pane: sel.pane, name: sel.sp.name },
    note: `marked '${sel.sp.name}': v on another save-point shows the diff between them`,
  };
}

/** The save-point selected in a pane, if its list has one. */
export function selectedIn(
  pane: Pane,
  rules: readonly RuleSavePoint[],
  ports: readonly PortSavePoint[],
  at: { rules: number; ports: number },
): Selected | undefined {
  if (pane === 'rules') {
    const sp = rules[at.rules];
    return sp ? { pane: 'rules', sp } : undefined;
  }
  const sp = ports[at.ports];
  return sp ? { pane: 'ports', sp } : undefined;
}
