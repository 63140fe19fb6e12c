/**
 * The group editor's form as a pure reducer: id, type, description, 1..16 buckets (watch
 * port picker + actions) and, for a group that already exists, which call to make
 * (PUT keeps the rules that use it; POST replaces it and the device deletes them).
 */
import { type Group, type GroupType, splitActions } from '../../model/index.js';
import { MAX_BUCKETS } from '../../tcam/index.js';
import {
  buttonKey,
  COMMON_VERBS,
  commonKey,
  type EditorCommands,
  editorVerb,
  type FormEvent,
  type FormFields,
  moveStep,
  onTarget,
  step,
  textKey,
} from '../../widgets/forms/editor-keys.js';
import { type TextField, textField } from '../../widgets/forms/field.js';
import { actionCandidates, type EditorEnv } from '../rules/completion.js';

export const GROUP_TYPES: readonly GroupType[] = ['select', 'ff', 'all'];
export const TYPE_WORDS: Record<GroupType, string> = {
  select: 'load-balance',
  ff: 'fast-failover',
  all: 'clone',
};
export { MAX_BUCKETS };

export interface BucketRow {
  id: number;
  watch: TextField;
  actions: TextField;
}

export interface GroupForm {
  mode: 'add' | 'edit';
  original: Group | null;
  id: TextField;
  type: GroupType;
  description: TextField;
  buckets: BucketRow[];
  /** For an existing group: PUT (modify in place) or POST (replace). null: the default for the mode. */
  call: 'PUT' | 'POST' | null;
  saveFirst: boolean;
  focus: string;
  nextId: number;
}

export type GroupEvent = FormEvent;

export function newGroupForm(
  mode: 'add' | 'edit',
  group: Group | null,
  suggestedId = 1,
): GroupForm {
  let next = 1;
  const buckets = (group?.buckets ?? [{ watch_port: '', actions: [] }]).map((b) => ({
    id: next++,
    watch: textField(b.watch_port),
    actions: textField(b.actions.join(',')),
  }));
  return {
    mode,
    original: group,
    id: textField(String(group?.group_id ?? suggestedId)),
    type: group?.type ?? 'select',
    description: textField(group?.description ?? ''),
    buckets,
    call: null,
    saveFirst: false,
    focus: mode === 'edit' ? 'type' : 'id',
    nextId: next,
  };
}

export function targetsOf(s: GroupForm, callShown: boolean): string[] {
  return [
    ...(s.mode === 'add' ? ['id'] : []),
    'type',
    'description',
    ...s.buckets.flatMap((b) => [`b${b.id}.w`, `b${b.id}.a`]),
    'addBucket',
    ...(callShown ? ['call'] : []),
    'saveFirst',
    'apply',
    'cancel',
  ];
}

function fieldAt(s: GroupForm, t: string): TextField | null {
  if (t === 'id' || t === 'description') return s[t];
  const m = /^b(\d+)\.([wa])$/.exec(t);
  const b = m ? s.buckets.find((r) => r.id === Number(m[1])) : undefined;
  return b ? (m![2] === 'w' ? b.watch : b.actions) : null;
}

function setField(s: GroupForm, t: string, f: TextField): GroupForm {
  if (t === 'id' || t === 'description') return { ...s, [t]: f };
  const m = /^b(\d+)\.([wa])$/.exec(t);
  if (!m) return s;
  const id = Number(m[1]);
  return {
    ...s,
    buckets: s.buckets.map((b) =>
      b.id !== id ? b : m[2] === 'w' ? { ...b, watch: f } : { ...b, actions: f },
    ),
  };
}

/** Tab in a bucket's actions completes the last action of the comma list (no group: in buckets). */
export function completionsAt(s: GroupForm, env: EditorEnv): string[] {
  const text = fieldAt(s, s.focus)?.text ?? '';
  return candidatesAt(s, env).filter((c) => c.startsWith(text) && c !== text);
}

function candidatesAt(s: GroupForm, env: EditorEnv): string[] {
  const m = /^b(\d+)\.([wa])$/.exec(s.focus);
  const b = m ? s.buckets.find((r) => r.id === Number(m[1])) : undefined;
  if (!b) return [];
  if (m![2] === 'w') return env.ports.map((p) => String(p.no));
  const text = b.actions.text;
  const cut = text.lastIndexOf(',') + 1;
  const head = text.slice(0, cut);
  const tail = text.slice(cut);
  if (/^\d*$/.test(tail) && /output:[\d,]*$/.test(head))
    return env.ports.map((p) => `${head}${p.no}`);
  return actionCandidates(tail, { ...env, groups: [] })
    .filter((c) => !c.startsWith('group'))
    .map((c) => head + c);
}

