/**
 * The group editor's form, a form of the one form engine (src/widgets/forms/form-engine.ts,
 * `groupSchema`): id, type, description, 1..16 buckets (watch port picker + actions) and,
 * for a group that already exists, which call to make (PUT keeps the rules that use it;
 * POST replaces it and the device deletes them).
 */
import { type Group, type GroupType, splitActions } from '../../model/index.js';
import { MAX_BUCKETS } from '../../tcam/index.js';
import { COMMON_VERBS, type EditorCommands, editorVerb } from '../../widgets/forms/editor-keys.js';
import { type TextField, textField } from '../../widgets/forms/field.js';
import {
  type FormEvent,
  type FormSchema,
  fieldAt,
  formStep,
} from '../../widgets/forms/form-engine.js';
import { buttons, type FormItem, list } from '../../widgets/forms/form-items.js';
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

/** The group editor as a form of the one engine: its fields, the buckets list, the buttons. */
export function groupSchema(env: EditorEnv, callShown: boolean): FormSchema<GroupForm> {
  const text = (
    id: 'id' | 'description',
    when?: (s: GroupForm) => boolean,
  ): FormItem<GroupForm> => ({
    kind: 'text',
    id,
    get: (s) => s[id],
    set: (s, f) => ({ ...s, [id]: f }),
    ...(when ? { when } : {}),
  });
  const complete = (s: GroupForm) => completionsAt(s, env);
  return {
    items: [
      text('id', (s) => s.mode === 'add'),
      {
        kind: 'choice',
        id: 'type',
        options: GROUP_TYPES,
        get: (s) => s.type,
        set: (s, type) => ({ ...s, type: type as GroupType }),
        enter: 'next',
      },
      text('description'),
      list<GroupForm, BucketRow>({
        prefix: 'b',
        cells: [
          {
            name: 'w',
            get: (r) => r.watch,
            set: (r, watch) => ({ ...r, watch }),
            complete,
            // ←/→ on the watch port: none, then each port of the device in order
            choices: () => ['', ...env.ports.map((p) => String(p.no))],
          },
          { name: 'a', get: (r) => r.actions, set: (r, actions) => ({ ...r, actions }), complete },
        ],
        rows: (s) => s.buckets,
        setRows: (s, buckets) => ({ ...s, buckets: [...buckets] }),
        newRow: (id) => ({ id, watch: textField(), actions: textField() }),
        add: 'addBucket',
        max: MAX_BUCKETS,
      }),
      {
        kind: 'choice',
        id: 'call',
        when: () => callShown,
        options: ['PUT', 'POST'],
        get: (s) => s.call ?? (s.mode === 'edit' ? 'PUT' : 'POST'),
        set: (s, call) => ({ ...s, call: call as 'PUT' | 'POST' }),
        enter: 'step',
      },
      {
        kind: 'checkbox',
        id: 'saveFirst',
        get: (s) => s.saveFirst,
        set: (s, saveFirst) => ({ ...s, saveFirst }),
      },
      ...buttons<GroupForm>(),
    ],
  };
}

/** Tab in a bucket's actions completes the last action of the comma list (no group: in buckets). */
export function completionsAt(s: GroupForm, env: EditorEnv): string[] {
  const text = fieldAt(groupSchema(env, false), s, s.focus)?.text ?? '';
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
  return formStep(groupSchema(env, callShown), s, key, editorVerb(commands, key));
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
