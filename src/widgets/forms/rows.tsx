/**
 * The lines of an editor form (rules, groups), each with the focus targets on it so the
 * form can scroll to the focus, and the lines every editor ends with: the save-point
 * checkbox and the Apply / Cancel buttons.
 */
import { Box } from 'ink';
import type { ReactElement } from 'react';
import { Text } from '../index.js';
import { Button, Checkbox, formWindow } from './view.js';

export interface FormRow {
  targets: string[];
  node: ReactElement;
}

export interface FormRows {
  readonly rows: FormRow[];
  line(key: string, targets: string[], node: ReactElement): void;
  /** The "save a rule save-point before applying" checkbox. */
  saveFirst(checked: boolean, focus: string): void;
  /** Apply (disabled while blocked or refused) and Cancel, indented `indent` columns. */
  buttons(indent: number, focus: string, blocked: string | null, refused: string | null): void;
  /** The lines that fit in `space` lines around the focused one, and a note for the rest. */
  window(focus: string, space: number): { shown: ReactElement[]; note: string };
}

export function formRows(): FormRows {
  const rows: FormRow[] = [];
  const line = (key: string, targets: string[], node: ReactElement) => {
    rows.push({ targets, node: <Box key={key}>{node}</Box> });
  };
  return {
    rows,
    line,
    saveFirst(checked, focus) {
      line(
        'saveFirst',
        ['saveFirst'],
        <Checkbox
          label="save a rule save-point before applying"
          checked={checked}
          focused={focus === 'saveFirst'}
        />,
      );
    },
    buttons(indent, focus, blocked, refused) {
      const applyLabel = refused
        ? 'Apply (read-only)'
        : blocked
          ? `Apply — ${blocked}`
          : 'Apply (Ctrl-S)';
      line(
        'buttons',
        ['apply', 'cancel'],
        <Text>
          {' '.repeat(indent)}
          <Button
            label={applyLabel}
            focused={focus === 'apply'}
            disabled={Boolean(blocked || refused)}
          />
          {'  '}
          <Button label="Cancel (Esc)" focused={focus === 'cancel'} />
        </Text>,
      );
    },
    window(focus, space) {
      const win = formWindow(
        rows.length,
        Math.max(
          0,
          rows.findIndex((r) => r.targets.includes(focus)),
        ),
        space,
      );
      return {
        shown: rows.slice(win.start, win.start + win.count).map((r) => r.node),
        note: win.note,
      };
    },
  };
}
