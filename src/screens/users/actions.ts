/** Screen 7's writes: users (add, modify, delete), UAC on/off with the lockout guard, RADIUS. */
import type { RadiusConfig, User } from '../../model/index.js';
import { LEVEL_NAMES, levelName, READ, SUPER, sanitize, WRITE } from '../../model/index.js';
import { perform, sendOnly } from '../../ops/perform.js';
import { type NewUser, readUsers, type UserChanges, userOps } from '../../ops/users.js';
import type { ReconnectChange } from '../../store/react.js';
import { type ConsoleStore, commitSuccess } from '../../store/store.js';
import type { FieldSpec, FormValues } from '../../widgets/forms/form-state.js';
import { revertOf, type SessionActionContext } from '../dialogs/action-context.js';
import type { Line } from '../dialogs/dialog.js';
import { checkUacAccount, planUacOn } from './uac.js';

export interface UsersActionContext extends SessionActionContext {
  users: User[] | undefined;
  access: { uac: boolean; level: number | null } | undefined;
  radius: RadiusConfig | null | undefined;
  /** To record the UAC state the device answered a write with, before the next poll. */
  store: ConsoleStore;
  /** A user renamed: the list's selection follows it to its new name. */
  renamed?: (name: string) => void;
}

/** The device's answer to a UAC write is the state now: the header must not show the old one. */
function noteUac(ctx: UsersActionContext, state: boolean) {
  commitSuccess(ctx.store, 'access', { uac: state, level: null }, Date.now());
}

export const LEVEL_OPTIONS = ['READ', 'WRITE', 'SUPER'] as const;
const LEVEL_BY_NAME: Record<string, number> = { READ, WRITE, SUPER };
const RADIUS_LEVELS = ['NONE', 'READ', 'WRITE', 'SUPER'] as const;
const RADIUS_LEVEL_BY_NAME: Record<string, number> = { NONE: 0, READ, WRITE, SUPER };

const checkName = (v: string) =>
  v.trim() === '' ? 'the user name is required' : /\s/.test(v) ? 'a user name has no spaces' : null;

function passwordFields(required: boolean): FieldSpec[] {
  return [
    {
      id: 'password',
      label: required ? 'Password' : 'New password',
      kind: 'password',
      required,
      ...(required ? {} : { placeholder: 'unchanged' }),
    },
    {
      id: 'repeat',
      label: 'Repeat password',
      kind: 'password',
      visible: (v) => (v.password ?? '') !== '',
      validate: (v, all) => (v === all.password ? null : 'the passwords differ'),
    },
  ];
}

export function addUser(ctx: UsersActionContext) {
  if (!ctx.allowed('adding a user', SUPER)) return;
  ctx.dialog.form(
    'Add a user',
    [
      { id: 'username', label: 'User name', kind: 'text', validate: checkName, maxLength: 64 },
      ...passwordFields(true),
      { id: 'level', label: 'Access level', kind: 'select', options: LEVEL_OPTIONS, value: 'READ' },
      { id: 'description', label: 'Description', kind: 'text', maxLength: 256 },
      {
        id: 'radius',
        label: 'RADIUS login',
        kind: 'checkbox',
        help: 'check the password against the RADIUS server',
      },
    ],
    (v) => {
      if (ctx.users?.some((u) => u.username === v.username?.trim()))
        return `a user '${v.username}' exists already`;
      const user: NewUser = {
        username: (v.username ?? '').trim(),
        accesslevel: LEVEL_BY_NAME[v.level ?? 'READ'] ?? READ,
        password: v.password ?? '',
        description: v.description ?? '',
        radius: v.radius === 'true',
      };
      const op = userOps.add(user);
      ctx.dialog.ask({
        title: `Add user '${sanitize(user.username)}'?`,
        lines: [
          `'${sanitize(user.username)}' can log in with ${levelName(user.accesslevel)} rights${user.radius ? ' (password checked by RADIUS)' : ''}.`,
        ],
        ops: [op],
        yes: () =>
          void ctx.dialog.run(`Adding user '${user.username}'`, async () => {
            await perform(ctx, op);
            return `user '${sanitize(user.username)}' added (${levelName(user.accesslevel)})`;
          }),
        yesLabel: 'add',
      });
      return undefined;
    },
  );
}

/** Under UAC, the changes that concern the account this console logs in with. */
function ownAccountLines(ctx: UsersActionContext, user: User, changes: UserChanges): Line[] {
  if (!ctx.access?.uac || user.username !== ctx.session.user) return [];
  const lines: Line[] = [];
  if (changes.access_level !== undefined && changes.access_level < user.accesslevel)
    lines.push({
      text: `This is the account pbc logs in with: after the change this session has ${levelName(changes.access_level)} rights only.`,
      color: 'yellow',
    });
  if (changes.new_username !== undefined || changes.password !== undefined)
    lines.push(
      'This is the account pbc logs in with: pbc reconnects with the new name/password afterwards.',
    );
  return lines;
}

