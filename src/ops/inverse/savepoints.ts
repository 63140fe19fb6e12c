/**
 * Undo of save-point writes: an activation puts the rules, groups or ports back as they were;
 * a rename renames back; a new save-point is deleted. Content overwritten or deleted is gone.
 */
import { PORT_SETTING_FIELDS } from '../../model/index.js';
import { groupOps } from '../groups.js';
import { journalJson } from '../journal-file.js';
import type { Invert } from '../operation.js';
import { portOps } from '../ports.js';
import { ruleOps } from '../rules.js';
import { type savepointKinds, savepointOps } from '../savepoints.js';
import { type InverseTable, type Json, never, none, portBack, steps } from './common.js';
import { groupsAndRulesBack } from './groups.js';

const ALL_PORT_FIELDS = Object.fromEntries(PORT_SETTING_FIELDS.map((f) => [f, true]));

/** A rename (and description) back, unless the content was overwritten. */
const renameBack =
  (kind: 'rules' | 'ports'): Invert =>
  ({ params: p, before: b }) => {
    if (p.override !== false)
      return none(`the save-point's content was overwritten (override); the old one is not kept`);
    if (b === null) return none(`save-point '${p.old_name}' did not exist before`);
    return steps([
      savepointOps.modify(kind, {
        old_name: String(p.new_name || p.old_name),
        new_name: b.name,
        description: b.description,
        override: false,
      }),
    ]);
  };

/** A new save-point deleted; one that existed before was replaced and cannot come back. */
const createBack =
  (kind: 'rules' | 'ports'): Invert =>
  ({ params: p, before: b }) =>
    b !== null
      ? none(`save-point '${p.name}' existed before and was replaced`)
      : steps([savepointOps.remove(kind, String(p.name))]);

const GONE =
  "a deleted save-point's content cannot be put back (pbc savepoint export keeps a copy)";

export const savepointInverses: InverseTable<keyof typeof savepointKinds> = {
  'savepoints.activate': ({ params: p, before: b }) =>
    steps(
      [ruleOps.removeAll(), groupOps.removeAll(), ...groupsAndRulesBack(b)],
      `the active rules and groups are replaced by the ${b.rules.length} rules and ${b.groups.length} groups active before '${p.name}' was activated`,
    ),
  'savepoints.activatePorts': ({ before, after }) => {
    const left = new Map(((after ?? []) as Json[]).map((c) => [c.if_name, c]));
    return steps(
      (before as Json[])
        .filter((c) => journalJson(left.get(c.if_name)) !== journalJson(c))
        .map((c) => portOps.setConfig(c.if_name, portBack(c, ALL_PORT_FIELDS))),
    );
  },
  'savepoints.setDefault': ({ before: b }) =>
    b.boot === null
      ? none('no rule save-point loaded at boot before; the device cannot unset it')
      : steps([savepointOps.setDefault(b.boot)]),
  'savepoints.modify': renameBack('rules'),
  'savepoints.modifyPorts': renameBack('ports'),
  'savepoints.create': createBack('rules'),
  'savepoints.createPorts': createBack('ports'),
  'savepoints.remove': never(GONE),
  'savepoints.removePorts': never(GONE),
  'savepoints.quicksave': never("the old 'Quicksave' content is not kept"),
};
