/** 6 Logs: the device's web log, live. */
import { Box } from 'ink';
import { useState } from 'react';
import { SUPER, sanitize } from '../model/index.js';
import { logOps } from '../ops/logs.js';
import { perform } from '../ops/perform.js';
import { useConsole, useConsoleState } from '../store/react.js';
import { LogView, Text } from '../widgets/index.js';
import { useCommands } from './commands.js';
import { useWriteAccess } from './dialogs/access.js';
import { sendsLine } from './dialogs/action-context.js';
import { UNSEEN, useSeen } from './key-clock.js';
import type { ScreenProps } from './types.js';

const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? /;

export function stripStamp(line: string): string {
  return line.replace(STAMP, '');
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
  const [confirm, setConfirm] = useState(false);
  const seen = useSeen(() => confirm);
  const [anchor, setAnchor] = useState(0);
  const bodyHeight = props.height - 1 - (confirm ? 1 : 0);
  // While not following, keep the view on the same lines as new ones arrive.
  const scrollFromBottom = follow ? 0 : scroll + (log.appended - anchor);
  const lines = stamps ? log.lines : log.lines.map(stripStamp);

  /** Scrolling up pauses follow; scrolling back to the bottom resumes it. */
  const scrollBy = (delta: number) => {
    const next = Math.max(0, Math.min(scrollFromBottom + delta, Math.max(0, log.lines.length - 1)));
    setFollow(next === 0);
    setScroll(next);
    setAnchor(log.appended);
  };

  // the confirmation reads the next key, whatever it is: raw keys while it is open
  props.keys.current = confirm
    ? (key) => {
        // y read together with D (typed ahead, a paste) does not clear
        if (key === 'y' && !seen(true)) {
          props.notify(UNSEEN);
          return true;
        }
        setConfirm(false);
        if (key === 'y') {
          perform({ client, poller }, logOps.clear()).then(
            () => props.notify('device log cleared'),
            (e: Error) => props.notify(`log not cleared: ${e.message}`),
          );
        } else props.notify('log not cleared');
        return true;
      }
    : null;
  useCommands(props.commands, {
    'nav.up': () => scrollBy(1),
    'nav.down': () => scrollBy(-1),
    'nav.pageUp': () => scrollBy(bodyHeight - 1),
    'nav.pageDown': () => scrollBy(-(bodyHeight - 1)),
    'nav.top': () => scrollBy(log.lines.length),
    'nav.bottom': () => {
      setFollow(true);
      setScroll(0);
    },
    'logs.follow': () => {
      if (follow) {
        setAnchor(log.appended);
        setScroll(0);
      }
      setFollow(!follow);
      props.notify(follow ? 'follow off' : 'following new lines');
    },
    'logs.wrap': () => setWrap(!wrap),
    'logs.timestamps': () => setStamps(!stamps),
    'logs.clear': () => {
      if (allowed('clearing the log', SUPER)) setConfirm(true);
    },
  });

  // before the first answer: why there are no lines, not "0 lines"
  const count = logRead
    ? `${log.lines.length} lines`
    : logError
      ? `! log: ${sanitize(logError)}`
      : 'reading the log…';
  const status = `${count}${follow ? ' · following' : ` · paused ${scrollFromBottom} up (f follows)`}${wrap ? ' · wrap' : ''}${
    props.filter ? ` · filter '${sanitize(props.filter)}'` : ''
  } · device time ${deviceTime ? sanitize(deviceTime) : '–'}`;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text wrap="truncate" inverse>
        {status.padEnd(props.width)}
      </Text>
      {confirm ? (
        <Text color="yellow" wrap="truncate">
          Clear the whole device log? This cannot be undone. {sendsLine(logOps.clear())}. y = clear,
          any other key = keep
        </Text>
      ) : null}
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
