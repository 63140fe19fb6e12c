/**
 * Hostile device strings for the escape-injection tests: one payload set (OSC title, OSC 52
 * clipboard, CSI clear, SGR, C1 CSI, NEL, backspaces, CR, BEL, bidi override, NUL), planted
 * straight into a simulator's state (a real device may not validate what the simulator's
 * REST API refuses), each behind a tag naming the field it sits in.
 */

import { CATALOG } from '../../src/sim/apps.js';
import type { SimServer } from '../../src/sim/server.js';
import { rulesKey } from '../../src/sim/state.js';

/** The payload after a field's tag; the letters a–f show where each sequence sat. */
export const PAYLOAD =
  '\u001b]0;pwned\u0007a' + // OSC 0: window title
  '\u001b]52;c;ZXZpbA==\u0007b' + // OSC 52: clipboard write
  '\u001b[2Jc' + // CSI: clear screen
  '\u001b[31md' + // SGR from the device
  '\u009b31me' + // C1 CSI
  '\u0085' + // C1 NEL
  '\b\b\b' + // backspaces
  '\r' + // carriage return
  '\u0007' + // BEL
  '\u202e' + // bidi override
  '\u0000f'; // NUL

/** What `sanitize` makes of the payload: sequences dropped whole, other controls as '?', CR as ' '. */
export const SHOWN = 'abcde???? ???f';
/** The part every view shows: everything up to the first '?' (covers all escape sequences). */
export const HEAD = 'abcde';

export const evil = (tag: string) => `${tag}${PAYLOAD}`;

/** Field tags: unlikely to occur in any other text on screen or in output. */
export const TAG = {
  ruleName: 'Xrn',
  ruleDescription: 'Xrd',
  ruleAction: 'Xra',
  groupDescription: 'Xgd',
  groupAction: 'Xga',
  ruleSpName: 'Xsn',
  ruleSpDescription: 'Xsd',
  portSpName: 'Xpn',
  portSpDescription: 'Xpd',
  userName: 'Xun',
  userDescription: 'Xud',
  appName: 'Xan',
  appDescription: 'Xad',
  instanceDescription: 'Xid',
  logLine: 'Xlg',
  sfpVendor: 'Xsf',
  deviceName: 'Xdn',
  identName: 'Xin',
  identNotes: 'Xio',
  error: 'Xer',
} as const;

export const EVIL_RULE = { priority: 4242, match: { in_port: '3' }, actions: ['output:4'] };
export const EVIL_GROUP_ID = 77;
/** The port whose SFP line carries the payload (see `withEvilSfp`). */
export const SFP_PORT = 'eth-0-13';

/** Puts the payload in the SFP report's vendor column of SFP_PORT (for a vi.mock of sfp.js). */
export function withEvilSfp(report: string): string {
  return report.replace(
    new RegExp(`^(${SFP_PORT} +)\\S+(?: \\S+)*`, 'm'),
    (_, head: string) => `${head}${evil(TAG.sfpVendor)}`,
  );
}

/** Plants every hostile string in the simulator. Returns an undo for the shared app catalog. */
export function injectEvil(sim: SimServer): () => void {
  const state = sim.state;
  const now = state.now();
  state.rules.set(rulesKey(EVIL_RULE.priority, EVIL_RULE.match), {
    cookie: state.newCookie(),
    name: evil(TAG.ruleName),
    description: evil(TAG.ruleDescription),
    priority: EVIL_RULE.priority,
    match: { ...EVIL_RULE.match },
    actions: [...EVIL_RULE.actions, evil(TAG.ruleAction)],
    since: now,
  });
  state.groups.set(EVIL_GROUP_ID, {
    group_id: EVIL_GROUP_ID,
    type: 'all',
    description: evil(TAG.groupDescription),
    buckets: [{ watch_port: '', actions: ['output:5', evil(TAG.groupAction)] }],
  });
  const ruleSp = evil(TAG.ruleSpName);
  state.ruleSavePoints.set(ruleSp, {
    name: ruleSp,
    description: evil(TAG.ruleSpDescription),
    readonly: false,
    rules: [],
    groups: [],
  });
  const portSp = evil(TAG.portSpName);
  state.portSavePoints.set(portSp, {
    name: portSp,
    description: evil(TAG.portSpDescription),
    readonly: false,
    ports: [],
  });
  const user = evil(TAG.userName);
  state.users.set(user, {
    userid: state.nextUserId++,
    username: user,
    accesslevel: 1,
    description: evil(TAG.userDescription),
    radius: false,
    passwordHash: 'not-a-hash',
  });
  const app = {
    name: evil(TAG.appName),
    description: evil(TAG.appDescription),
    singleInstance: false,
    params: [],
    actions: [],
  };
  CATALOG.push(app);
  const pid = state.nextPid++;
  state.apps.set(pid, {
    pid,
    name: app.name,
    description: app.description,
    user_description: evil(TAG.instanceDescription),
    params: {},
    actions: [],
  });
  state.settings.name = evil(TAG.deviceName);
  state.settings.customIdent = { name: evil(TAG.identName), notes: evil(TAG.identNotes) };
  state.log.append(evil(TAG.logLine));
  state.changed();
  return () => {
    const i = CATALOG.indexOf(app);
    if (i >= 0) CATALOG.splice(i, 1);
  };
}

/** Makes the device answer GETs under `path` (e.g. '/rest/users') with 400 {error: message}. */
export function failGets(sim: SimServer, path: string, message: string): () => void {
  const faults = sim.faults as unknown as Record<string, unknown>;
  faults.active = () => true;
  faults.beforeRequest = async (
    req: { method: string; url: string },
    reply: { code(n: number): { type(t: string): { send(b: string): void } } },
  ) => {
    if (req.method === 'GET' && req.url.split('?')[0] === path)
      reply
        .code(400)
        .type('application/json')
        .send(JSON.stringify({ error: message }));
  };
  // The prototype's methods come back.
  return () => {
    delete faults.active;
    delete faults.beforeRequest;
  };
}

/** C0 controls (newline and ESC aside), DEL, C1 controls and bidi overrides. */
export const RAW_CONTROL =
  /[\u0000-\u0009\u000b-\u001a\u001c-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * Every place `tag` occurs in `out`, the payload's visible head follows it directly (or a
 * prefix of it cut with '…'): no escape sequence survived between the letters. Returns the
 * number of occurrences.
 */
export function checkTagged(out: string, tag: string): number {
  let n = 0;
  for (let i = out.indexOf(tag); i >= 0; i = out.indexOf(tag, i + 1)) {
    n++;
    const after = out.slice(i + tag.length, i + tag.length + HEAD.length);
    const cut = after.indexOf('…');
    const ok = cut >= 0 ? HEAD.startsWith(after.slice(0, cut)) : after === HEAD;
    if (!ok)
      throw new Error(
        `${tag} is followed by ${JSON.stringify(out.slice(i + tag.length, i + tag.length + 40))}`,
      );
  }
  return n;
}
