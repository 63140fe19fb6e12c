/**
 * The pure parts of screens 5, 7, 8 and 9: forms, the app visibility evaluator, the
 * device effects, the reboot wait, the UAC lockout guard, import planning, access checks.
 */
import { describe, expect, it } from 'vitest';
import type { Rule, RuleSavePoint, User } from '../../src/model/index.js';
import { appFields, changedParams, readAction } from '../../src/screens/apps/params.js';
import { evaluateVisibility } from '../../src/screens/apps/visibility.js';
import {
  connectionFollowsIp,
  dnsEffect,
  storageModeEffect,
  withHost,
  withScheme,
} from '../../src/screens/device/effects.js';
import { bootSavePointName } from '../../src/screens/device/items.js';
import { rebootStep, startRebootWait } from '../../src/screens/device/reboot.js';
import { writeRefusal } from '../../src/screens/dialogs/access.js';
import { wrapLine } from '../../src/screens/dialogs/dialog.js';
import { activationCheck } from '../../src/screens/savepoints/check.js';
import {
  defaultExportPath,
  importLines,
  planImport,
} from '../../src/screens/savepoints/transfer.js';
import { checkUacAccount, planUacOn } from '../../src/screens/users/uac.js';
import {
  createForm,
  displayValue,
  formKey,
  submittedValues,
  visibleFields,
} from '../../src/widgets/forms/form-state.js';

const press = (state: ReturnType<typeof createForm>, ...keys: string[]) => {
  let s = state;
  let outcome: string | null = null;
  for (const k of keys) ({ state: s, outcome } = formKey(s, k));
  return { state: s, outcome };
};

describe('form state', () => {
  const fields = () =>
    createForm([
      { id: 'name', label: 'Name', kind: 'text', required: true },
      { id: 'pw', label: 'Password', kind: 'password' },
      { id: 'mode', label: 'Mode', kind: 'select', options: ['client', 'server'] },
      { id: 'stratum', label: 'Stratum', kind: 'number', visible: (v) => v.mode === 'server' },
      { id: 'on', label: 'On', kind: 'checkbox' },
    ]);

  it('types into the focused field, q included, and Ctrl-U clears it', () => {
    const { state, outcome } = press(fields(), 'q', 'u', 'i', 't', 'backspace');
    expect(outcome).toBeNull();
    expect(state.values.name).toBe('qui');
    expect(press(state, 'ctrl+u').state.values.name).toBe('');
  });

  it('moves with Tab/↓ and Shift-Tab/↑ over visible fields only; a select change reveals fields', () => {
    let { state } = press(fields(), 'tab', 'tab');
    expect(state.focus).toBe('mode');
    ({ state } = press(state, 'tab'));
    expect(state.focus).toBe('on'); // stratum hidden while mode is client
    ({ state } = press(state, 'up', ' '));
    expect(state.values.mode).toBe('server');
    expect(visibleFields(state).map((f) => f.id)).toContain('stratum');
    ({ state } = press(state, 'down', '1', 'x', '5'));
    expect(state.values.stratum).toBe('15');
  });

  it('refuses to submit while a required field is empty and submits only visible values', () => {
    let r = press(fields(), 'enter');
    expect(r.outcome).toBeNull();
    expect(r.state.error?.message).toBe('Name is required');
    r = press(r.state, 'a', 'enter');
    expect(r.outcome).toBe('submit');
    expect(submittedValues(r.state)).toEqual({ name: 'a', pw: '', mode: 'client', on: 'false' });
    expect(press(fields(), 'escape').outcome).toBe('cancel');
  });

  it('masks passwords and shows checkboxes and selects', () => {
    expect(displayValue({ id: 'p', label: 'P', kind: 'password' }, 'secret')).toBe('••••••');
    expect(displayValue({ id: 'c', label: 'C', kind: 'checkbox' }, 'true')).toBe('[x] yes');
    expect(displayValue({ id: 's', label: 'S', kind: 'select' }, 'tcp')).toBe('‹ tcp ›');
  });

  it('wraps long dialog lines at spaces', () => {
    expect(wrapLine('one two three four five', 10)).toEqual(['one two', 'three four', 'five']);
  });
});

