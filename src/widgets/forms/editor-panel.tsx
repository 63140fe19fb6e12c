/**
 * The frame both editor overlays (rules, groups) draw their form in: what the change will do
 * on top (`head`: the TCAM preview, the call and its impact, the traffic), the form's lines
 * scrolled around the focus, the focused field's help, the issues that fit, and the keys (or
 * the discard question). The lines of each editor are its own (`formRows`, rows.tsx).
 */
import type { ReactElement } from 'react';
import { Panel, Text, truncateText } from '../index.js';
import type { FormRows } from './rows.js';
import { EditorFooter, IssueLine } from './view.js';

export interface EditorIssue {
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface EditorPanelProps {
  title: string;
  /** The lines above the form, one element per terminal line. */
  head: readonly ReactElement[];
  layout: FormRows;
  focus: string;
  /** The line under the form: the focused field's help or what Tab completes. */
  help: string;
  /** In the order shown (the focused field's own first). */
  issues: readonly EditorIssue[];
  /** At most this many issue lines. */
  maxIssues: number;
  /** Says how many issues did not fit (one more line). */
  moreNote?: (left: number) => string;
  /** A question in place of the keys line (Esc with changes: "discard changes? y/n"). */
  question?: string | undefined;
  refused: string | null;
  keys: string;
  width: number;
  height: number;
}

/** How many issue lines are shown, and whether a "… N more" line follows them. */
function issueRoom(p: EditorPanelProps, budget: number) {
  const n = p.issues.length;
  const lines = Math.min(n, Math.max(1, Math.min(p.maxIssues, budget - p.layout.rows.length)));
  return { lines, more: p.moreNote && n > lines ? 1 : 0 };
}

export function EditorPanel(p: EditorPanelProps): ReactElement {
  const inner = Math.max(20, p.width - 4);
  // border 2 + title 1, the head, help 1, keys 1; the issues get what the form leaves
  const budget = Math.max(4, p.height - 5 - p.head.length);
  const room = issueRoom(p, budget);
  const win = p.layout.window(p.focus, budget - room.lines - room.more);
  return (
    <Panel border="round" title={p.title} width={p.width} height={p.height}>
      {p.head}
      {win.shown}
      {win.note ? <Text dimColor>{win.note}</Text> : null}
      <Text color="cyan" wrap="truncate-end">
        {truncateText(p.help, inner).text || ' '}
      </Text>
      {p.issues.slice(0, room.lines).map((i, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
        <IssueLine key={n} severity={i.severity} text={i.message} width={inner} />
      ))}
      {room.more ? <Text dimColor>{p.moreNote?.(p.issues.length - room.lines)}</Text> : null}
      <EditorFooter
        {...(p.question ? { question: p.question } : {})}
        {...(p.refused ? { refused: p.refused } : {})}
        keys={p.keys}
      />
    </Panel>
  );
}