export function editUser(ctx: UsersActionContext, user: User | undefined) {
  if (!user) return ctx.notify('no user selected');
  if (!ctx.allowed('changing a user', SUPER)) return;
  ctx.dialog.form(
    `Edit user '${sanitize(user.username)}'`,
    [
      {
        id: 'username',
        label: 'User name',
        kind: 'text',
        value: user.username,
        validate: checkName,
        maxLength: 64,
      },
      ...passwordFields(false),
      {
        id: 'level',
        label: 'Access level',
        kind: 'select',
        options: LEVEL_OPTIONS,
        value: LEVEL_NAMES[user.accesslevel] ?? 'READ',
      },
      {
        id: 'description',
        label: 'Description',
        kind: 'text',
        value: user.description,
        maxLength: 256,
      },
      {
        id: 'radius',
        label: 'RADIUS login',
        kind: 'checkbox',
        value: String(Boolean(user.radius)),
      },
    ],
    (v: FormValues) => {
      const changes: UserChanges = { username: user.username };
      const name = (v.username ?? '').trim();
      if (name !== user.username) {
        if (ctx.users?.some((u) => u.username === name)) return `a user '${name}' exists already`;
        changes.new_username = name;
      }
      if (v.password) changes.password = v.password;
      const level = LEVEL_BY_NAME[v.level ?? ''] ?? user.accesslevel;
      if (level !== user.accesslevel) changes.access_level = level;
      if ((v.description ?? '') !== user.description) changes.description = v.description ?? '';
      const radius = v.radius === 'true';
      if (radius !== Boolean(user.radius)) changes.radius = radius;
      if (Object.keys(changes).length === 1) return 'nothing changed';
      const own = ownAccountLines(ctx, user, changes);
      const op = userOps.modify(changes);
      const save = () =>
        void ctx.dialog.run(`Changing user '${user.username}'`, async () => {
          await perform(ctx, op);
          if (changes.new_username !== undefined) ctx.renamed?.(name);
          const done = `user '${sanitize(name)}' changed`;
          if (own.length === 0 || !ctx.reconnect) return done;
          if (changes.new_username === undefined && changes.password === undefined) return done;
          await ctx.reconnect({
            user: name,
            ...(changes.password !== undefined
              ? { password: changes.password }
              : { keepPassword: true }),
          });
          return `${done}; pbc now logs in as '${sanitize(name)}'`;
        });
      ctx.dialog.ask({
        title:
          own.length === 0
            ? `Change user '${sanitize(user.username)}'?`
            : `Change your own account '${sanitize(user.username)}'?`,
        lines: own,
        ops: [op],
        yes: save,
        yesLabel: 'change it',
      });
      return undefined;
    },
  );
}

export function deleteUser(ctx: UsersActionContext, user: User | undefined) {
  if (!user) return ctx.notify('no user selected');
  if (!ctx.allowed('deleting a user', SUPER)) return;
  if (ctx.access?.uac && user.username === ctx.session.user)
    return ctx.notify(
      `'${sanitize(user.username)}' is the account pbc logs in with: it cannot be deleted while UAC is on`,
    );
  const lines: Line[] = [
    `User '${sanitize(user.username)}' (${levelName(user.accesslevel)}${user.description ? `, ${sanitize(user.description)}` : ''}) can no longer log in to the web UI or the REST service.`,
  ];
  if (
    user.accesslevel >= SUPER &&
    (ctx.users ?? []).filter((u) => u.accesslevel >= SUPER).length <= 1
  )
    lines.push({ text: 'It is the last SUPER account: the device will refuse.', color: 'yellow' });
  const op = userOps.remove(user.username);
  ctx.dialog.ask({
    title: `Delete user '${sanitize(user.username)}'?`,
    lines,
    ops: [op],
    yes: () => {
      void ctx.dialog.run(`Deleting user '${user.username}'`, async () => {
        await perform(ctx, op);
        return `user '${sanitize(user.username)}' deleted`;
      });
    },
    yesLabel: 'delete',
  });
}