describe('app visibility rules', () => {
  it('evaluates simple expressions like JavaScript', () => {
    const p = { mode: 'server', traps: 'false', port: '64' };
    expect(evaluateVisibility("params.mode == 'server'", p)).toBe(true);
    expect(evaluateVisibility("params.mode === 'client'", p)).toBe(false);
    expect(evaluateVisibility('params.mode != "client" && params.traps == \'false\'', p)).toBe(
      true,
    );
    expect(evaluateVisibility("params['mode'] == 'x' || params.port == 64", p)).toBe(true);
    expect(evaluateVisibility("!(params.mode == 'server')", p)).toBe(false);
    expect(evaluateVisibility('true', p)).toBe(true);
    expect(evaluateVisibility('false', p)).toBe(false);
    expect(evaluateVisibility('', p)).toBe(true);
    expect(evaluateVisibility('params.missing', p)).toBe(false);
  });

  it('does not understand (and so shows) anything else — it never runs code', () => {
    for (const src of [
      'params.mode.length > 2',
      'alert(1)',
      'params.mode == ',
      "window.x == 'y'",
      'params.mode == `x`',
    ])
      expect(evaluateVisibility(src, { mode: 'x' })).toBeNull();
  });

  it('builds fields from paramFormat and sends only changed parameters', () => {
    const fields = appFields(
      [
        ['mode', 'Mode', 'select:client|server', 'help', 'true', 'client'],
        ['stratum', 'Stratum', 'number', '', "params.mode == 'server'", '10'],
        ['odd', 'Odd', 'number', '', 'params.mode.length', '1'],
        ['traps', 'Traps', 'checkbox', '', '', 'false'],
      ],
      { mode: 'client' },
      'mine',
    );
    const form = createForm(fields);
    expect(visibleFields(form).map((f) => f.id)).toEqual([
      'user_description',
      'mode',
      'odd',
      'traps',
    ]);
    expect(
      changedParams(
        { user_description: 'x', mode: 'client', traps: 'true' },
        { mode: 'client', traps: 'false' },
      ),
    ).toEqual({ traps: 'true' });
    expect(readAction({ name: 'sync_now', label: 'Sync now', level: 7 })).toEqual({
      name: 'sync_now',
      label: 'Sync now',
      description: '',
      level: 7,
    });
    expect(readAction({ foo: 1 })).toBeNull();
  });
});

const r = (match: Record<string, string>, flows = 1): Rule => ({
  cookie: 0n,
  name: '',
  description: '',
  priority: 1,
  match,
  actions: ['output:2'],
  n_packets: 0n,
  n_bytes: 0n,
  datarate: '',
  datarate_raw: null,
  real_flow_ct: flows,
});

describe('device effects', () => {
  it('explains the storage mode switch and whether the active rules fit', () => {
    const ok = storageModeEffect('simple', 'ipv6', [r({ in_port: '1' })], 10);
    expect(ok.fits).toBe(true);
    expect(ok.lines.join('\n')).toContain('4096 flows');
    const tooMany = storageModeEffect('simple', 'ipv6', [r({ in_port: '1' })], 3000);
    expect(tooMany.fits).toBe(false);
    const v6 = storageModeEffect('ipv6', 'simple', [r({ ipv6: '', ipv6_src: '2001:db8::1' })], 1);
    expect(v6.fits).toBe(false);
    expect(v6.lines.at(-1)).toMatch(/match on IPv6/);
    expect(storageModeEffect('simple', 'ipv6', undefined, undefined).fits).toBeNull();
  });

  it('says which DNS defaults come back', () => {
    expect(dnsEffect(['', ' ', ''])).toContain('8.8.8.8 and 8.8.4.4');
    expect(dnsEffect(['192.0.2.53', ''])).toBe('Servers, queried in this order: 192.0.2.53.');
  });

  it('works out where the connection goes', () => {
    expect(connectionFollowsIp('http://192.0.2.10/rest', '192.0.2.10')).toBe(true);
    expect(connectionFollowsIp('http://127.0.0.1:8080/rest', '192.0.2.10')).toBe(false);
    expect(withHost('http://192.0.2.10:8080/rest', '192.0.2.11')).toBe(
      'http://192.0.2.11:8080/rest',
    );
    expect(withScheme('http://192.0.2.10/rest', true)).toBe('https://192.0.2.10/rest');
    expect(withScheme('http://192.0.2.10:80/rest', true)).toBe('https://192.0.2.10/rest');
    expect(withScheme('http://127.0.0.1:8080/rest', true)).toBe('https://127.0.0.1:8080/rest');
    expect(withScheme('https://h.example/rest', false)).toBe('http://h.example/rest');
  });

  it('knows the boot save-point only when the device says', () => {
    const sp = (name: string, boot?: boolean) =>
      ({
        name,
        boot,
        description: '',
        readonly: false,
        rules: [],
        groups: [],
        flowusage: 0,
        groupusage: 0,
      }) as RuleSavePoint;
    expect(bootSavePointName({ rules: [sp('a', false), sp('b', true)], ports: [] })).toBe('b');
    expect(bootSavePointName({ rules: [sp('a', false)], ports: [] })).toBeNull();
    expect(bootSavePointName({ rules: [sp('a')], ports: [] })).toBeUndefined();
  });
});

describe('reboot wait', () => {
  it('is back after the device went down and answers again', () => {
    let w = startRebootWait(0, 10_000);
    w = rebootStep(w, { ok: true }, 500);
    expect(w.state).toBe('waiting');
    w = rebootStep(w, { ok: false, error: '503' }, 1000);
    expect(w.seenDown).toBe(true);
    w = rebootStep(w, { ok: true }, 2000);
    expect(w.state).toBe('back');
  });

  it('counts as back when it never went down within the grace period, and gives up at the deadline', () => {
    expect(rebootStep(startRebootWait(0, 100_000), { ok: true }, 31_000, 30_000).state).toBe(
      'back',
    );
    expect(
      rebootStep(startRebootWait(0, 10_000), { ok: false, error: 'refused' }, 10_000).state,
    ).toBe('gave-up');
  });
});

