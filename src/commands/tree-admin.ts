/** Definitions of the user, app, device and log commands (see tree.ts). */
import type { Command } from 'commander';
import { collect, handle } from './lazy.js';
import { CONFIRM, confirmWhen, HARMLESS, LOCAL } from './safety.js';

/** `pbc fleets`: the config file's fleets (docs/fleet.md); reads no device. */
export function defineFleets(program: Command): void {
  handle(
    program
      .command('fleets')
      .description(
        'the fleets of the config file (fleets: {NAME: [context, …]}) and their devices',
      ),
    LOCAL,
    'fleets',
    'list',
  );
}

/** The change journal (docs/safety.md): list, and undo one change. */
export function defineJournal(program: Command): void {
  handle(
    program
      .command('journal')
      .description(
        "this operator's changes, newest first: of the selected device, else of every device",
      )
      .option('--all', 'every device, also when one is selected'),
    LOCAL,
    'journal',
    'list',
  );
  handle(
    program
      .command('undo')
      .argument('[id]', 'a journal entry (pbc journal); default: your latest change on the device')
      .option('--force', 'undo even when the device has changed since (with --yes)')
      .description('send the inverse of a change from the journal'),
    CONFIRM,
    'journal',
    'undo',
  );
}

export function defineUsers(program: Command): void {
  const users = program.command('users').description('web/REST user accounts');
  const secret = (c: Command) =>
    c
      .option('--password-stdin', 'read the password from stdin (first line)')
      .option('--password <password>', 'the password (visible in the process list: avoid)');
  handle(
    secret(
      users
        .command('add')
        .argument('<name>')
        .description('add a user (POST /users); the password is asked for unless --password-stdin')
        .option('--level <level>', 'read, write or super')
        .option('--description <text>', 'account description')
        .option('--radius', 'check the password against the RADIUS server'),
    ),
    CONFIRM,
    'users',
    'add',
  );
  const userSet = secret(
    users
      .command('set')
      .argument('<name>')
      .description('change a user (PUT /users)')
      .option('--new-name <name>', 'rename the account')
      .option('--level <level>', 'read, write or super')
      .option('--description <text>', 'account description')
      .option('--radius', 'check the password against the RADIUS server')
      .option('--no-radius', 'check the local password')
      .option('--change-password', 'set a new password (asked for, or --password-stdin)'),
  );
  handle(userSet, CONFIRM, 'users', 'set');
  handle(
    users
      .command('passwd')
      .argument('<name>')
      .description(
        "set a user's password (PUT /users): asked for, --password-stdin, or --random (written to a 0600 file, never shown)",
      )
      .option('--password-stdin', 'read the password from stdin (first line)')
      .option('--random', 'a new random password (per device with --fleet), written to a file')
      .option(
        '--out <file>',
        'with --random: the file (mode 0600, never overwritten; default $PBC_STATE_DIR/passwords-TIME.csv)',
      ),
    CONFIRM,
    'passwd',
    'passwd',
  );
  handle(
    users.command('rm').argument('<name>').description('delete a user (DELETE /users)'),
    CONFIRM,
    'users',
    'rm',
  );

  handle(
    program
      .command('uac')
      .argument('<state>', 'on or off')
      .description('user access control on or off (POST /users/uac)'),
    CONFIRM,
    'users',
    'uac',
  );

  const radius = program
    .command('radius')
    .description('RADIUS settings')
    .command('set')
    .description('change RADIUS settings (POST /users/radius); only the given ones are sent')
    .option('--server <host>', 'RADIUS server address ("" disables RADIUS)')
    .option('--port <port>', 'UDP port')
    .option('--secret-stdin', 'read the shared secret from stdin')
    .option('--secret <secret>', 'the shared secret (visible in the process list: avoid)')
    .option(
      '--login-level <level>',
      'level of RADIUS users without a local account: none, read, write, super',
    )
    .option('--refresh-rate <seconds>', 'how long a RADIUS session is cached');
  handle(radius, CONFIRM, 'users', 'radiusSet');
}

