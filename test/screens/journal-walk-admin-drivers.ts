/**
 * The drivers of the write keys of Save-points, Users, Apps and Device (and u, undo), in the
 * order they run on one console per screen; see journal-walk.ts.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeExport } from '../../src/screens/savepoints/transfer.js';
import { CTRL_U, keys, type ScreenWalk, see, select, typed } from './journal-walk.js';

const IMPORT_FILE = join(tmpdir(), `pbc-walk-import-${process.pid}.json`);

export const ADMIN_WALKS: ScreenWalk[] = [
  {
    screen: 'savepoints',
    prepare: async (t) => {
      await writeExport(t.admin, IMPORT_FILE, ['factory-default'], []);
    },
    ready: 'factory-ports',
    drivers: [
      [
        'savepoints.new',
        {
          ops: ['savepoints.create'],
          steps: [
            keys('n'),
            see('New rule save-point'),
            typed('jw-sp'),
            keys('enter'),
            see("Create rule save-point 'jw-sp'?"),
            keys('y'),
            see("rule save-point 'jw-sp' created"),
          ],
        },
      ],
      [
        'savepoints.quicksave',
        {
          ops: ['savepoints.quicksave'],
          steps: [
            keys('N'),
            see('Quicksave the active rules?'),
            keys('y'),
            see("active rules saved to 'Quicksave'"),
          ],
        },
      ],
      [
        'savepoints.activate',
        {
          ops: ['savepoints.activate'],
          steps: [
            select('factory-default'),
            keys('A'),
            see("Activate rule save-point 'factory-default'?"),
            keys('y'),
            see("'factory-default' is active"),
          ],
        },
      ],
      [
        'savepoints.boot',
        {
          ops: ['savepoints.setDefault'],
          steps: [
            select('jw-sp'),
            keys('b'),
            see("Boot with 'jw-sp'?"),
            keys('y'),
            see("'jw-sp' loads at the next boot"),
          ],
        },
      ],
      [
        'savepoints.modify',
        {
          ops: ['savepoints.modify'],
          steps: [
            select('jw-sp'),
            keys('m'),
            see("Modify rule save-point 'jw-sp'"),
            typed('-2'),
            keys('enter'),
            see("Modify rule save-point 'jw-sp'?"),
            keys('y'),
            see("rule save-point 'jw-sp-2' changed"),
          ],
        },
      ],
      [
        'savepoints.delete',
        {
          ops: ['savepoints.remove'],
          steps: [
            select('jw-sp-2'),
            keys('d'),
            see("Delete rule save-point 'jw-sp-2'?"),
            keys('y'),
            see("rule save-point 'jw-sp-2' deleted"),
          ],
        },
      ],
      [
        'savepoints.import',
        {
          // the backup of the active rules, the import made active and saved, then the
          // backup activated again and deleted: one entry per request
          ops: [
            'savepoints.create',
            'rules.removeAll',
            'groups.removeAll',
            ...['rules.add', 'rules.add', 'rules.add', 'rules.add'], // factory-default's 4 rules
            'savepoints.create',
            'savepoints.activate',
            'savepoints.remove',
          ],
          steps: [
            keys('i'),
            see('Import save-points from a file'),
            keys(CTRL_U),
            typed(IMPORT_FILE),
            keys('enter'),
            see('Import 1 rule save-point(s)'),
            keys('y'),
            see('the active rules are as before'),
          ],
        },
      ],
    ],
  },
  {
    screen: 'users',
    ready: 'Default administrator',
    drivers: [
      [
        'users.add',
        {
          ops: ['users.add'],
          steps: [
            keys('a'),
            see('Add a user'),
            typed('jw'),
            keys('tab'),
            typed('pw-1'),
            keys('tab'),
            typed('pw-1'),
            keys('enter'),
            see("Add user 'jw'?"),
            keys('y'),
            see("user 'jw' added"),
          ],
        },
      ],
      [
        'users.edit',
        {
          ops: ['users.modify'],
          steps: [
            select('jw '),
            keys('e'),
            see("Edit user 'jw'"),
            typed('2'),
            keys('enter'),
            see("Change user 'jw'?"),
            keys('y'),
            see("user 'jw2' changed"),
          ],
        },
      ],
      [
        'users.open',
        {
          ops: ['users.modify'],
          steps: [
            select('jw2'),
            keys('enter'),
            see("Edit user 'jw2'"),
            typed('3'),
            keys('enter'),
            see("Change user 'jw2'?"),
            keys('y'),
            see("user 'jw23' changed"),
          ],
        },
      ],
      [
        'users.delete',
        {
          ops: ['users.remove'],
          steps: [
            select('jw23'),
            keys('d'),
            see("Delete user 'jw23'?"),
            keys('y'),
            see("user 'jw23' deleted"),
          ],
        },
      ],
      [
        'users.radius',
        {
          ops: ['users.setRadius'],
          steps: [
            keys('E'),
            see('RADIUS settings'),
            typed('192.0.2.5'),
            keys('enter'),
            see('Save the RADIUS settings?'),
            keys('y'),
            see('RADIUS settings saved'),
          ],
        },
      ],
      [
        'users.uac',
        {
          ops: ['users.setUac'],
          steps: [
            keys('U'),
            see('Turn UAC on'),
            keys(CTRL_U),
            typed('admin'),
            keys('tab', CTRL_U),
            typed('admin'),
            keys('enter'),
            see('Turn UAC on?'),
            keys('y'),
            see("UAC is on; pbc logs in as 'admin'"),
          ],
        },
      ],
    ],
  },
  {
    screen: 'apps',
    ready: 'Running instances (0)',
    drivers: [
      [
        'apps.start',
        {
          ops: ['apps.start'],
          steps: [
            select('pcap'),
            keys('a'),
            see('Start pcap'),
            keys('enter'),
            see('Start pcap?'),
            keys('y'),
            see('pcap started'),
            see('Running instances (1)'),
          ],
        },
      ],
      [
        'apps.enter',
        {
          ops: ['apps.start'],
          steps: [
            select('pcap'),
            keys('enter'),
            see('Start pcap'),
            keys('enter'),
            see('Start pcap?'),
            keys('y'),
            see('Running instances (2)'),
          ],
        },
      ],
      [
        'apps.modify',
        {
          ops: ['apps.modify'],
          steps: [
            keys('tab', 'g', 'e'),
            see('Edit pcap'),
            typed('x'),
            keys('enter'),
            see(/Change pcap #\d+.*\?/),
            keys('y'),
            see(/pcap #\d+ .*changed/),
          ],
        },
      ],
      [
        'apps.action',
        {
          ops: ['apps.action'],
          steps: [
            keys('!'),
            see('press its number'),
            keys('2'),
            see(/Run '.*' on pcap/),
            keys('y'),
            see(/Discard files: /),
          ],
        },
      ],
      [
        'apps.stop',
        {
          ops: ['apps.stop'],
          steps: [keys('d'), see('Stop pcap'), keys('y'), see(/pcap #\d+.* stopped/), keys('tab')],
        },
      ],
    ],
  },
  {
    screen: 'device',
    ready: "off: at boot 'factory-default' loads",
    drivers: [
      [
        'device.led',
        {
          ops: ['device.setIdLed'],
          steps: [keys('l'), see('Switch the ID LED on?'), keys('y'), see('ID LED on')],
        },
      ],
      [
        'app.undo',
        {
          ops: ['device.setIdLed'],
          // u shows the undo on the Journal screen; 9 goes back to Device
          steps: [
            keys('u'),
            see('y/Enter send'),
            keys('y'),
            see(/undo .*: done/),
            keys('9'),
            see('Group hash fields'),
          ],
        },
      ],
      [
        'device.edit',
        {
          ops: ['device.setTelnet'],
          steps: [
            select('Telnet'),
            keys('enter'),
            see(/(Enable|Disable) telnet\?/),
            keys('y'),
            see(/telnet is (on|off)/),
          ],
        },
      ],
      // the forms of Enter on Device (each asks before it sends)
      [
        'device.edit',
        {
          ops: ['device.setName'],
          steps: [
            select('Device name'),
            keys('enter'),
            see('Device name'),
            typed('-w'),
            keys('enter'),
            see(/Rename the device to '.*-w'\?/),
            keys('y'),
            see(/device name is now '.*-w'/),
          ],
        },
      ],
      [
        'device.edit',
        {
          ops: ['device.setCustomIdent'],
          steps: [
            select('Label & notes'),
            keys('enter'),
            see('Notes'),
            typed('rack 7'),
            keys('enter'),
            see('Save the label and notes?'),
            keys('y'),
            see('label and notes saved'),
          ],
        },
      ],
      [
        'device.edit',
        {
          ops: ['device.setNameResolution'],
          steps: [
            select('DNS servers'),
            keys('enter'),
            see('DNS servers (queried in order)'),
            keys(CTRL_U),
            typed('192.0.2.53'),
            keys('enter'),
            see('Change the DNS servers?'),
            keys('y'),
            see('DNS servers: 192.0.2.53'),
          ],
        },
      ],
      [
        'device.edit',
        {
          ops: ['device.setGroupHash'],
          steps: [
            select('Group hash fields'),
            keys('enter'),
            see('Group hash fields (select groups)'),
            keys(' ', 'enter'),
            see('Change the group hash fields?'),
            keys('y'),
            see('group hash: '),
          ],
        },
      ],
      [
        'device.controllerAdd',
        {
          ops: ['device.addController'],
          steps: [
            keys('tab'),
            see('Controllers (0)'),
            keys('a', 'tab'),
            typed('192.0.2.50'),
            keys('enter'),
            see('Add controller tcp 192.0.2.50:6653?'),
            keys('y'),
            see('controller tcp 192.0.2.50:6653 added'),
            see('Controllers (1)'),
          ],
        },
      ],
      [
        'device.controllerDelete',
        {
          ops: ['device.removeController'],
          steps: [
            keys('d'),
            see('Delete controller tcp 192.0.2.50:6653?'),
            keys('y'),
            see('Controllers (0)'),
            keys('tab'),
          ],
        },
      ],
      [
        'device.reboot',
        {
          ops: ['device.reboot'],
          steps: [keys('B'), see(/Reboot .*\?/), keys('y'), see('device is back after', 60_000)],
        },
      ],
    ],
  },
];
