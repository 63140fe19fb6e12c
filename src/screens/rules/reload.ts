/**
 * `r` after a conflict in the rule editor (issue 31): the rule as the device has it now
 * (theirs) becomes what the editor edits, and the operator's edit stays on top — each field
 * the operator changed (name, description, actions) keeps their text, each field they did not
 * change takes theirs. Nothing is sent: the edit is confirmed again.
 */
import type { Rule } from '../../model/index.js';
import { type ActionRow, newRuleForm, type RuleForm } from './editor-state.js';

const texts = (rows: readonly ActionRow[]) => rows.map((r) => r.text.text).join('\n');

/** `form` rebased on `theirs` (the edited rule now); as it is when not an edit of one. */
export function reloadedForm(form: RuleForm, theirs: Rule | undefined): RuleForm {
  const opened = form.original;
  if (form.mode !== 'edit' || !opened || !theirs) return form;
  const was = newRuleForm('edit', opened);
  const now = newRuleForm('edit', theirs);
  let nextId = form.nextId;
  const keepActions = texts(form.actions) !== texts(was.actions);
  return {
    ...form,
    original: theirs,
    name: form.name.text !== was.name.text ? form.name : now.name,
    description:
      form.description.text !== was.description.text ? form.description : now.description,
    actions: keepActions ? form.actions : now.actions.map((r) => ({ ...r, id: nextId++ })),
    nextId,
  };
}
