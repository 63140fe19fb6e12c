/**
 * The journal (`J`, `:journal`): this operator's changes on this device, newest first, from
 * the change journal (src/ops/journal.ts). Enter shows one change's request and its state
 * before and after (one diff, state-diff.ts); `u` undoes it — the inverse (src/ops/undo.ts) in the same confirmation
 * as any other write. `u` on any other screen (app.undo) comes here with the latest change's
 * undo open.
 */
import { Box } from 'ink';
import { useEffect, useState } from 'react';
import { entriesOf, entryOutcome, journalOf } from '../../ops/journal.js';
import { JournalFile, journalJson } from '../../ops/journal-file.js';
import { type JournalRow, seenSummary, withSeen } from '../../ops/journal-observed.js';
import { describeRequest } from '../../ops/operation.js';
import { undoPlan } from '../../ops/undo.js';
import { latestUndoableIn } from '../../ops/undo-latest.js';
import { useConsole } from '../../store/react.js';
import { type Column, Table, Text } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { useWriteRefusal } from '../device-view.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { matchNote } from '../filter-note.js';
import { changeLayer, useKeyLayers } from '../key-layers.js';
import type { ScreenProps } from '../types.js';
import { useChange } from '../use-change.js';
import { applyChange, listenForApply } from './apply.js';
import { guardLines } from './guard-lines.js';
import { seenLines } from './observed.js';
import { diffLines, foldedDiff } from './state-diff.js';

/** Set by the app's `u` on another screen: open the latest change's undo on arrival. */
let undoLatestOnArrival = false;
export function requestUndoLatest(): void {
  undoLatestOnArrival = true;
}

const outcome = (e: JournalRow) =>
  e.seen ? 'seen' : entryOutcome(e).replace('? (no answer recorded)', '?');

const COLUMNS: Column<JournalRow>[] = [
  { key: 'id', title: 'ID', width: 8, priority: 100, render: (e) => e.id },
  {
    key: 'time',
    title: 'TIME',
    width: 19,
    priority: 60,
    render: (e) => e.time.replace('T', ' ').slice(0, 19),
  },
  { key: 'user', title: 'USER', width: 8, priority: 40, render: (e) => e.user || '-' },
  { key: 'op', title: 'OPERATION', width: 24, priority: 90, render: (e) => e.operation },
  {
    key: 'request',
    title: 'REQUEST',
    width: 30,
    min: 12,
    flex: true,
    priority: 70,
    render: (e) => (e.seen ? seenSummary(e.seen) : describeRequest(e.request).join(' ')),
  },
  { key: 'result', title: 'RESULT', width: 24, min: 6, priority: 80, render: outcome },
];

const jsonLines = (v: unknown) => JSON.stringify(JSON.parse(journalJson(v)), null, 1).split('\n');

/**
 * The detail lines: the request, and the state before and after as one diff (`-` only
 * before, `+` only after); a state not recorded is said so and the other shown as it is.
 */
function detailLines(e: JournalRow): string[] {
  if (e.seen) return seenLines(e.seen);
  const [line, params] = describeRequest(e.request);
  const head = [
    `${e.operation} · ${e.time} · ${e.user || 'no user'} · ${outcome(e)}`,
    `request: ${line} ${params}`,
    ...guardLines(e.guard),
  ];
  const missing = (which: string, why?: string) =>
    `${which}: ${why ? `could not be read (${why})` : 'not recorded'}`;
  const hasBefore = e.before !== undefined && !e.beforeError;
  const hasAfter = e.after !== undefined;
  if (!hasBefore && !hasAfter) return [...head, missing('before', e.beforeError), missing('after')];
  if (!hasBefore)
    return [
      ...head,
      missing('before', e.beforeError),
      'after:',
      ...jsonLines(e.after).map((l) => `  ${l}`),
    ];
  if (!hasAfter)
    return [...head, 'before:', ...jsonLines(e.before).map((l) => `  ${l}`), missing('after')];
  const diff = diffLines(jsonLines(e.before), jsonLines(e.after));
  return [
    ...head,
    diff.some((d) => d.mark !== ' ')
      ? 'before → after (- only before, + only after):'
      : 'before → after: unchanged',
    ...foldedDiff(diff),
  ];
}

/** The entries whose id, operation or request hold `f` (lower case). */
export function filterEntries(entries: JournalRow[], f: string): JournalRow[] {
  if (!f) return entries;
  return entries.filter((e) =>
    `${e.id} ${e.operation} ${e.seen ? seenSummary(e.seen) : describeRequest(e.request).join(' ')}`
      .toLowerCase()
      .includes(f),
  );
}