export function toggleUac(ctx: UsersActionContext) {
  const on = !ctx.access?.uac;
  if (!ctx.allowed(on ? 'turning UAC on' : 'turning UAC off', SUPER)) return;
  if (!ctx.access || !ctx.users)
    return ctx.notify('users and UAC state are still loading; try again in a moment');
  if (!on) {
    const off = userOps.setUac(false);
    ctx.dialog.ask({
      title: 'Turn UAC off?',
      lines: [
        {
          text: 'Anyone who can reach the device gets full (SUPER) rights without logging in.',
          color: 'yellow',
        },
        'The accounts are kept; turning UAC on again requires them.',
      ],
      ops: [off],
      yes: () =>
        void ctx.dialog.run('Turning UAC off', async () => {
          const state = await sendOnly(ctx.client, off);
          noteUac(ctx, state);
          await ctx.poller.refreshNow(off.affects);
          return `UAC is ${state ? 'on' : 'off'}`;
        }),
      yesLabel: 'turn UAC off',
    });
    return;
  }
  const users = ctx.users;
  const plan = planUacOn(users, ctx.session.user);
  if (plan.refusal) return ctx.notify(plan.refusal);
  ctx.dialog.form(
    'Turn UAC on — log in afterwards as',
    [
      { id: 'account', label: 'SUPER account', kind: 'text', value: plan.account },
      {
        id: 'password',
        label: 'Password',
        kind: 'password',
        ...(plan.account ? { placeholder: "pbc's current password" } : {}),
      },
      {
        id: 'set',
        label: 'Set it on the account',
        kind: 'checkbox',
        help: 'also store this password on the account first (makes sure it is the right one)',
        visible: (x) => (x.password ?? '') !== '',
      },
    ],
    (v) => {
      const account = (v.account ?? '').trim();
      const password = v.password ?? '';
      const problem = checkUacAccount(users, account, password, ctx.session.user);
      if (problem) return problem;
      const setFirst = v.set === 'true' && password !== '';
      const setPassword = userOps.modify({ username: account, password });
      const uacOn = userOps.setUac(true);
      const lines: Line[] = [
        'Every REST and web request will need a login; the level of each account applies.',
        `pbc will log in as '${sanitize(account)}' (SUPER)${password === '' ? ' with the password it was started with' : ''}.`,
        setFirst
          ? `First the password of '${sanitize(account)}' is set to the one typed.`
          : {
              text: 'The device cannot check a password while UAC is off: if it is wrong, only someone who knows the right one can turn UAC off again.',
              color: 'yellow',
            },
      ];
      ctx.dialog.ask({
        title: 'Turn UAC on?',
        lines,
        ops: setFirst ? [setPassword, uacOn] : [uacOn],
        yes: () => {
          void ctx.dialog.run('Turning UAC on', async () => {
            // the device's list, not the last poll: the account must exist and be SUPER right now
            const fresh = checkUacAccount(
              await readUsers(ctx.client),
              account,
              password,
              ctx.session.user,
            );
            if (fresh) throw new Error(`${fresh}; UAC was not changed`);
            if (setFirst) await sendOnly(ctx.client, setPassword);
            const state = await sendOnly(ctx.client, uacOn);
            noteUac(ctx, state);
            // with a reconnect, the new connection reads everything afresh
            if (!ctx.reconnect) {
              await ctx.poller.refreshNow(uacOn.affects);
              return `UAC is ${state ? 'on' : 'off'}`;
            }
            const change: ReconnectChange = { user: account };
            if (password !== '') change.password = password;
            await ctx.reconnect(change);
            return `UAC is ${state ? 'on' : 'off'}; pbc logs in as '${sanitize(account)}'`;
          }, [
            'If UAC went on but pbc cannot log in, :login logs in again with the right account and password (a SUPER one can turn UAC off again).',
          ]);
        },
        yesLabel: 'turn UAC on',
        revert: revertOf(uacOn),
      });
      return undefined;
    },
    [plan.note],
  );
}

export function editRadius(ctx: UsersActionContext) {
  if (!ctx.allowed('changing the RADIUS settings', SUPER)) return;
  const r = ctx.radius;
  if (r === undefined)
    return ctx.notify('the RADIUS settings are still loading; try again in a moment');
  if (r === null) return ctx.notify('this account may not read the RADIUS settings (SUPER needed)');
  ctx.dialog.form(
    'RADIUS settings',
    [
      {
        id: 'server',
        label: 'Server',
        kind: 'text',
        value: r.server,
        help: 'IP address or host name; empty disables RADIUS',
      },
      {
        id: 'port',
        label: 'UDP port',
        kind: 'number',
        value: String(r.port),
        required: true,
        min: 1,
        max: 65535,
        help: 'UDP port of the RADIUS server, 1–65535 (usually 1812)',
      },
      { id: 'secret', label: 'Shared secret', kind: 'password', placeholder: 'unchanged' },
      {
        id: 'level',
        label: 'Login level',
        kind: 'select',
        options: RADIUS_LEVELS,
        value: LEVEL_NAMES[r.radius_login_level] ?? 'NONE',
        help: 'level of a RADIUS user without a local account (NONE: no access)',
      },
      {
        id: 'refresh',
        label: 'Refresh rate (s)',
        kind: 'number',
        value: String(r.refresh_rate),
        required: true,
        help: 'seconds a RADIUS login is cached',
      },
    ],
    (v) => {
      const settings = {
        server: (v.server ?? '').trim(),
        port: Number(v.port),
        secret: v.secret ? v.secret : r.secret,
        radius_login_level: RADIUS_LEVEL_BY_NAME[v.level ?? 'NONE'] ?? 0,
        refresh_rate: Number(v.refresh),
      };
      const op = userOps.setRadius(settings);
      ctx.dialog.ask({
        title: 'Save the RADIUS settings?',
        lines: [
          settings.server === ''
            ? 'No server: RADIUS logins are disabled.'
            : `RADIUS logins are checked against ${sanitize(settings.server)}:${settings.port} (with a server set, the device enables RADIUS).`,
        ],
        ops: [op],
        yes: () =>
          void ctx.dialog.run('Saving the RADIUS settings', async () => {
            const enabled = await perform(ctx, op);
            return `RADIUS settings saved${enabled === null ? '' : `; RADIUS is ${enabled ? 'enabled' : 'disabled'}`}`;
          }),
        yesLabel: 'save',
      });
      return undefined;
    },
  );
}
