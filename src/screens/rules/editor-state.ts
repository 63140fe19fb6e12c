/**
 * The rule editor's form, a form of the one form engine (src/widgets/forms/form-engine.ts):
 * its state (fields, match rows, the ordered action list, the checkboxes, the focus) and its
 * items (`ruleSchema`) with the rule editor's own plug-ins — what Tab completes, typing a
 * whole match into the match rows, the prefilled priority, the Ctrl-F fix. Keys come in as
 * the frame's key names (src/tui/keys.ts) and are read as the keymap's editor verbs; the engine
 * answers with the next state and, for Ctrl-S / Apply or Esc / Cancel, an event for the
 * screen. Validation and previews live in analysis.ts.
 */
import { type Match, type Rule, splitActions } from '../../model/index.js';
import { DEFAULT_PRIORITY } from '../../ops/index.js';
import { COMMON_VERBS, type EditorCommands, editorVerb } from '../../widgets/forms/editor-keys.js';
import { isPrintable, type TextField, textField } from '../../widgets/forms/field.js';
import {
  fieldAt as engineFieldAt,
  type FormEvent,
  type FormSchema,
  formStep,
} from '../../widgets/forms/form-engine.js';
import { buttons, type FormItem, list } from '../../widgets/forms/form-items.js';
import {
  actionCandidates,
  type EditorEnv,
  EMPTY_ENV,
  fieldCandidates,
  valueCandidates,
} from './completion.js';
import { typeInMatch } from './match-typing.js';

export type EditorMode = 'add' | 'edit' | 'clone';

export interface MatchRow {
  id: number;
  field: TextField;
  value: TextField;
}

export interface ActionRow {
  id: number;
  text: TextField;
}

export interface RuleForm {
  mode: EditorMode;
  /** The rule edited (edit) or copied (clone). */
  original: Rule | null;
  name: TextField;
  description: TextField;
  priority: TextField;
  /**
   * The priority still shows the copied rule's, untouched: the first character typed
   * replaces it (as a selected field would) instead of appending to it.
   */
  priorityKept?: boolean;
  match: MatchRow[];
  actions: ActionRow[];
  /** Save a rule save-point before sending the change. */
  saveFirst: boolean;
  /** Apply although the TCAM would pass its reported maximum. */
  override: boolean;
  focus: string;
  nextId: number;
}

/** A one-key repair the editor offers (Ctrl-F). */
export type EditorFix =
  | { kind: 'addMatch'; field: string; value: string; before?: string; label: string }
  | { kind: 'setAction'; id: number; text: string; label: string };

export type EditorEvent = FormEvent;

export interface KeyContext {
  /** The keymap's editor layer (what each key does here): ScreenProps.keys.command. */
  commands: EditorCommands;
  env: EditorEnv;
  fixes: readonly EditorFix[];
  /** The TCAM override checkbox is on screen (the rule would pass the maximum). */
  overrideShown: boolean;
}

function rowsOf(match: Match, actions: readonly string[]) {
  let id = 1;
  const m = Object.entries(match).map(([f, v]) => ({
    id: id++,
    field: textField(f),
    value: textField(v),
  }));
  const a = actions.map((t) => ({ id: id++, text: textField(t) }));
  return { m, a, id };
}

export function newRuleForm(mode: EditorMode, rule: Rule | null = null): RuleForm {
  const src = rule ?? {
    name: '',
    description: '',
    priority: DEFAULT_PRIORITY,
    match: {},
    actions: [],
  };
  const { m, a, id } = rowsOf(src.match, src.actions);
  let next = id;
  const match = m.length > 0 ? m : [{ id: next++, field: textField(), value: textField() }];
  const actions = a.length > 0 ? a : [{ id: next++, text: textField() }];
  return {
    mode,
    original: rule,
    name: textField(mode === 'clone' && src.name ? `${src.name}-copy` : src.name),
    description: textField(src.description),
    // a new rule starts empty: the placeholder shows the default, and empty means it
    priority: textField(rule ? String(src.priority) : ''),
    priorityKept: rule !== null,
    match,
    actions,
    saveFirst: false,
    override: false,
    // an edit most often changes the actions; a new rule starts with its name
    focus: mode === 'edit' ? `a${actions[0]!.id}` : 'name',
    nextId: next,
  };
}

/** The rule editor as a form of the one engine: its fields, match rows, actions, checkboxes. */
export function ruleSchema(ctx: Omit<KeyContext, 'commands'>): FormSchema<RuleForm> {
  const text = (id: 'name' | 'description' | 'priority'): FormItem<RuleForm> => ({
    kind: 'text',
    id,
    get: (s) => s[id],
    set: (s, f) => ({ ...s, [id]: f }),
  });
  const check = (id: 'saveFirst' | 'override'): FormItem<RuleForm> => ({
    kind: 'checkbox',
    id,
    get: (s) => s[id],
    set: (s, on) => ({ ...s, [id]: on }),
  });
  const complete = (s: RuleForm) => completionsAt(s, ctx.env);
  return {
    items: [
      text('name'),
      text('description'),
      text('priority'),
      list<RuleForm, MatchRow>({
        prefix: 'm',
        cells: [
          { name: 'f', get: (r) => r.field, set: (r, field) => ({ ...r, field }), complete },
          { name: 'v', get: (r) => r.value, set: (r, value) => ({ ...r, value }), complete },
        ],
        rows: (s) => s.match,
        setRows: (s, match) => ({ ...s, match: [...match] }),
        newRow: (id) => ({ id, field: textField(), value: textField() }),
        add: 'addMatch',
        // `in_port=1`, `tcp tcp_dst=443` typed or pasted into the match rows
        typeIn: typeInMatch,
      }),
      list<RuleForm, ActionRow>({
        prefix: 'a',
        cells: [{ name: '', get: (r) => r.text, set: (r, text) => ({ ...r, text }), complete }],
        rows: (s) => s.actions,
        setRows: (s, actions) => ({ ...s, actions: [...actions] }),
        newRow: (id) => ({ id, text: textField() }),
        add: 'addAction',
        ordered: true,
      }),
      check('saveFirst'),
      { ...check('override'), when: () => ctx.overrideShown },
      ...buttons<RuleForm>(),
    ],
    prepare: keptPriority,
    verbs: {
      fix: (s) => {
        const fix = fixFor(s, ctx.fixes);
        return fix ? applyFix(s, fix) : s;
      },
    },
  };
}

