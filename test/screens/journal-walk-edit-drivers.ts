/**
 * The drivers of the write keys of Ports, Logs, Rules, Groups and Tools, in the order they run on
 * one console per screen (a later key acts on what an earlier one made); see journal-walk.ts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CTRL_S,
  CTRL_U,
  focusUp,
  keys,
  once,
  type ScreenWalk,
  see,
  select,
  typed,
} from './journal-walk.js';

/** Two tools of the overlap example (docs/tools.md): 6 rules in the band when applied. */
const INTENTS = join(mkdtempSync(join(tmpdir(), 'pbc-walk-tools-')), 'tools.yaml');
writeFileSync(
  INTENTS,
  `tools:
  - { name: ids, port: 9, wants: [ { vlan_id: 1-3 } ] }
  - { name: apm, port: 10, wants: [ { tcp: "" } ] }
sources: [1, 2]
`,
);

export const EDIT_WALKS: ScreenWalk[] = [
  {
    screen: 'ports',
    ready: 'RX b/s',
    drivers: [
      [
        'ports.edit',
        {
          ops: ['ports.setConfig'],
          steps: [
            once('e', 'Port eth-0-1 (type 1)', 'config'),
            keys(' ', 'enter'),
            see('Change eth-0-1?'),
            keys('y'),
            see('eth-0-1: shutdown true'),
          ],
        },
      ],
    ],
  },
  {
    screen: 'logs',
    ready: 'device',
    drivers: [
      [
        'logs.clear',
        {
          ops: ['logs.clear'],
          steps: [
            keys('z'),
            see('Clear the whole device log?'),
            keys('y'),
            see('device log cleared'),
          ],
        },
      ],
    ],
  },
  {
    screen: 'rules',
    ready: 'TCAM 10/4096',
    drivers: [
      [
        'rules.add',
        {
          ops: ['rules.add'],
          steps: [
            keys('a'),
            see('Add rule'),
            typed('jw'),
            keys('down', 'down', CTRL_U),
            typed('777'),
            keys('down'),
            typed('in_port'),
            keys('tab'),
            typed('9'),
            keys('down', 'down'),
            typed('output:10'),
            see('Apply (Ctrl-S)'),
            keys(CTRL_S),
            see('Add rule — confirm'),
            keys('y'),
            see('Add rule: done'),
          ],
        },
      ],
      [
        'rules.edit',
        {
          ops: ['rules.modify'],
          steps: [
            select('777 jw '),
            keys('e'),
            see("Edit rule 'jw'"),
            focusUp('name'),
            typed('x'),
            keys(CTRL_S),
            see('— confirm'),
            keys('y'),
            see(': done'),
          ],
        },
      ],
      [
        'rules.clone',
        {
          ops: ['rules.add'],
          steps: [
            select('1000 tap-1 '),
            keys('c'),
            see('Apply (Ctrl-S)'),
            // another priority: a new rule (the same key would modify the original)
            focusUp('priority'),
            keys(CTRL_U),
            typed('1001'),
            keys(CTRL_S),
            see('— confirm'),
            keys('y'),
            see(': done'),
          ],
        },
      ],
      [
        'rules.delete',
        {
          ops: ['rules.remove'],
          steps: [keys('d'), see('Delete rule — confirm'), keys('y'), see('Delete rule: done')],
        },
      ],
      [
        'rules.counters',
        {
          ops: ['rules.resetCounters'],
          steps: [
            keys('z'),
            see('Reset rule counters — confirm'),
            keys('y'),
            see('Reset rule counters: done'),
          ],
        },
      ],
      [
        'rules.deleteAll',
        {
          ops: ['savepoints.create', 'rules.removeAll'],
          steps: [
            keys('D'),
            see('Delete ALL rules — confirm'),
            typed('delete'),
            keys('enter'),
            see('Delete ALL rules: done'),
          ],
        },
      ],
    ],
  },
  {
    screen: 'groups',
    prepare: async (t) => {
      await t.admin.groups.add({
        group_id: 7,
        type: 'select',
        buckets: [{ watch_port: '10', actions: ['output:10'] }],
      });
    },
    ready: '1 group ·',
    drivers: [
      [
        'groups.add',
        {
          ops: ['groups.add'],
          steps: [
            keys('a'),
            see('Add group'),
            keys('down', 'down', 'down', 'down'),
            typed('output:12'),
            keys(CTRL_S),
            see('Add group — confirm'),
            keys('y'),
            see('Add group: done'),
          ],
        },
      ],
      [
        'groups.edit',
        {
          ops: ['groups.modify'],
          steps: [
            select('7'),
            keys('e'),
            see('Edit group 7'),
            keys('right'),
            keys(CTRL_S),
            see('Modify group — confirm'),
            keys('y'),
            see('Modify group: done'),
          ],
        },
      ],
      [
        'groups.delete',
        {
          ops: ['groups.remove'],
          steps: [keys('d'), see('Delete group — confirm'), keys('y'), see('Delete group: done')],
        },
      ],
      [
        'groups.deleteAll',
        {
          ops: ['savepoints.create', 'groups.removeAll'],
          steps: [
            keys('D'),
            see('Delete ALL groups — confirm'),
            typed('delete'),
            keys('enter'),
            see('Delete ALL groups: done'),
          ],
        },
      ],
    ],
  },
  {
    screen: 'tools',
    ready: 'which file holds the tool intents',
    drivers: [
      [
        'tools.apply',
        {
          // ids+apm and ids (VLAN 1, 2-3: the device's VLAN form), apm, unwanted
          ops: Array(6).fill('rules.add'),
          steps: [
            typed(INTENTS),
            keys('enter'),
            see('2 tools ·'),
            keys('W'),
            see('y/Enter send'),
            keys('y'),
            see(`Apply the tools of ${INTENTS}: done`),
          ],
        },
      ],
    ],
  },
];