/** Enter on a change: what was sent and the before → after diff, ↑/↓ scrolling it. */
function EntryDetail(p: {
  id: string;
  entry: JournalRow | undefined;
  scroll: number;
  width: number;
  height: number;
}) {
  const lines = p.entry ? detailLines(p.entry) : [`Entry ${p.id} is gone. Esc returns.`];
  return (
    <Box flexDirection="column" width={p.width} height={p.height} paddingX={1}>
      <Text bold wrap="truncate-end">
        {p.entry?.seen ? `Seen ${p.id}` : `Change ${p.id} · u undo`} · ↑/↓ scroll · Esc returns
      </Text>
      {lines.slice(p.scroll, p.scroll + p.height - 1).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
        <Text key={i} wrap="truncate-end">
          {l}
        </Text>
      ))}
    </Box>
  );
}

export function JournalScreen(props: ScreenProps) {
  const { client, session } = useConsole();
  const refused = useWriteRefusal();
  const change = useChange(refused, props.notify);
  const file = journalOf(client)?.file ?? new JournalFile();
  const read = () => withSeen(entriesOf(file, { device: session.url }), file, session.url);
  const [entries, setEntries] = useState<JournalRow[]>(read);
  const [detail, setDetail] = useState<string | null>(null);
  const [scroll, setScroll] = useState(0);
  const f = props.filter.trim().toLowerCase();
  const rows = filterEntries(entries, f);
  const list = useKeyedList(rows, (e) => e.id, props.height - 2, { filter: props.filter });

  // the journal grows with every write (this console's, or another pbc's): read it again
  // biome-ignore lint/correctness/useExhaustiveDependencies: read() depends only on the file and URL
  useEffect(() => {
    const timer = setInterval(() => setEntries(read()), 1000);
    return () => clearInterval(timer);
  }, [file.path, session.url]);

  const undo = (e: JournalRow | undefined) =>
    change.write('undo', () => {
      if (!e) return props.notify('no change of yours on this device left to undo');
      if (e.seen) return props.notify(`${e.id} was made outside this console: no undo here`);
      undoPlan(client, e).then(
        (r) => {
          if (!r.ok) return props.notify(`cannot undo ${e.id} (${e.operation}): ${r.why}`);
          change.open(r.plan, { onClose: () => setEntries(read()) });
        },
        (err: unknown) => props.notify(`undo ${e.id}: ${(err as Error).message}`),
      );
    });

  // `:apply FILE`: the plan in the confirmation (see apply.ts)
  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener while mounted
  useEffect(
    () =>
      listenForApply((name) =>
        change.write(`apply ${name}`, () => {
          props.notify(`apply ${name}: reading the file and the device…`);
          applyChange(client, name).then(
            (r) =>
              r.kind === 'nothing'
                ? props.notify(r.message)
                : change.open(r.plan, { onClose: () => setEntries(read()) }),
            (err: unknown) => props.notify(`apply ${name}: ${(err as Error).message}`),
          );
        }),
      ),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (!undoLatestOnArrival) return;
    undoLatestOnArrival = false;
    const latest = latestUndoableIn(file, session.url);
    if (latest.refused) props.notify(`undo: ${latest.refused}`);
    else undo(latest.entry);
  }, []);

  useKeyLayers(props.keys, [changeLayer(change)]);
  const selected = () =>
    detail !== null ? entries.find((e) => e.id === detail) : rows[list.state.selected];
  useCommands(props.commands, {
    'app.undo': () => undo(selected()),
    ...(detail !== null
      ? {
          'app.cancel': () => setDetail(null),
          'journal.detail': () => setDetail(null),
          'nav.down': () => setScroll((n) => n + 1),
          'nav.up': () => setScroll((n) => Math.max(0, n - 1)),
        }
      : {
          ...navCommands(list.go),
          'journal.detail': () => {
            const e = selected();
            if (e) {
              setDetail(e.id);
              setScroll(0);
            }
          },
        }),
  });

  if (change.isOpen) return change.view(props.width, props.height);
  if (detail !== null)
    return (
      <EntryDetail
        id={detail}
        entry={selected()}
        scroll={scroll}
        width={props.width}
        height={props.height}
      />
    );
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text wrap="truncate-end">
        {`Journal · ${(f && matchNote(rows.length, entries.length, props.filter, 'changes')) || `${entries.length} ${entries.length === 1 ? 'change' : 'changes'}`} on ${session.url} · newest first · Enter details · u undo`}
        {refused ? ` · read-only: ${refused}` : ''}
      </Text>
      <Table
        columns={COLUMNS}
        rows={rows}
        width={props.width}
        height={props.height - 1}
        selected={list.state.selected}
        offset={list.state.offset}
        emptyText={f ? `no change matches '${props.filter}'` : 'no changes from this console yet'}
        rowKey={(e) => e.id}
      />
    </Box>
  );
}
