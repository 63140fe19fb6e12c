/**
 * The scripted commands' definitions. Only commander is loaded here; each action imports
 * its module when it runs, so `pbc get rules` loads the client and nothing else.
 */
import type { Command } from 'commander';
import { collect, handle } from './lazy.js';
import { CONFIRM, confirmWhen, HARMLESS, READ } from './safety.js';
import { defineExplain } from './tree-tools.js';

function ruleOptions(cmd: Command, withMeta: boolean): Command {
  cmd
    .option('--priority <n>', 'priority 0..65535 (default 32768)')
    .option(
      '--match <field[=value]>',
      'a match field, repeatable: --match in_port=1 --match tcp',
      collect,
    )
    .option(
      '--actions <list>',
      'comma-separated actions, e.g. output:2 or push_vlan:0x8100,output:3',
      collect,
    );
  if (withMeta)
    cmd
      .option('--name <name>', 'rule name')
      .option('--description <text>', 'rule description')
      .option('--cookie <n>', '64-bit identification value (decimal or 0x hex)');
  return cmd;
}

const TARGET_HELP = `
Targets (one per GET endpoint):
  rules groups ports (config+info+stats merged) config info stats sfp savepoints
  users uac radius apps running device (identity summary) ident environment
  generation hash idled version ipconfig load memory model name dns permanent
  storage serial revision telnet controllers dpid flows log

Examples:
  pbc get rules -o json
  pbc get ports
  pbc get radius --show-secrets`;

export function defineGet(program: Command): void {
  handle(
    program
      .command('get')
      .description('read from the device: rules, ports, save-points, users, device info, log, …')
      .argument('<target>', 'what to read (see below)')
      .addHelpText('after', TARGET_HELP),
    READ,
    'get',
    'get',
  );
}

export function defineRules(program: Command): void {
  const rules = program.command('rules').description('add, change and delete traffic rules');
  handle(
    ruleOptions(rules.command('add').description('add a rule (POST /rules)'), true),
    confirmWhen('when the rule sends its traffic nowhere (no output: or group: action)'),
    'rules',
    'add',
  );
  handle(
    ruleOptions(
      rules
        .command('set')
        .description(
          'change actions, name or description of the rule with this match and priority (PUT /rules)',
        ),
      true,
    ),
    confirmWhen('when --actions is given'),
    'rules',
    'set',
  );
  handle(
    ruleOptions(
      rules
        .command('rm')
        .description('delete the rule with this match and priority (DELETE /rules)'),
      false,
    ),
    CONFIRM,
    'rules',
    'rm',
  );
  handle(
    rules.command('rm-all').description('delete every rule (DELETE /rules/all)'),
    CONFIRM,
    'rules',
    'rmAll',
  );
  handle(
    rules
      .command('reset-counters')
      .description('reset the packet and byte counters of all rules (DELETE /rules/counters)'),
    CONFIRM,
    'rules',
    'resetCounters',
  );
  handle(
    ruleOptions(
      rules
        .command('plan')
        .description('check a rule against the device (validity, TCAM entries) without adding it'),
      false,
    ),
    READ,
    'plan',
    'plan',
  );
  defineExplain(rules);
}

export function defineTrace(program: Command): void {
  handle(
    program
      .command('trace')
      .description('where does this packet go? the rule it meets, its groups and output ports')
      .argument(
        '<field...>',
        'the packet: FIELD=VALUE or a key-only FIELD (in_port=3 tcp tcp_dst=443)',
      )
      .addHelpText(
        'after',
        `
The packet takes exact values of the --match vocabulary (no ranges or prefixes); in_port is
required (a number or an interface name). tcp_dst implies tcp, nw_src IPv4, ipv6_src IPv6.

Examples:
  pbc trace in_port=3 tcp nw_src=10.1.2.3 nw_dst=10.9.9.9 tcp_src=5555 tcp_dst=443
  pbc trace in_port=eth-0-21 udp udp_dst=53 -o json`,
      ),
    READ,
    'trace',
    'tracePacket',
  );
}

