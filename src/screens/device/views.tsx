/** The Device screen's two views: the settings with the selected one explained, the controllers. */
import { Box } from 'ink';
import { levelName, sanitize } from '../../model/index.js';
import { type Column, type ListState, Table, Text } from '../../widgets/index.js';
import { wrapLines } from '../dialogs/dialog.js';
import type { DeviceItem } from './items.js';

const COLUMNS: Column<DeviceItem>[] = [
  { key: 'setting', title: 'SETTING', width: 18, min: 12, priority: 100, render: (r) => r.label },
  {
    key: 'value',
    title: 'VALUE',
    width: 40,
    min: 20,
    flex: true,
    priority: 90,
    render: (r) => r.value,
  },
  { key: 'level', title: 'NEEDS', width: 5, priority: 10, render: (r) => levelName(r.level) },
];

export type ControllerRow = { connection: string; ip: string; port: string };
export const controllerKey = (r: ControllerRow) => `${r.connection} ${r.ip}:${r.port}`;

const CONTROLLER_COLUMNS: Column<ControllerRow>[] = [
  { key: 'connection', title: 'CONNECTION', width: 10, priority: 90, render: (r) => r.connection },
  { key: 'ip', title: 'ADDRESS', width: 16, priority: 100, render: (r) => r.ip },
  { key: 'port', title: 'PORT', width: 6, flex: true, priority: 80, render: (r) => r.port },
];

/** The settings' table height: every item if they fit, the explanation below gets the rest. */
export const settingsHeight = (items: number, height: number, note: boolean) =>
  Math.min(items + 1, Math.max(3, height - 3 - (note ? 1 : 0)));

export function ControllersView(p: {
  controllers: readonly ControllerRow[];
  list: ListState;
  width: number;
  height: number;
}) {
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text bold wrap="truncate">
        Controllers ({p.controllers.length}) · a adds · d deletes · Tab or Esc returns
      </Text>
      <Table
        columns={CONTROLLER_COLUMNS}
        rows={p.controllers}
        width={p.width}
        height={p.height - 1}
        selected={p.list.selected}
        offset={p.list.offset}
        emptyText="no controllers configured (a adds one)"
        rowKey={controllerKey}
      />
    </Box>
  );
}

export function SettingsView(p: {
  items: readonly DeviceItem[];
  note: string;
  list: ListState;
  filter: string;
  /** Why the settings could not be read, while none are. */
  error: string | undefined;
  width: number;
  height: number;
}) {
  const tableHeight = settingsHeight(p.items.length, p.height, !!p.note);
  const selected = p.items[p.list.selected];
  const aboutHeight = Math.max(0, p.height - tableHeight - 1 - (p.note ? 1 : 0));
  const about = wrapLines(
    [...(selected?.about ?? []), ...(p.error ? [`! device settings: ${p.error}`] : [])],
    p.width - 2,
  ).slice(0, aboutHeight);
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      {p.note ? <Text wrap="truncate-end">{p.note}</Text> : null}
      <Table
        columns={COLUMNS}
        rows={p.items}
        emptyText={`no setting matches '${sanitize(p.filter)}'`}
        width={p.width}
        height={tableHeight}
        selected={p.list.selected}
        offset={p.list.offset}
        rowKey={(r) => r.id}
      />
      <Text dimColor wrap="truncate">
        {'─'.repeat(Math.max(0, p.width))}
      </Text>
      {about.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
        <Text key={i} wrap="truncate">
          {` ${typeof l === 'string' ? l : l.text}`}
        </Text>
      ))}
    </Box>
  );
}
