/** What `pbc users set` and `pbc radius set` send, from their options. */
import type { RadiusSettings, UserChanges } from '../api/index.js';
import { UsageError } from '../model/errors.js';
import { parseInteger, parseLevel } from './args.js';

export interface SecretOptions {
  password?: string;
  passwordStdin?: boolean;
}

export interface UserOptions extends SecretOptions {
  level?: string;
  description?: string;
  radius?: boolean;
  newName?: string;
  changePassword?: boolean;
}

export interface RadiusOptions {
  server?: string;
  port?: string;
  secret?: string;
  secretStdin?: boolean;
  loginLevel?: string;
  refreshRate?: string;
}

/** What `pbc users set` changes (the password apart), and whether it changes the password. */
export function userChangesOf(o: UserOptions, username: string) {
  const changes: UserChanges = { username };
  if (o.newName !== undefined) changes.new_username = o.newName;
  const level = parseLevel(o.level, '--level');
  if (level !== undefined) changes.access_level = level;
  if (o.description !== undefined) changes.description = o.description;
  if (o.radius !== undefined) changes.radius = o.radius;
  const wantsPassword = Boolean(o.changePassword || o.passwordStdin || o.password !== undefined);
  if (!wantsPassword && Object.keys(changes).length === 1)
    throw new UsageError(
      'nothing to change: give --new-name, --level, --description, --[no-]radius or --change-password',
    );
  return { changes, wantsPassword };
}

/** The RADIUS settings `pbc radius set` sends, the secret apart. */
export function radiusSettingsOf(o: RadiusOptions): Partial<RadiusSettings> {
  const s: Partial<RadiusSettings> = {};
  if (o.server !== undefined) s.server = o.server;
  const port = parseInteger(o.port, '--port', 1, 65535);
  if (port !== undefined) s.port = port;
  const level = parseLevel(o.loginLevel, '--login-level', true);
  if (level !== undefined) s.radius_login_level = level;
  const refresh = parseInteger(o.refreshRate, '--refresh-rate', 0, 86400);
  if (refresh !== undefined) s.refresh_rate = refresh;
  if (o.secret !== undefined && o.secretStdin)
    throw new UsageError('give either --secret-stdin or --secret, not both');
  if (Object.keys(s).length === 0 && o.secret === undefined && !o.secretStdin)
    throw new UsageError(
      'nothing to change: give --server, --port, --secret-stdin, --login-level or --refresh-rate',
    );
  return s;
}
