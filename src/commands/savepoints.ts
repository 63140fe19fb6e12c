/**
 * `pbc savepoint …`: rule and port save-points (create, activate, default, modify, rm,
 * export, quicksave, and the -ports variants).
 */
import { stringify } from 'lossless-json';
import type { RuleSavePoint } from '../model/index.js';
import { savepointOps } from '../ops/savepoints.js';
import { escapeControls, write } from './output.js';
import type { Run } from './run.js';

interface Described {
  description?: string;
}

export async function create(run: Run, o: Described, name: string): Promise<void> {
  const [sp] = (await run.execute({
    steps: [savepointOps.create('rules', name, o.description ?? '')],
    question: `Create rule save-point '${name}' from the active rules and groups?`,
    refusal: `create rule save-point '${name}'`,
    needsYes: false,
  })) as [RuleSavePoint | null];
  const n = sp ? ` with ${sp.rules.length} rules and ${sp.groups.length} groups` : '';
  await run.done(`rule save-point '${name}' created${n}`, sp ?? { result: 'OK' });
}

export async function createPorts(run: Run, o: Described, name: string): Promise<void> {
  const [sp] = await run.execute({
    steps: [savepointOps.create('ports', name, o.description ?? '')],
    question: `Create port save-point '${name}' from the current port settings?`,
    refusal: `create port save-point '${name}'`,
    needsYes: false,
  });
  await run.done(`port save-point '${name}' created`, sp ?? { result: 'OK' });
}

/** The number of active rules, read when the question is asked. */
async function activeRules(run: Run): Promise<number> {
  return (await (await run.writer()).rules.list()).rules.length;
}

export async function activate(run: Run, _o: unknown, name: string): Promise<void> {
  const [result] = await run.execute({
    steps: [savepointOps.activate('rules', name)],
    question: async () =>
      `Replace the ${await activeRules(run)} active rules and the groups with save-point '${name}'?`,
    refusal: `replace the active rules and groups with save-point '${name}'`,
    needsYes: true,
  });
  await run.done(`rule save-point '${name}' is active (not made permanent)`, { result });
}

export async function activatePorts(run: Run, _o: unknown, name: string): Promise<void> {
  const [result] = await run.execute({
    steps: [savepointOps.activate('ports', name)],
    question: `Apply the port settings of save-point '${name}' to the device's ports?`,
    refusal: `apply port save-point '${name}'`,
    needsYes: true,
  });
  await run.done(`port save-point '${name}' applied`, { result });
}

export async function setDefault(run: Run, _o: unknown, name: string): Promise<void> {
  const [result] = await run.execute({
    steps: [savepointOps.setDefault(name)],
    question: `Make rule save-point '${name}' the one the device loads on the next boot?`,
    refusal: `make rule save-point '${name}' load on boot`,
    needsYes: true,
  });
  await run.done(`rule save-point '${name}' loads on the next boot`, { result });
}

interface ModifyOptions extends Described {
  newName?: string;
  override?: boolean;
}

function changes(o: ModifyOptions, name: string) {
  return {
    old_name: name,
    ...(o.newName !== undefined ? { new_name: o.newName } : {}),
    ...(o.description !== undefined ? { description: o.description } : {}),
    override: Boolean(o.override),
  };
}

export async function modify(run: Run, o: ModifyOptions, name: string): Promise<void> {
  const [sp] = await run.execute({
    steps: [savepointOps.modify('rules', changes(o, name))],
    question: o.override
      ? async () =>
          `Overwrite rule save-point '${name}' with the ${await activeRules(run)} active rules and the groups?`
      : `Change rule save-point '${name}'?`,
    refusal: `overwrite rule save-point '${name}' with the active rules`,
    needsYes: Boolean(o.override),
  });
  const saved = o.override ? ' (the active rules and groups were saved into it)' : '';
  await run.done(`rule save-point '${o.newName ?? name}' changed${saved}`, sp ?? { result: 'OK' });
}

export async function modifyPorts(run: Run, o: ModifyOptions, name: string): Promise<void> {
  const [list] = await run.execute({
    steps: [savepointOps.modify('ports', changes(o, name))],
    question: o.override
      ? `Overwrite port save-point '${name}' with the current port settings?`
      : `Change port save-point '${name}'?`,
    refusal: `overwrite port save-point '${name}' with the current port settings`,
    needsYes: Boolean(o.override),
  });
  const saved = o.override ? ' (the current port settings were saved into it)' : '';
  await run.done(`port save-point '${o.newName ?? name}' changed${saved}`, list);
}

/** Deletes the rule (`rules`) or port (`ports`) save-point `name`, after the question. */
async function remove(run: Run, kind: 'rules' | 'ports', name: string): Promise<void> {
  const what = `${kind === 'rules' ? 'rule' : 'port'} save-point '${name}'`;
  const [result] = await run.execute({
    steps: [savepointOps.remove(kind, name)],
    question: `Delete ${what}?`,
    refusal: `delete ${what}`,
    needsYes: true,
  });
  await run.done(`${what} deleted`, { result });
}

export const rm = (run: Run, _o: unknown, name: string) => remove(run, 'rules', name);

export const rmPorts = (run: Run, _o: unknown, name: string) => remove(run, 'ports', name);

export async function quicksave(run: Run): Promise<void> {
  const [list] = (await run.execute({
    steps: [savepointOps.quicksave()],
    question: async () =>
      `Replace save-point 'Quicksave' with the ${await activeRules(run)} active rules and the groups, and make it load on boot?`,
    refusal: "replace save-point 'Quicksave' with the current rules and make it load on boot",
    needsYes: true,
  })) as [RuleSavePoint[]];
  const n = list[0] ? ` (${list[0].rules.length} rules)` : '';
  await run.done(`current rules saved to 'Quicksave'${n}; it loads on boot`, list);
}

/**
 * GET /savepoints/export: the device's JSON exactly (64-bit numbers digit for digit), for
 * `> file.json`. Without names every save-point is exported.
 */
export async function exportSavePoints(
  run: Run,
  o: { port?: string[] },
  names: string[],
): Promise<void> {
  const c = await run.client();
  const out = await c.savepoints.export(names ?? [], o.port ?? []);
  if (run.format === 'yaml') await run.print(out.raw, () => '');
  else write(escapeControls(`${stringify(out.raw, undefined, 2) ?? 'null'}\n`));
}