export function defineApps(program: Command): void {
  const apps = program
    .command('apps')
    .description('start, change, stop apps and run their actions');
  const params = (c: Command) =>
    c
      .option('--description <text>', 'instance description (user_description)')
      .option('--param <key=value>', 'an app parameter, repeatable', collect);
  handle(
    params(apps.command('start').argument('<app>').description('start an instance (POST /apps)')),
    HARMLESS,
    'apps',
    'start',
  );
  handle(
    params(apps.command('set').argument('<pid>').description('change an instance (PUT /apps)')),
    HARMLESS,
    'apps',
    'set',
  );
  handle(
    apps.command('stop').argument('<pid>').description('stop an instance (DELETE /apps)'),
    CONFIRM,
    'apps',
    'stop',
  );
  handle(
    apps
      .command('action')
      .argument('<pid>')
      .argument('<action>')
      .description("run one of the app's actions (POST /apps/action)"),
    CONFIRM,
    'apps',
    'action',
  );
}

export function defineDevice(program: Command): void {
  const d = program.command('device').description('device settings, controllers and reboot');
  handle(
    d.command('name').argument('<name>').description('device name (POST /device/name)'),
    HARMLESS,
    'device',
    'name',
  );
  handle(
    d
      .command('ident')
      .description('custom identification (POST /device/customident)')
      .option('--name <name>', 'label')
      .option('--notes <text>', 'notes'),
    HARMLESS,
    'device',
    'ident',
  );
  handle(
    d
      .command('ip')
      .description('management address, now and after reboot (POST /device/ipconfig)')
      .option('--ip <address>')
      .option('--mask <netmask>')
      .option('--gw <gateway>'),
    CONFIRM,
    'device',
    'ip',
  );
  handle(
    d
      .command('dns')
      .argument('[servers...]', 'up to three; none restores 8.8.8.8 and 8.8.4.4')
      .description('DNS servers (POST /device/nameresolution)'),
    confirmWhen('without servers (it restores the defaults)'),
    'device',
    'dns',
  );
  const https = d
    .command('https')
    .argument('<state>', 'on or off')
    .description('HTTPS (POST /device/https); the certificate password is asked for')
    .option('--ssl-password-stdin', 'read the certificate/key password from stdin')
    .option(
      '--ssl-password <password>',
      'the certificate/key password (visible in the process list: avoid)',
    );
  handle(https, CONFIRM, 'device', 'https');
  for (const [name, arg, argHelp, description, fn, safety] of [
    ['idled', '<state>', 'on or off', 'ID LED (POST /device/idled)', 'idled', HARMLESS],
    ['telnet', '<state>', 'on or off', 'telnet (POST /device/telnet)', 'telnet', HARMLESS],
    [
      'storage-mode',
      '<mode>',
      'simple or ipv6',
      'rule storage mode (POST /device/rulestoragemode)',
      'storageMode',
      CONFIRM,
    ],
    [
      'permanent-rules',
      '<state>',
      'on or off',
      'keep active rules and groups through reboots (POST /device/permanentrulesmode)',
      'permanentRules',
      CONFIRM,
    ],
  ] as const)
    handle(d.command(name).argument(arg, argHelp).description(description), safety, 'device', fn);
  const hash = d
    .command('hash')
    .description('group select hash keys (POST /device/grouphash); others keep their value');
  for (const [flag, what] of [
    ['macsa', 'source MAC'],
    ['macda', 'destination MAC'],
    ['ethertype', 'ethertype'],
    ['ipsa', 'source IP'],
    ['ipda', 'destination IP'],
    ['ip-protocol', 'IP protocol'],
    ['src-port', 'L4 source port'],
    ['dst-port', 'L4 destination port'],
  ] as const) {
    hash
      .option(`--${flag}`, `hash on the ${what}`)
      .option(`--no-${flag}`, `do not hash on the ${what}`);
  }
  handle(hash, CONFIRM, 'device', 'hash');
  const ctl = d.command('controller').description('OpenFlow controllers');
  const ctlOptions = (c: Command) =>
    c
      .option('--connection <type>', 'tcp or ssl', 'tcp')
      .option('--ip <address>', 'controller address')
      .option('--port <port>', 'controller TCP port');
  handle(
    ctlOptions(ctl.command('add').description('add a controller (POST /device/controller)')),
    CONFIRM,
    'device',
    'controllerAdd',
  );
  handle(
    ctlOptions(ctl.command('rm').description('delete a controller (DELETE /device/controller)')),
    CONFIRM,
    'device',
    'controllerRm',
  );
  handle(
    d.command('reboot').description('reboot the device (POST /device/reboot)'),
    CONFIRM,
    'device',
    'reboot',
  );

  handle(
    program
      .command('log')
      .description('the device log (read it with pbc get log)')
      .command('clear')
      .description('delete the device log (DELETE /weblog)'),
    CONFIRM,
    'device',
    'logClear',
  );
}
