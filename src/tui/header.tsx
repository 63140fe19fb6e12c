/** Who and what we are connected to, and whether the data is live. */
import { Box } from 'ink';
import { Fragment, useMemo, useSyncExternalStore } from 'react';
import stringWidth from 'string-width';
import { useShallow } from 'zustand/react/shallow';
import type { Client } from '../api/index.js';
import { waitingOn } from '../guard/arm.js';
import type { HealthState } from '../guard/health-state.js';
import { alive } from '../guard/pending.js';
import { formatCountdown } from '../model/duration.js';
import { levelName, sanitize } from '../model/index.js';
import { thisHolder } from '../ops/lock/identity.js';
import { holderNow, lockHeader } from '../ops/lock/read.js';
import { useFleet } from '../screens/fleet/context.js';
import { usage, usageText } from '../store/figures.js';
import { type Connection, connectionOf, type UacView, uacOf } from '../store/freshness.js';
import { useConsole, useConsoleState, useNow } from '../store/react.js';
import { HEADER_RESOURCES, type ResourceKey } from '../store/resources.js';
import { Text, TextLines } from '../widgets/index.js';
import { clipLine, textWidth } from '../widgets/text.js';
import { SCREENS, type ScreenId } from './keymap.js';
import type { PendingFeed, PendingReading } from './pending-feed.js';

export const HEADER_HEIGHT = 3;

function connectionText(c: Connection): { text: string; color: string } {
  switch (c.state) {
    case 'live':
      return { text: '● live', color: 'green' };
    case 'connecting':
      return { text: '◌ connecting', color: 'yellow' };
    case 'stale':
      return { text: `◌ stale ${Math.round(c.ageMs / 1000)}s`, color: 'yellow' };
    case 'down':
      return {
        text: `✖ down${c.ageMs === null ? '' : ` (data ${Math.round(c.ageMs / 1000)}s old)`}`,
        color: 'red',
      };
    case 'auth':
      return { text: `✖ auth: ${c.status ?? 'refused'} — :login`, color: 'red' };
    case 'rebooting':
      return {
        text: `↻ rebooting${c.sinceMs === null ? '' : ` ${Math.round(c.sinceMs / 1000)}s`}`,
        color: 'yellow',
      };
  }
}

/** Who pbc is on the device: the user and level under UAC, `UAC off`, or `UAC ?` when unknown. */
export function whoText(uac: UacView, user: string | undefined): string {
  switch (uac.state) {
    case 'loading':
      return '';
    case 'unknown':
      return `UAC ? (${uac.reason})`;
    case 'off':
      return 'UAC off';
    case 'on':
      return uac.level === null
        ? `UAC on, ${user ?? 'no account'} ?`
        : `${user ?? '?'} ${levelName(uac.level)}`;
  }
}

const SHORT: Partial<Record<ScreenId, string>> = { savepoints: 'Saves' };

/** `[1 Overview] 2 Ports …`, with shorter titles when the terminal is narrow. */
export function tabBar(current: ScreenId, width: number): string {
  const render = (short: boolean) =>
    SCREENS.map((s) => {
      const title = short ? (SHORT[s.id] ?? s.title) : s.title;
      return s.id === current ? `[${s.key} ${title}]` : ` ${s.key} ${title} `;
    })
      .join('')
      .replace(/ {2}/g, ' ')
      .trim();
  const full = render(false);
  return full.length <= width ? full : render(true);
}

/**
 * `REVERT IN 4:12 — C confirm` while a change on this device waits for its auto-revert
 * (armed here or by `pbc … --revert-after` elsewhere: the pending file is the one truth).
 * A guard that is not running is said, never a countdown stuck at 0:00:
 * `REVERT OVERDUE — guard not running · pbc pending --resume`.
 */
export function revertText(pending: PendingReading, url: string, now: number): string {
  if (pending.corrupt) return 'REVERTS ON HOLD — pending.json corrupt';
  const first = waitingOn(pending.list, url)[0];
  if (!first) return '';
  const resume = 'guard not running · pbc pending --resume';
  if (!alive(first.guardPid)) {
    if (first.state === 'reverting') return `REVERT STOPPED — ${resume}`;
    if (first.expiresAt <= now) return `REVERT OVERDUE — ${resume}`;
    return `REVERT IN ${formatCountdown(first.expiresAt - now)} — ${resume}`;
  }
  const trip = first.health?.trip;
  if (first.state === 'reverting' || first.expiresAt <= now)
    return trip ? `REVERTING… (guard '${trip.kind}')` : 'REVERTING…';
  if (first.health) return guardedText(first.health, first.expiresAt, now);
  return `REVERT IN ${formatCountdown(first.expiresAt - now)} — C confirm`;
}

/** `GUARDED 4:10 — C keep` (kept at the end), `GUARDED · REVERT IN 4:10 — C confirm`. */
function guardedText(h: HealthState, expiresAt: number, now: number): string {
  if (h.keepAtEnd) return `GUARDED ${formatCountdown(expiresAt - now)} — C keep`;
  return `GUARDED · REVERT IN ${formatCountdown(expiresAt - now)} — C confirm`;
}

/** Clients whose identity could not be made: not tried again at every frame. */
const noIdentity = new WeakSet<Client>();

/** Who this console writes as; none when it cannot be known (a state directory it cannot write). */
function meOrNone(client: Client) {
  if (noIdentity.has(client)) return undefined;
  try {
    return holderNow(client, thisHolder);
  } catch {
    noIdentity.add(client);
    return undefined;
  }
}