describe('UAC lockout guard', () => {
  const users: User[] = [
    { userid: 1, username: 'admin', accesslevel: 31, description: '' },
    { userid: 2, username: 'op', accesslevel: 7, description: '' },
  ];

  it("suggests pbc's own account only when it is SUPER", () => {
    expect(planUacOn(users, 'admin').account).toBe('admin');
    expect(planUacOn(users, 'op')).toMatchObject({
      account: '',
      note: expect.stringContaining("'op' (WRITE), not a SUPER account"),
    });
    expect(planUacOn(users, 'ghost').note).toContain('does not exist');
    expect(planUacOn(users, undefined).note).toContain('without an account');
    expect(planUacOn([users[1]!], 'op').refusal).toContain('no SUPER account');
  });

  it('refuses accounts that are missing or not SUPER, and a missing password for another account', () => {
    expect(checkUacAccount(users, 'op', 'x', 'op')).toContain('not SUPER');
    expect(checkUacAccount(users, 'nobody', 'x', undefined)).toContain("no user 'nobody'");
    expect(checkUacAccount(users, 'admin', '', 'op')).toBe("type the password of 'admin'");
    expect(checkUacAccount(users, 'admin', '', 'admin')).toBeNull();
    expect(checkUacAccount(users, 'admin', 'pw', undefined)).toBeNull();
  });
});

describe('write access', () => {
  it('refuses in read-only and below the level; lets the device decide when the level is unknown', () => {
    expect(writeRefusal('x', 31, { readonly: true })).toContain('read-only session');
    expect(
      writeRefusal('rebooting', 31, {
        readonly: false,
        access: { uac: true, level: 7 },
        user: 'op',
      }),
    ).toBe("rebooting needs SUPER rights; 'op' has WRITE");
    expect(
      writeRefusal('x', 31, { readonly: false, access: { uac: false, level: null } }),
    ).toBeNull();
    expect(
      writeRefusal('x', 31, { readonly: false, access: { uac: true, level: null } }),
    ).toBeNull();
  });
});

describe('save-point activation check and import plan', () => {
  const sp = (name: string, over: Partial<RuleSavePoint> = {}): RuleSavePoint => ({
    name,
    description: '',
    readonly: false,
    rules: [r({ in_port: '1' })],
    groups: [],
    flowusage: 1,
    groupusage: 0,
    ...over,
  });

  it('says whether a save-point fits the TCAM, the storage mode and the ports', () => {
    expect(activationCheck(sp('a'), 'simple', ['1', '2']).fits).toBe(true);
    expect(activationCheck(sp('a', { flowusage: 5000 }), 'simple', undefined).fits).toBe(false);
    expect(
      activationCheck(
        sp('a', { rules: [r({ ipv6: '', ipv6_dst: '::1' })] }),
        'simple',
        undefined,
      ).lines.join(),
    ).toContain("'ipv6' storage mode");
    expect(activationCheck(sp('a'), 'simple', ['2']).lines.join()).toContain(
      'Ports that do not exist now: 1',
    );
  });

  it('reads the vendor dialect: in_port ranges and bare-port actions name ports too', () => {
    const rule = { ...r({ in_port: '1-2', protocol: 'tcp' }), actions: ['3,4'] };
    expect(
      activationCheck(sp('a', { rules: [rule] }), 'simple', ['1', '4']).lines.join(),
    ).toContain('Ports that do not exist now: 2, 3');
  });

  it('plans an import: free names, skips, and says every step', () => {
    const file = {
      meta_data: { device: 'PB-2800', software_version: 'v' },
      rules: [sp('nightly'), sp('Quicksave'), sp('huge', { flowusage: 9999 })],
      ports: [{ name: 'p', description: '', readonly: false, ports: [] }],
      raw: {},
    };
    const plan = planImport(file, ['nightly'], 'simple', new Date('2025-01-02T03:04:05Z'));
    expect(plan.backupName).toBe('pbc-import-backup-2025-01-02T03-04-05');
    expect(plan.items.map((i) => [i.name, i.skip === undefined])).toEqual([
      ['nightly-import', true],
      ['Quicksave', false],
      ['huge', false],
    ]);
    const text = importLines(plan, { rules: 4, groups: 0 }).join('\n');
    expect(text).toContain(
      "1. Save the 4 active rules and 0 groups as 'pbc-import-backup-2025-01-02T03-04-05'.",
    );
    expect(text).toContain("save them as 'nightly-import' (the name is taken)");
    expect(text).toContain("Skipped: port save-points 'p'");
    expect(defaultExportPath('pb lab/01', new Date('2025-01-02T00:00:00Z'))).toBe(
      './pbc-export-pb_lab_01-2025-01-02.json',
    );
  });
});
