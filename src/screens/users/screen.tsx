/** 7 Users: accounts, UAC and RADIUS. */
import { Box } from 'ink';
import { useState } from 'react';
import type { RadiusConfig, User } from '../../model/index.js';
import { levelName, sanitize } from '../../model/index.js';
import { uacOf } from '../../store/freshness.js';
import { useConsole, useConsoleState } from '../../store/react.js';
import { type Column, clipLine, Table, Text } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { useWriteAccess } from '../dialogs/access.js';
import { DialogView } from '../dialogs/dialog-view.js';
import { useDialog } from '../dialogs/use-dialog.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { emptyNote, matchNote } from '../filter-note.js';
import { dialogLayer, useKeyLayers } from '../key-layers.js';
import type { ScreenProps } from '../types.js';
import {
  addUser,
  deleteUser,
  editRadius,
  editUser,
  toggleUac,
  type UsersActionContext,
} from './actions.js';

function columns(me: string | undefined): Column<User>[] {
  return [
    {
      key: 'user',
      title: 'USER',
      width: 20,
      min: 10,
      priority: 100,
      render: (u) => `${u.username}${u.username === me ? ' (pbc)' : ''}`,
    },
    {
      key: 'level',
      title: 'LEVEL',
      width: 6,
      priority: 90,
      render: (u) => levelName(u.accesslevel),
    },
    {
      key: 'description',
      title: 'DESCRIPTION',
      width: 30,
      min: 12,
      flex: true,
      priority: 50,
      render: (u) => u.description,
    },
    {
      key: 'radius',
      title: 'RADIUS',
      width: 6,
      priority: 40,
      render: (u) => (u.radius === undefined ? '?' : u.radius ? 'yes' : 'no'),
    },
    {
      key: 'id',
      title: 'ID',
      width: 4,
      align: 'right',
      priority: 10,
      render: (u) => String(u.userid),
    },
  ];
}

/** The RADIUS lines under the table; the secret is masked unless `showSecret`. */
export function radiusLines(r: RadiusConfig | null | undefined, showSecret: boolean): string[] {
  if (r === undefined) return ['RADIUS: loading…'];
  if (r === null) return ['RADIUS: this account may not read the RADIUS settings (SUPER needed).'];
  const secret =
    r.secret === '' ? 'none' : showSecret ? sanitize(r.secret) : `${'•'.repeat(8)} (v shows)`;
  return [
    `RADIUS: ${r.enabled ? 'enabled' : 'disabled (no server)'} · server ${r.server ? sanitize(r.server) : '—'} port ${r.port}`,
    `        secret ${secret} · login level for unknown users ${levelName(r.radius_login_level)} · cached ${r.refresh_rate} s`,
  ];
}

export function UsersScreen(props: ScreenProps) {
  const { client, poller, session, reconnect, store } = useConsole();
  const users = useConsoleState((s) => s.resources.users.data);
  const usersError = useConsoleState((s) => s.resources.users.error?.message);
  const access = useConsoleState((s) => s.resources.access.data);
  // a string, so that the selector's answer is stable between commits
  const refused = useConsoleState((s) => {
    const uac = uacOf(s);
    return uac.state === 'unknown' ? uac.reason : null;
  });
  const radius = useConsoleState((s) => s.resources.radius.data);
  const dialog = useDialog(props.notify);
  const allowed = useWriteAccess(props.notify);
  const [showSecret, setShowSecret] = useState(false);
  const filter = props.filter.toLowerCase();
  const rows = (users ?? []).filter(
    (u) =>
      !filter ||
      `${u.username} ${u.description} ${levelName(u.accesslevel)}`.toLowerCase().includes(filter),
  );
  const tableHeight = Math.max(3, props.height - 4);
  const list = useKeyedList(rows, (u) => u.username, tableHeight - 1, {
    filter: props.filter,
  });
  const selected = rows[list.state.selected];

  const ctx: UsersActionContext = {
    client,
    poller,
    store,
    session,
    reconnect,
    dialog,
    notify: props.notify,
    allowed,
    users,
    access,
    radius,
    renamed: list.follow,
  };

  // a dialog (a form, a confirmation) reads raw keys while it is open
  useKeyLayers(props.keys, [dialogLayer(dialog, props.height)]);
  useCommands(props.commands, {
    ...navCommands(list.go),
    'users.add': () => addUser(ctx),
    'users.edit': () => editUser(ctx, selected),
    'users.open': () => editUser(ctx, selected),
    'users.delete': () => deleteUser(ctx, selected),
    'users.uac': () => toggleUac(ctx),
    'users.radius': () => editRadius(ctx),
    'users.secret': () => {
      if (!radius) props.notify('no RADIUS secret to show');
      else setShowSecret(!showSecret);
    },
  });

  if (dialog.dialog)
    return <DialogView control={dialog} width={props.width} height={props.height} />;

  const uac =
    refused !== null
      ? `UAC ?: the device refuses pbc's login (${refused}) · :login logs in again`
      : access === undefined
        ? 'UAC: loading…'
        : access.uac
          ? `UAC on · pbc logs in as ${session.user ? `'${sanitize(session.user)}'` : 'no account'} (${levelName(access.level)}) · U turns it off`
          : 'UAC off: no login needed, everyone has SUPER rights · U turns it on';
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold wrap="truncate">
        {clipLine(uac, props.width)}
      </Text>
      {users === undefined ? (
        <Box height={tableHeight}>
          <Text>{usersError ? `! users: ${usersError}` : 'Loading users…'}</Text>
        </Box>
      ) : (
        <Table
          columns={columns(session.user)}
          rows={rows}
          width={props.width}
          height={tableHeight}
          selected={list.state.selected}
          offset={list.state.offset}
          emptyText={emptyNote(props.filter, 'user', 'no users')}
          rowKey={(u) => u.username}
        />
      )}
      <Text dimColor wrap="truncate">
        {props.filter
          ? `── ${matchNote(rows.length, users?.length ?? 0, props.filter, 'users')} ${'─'.repeat(Math.max(0, props.width))}`
          : '─'.repeat(Math.max(0, props.width))}
      </Text>
      {radiusLines(radius, showSecret).map((l) => (
        <Text key={l.slice(0, 12)} wrap="truncate">
          {clipLine(l, props.width)}
        </Text>
      ))}
    </Box>
  );
}