/** ←/→ on the watch port: none, then each port of the device in order. */
function pickPort(s: GroupForm, target: string, delta: number, env: EditorEnv): GroupForm {
  const f = fieldAt(s, target);
  if (!f) return s;
  const choices = ['', ...env.ports.map((p) => String(p.no))];
  const i = choices.indexOf(f.text.trim());
  const next = choices[(Math.max(0, i) + delta + choices.length) % choices.length]!;
  return setField(s, target, textField(next));
}

export function bucketActions(b: BucketRow): string[] {
  return splitActions(b.actions.text);
}

/** The editor commands the group editor handles (`groups.editor.<verb>`; the keymap binds each). */
export const GROUP_EDITOR_VERBS = [...COMMON_VERBS, 'remove', 'pickPrev', 'pickNext'];

export function groupKey(
  s: GroupForm,
  key: string,
  env: EditorEnv,
  callShown: boolean,
  /** The keymap's editor layer (what each key does here): ScreenProps.keys.command. */
  commands: EditorCommands,
): { state: GroupForm; event: GroupEvent } {
  const targets = targetsOf(s, callShown);
  const st = onTarget(s, targets);
  const focus = st.focus;
  const fields: FormFields<GroupForm> = {
    fieldAt,
    setField,
    completions: (x) => completionsAt(x, env),
  };
  const verb = editorVerb(commands, key);
  const common = commonKey(st, verb, targets, fields);
  if (common) return common;
  const done = step<GroupForm>;
  const go = (d: number) => moveStep(st, targets, d);
  const cycle = (d: number) =>
    GROUP_TYPES[(GROUP_TYPES.indexOf(st.type) + d + GROUP_TYPES.length) % GROUP_TYPES.length]!;
  if (verb === 'remove') {
    const m = /^b(\d+)\./.exec(focus);
    if (!m) return done(st);
    const buckets = st.buckets.filter((b) => b.id !== Number(m[1]));
    const next = { ...st, buckets };
    const after = targetsOf(next, callShown);
    const i = targets.indexOf(focus);
    return done({
      ...next,
      focus:
        [...targets.slice(i + 1), ...targets.slice(0, i).reverse()].find((t) =>
          after.includes(t),
        ) ?? 'addBucket',
    });
  }
  const button = buttonKey(st, key);
  if (button) return button;
  const activate = key === 'enter' || key === ' ';
  const delta = verb === 'pickPrev' ? -1 : verb === 'pickNext' || key === ' ' ? 1 : 0;
  switch (focus) {
    case 'type':
      return delta ? done({ ...st, type: cycle(delta) }) : key === 'enter' ? go(1) : done(st);
    case 'call':
      return delta || key === 'enter'
        ? done({
            ...st,
            call:
              st.call === 'POST'
                ? 'PUT'
                : st.call === 'PUT'
                  ? 'POST'
                  : st.mode === 'edit'
                    ? 'POST'
                    : 'PUT',
          })
        : done(st);
    case 'addBucket':
      if (!activate || st.buckets.length >= MAX_BUCKETS) return done(st);
      return done({
        ...st,
        buckets: [...st.buckets, { id: st.nextId, watch: textField(), actions: textField() }],
        nextId: st.nextId + 1,
        focus: `b${st.nextId}.w`,
      });
    case 'saveFirst':
      return activate ? done({ ...st, saveFirst: !st.saveFirst }) : done(st);
  }
  if (/^b\d+\.w$/.test(focus) && (verb === 'pickPrev' || verb === 'pickNext'))
    return done(pickPort(st, focus, delta, env));
  return textKey(st, key, targets, fields);
}

/** The field a device's refusal is about, from its words; undefined when it names none. */
export function refusalTarget(f: GroupForm, message: string): string | undefined {
  const text = message.toLowerCase();
  if (/watch/.test(text) && f.buckets[0]) return `b${f.buckets[0].id}.w`;
  if (/bucket|action|output/.test(text) && f.buckets[0]) return `b${f.buckets[0].id}.a`;
  if (/description/.test(text)) return 'description';
  if (/\btype\b/.test(text)) return 'type';
  if (/group_id|\bid\b/.test(text) && f.mode === 'add') return 'id';
  return undefined;
}
