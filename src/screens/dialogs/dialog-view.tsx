/** Draws a screen's open dialog over the whole body: title, lines, form or choices. */
import { Box } from 'ink';
import type { JSX } from 'react';
import { FormView, formHeight } from '../../widgets/forms/form-view.js';
import { clipLine, Panel, Text } from '../../widgets/index.js';
import { REVERT_CHOICE, revertFooter } from '../confirm.js';
import { choiceLine, confirmLines, type Line, lineText, wrapLines } from './dialog.js';
import type { DialogControl } from './use-dialog.js';

function LineText({ line, width }: { line: Line; width: number }): JSX.Element {
  const text = clipLine(lineText(line), width) || ' ';
  if (typeof line === 'string') return <Text wrap="truncate-end">{text}</Text>;
  return (
    <Text
      wrap="truncate-end"
      {...(line.color ? { color: line.color } : {})}
      bold={Boolean(line.bold)}
      dimColor={Boolean(line.dim)}
    >
      {text}
    </Text>
  );
}

function Lines(props: { lines: Line[]; width: number; height: number; scroll: number }) {
  const shown = props.lines.slice(props.scroll, props.scroll + Math.max(0, props.height));
  return (
    <Box flexDirection="column" height={Math.max(0, props.height)} overflow="hidden">
      {shown.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <LineText key={i} line={l} width={props.width} />
      ))}
    </Box>
  );
}

/** Rows of dialog text visible at this body height (what PgUp/PgDn move by). */
export function dialogPage(height: number): number {
  return Math.max(1, height - 5);
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
  let footerLines: JSX.Element[] | undefined;
  switch (d.kind) {
    case 'form': {
      const fh = Math.min(formHeight(d.form), innerHeight - 1);
      const lines = wrapLines(d.lines ?? [], inner);
      const room = Math.max(0, innerHeight - 1 - fh);
      const cut = lines.length > room ? [...lines.slice(0, Math.max(0, room - 1)), '…'] : lines;
      body = (
        <>
          <Lines
            lines={cut.slice(0, room)}
            width={inner}
            height={Math.min(room, cut.length)}
            scroll={0}
          />
          <FormView form={d.form} width={inner} height={fh} />
        </>
      );
      break;
    }
    case 'busy': {
      const lines = wrapLines(d.lines ?? [], inner);
      body = (
        <Lines
          lines={lines}
          width={inner}
          height={Math.min(lines.length, innerHeight - 2)}
          scroll={0}
        />
      );
      footer = d.onCancel ? 'Esc stops waiting' : 'working…';
      break;
    }
    case 'confirm':
    case 'view': {
      const revertable =
        d.kind === 'confirm' && d.revert !== undefined && d.revert.plan.kind !== 'none';
      const lines = wrapLines(d.kind === 'confirm' ? confirmLines(d) : d.lines, inner);
      const editing = d.kind === 'confirm' ? d.revertTime : undefined;
      if (editing) footerLines = revertFooter(editing);
      const room = Math.max(1, innerHeight - 2 - (footerLines ? footerLines.length - 1 : 0));
      props.control.maxScroll.current = Math.max(0, lines.length - room);
      const scroll = Math.min(props.control.scroll, props.control.maxScroll.current);
      const more =
        lines.length > room
          ? ` · ↑↓ PgUp/PgDn scroll (${scroll + 1}-${Math.min(lines.length, scroll + room)} of ${lines.length})`
          : '';
      body = <Lines lines={lines} width={inner} height={room} scroll={scroll} />;
      footer =
        d.kind === 'confirm'
          ? `${choiceLine(d.choices, ...(revertable ? [REVERT_CHOICE] : []))}${more}`
          : `${d.footer ? `${d.footer} · ` : ''}Esc closes${more}`;
      break;
    }
  }
  return (
    <Panel title={clipLine(d.title, inner)} width={props.width} height={props.height}>
      {body}
      <Box flexGrow={1} />
      {footerLines ?? null}
      {!footerLines && footer ? (
        <Text bold={d.kind === 'confirm'} wrap="truncate-end">
          {clipLine(footer, inner)}
        </Text>
      ) : null}
    </Panel>
  );
}
