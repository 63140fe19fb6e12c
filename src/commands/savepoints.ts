/**
 * `pbc savepoint …`: rule and port save-points (create, activate, default, modify, rm,
 * export, quicksave, and the -ports variants).
 */
import { stringify } from 'lossless-json';
import { escapeControls, write } from './output.js';
import type { Run } from './run.js';

interface Described {
  description?: string;
}

export async function create(run: Run, o: Described, name: string): Promise<void> {
  const c = await run.writer();
  const sp = await c.savepoints.createRules(name, o.description ?? '');
  const n = sp ? ` with ${sp.rules.length} rules and ${sp.groups.length} groups` : '';
  await run.done(`rule save-point '${name}' created${n}`, sp ?? { result: 'OK' });
}

export async function createPorts(run: Run, o: Described, name: string): Promise<void> {
  const c = await run.writer();
  const sp = await c.savepoints.createPorts(name, o.description ?? '');
  await run.done(`port save-point '${name}' created`, sp ?? { result: 'OK' });
}

export async function activate(run: Run, _o: unknown, name: string): Promise<void> {
  const c = await run.writer();
  await run.confirm(async () => {
    const { rules } = await c.rules.list();
    return `Replace the ${rules.length} active rules and the groups with save-point '${name}'?`;
  }, `replace the active rules and groups with save-point '${name}'`);
  const result = await c.savepoints.activateRules(name);
  await run.done(`rule save-point '${name}' is active (not made permanent)`, { result });
}

export async function activatePorts(run: Run, _o: unknown, name: string): Promise<void> {
  const c = await run.writer();
  await run.confirm(
    `Apply the port settings of save-point '${name}' to the device's ports?`,
    `apply port save-point '${name}'`,
  );
  const result = await c.savepoints.activatePorts(name);
  await run.done(`port save-point '${name}' applied`, { result });
}

export async function setDefault(run: Run, _o: unknown, name: string): Promise<void> {
  const c = await run.writer();
  await run.confirm(
    `Make rule save-point '${name}' the one the device loads on the next boot?`,
    `make rule save-point '${name}' load on boot`,
  );
  const result = await c.savepoints.setDefaultRules(name);
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
  const c = await run.writer();
  if (o.override)
    await run.confirm(async () => {
      const { rules } = await c.rules.list();
      return `Overwrite rule save-point '${name}' with the ${rules.length} active rules and the groups?`;
    }, `overwrite rule save-point '${name}' with the active rules`);
  const sp = await c.savepoints.modifyRules(changes(o, name));
  const saved = o.override ? ' (the active rules and groups were saved into it)' : '';
  await run.done(`rule save-point '${o.newName ?? name}' changed${saved}`, sp ?? { result: 'OK' });
}

export async function modifyPorts(run: Run, o: ModifyOptions, name: string): Promise<void> {
  const c = await run.writer();
  if (o.override)
    await run.confirm(
      `Overwrite port save-point '${name}' with the current port settings?`,
      `overwrite port save-point '${name}' with the current port settings`,
    );
  const list = await c.savepoints.modifyPorts(changes(o, name));
  const saved = o.override ? ' (the current port settings were saved into it)' : '';
  await run.done(`port save-point '${o.newName ?? name}' changed${saved}`, list);
}

export async function rm(run: Run, _o: unknown, name: string): Promise<void> {
  const c = await run.writer();
  await run.confirm(`Delete rule save-point '${name}'?`, `delete rule save-point '${name}'`);
  const result = await c.savepoints.deleteRules(name);
  await run.done(`rule save-point '${name}' deleted`, { result });
}

export async function rmPorts(run: Run, _o: unknown, name: string): Promise<void> {
  const c = await run.writer();
  await run.confirm(`Delete port save-point '${name}'?`, `delete port save-point '${name}'`);
  const result = await c.savepoints.deletePorts(name);
  await run.done(`port save-point '${name}' deleted`, { result });
}

export async function quicksave(run: Run): Promise<void> {
  const c = await run.writer();
  await run.confirm(async () => {
    const { rules } = await c.rules.list();
    return `Replace save-point 'Quicksave' with the ${rules.length} active rules and the groups, and make it load on boot?`;
  }, "replace save-point 'Quicksave' with the current rules and make it load on boot");
  const list = await c.savepoints.quicksave();
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