export function defineGroups(program: Command): void {
  const groups = program.command('groups').description('add, change and delete groups');
  const file = (c: Command) => c.option('-f, --file <file>', 'JSON group definition (- = stdin)');
  handle(
    file(
      groups
        .command('add')
        .description(
          'add or replace groups (POST /groups; replacing deletes the rules using them)',
        ),
    ),
    confirmWhen('when it replaces a group that rules use'),
    'groups',
    'add',
  );
  handle(
    file(groups.command('set').description('change existing groups (PUT /groups)')),
    CONFIRM,
    'groups',
    'set',
  );
  handle(
    groups.command('rm').argument('<id>').description('delete a group (DELETE /groups)'),
    CONFIRM,
    'groups',
    'rm',
  );
  handle(
    groups
      .command('rm-all')
      .description('delete every group and the rules that use them (DELETE /groups/all)'),
    CONFIRM,
    'groups',
    'rmAll',
  );
}

export function definePorts(program: Command): void {
  const ports = program.command('ports').description('change port settings');
  const portSet = ports
    .command('set')
    .argument('<port>', 'interface name (eth-0-3) or port number')
    .description('change a port (POST /ports/config)')
    .option('--shutdown', 'shut the interface down')
    .option('--no-shutdown', 'bring the interface up')
    .option('--speed <speed>', '10, 100, 1000, 10G, 40G, 100G or auto')
    .option('--duplex <duplex>', 'full, half or auto')
    .option('--xg-speed <speed>', '1G or XG (takes effect after reboot on some port types)')
    .option('--unidirectional', 'force TX up regardless of link')
    .option('--no-unidirectional', 'normal link handling')
    .option('--crc-check', 'drop packets with invalid checksums')
    .option('--no-crc-check', 'accept packets with invalid checksums')
    .option('--crc-recalculation', 'fix the checksum of outgoing packets')
    .option('--no-crc-recalculation', 'leave outgoing checksums as they are');
  handle(portSet, CONFIRM, 'ports', 'set');
}

export function defineSavepoints(program: Command): void {
  const sp = program
    .command('savepoint')
    .alias('savepoints')
    .description('rule and port save-points');
  const byName = (name: string, description: string, fn: string) =>
    handle(sp.command(name).argument('<name>').description(description), CONFIRM, 'savepoints', fn);
  const described = (c: Command) => c.option('-d, --description <text>', 'description');
  const modify = (c: Command, what: string) =>
    described(c)
      .argument('<name>')
      .option('--new-name <name>', 'rename it')
      .option(
        '--override',
        `save the current ${what} into it (the device's default; pbc's is not to)`,
      );
  handle(
    described(
      sp
        .command('create')
        .argument('<name>')
        .description('save the active rules and groups (POST /savepoints/rulesavepoint)'),
    ),
    HARMLESS,
    'savepoints',
    'create',
  );
  byName(
    'activate',
    'make its rules and groups active (PUT /savepoints/activerulesavepoint)',
    'activate',
  );
  byName(
    'default',
    'load it on the next boot (PUT /savepoints/defaultrulesavepoint)',
    'setDefault',
  );
  handle(
    modify(
      sp
        .command('modify')
        .description('rename, describe or re-save (POST /savepoints/modrulesavepoint)'),
      'rules',
    ),
    confirmWhen('with --override'),
    'savepoints',
    'modify',
  );
  byName('rm', 'delete a rule save-point (DELETE /savepoints/rulesavepoint)', 'rm');
  handle(
    sp
      .command('export')
      .argument('[names...]', 'rule save-points (none and no --port: everything)')
      .option('--port <name>', 'a port save-point to include, repeatable', collect)
      .description('print save-points as the device exports them (GET /savepoints/export)'),
    READ,
    'savepoints',
    'exportSavePoints',
  );
  handle(
    sp
      .command('quicksave')
      .description(
        "replace 'Quicksave' with the current rules; loads on boot (PUT /savepoints/quicksaverules)",
      ),
    CONFIRM,
    'savepoints',
    'quicksave',
  );
  handle(
    described(
      sp
        .command('create-ports')
        .argument('<name>')
        .description('save the port settings (POST /savepoints/portsavepoint)'),
    ),
    HARMLESS,
    'savepoints',
    'createPorts',
  );
  byName(
    'activate-ports',
    'apply its port settings (PUT /savepoints/activeportsavepoint)',
    'activatePorts',
  );
  handle(
    modify(
      sp
        .command('modify-ports')
        .description('rename, describe or re-save (POST /savepoints/modportsavepoint)'),
      'port settings',
    ),
    confirmWhen('with --override'),
    'savepoints',
    'modifyPorts',
  );
  byName('rm-ports', 'delete a port save-point (DELETE /savepoints/portsavepoint)', 'rmPorts');
}
