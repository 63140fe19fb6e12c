/** Draws a screen's open dialog over the whole body: title, lines, form or choices. */
import { Box } from 'ink';
import type { JSX } from 'react';
import {
  ConfirmPanel,
  GUARD_CHOICE,
  keysFooter,
  panelLines,
  panelRoom,
  REVERT_CHOICE,
  revertFooter,
} from '../../widgets/confirm-panel.js';
import { TextLines } from '../../widgets/confirm-view.js';
import { FormView, formHeight } from '../../widgets/forms/form-view.js';
import { clipLine, keyLines, Panel, Text } from '../../widgets/index.js';
import { choiceLine, confirmAsk, type Dialog, wrapLines } from './dialog.js';
import type { DialogControl } from './use-dialog.js';

/** Rows of dialog text visible at this body height (what PgUp/PgDn move by). */
export function dialogPage(height: number): number {
  return Math.max(1, height - 5);
}

/**
 * A confirmation or a text view: the one confirmation component (ConfirmPanel), its body
 * scrolled by ↑↓ PgUp/PgDn, its keys (the choices, `R` and `G`, or the revert time or guard
 * window) at the bottom.
 */
function TextDialog(props: {
  d: Extract<Dialog, { kind: 'confirm' | 'view' }>;
  control: DialogControl;
  width: number;
  height: number;
}): JSX.Element {
  const { d } = props;
  const inner = Math.max(10, props.width - 4);
  const ask = d.kind === 'confirm' ? confirmAsk(d) : undefined;
  const lines = panelLines({ ...(ask ? { ask } : { lines: d.lines }), width: props.width });
  const editing = d.kind === 'confirm' ? d.revertTime : undefined;
  const revertable =
    d.kind === 'confirm' && d.revert !== undefined && d.revert.plan.kind !== 'none';
  const choices =
    d.kind === 'confirm'
      ? choiceLine(d.choices, ...(revertable ? [REVERT_CHOICE, GUARD_CHOICE] : []))
      : `${d.footer ? `${d.footer} · ` : ''}Esc closes`;
  // at 80 columns `… · R send, revert … · G guarded · any other key cancels` takes two lines
  const keyRows = keyLines(choices, inner).length;
  const room = panelRoom(props.height, editing ? 2 : keyRows);
  props.control.maxScroll.current = Math.max(0, lines.length - room);
  const scroll = Math.min(props.control.scroll, props.control.maxScroll.current);
  const more =
    lines.length > room
      ? ` · ↑↓ PgUp/PgDn scroll (${scroll + 1}-${Math.min(lines.length, scroll + room)} of ${lines.length})`
      : '';
  const footer = editing
    ? revertFooter(editing)
    : keysFooter(`${choices}${more}`, props.width, keyRows, d.kind === 'confirm');
  return (
    <ConfirmPanel
      title={d.title}
      {...(ask ? { ask } : { lines: d.lines })}
      footer={footer}
      width={props.width}
      height={props.height}
      scroll={scroll}
    />
  );
}

export function DialogView(props: {
  control: DialogControl;
  width: number;
  height: number;
}): JSX.Element | null {
  const d = props.control.dialog;
  if (!d) return null;
  const inner = Math.max(10, props.width - 4);
  const innerHeight = Math.max(3, props.height - 2);
  let body: JSX.Element;
  let footer = '';
  switch (d.kind) {
    case 'form': {
      const fh = Math.min(formHeight(d.form), innerHeight - 1);
      const lines = wrapLines(d.lines ?? [], inner);
      const room = Math.max(0, innerHeight - 1 - fh);
      const cut = lines.length > room ? [...lines.slice(0, Math.max(0, room - 1)), '…'] : lines;
      body = (
        <>
          <TextLines lines={cut.slice(0, room)} width={inner} />
          <FormView form={d.form} width={inner} height={fh} />
        </>
      );
      break;
    }
    case 'busy': {
      const lines = wrapLines(d.lines ?? [], inner);
      body = <TextLines lines={lines.slice(0, Math.max(0, innerHeight - 2))} width={inner} />;
      footer = d.onCancel ? 'Esc stops waiting' : 'working…';
      break;
    }
    case 'confirm':
    case 'view':
      return <TextDialog d={d} control={props.control} width={props.width} height={props.height} />;
  }
  return (
    <Panel title={clipLine(d.title, inner)} width={props.width} height={props.height}>
      {body}
      <Box flexGrow={1} />
      {footer ? <Text wrap="truncate-end">{clipLine(footer, inner)}</Text> : null}
    </Panel>
  );
}
