/**
 * The fleet screen (`0`, first when the console starts with --fleet): one row per device —
 * reachability, name, model, firmware, TCAM used, alarms, ports with errors or OVERSUB, total
 * rx/tx and the last change from the journal. `s` sorts (what needs attention first), `S`
 * reverses, `/` filters, Enter opens the device (the whole console switches to it; `0`
 * comes back here).
 */
import { Box } from 'ink';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { JournalFile } from '../../ops/journal-file.js';
import { type Column, cleanText, Table, Text, textWidth } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { emptyNote, matchNote } from '../filter-note.js';
import { useRemembered } from '../remembered.js';
import type { ScreenProps } from '../types.js';
import { useFleet } from './context.js';
import { lastChanges } from './last-change.js';
import {
  FLEET_SORTS,
  type FleetRow,
  type FleetSort,
  fleetRow,
  matches,
  rateText,
  sortRows,
} from './rows.js';

const REACH_COLOR = { live: 'green', stale: 'yellow', down: 'red', unknown: undefined } as const;

const COLUMNS: Column<FleetRow>[] = [
  {
    key: 'reach',
    title: 'STATE',
    width: 7,
    priority: 100,
    render: (r) => r.reach,
    color: (r) => REACH_COLOR[r.reach],
  },
  {
    key: 'device',
    title: 'DEVICE',
    width: 10,
    min: 6,
    flex: true,
    priority: 100,
    render: (r) => r.device,
  },
  {
    key: 'name',
    title: 'NAME',
    width: 12,
    min: 6,
    flex: true,
    priority: 60,
    render: (r) => r.name || (r.error ? '—' : ''),
  },
  { key: 'model', title: 'MODEL', width: 10, priority: 30, render: (r) => r.model },
  { key: 'fw', title: 'FIRMWARE', width: 10, priority: 20, render: (r) => r.firmware },
  {
    key: 'tcam',
    title: 'TCAM',
    width: 5,
    priority: 80,
    render: (r) => (r.tcam === null ? '—' : `${r.tcam.pct}%`),
    color: (r) => (r.tcam && r.tcam.level !== 'ok' ? 'red' : undefined),
  },
  {
    key: 'alarms',
    title: 'ALARMS',
    width: 12,
    priority: 90,
    render: (r) => r.alarms,
    color: (r) => (r.alarms ? 'red' : undefined),
  },
  {
    key: 'ports',
    title: 'PORTS',
    width: 14,
    priority: 85,
    render: (r) =>
      r.errPorts === null
        ? '—'
        : [r.errPorts ? `${r.errPorts} ERR` : '', r.oversub ? `${r.oversub} OVERSUB` : '']
            .filter(Boolean)
            .join(' '),
    color: (r) => (r.errPorts || r.oversub ? 'red' : undefined),
  },
  { key: 'rx', title: 'RX', width: 10, priority: 70, render: (r) => rateText(r.rxBps) },
  { key: 'tx', title: 'TX', width: 10, priority: 70, render: (r) => rateText(r.txBps) },
  {
    key: 'change',
    title: 'LAST CHANGE',
    width: 20,
    min: 8,
    priority: 40,
    render: (r) => r.lastChange,
  },
];

/** `HH:MM operation` of the newest journal entry per device URL, read every few seconds. */
function useLastChanges(urls: readonly string[]): Map<string, string> {
  const [changes, setChanges] = useState(new Map<string, string>());
  const key = urls.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URLs, by value
  useEffect(() => {
    const file = new JournalFile();
    const read = () => setChanges(lastChanges(file, urls));
    read();
    const t = setInterval(read, 3000);
    return () => clearInterval(t);
  }, [key]);
  return changes;
}

export function FleetScreen(props: ScreenProps) {
  const fleet = useFleet();
  if (!fleet)
    return (
      <Box width={props.width} height={props.height} paddingX={1}>
        <Text>No fleet: start the console with --fleet NAME (docs/fleet.md).</Text>
      </Box>
    );
  return <FleetTable {...props} fleet={fleet} />;
}

