/** `pbc users add|set|rm`, `pbc uac on|off`, `pbc radius set` (/users, /users/uac, /users/radius). */
import type { NewUser, RadiusSettings } from '../api/index.js';
import { UsageError } from '../model/errors.js';
import { levelName } from '../model/levels.js';
import { userOps } from '../ops/users.js';
import { argvSecretWarning, parseLevel, parseOnOff } from './args.js';
import { promptNewSecret, readStdinLine } from './prompt.js';
import type { Run } from './run.js';
import {
  type RadiusOptions,
  radiusSettingsOf,
  type SecretOptions,
  type UserOptions,
  userChangesOf,
} from './user-changes.js';

/** --password-stdin, else --password (with a warning), else a hidden prompt (when `ask`). */
async function newPassword(run: Run, o: SecretOptions, ask: boolean): Promise<string | undefined> {
  if (o.passwordStdin && o.password !== undefined)
    throw new UsageError('give either --password-stdin or --password, not both');
  if (o.passwordStdin) return readStdinLine('password');
  if (o.password !== undefined) {
    run.warn(argvSecretWarning('--password', '--password-stdin or the prompt'));
    if (o.password === '') throw new UsageError('an empty password is not accepted');
    return o.password;
  }
  return ask ? promptNewSecret('new password') : undefined;
}

export async function add(run: Run, o: UserOptions, username: string): Promise<void> {
  const level = parseLevel(o.level, '--level');
  if (level === undefined) throw new UsageError('--level is required: read, write or super');
  await run.writer();
  // the password first: the question shows what is sent (the password as ***)
  const password = (await newPassword(run, o, true))!;
  const user: NewUser = { username, accesslevel: level, password };
  if (o.description !== undefined) user.description = o.description;
  if (o.radius !== undefined) user.radius = o.radius;
  const [result] = await run.execute({
    steps: [userOps.add(user)],
    question: `Add user '${username}' with ${levelName(level)} rights?`,
    refusal: `add user '${username}'`,
    needsYes: true,
  });
  await run.done(`user '${username}' added with ${levelName(level)} rights`, { result });
}

export async function set(run: Run, o: UserOptions, username: string): Promise<void> {
  const { changes, wantsPassword } = userChangesOf(o, username);
  await run.writer();
  const what = Object.keys(changes)
    .filter((k) => k !== 'username')
    .concat(wantsPassword ? ['password'] : [])
    .join(', ');
  const password = await newPassword(run, o, wantsPassword);
  if (password !== undefined) changes.password = password;
  const [result] = await run.execute({
    steps: [userOps.modify(changes)],
    question: `Change user '${username}' (${what})?`,
    refusal: `change user '${username}'`,
    needsYes: true,
  });
  await run.done(`user '${username}' changed`, { result });
}

export async function rm(run: Run, _o: unknown, username: string): Promise<void> {
  const [result] = await run.execute({
    steps: [userOps.remove(username)],
    question: `Delete user '${username}'?`,
    refusal: `delete user '${username}'`,
    needsYes: true,
  });
  await run.done(`user '${username}' deleted`, { result });
}

export async function uac(run: Run, _o: unknown, state: string): Promise<void> {
  const on = parseOnOff(state, 'uac');
  const [now] = await run.execute({
    steps: [userOps.setUac(on)],
    question: on
      ? 'Turn user access control on? Every request will then need a user and password.'
      : 'Turn user access control off? Anyone who reaches the device can then change it.',
    refusal: `turn user access control ${on ? 'on' : 'off'}`,
    needsYes: true,
  });
  await run.done(`user access control is ${now ? 'on' : 'off'}`, { uac: now });
}

export async function radiusSet(run: Run, o: RadiusOptions): Promise<void> {
  const s = radiusSettingsOf(o);
  await run.writer();
  if (o.secretStdin) s.secret = await readStdinLine('RADIUS secret');
  else if (o.secret !== undefined) {
    run.warn(argvSecretWarning('--secret', '--secret-stdin'));
    s.secret = o.secret;
  }
  // Only the given fields are sent (the client drops unset ones): the secret is never
  // read back and re-sent.
  const [state] = await run.execute({
    steps: [userOps.setRadius(s as RadiusSettings)],
    question: 'Change the RADIUS settings? Users who log in through RADIUS depend on them.',
    refusal: 'change the RADIUS settings',
    needsYes: true,
  });
  await run.done(
    `RADIUS settings changed${state === null ? '' : `; RADIUS is ${state ? 'enabled' : 'disabled'}`}`,
    { enabled: state },
  );
}
