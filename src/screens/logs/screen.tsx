/** 6 Logs: the device's web log, live. */
import { Box } from 'ink';
import { useMemo, useState } from 'react';
import { SUPER, sanitize } from '../../model/index.js';
import { logOps } from '../../ops/logs.js';
import { perform } from '../../ops/perform.js';
import { useConsole, useConsoleState } from '../../store/react.js';
import { cleanText, LogView, Text } from '../../widgets/index.js';
import { useCommands } from '../commands.js';
import { useWriteAccess } from '../dialogs/access.js';
import { DialogView } from '../dialogs/dialog-view.js';
import { useDialog } from '../dialogs/use-dialog.js';
import { dialogLayer, useKeyLayers } from '../key-layers.js';
import type { ScreenProps } from '../types.js';
import { positionText } from './position.js';
import { minimumText, NO_SEVERITY, nextMinimum, type Severity, severityView } from './severity.js';

const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? /;

export function stripStamp(line: string): string {
  return line.replace(STAMP, '');
}

/** `340 lines`, or what a minimum severity and the filter leave: `12 of 340 lines ≥ WARN match 'eth'`. */
export function countText(
  shown: number,
  total: number,
  minimum: Severity | null,
  filter: string,
): string {
  if (minimum === null && !filter) return `${total} lines`;
  const level = minimum === null ? '' : ` ${minimumText(minimum)}`;
  const match = filter ? ` match '${sanitize(filter)}'` : '';
  return `${shown} of ${total} lines${level}${match}`;
}

export function LogsScreen(props: ScreenProps) {
  const { client, poller } = useConsole();
  const log = useConsoleState((s) => s.log);
  const deviceTime = useConsoleState((s) => s.resources.log.data?.systemDateTime);
  const logRead = useConsoleState((s) => s.resources.log.data !== undefined);
  const logError = useConsoleState((s) => s.resources.log.error?.message);
  const allowed = useWriteAccess(props.notify);
  const [follow, setFollow] = useState(true);
  const [wrap, setWrap] = useState(false);
  const [stamps, setStamps] = useState(true);
  const [scroll, setScroll] = useState(0);
  const dialog = useDialog(props.notify);
  const [anchor, setAnchor] = useState(0);
  // Off the newest line, the view holds the lines it showed: lines that arrive meanwhile (of
  // them, those the filter or L hides too) cannot shift it. They show once it follows again.
  const [held, setHeld] = useState<{ lines: readonly string[]; appended: number } | null>(null);
  // L: only the lines at a minimum severity (when the device's lines carry one)
  const [minimum, setMinimum] = useState<Severity | null>(null);
  const bodyHeight = props.height - 1;
  // The view stays on the same lines as new ones arrive, and when follow is switched on or
  // off; only a line that arrives while following takes it to the newest. (A cleared log,
  // fewer lines ever appended than held, lets go of the held lines.)
  const newest = (follow && log.appended > anchor) || !held || log.appended < held.appended;
  const raw = newest ? log.lines : held.lines;
  const scrollFromBottom = newest && follow && log.appended > anchor ? 0 : scroll;
  const unseen = newest ? 0 : log.appended - held.appended;
  const shown = useMemo(
    () => severityView(raw, minimum, stamps ? undefined : stripStamp),
    [raw, minimum, stamps],
  );
  const lines = shown.lines;
  // what the `/` filter leaves of them (the same case-insensitive match the view makes)
  const matching = useMemo(() => {
    const f = props.filter.toLowerCase();
    return f ? lines.filter((l) => cleanText(l).toLowerCase().includes(f)).length : lines.length;
  }, [lines, props.filter]);

  /** Scrolling up pauses follow; scrolling back to the bottom resumes it (at the newest). */
  const scrollBy = (delta: number) => {
    const next = Math.max(0, Math.min(scrollFromBottom + delta, Math.max(0, raw.length - 1)));
    setFollow(next === 0);
    setScroll(next);
    setAnchor(log.appended);
    setHeld(next === 0 ? null : hold());
  };
  /** The lines on screen now, to keep showing. */
  const hold = () => (newest ? { lines: log.lines, appended: log.appended } : held);

  // the confirmation reads the next key, whatever it is: raw keys while it is open
  useKeyLayers(props.keys, [dialogLayer(dialog, props.height)]);
  useCommands(props.commands, {
    'nav.up': () => scrollBy(1),
    'nav.down': () => scrollBy(-1),
    'nav.pageUp': () => scrollBy(bodyHeight - 1),
    'nav.pageDown': () => scrollBy(-(bodyHeight - 1)),
    'nav.top': () => scrollBy(raw.length),
    'nav.bottom': () => {
      setFollow(true);
      setScroll(0);
      setHeld(null);
    },
    // the view does not move (nor does a notice line shift it): the status line says it —
    // except that following at the bottom shows the lines that arrived while paused
    'logs.follow': () => {
      setScroll(scrollFromBottom);
      setAnchor(log.appended);
      setFollow(!follow);
      setHeld(!follow && scrollFromBottom === 0 ? null : hold());
    },
    'logs.wrap': () => setWrap(!wrap),
    'logs.timestamps': () => setStamps(!stamps),
    // lines without a severity: L says so rather than doing nothing
    'logs.level': () => (shown.any ? setMinimum(nextMinimum(minimum)) : props.notify(NO_SEVERITY)),
    'logs.clear': () => {
      if (!allowed('clearing the log', SUPER)) return;
      const op = logOps.clear();
      dialog.ask({
        title: 'Clear the whole device log?',
        lines: ['Every line of the device log is deleted. This cannot be undone.'],
        ops: [op],
        yes: () =>
          void dialog.run('Clearing the device log', async () => {
            await perform({ client, poller }, op);
            return 'device log cleared';
          }),
        yesLabel: 'clear',
        cancelled: 'log not cleared',
      });
    },
  });

  // before the first answer: why there are no lines, not "0 lines"
  const count = logRead
    ? countText(matching, raw.length, minimum, props.filter)
    : logError
      ? `! log: ${sanitize(logError)}`
      : 'reading the log…';
  const where = positionText(follow, scrollFromBottom, unseen);
  const status = `${count}${where}${wrap ? ' · wrap' : ''} · device time ${deviceTime ? sanitize(deviceTime) : '–'}`;
  if (dialog.dialog)
    return <DialogView control={dialog} width={props.width} height={props.height} />;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text wrap="truncate" inverse>
        {status.padEnd(props.width)}
      </Text>
      <LogView
        lines={lines}
        width={props.width}
        height={bodyHeight}
        wrap={wrap}
        scrollFromBottom={scrollFromBottom}
        filter={props.filter}
      />
    </Box>
  );
}