function FleetTable(props: ScreenProps & { fleet: NonNullable<ReturnType<typeof useFleet>> }) {
  const { fleet } = props;
  const poller = fleet.poller;
  const summaries = useSyncExternalStore(
    (l) => poller.subscribe(l),
    () => poller.getState(),
  );
  // the sort stays while a device is open (0 comes back to it)
  const [sort, setSort] = useRemembered<{ key: FleetSort; reverse: boolean }>(
    poller,
    'fleet.sort',
    {
      key: 'device',
      reverse: false,
    },
  );
  // the fleet screen is what is shown: no device open, every row at its full rate
  useEffect(() => {
    fleet.shown(true);
    return () => fleet.shown(false);
  }, [fleet]);
  const changes = useLastChanges(poller.devices.map((d) => d.url));
  const now = Date.now();
  const all = summaries.map((s) => fleetRow(s, now, changes.get(s.url) ?? ''));
  const rows = sortRows(
    all.filter((r) => matches(r, props.filter)),
    sort.key,
    sort.reverse,
  );
  // the devices the filter leaves out are polled slower (FleetPoller.setHidden)
  const hiddenKey = all
    .filter((r) => !matches(r, props.filter))
    .map((r) => r.device)
    .join('\u0000');
  useEffect(() => {
    poller.setHidden(hiddenKey ? hiddenKey.split('\u0000') : []);
  }, [poller, hiddenKey]);
  useEffect(() => () => poller.setHidden([]), [poller]);
  const list = useKeyedList(rows, (r) => r.device, props.height - 2, {
    filter: props.filter,
    sort: `${sort.key} ${sort.reverse}`,
  });
  // back from a device (0): its row is selected, not the first one
  const placed = useRef(false);
  useEffect(() => {
    if (placed.current || rows.length === 0) return;
    placed.current = true;
    const at = rows.findIndex((r) => r.device === fleet.current());
    if (at > 0) list.set(at);
  });
  useCommands(props.commands, {
    ...navCommands(list.go),
    'fleet.open': () => {
      const r = rows[list.state.selected];
      if (r) fleet.open(r.device);
    },
    'fleet.sort': () =>
      setSort((s) => ({
        key: FLEET_SORTS[(FLEET_SORTS.indexOf(s.key) + 1) % FLEET_SORTS.length]!,
        reverse: false,
      })),
    'fleet.reverse': () => setSort((s) => ({ ...s, reverse: !s.reverse })),
  });
  const down = all.filter((r) => r.reach === 'down').length;
  // the selected device's error in full: in a column it would be cut to a few letters
  const failing = rows[list.state.selected];
  const why = failing?.error ? cleanText(`${failing.device}: ${failing.error}`) : '';
  // wrapped over up to three lines (an error is rarely longer; the last line ends in …)
  const whyLines = why ? Math.min(3, Math.ceil(textWidth(why) / Math.max(1, props.width))) : 0;
  const note = matchNote(rows.length, all.length, props.filter, 'devices');
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text wrap="truncate-end">
        {`Fleet ${fleet.fleet} · ${all.length} devices${down ? ` · ${down} down` : ''} · sorted by ${sort.key}${sort.reverse ? ' (reversed)' : ''} · Enter opens · s sort`}
        {note ? ` · ${note}` : ''}
        {list.goneNote ? ` · ! ${list.goneNote}` : ''}
      </Text>
      <Table
        columns={COLUMNS}
        rows={rows}
        width={props.width}
        height={props.height - 1 - whyLines}
        selected={list.state.selected}
        offset={list.state.offset}
        emptyText={emptyNote(props.filter, 'device', 'no devices')}
        rowKey={(r) => r.device}
      />
      {why ? (
        <Box height={whyLines} overflow="hidden">
          <Text wrap="wrap">{why}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