/** The text field a focus target edits, if it is one. */
export function fieldAt(s: RuleForm, target: string): TextField | null {
  return engineFieldAt(ruleSchema({ env: EMPTY_ENV, fixes: [], overrideShown: true }), s, target);
}

/** What Tab may complete in the focused field. */
export function completionsAt(s: RuleForm, env: EditorEnv): string[] {
  const m = /^m(\d+)\.([fv])$/.exec(s.focus);
  if (m) {
    const row = s.match.find((r) => r.id === Number(m[1]));
    if (!row) return [];
    if (m[2] === 'v') return valueCandidates(row.field.text.trim(), env);
    const used = new Set(s.match.filter((r) => r !== row).map((r) => r.field.text.trim()));
    return fieldCandidates(used);
  }
  const a = /^a(\d+)$/.exec(s.focus);
  if (a) return actionCandidates(fieldAt(s, s.focus)?.text ?? '', env);
  return [];
}

export function matchOf(s: RuleForm): Match {
  const out: Match = {};
  for (const r of s.match) {
    const f = r.field.text.trim();
    if (f !== '') out[f] = r.value.text.trim();
  }
  return out;
}

export function actionsOf(s: RuleForm): string[] {
  return s.actions.flatMap((a) => splitActions(a.text.text));
}

/** The priority typed, 32768 when empty, null when it is not an integer 0..65535. */
export function priorityOf(s: RuleForm): number | null {
  const t = s.priority.text.trim();
  if (t === '') return DEFAULT_PRIORITY;
  if (!/^\d{1,5}$/.test(t)) return null;
  const n = Number(t);
  return n <= 65535 ? n : null;
}

function addMatchRow(s: RuleForm, field: string, value: string, before?: string): RuleForm {
  const row = { id: s.nextId, field: textField(field), value: textField(value) };
  const pos = before === undefined ? -1 : s.match.findIndex((r) => r.field.text.trim() === before);
  const match = [...s.match];
  match.splice(pos === -1 ? match.length : pos, 0, row);
  return { ...s, match, nextId: s.nextId + 1, focus: field === '' ? `m${row.id}.f` : s.focus };
}

function applyFix(s: RuleForm, fix: EditorFix): RuleForm {
  if (fix.kind === 'addMatch') return addMatchRow(s, fix.field, fix.value, fix.before);
  return {
    ...s,
    actions: s.actions.map((r) => (r.id === fix.id ? { ...r, text: textField(fix.text) } : r)),
  };
}

/** Which fix Ctrl-F applies: one about the focused row first, else the first offered. */
export function fixFor(s: RuleForm, fixes: readonly EditorFix[]): EditorFix | undefined {
  const row = s.match.find((r) => s.focus.startsWith(`m${r.id}.`));
  const mine = fixes.find(
    (f) =>
      (f.kind === 'setAction' && s.focus === `a${f.id}`) ||
      (f.kind === 'addMatch' && row !== undefined && f.before === row.field.text.trim()),
  );
  return mine ?? fixes[0];
}

const EDIT_KEYS = new Set([
  'backspace',
  'left',
  'right',
  'home',
  'end',
  'ctrl+a',
  'ctrl+e',
  'ctrl+u',
]);

/** A character typed on the untouched prefilled priority replaces it; an edit key keeps it. */
function keptPriority(s: RuleForm, key: string): RuleForm {
  if (s.focus !== 'priority' || !s.priorityKept) return s;
  if (EDIT_KEYS.has(key)) return { ...s, priorityKept: false };
  if (isPrintable(key)) return { ...s, priority: textField(), priorityKept: false };
  return s;
}

/** The editor commands the rule editor handles (`rules.editor.<verb>`; the keymap binds each). */
export const RULE_EDITOR_VERBS = [...COMMON_VERBS, 'remove', 'moveUp', 'moveDown', 'fix'];

export function editorKey(
  s: RuleForm,
  key: string,
  ctx: KeyContext,
): { state: RuleForm; event: EditorEvent } {
  return formStep(ruleSchema(ctx), s, key, editorVerb(ctx.commands, key));
}

/**
 * The field a device's refusal is about, from its words: a match field it names (`tcp_dst`),
 * the priority, the name or description, or the actions; undefined when it names none.
 */
export function refusalTarget(f: RuleForm, message: string): string | undefined {
  const text = message.toLowerCase();
  const names = (w: string) => new RegExp(`(^|[^a-z0-9_])${w}($|[^a-z0-9_])`).test(text);
  const row = f.match.find((r) => r.field.text.trim() !== '' && names(r.field.text.trim()));
  if (row) return `m${row.id}.${text.includes('value') ? 'v' : 'f'}`;
  if (names('priority')) return 'priority';
  if (names('description')) return 'description';
  if (names('name')) return 'name';
  if (/action|output|group/.test(text) && f.actions[0]) return `a${f.actions[0].id}`;
  return undefined;
}