/** The lock's mark is at most this wide: at 80 columns the device's name keeps some room. */
const LOCK_WIDTH = 34;
/** The columns a mark on the right of the first line takes, its space included. */
const side = (text: string) => (text ? stringWidth(text) + 1 : 0);

/** Columns the device's name keeps on line 1 however long the marks are (`pbc · pb-lab-01 (PB…`). */
const NAME_MIN = 24;
/** Columns a lock mark keeps beside a long auto-revert mark (`⚿ bob@jump2…`). */
const LOCK_MIN = 12;

/**
 * Line 1's parts within `width` columns, one column at least between the name and the marks:
 * the connection's state whole at the right end; the device's name at least NAME_MIN columns;
 * then the auto-revert's mark (what the operator has to act on) and the lock's (LOCK_MIN at
 * least), each cut with '…' when they do not all fit (an overdue revert and a lock at 80
 * columns); the name gets the rest. Nothing wraps, nothing is pushed onto line 2.
 */
export function fitFirstLine(
  width: number,
  parts: { left: string; revert: string; lock: string; conn: string },
): { left: string; revert: string; lock: string } {
  const conn = stringWidth(parts.conn);
  let room = width - conn - 1 - Math.min(textWidth(parts.left), NAME_MIN);
  const lockShare = parts.lock ? Math.min(side(parts.lock), LOCK_MIN) : 0;
  const revert = clipLine(parts.revert, Math.max(0, room - lockShare) - 1);
  room -= side(revert);
  const lock = clipLine(parts.lock, room - 1);
  const left = clipLine(parts.left, width - conn - side(revert) - side(lock) - 1);
  return { left, revert, lock };
}

export function Header(props: {
  width: number;
  screen: ScreenId;
  demanded: readonly ResourceKey[];
  /** The pending file's reading, shared with the status line's guard outcomes. */
  pending: PendingFeed;
}) {
  const { session, poller, client } = useConsole();
  const identity = useConsoleState((s) => s.resources.identity.data);
  // a string, so the selector's answer is stable between commits
  const who = useConsoleState((s) => whoText(uacOf(s), session.user));
  const flows = useConsoleState((s) => s.resources.flows.data);
  const now = useNow(1000);
  // `⚿ alice@jump1 12m · maintenance`: who holds the device's lock (src/ops/lock), clipped
  const lockData = useConsoleState((s) => s.resources.savepoints.data);
  const lock = clipLine(
    lockHeader(lockData, () => meOrNone(client), now),
    LOCK_WIDTH,
  );
  const fleet = useFleet();
  // the header's own resources count too: a screen that never loaded still has an age to show
  const keys = [...new Set([...HEADER_RESOURCES, ...props.demanded])];
  // the mark, not every resource: a request starting (`inFlight`) re-renders no header
  const conn = useConsoleState(
    useShallow((s) =>
      s.paused
        ? { text: '‖ paused', color: 'yellow' }
        : connectionText(connectionOf(s.resources, keys, (k) => poller.interval(k), now, s.reboot)),
    ),
  );

  const device = identity
    ? `${sanitize(identity.name)} (${sanitize(identity.model)}) fw ${sanitize(identity.imageVersion)}`
    : 'connecting…';
  // the same percent and level as the Overview's and the Rules screen's gauges
  const tcam = flows ? usageText('TCAM', usage(flows.used_flows, flows.maximum_flows)) : 'TCAM –';
  const marks = [
    session.demo ? 'DEMO' : '',
    session.readonly ? 'READ-ONLY' : '',
    session.insecure ? 'INSECURE TLS' : '',
  ].filter(Boolean);

  // the pending file as read this second for the whole console (pending-feed.ts)
  // (made once a second, the countdown's tick: a guard's liveness is a system call)
  const pending = useSyncExternalStore(props.pending.subscribe, props.pending.get);
  const revert = useMemo(() => revertText(pending, session.url, now), [pending, session.url, now]);
  // --fleet: the fleet screen speaks for the fleet; a device's screens name its context
  const onFleet = fleet !== null && props.screen === 'fleet';
  const left1 = onFleet
    ? `pbc · fleet ${sanitize(fleet.fleet)} (${fleet.poller.devices.length} devices)`
    : `pbc · ${fleet ? `${sanitize(fleet.current())} · ` : ''}${device}`;
  const right1 = onFleet ? '' : conn.text;
  const line2 = onFleet
    ? 'Enter opens a device (the whole console switches to it) · 0 returns here'
    : [session.url, who, tcam, ...marks.map((m) => `[${m}]`)].filter(Boolean).join(' · ');
  const line1 = fitFirstLine(props.width, { left: left1, revert, lock, conn: right1 });
  const marksWidth = side(line1.revert) + side(line1.lock) + stringWidth(right1);
  // the three lines as one text, line 1's gap as spaces: one layout node, not seven
  return (
    <Box flexDirection="column" width={props.width} height={HEADER_HEIGHT}>
      <TextLines
        lines={[
          <Fragment key="first">
            <Text bold>{line1.left}</Text>
            {' '.repeat(props.width - marksWidth - textWidth(line1.left))}
            {line1.revert ? <Text color="yellow" bold>{`${line1.revert} `}</Text> : null}
            {line1.lock ? <Text color="magenta" bold>{`${line1.lock} `}</Text> : null}
            <Text color={conn.color}>{right1}</Text>
          </Fragment>,
          clipLine(line2, props.width),
          clipLine(tabBar(props.screen, props.width), props.width),
        ]}
      />
    </Box>
  );
}
