/**
 * Export to and import from a file. The device has no import endpoint, so an import
 * replays each rule save-point of the file: the active set is saved as a backup, the
 * file's rules and groups are applied, saved under the save-point's name, and the backup
 * is activated again and deleted. Port save-points cannot be replayed without
 * reconfiguring live ports, so they are listed and skipped.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { stringify } from 'lossless-json';
import type { RuleSavePoint, StorageMode } from '../../model/index.js';
import { groupOps } from '../../ops/groups.js';
import type { Operation } from '../../ops/operation.js';
import { ruleOps } from '../../ops/rules.js';
import {
  parseSavePointExport,
  readSavePointExport,
  type SavePointExport,
  savepointOps,
} from '../../ops/savepoints.js';
import { capacity } from '../../tcam/index.js';
import type { ActionContext } from '../dialogs/action-context.js';

/** ./pbc-export-<device>-<YYYY-MM-DD>.json; the device name made file-safe. */
export function defaultExportPath(device: string | undefined, now: Date): string {
  const safe =
    (device ?? 'device').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'device';
  return `./pbc-export-${safe}-${now.toISOString().slice(0, 10)}.json`;
}

export async function writeExport(
  client: ActionContext['client'],
  path: string,
  ruleNames: string[],
  portNames: string[],
): Promise<SavePointExport> {
  const out = await readSavePointExport(client, ruleNames, portNames);
  // lossless: 64-bit cookies are written digit for digit
  await writeFile(path, `${stringify(out.raw, undefined, 2) ?? 'null'}\n`, { mode: 0o600 });
  return out;
}

export async function readExport(path: string): Promise<SavePointExport> {
  return parseSavePointExport(await readFile(path, 'utf8'), path);
}

export interface ImportItem {
  source: RuleSavePoint;
  /** The name it gets (the file's, or a free variant when that is taken). */
  name: string;
  /** Why it is skipped; undefined when it is imported. */
  skip?: string;
}

export interface ImportPlan {
  items: ImportItem[];
  /** Port save-points of the file (not imported). */
  portNames: string[];
  backupName: string;
}

function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let i = 1; ; i++) {
    const candidate = `${name}-import${i === 1 ? '' : i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export function planImport(
  file: SavePointExport,
  existing: readonly string[],
  mode: StorageMode | undefined,
  now: Date,
): ImportPlan {
  const taken = new Set(existing);
  const backupName = freeName(
    `pbc-import-backup-${now.toISOString().replace(/[:.]/g, '-').slice(0, 19)}`,
    taken,
  );
  taken.add(backupName);
  const items = file.rules.map((source): ImportItem => {
    if (mode && source.flowusage > capacity(mode).hardLimit)
      return {
        source,
        name: source.name,
        skip: `needs ${source.flowusage} flows, more than '${mode}' holds`,
      };
    if (source.name === 'Quicksave')
      return {
        source,
        name: source.name,
        skip: "'Quicksave' is the device's own; use q to quicksave",
      };
    const name = freeName(source.name, taken);
    taken.add(name);
    return { source, name };
  });
  return { items, portNames: file.ports.map((p) => p.name), backupName };
}

export function importLines(plan: ImportPlan, active: { rules: number; groups: number }): string[] {
  const go = plan.items.filter((i) => !i.skip);
  const lines = [
    `1. Save the ${active.rules} active rules and ${active.groups} groups as '${plan.backupName}'.`,
    ...go.map(
      (i, n) =>
        `${n + 2}. Delete all active rules and groups, add the ${i.source.rules.length} rules and ${i.source.groups.length} groups of '${i.source.name}', save them as '${i.name}'${i.name !== i.source.name ? ' (the name is taken)' : ''}.`,
    ),
    `${go.length + 2}. Activate '${plan.backupName}' again (counters restart) and delete it.`,
    '',
    'While this runs, the imported rules forward traffic for a moment. New save-points are not read-only and do not load on boot.',
  ];
  for (const i of plan.items.filter((x) => x.skip))
    lines.push(`Skipped: '${i.source.name}': ${i.skip}.`);
  if (plan.portNames.length)
    lines.push(
      `Skipped: port save-points ${plan.portNames.map((n) => `'${n}'`).join(', ')} (replaying them would reconfigure live ports).`,
    );
  return lines;
}

/** The operations that replay one save-point of the file and save it under its new name. */
export function replayOps(item: ImportItem): Operation[] {
  return [
    ruleOps.removeAll(),
    groupOps.removeAll(),
    ...(item.source.groups.length ? [groupOps.add(item.source.groups)] : []),
    ...item.source.rules.map((r) =>
      ruleOps.add({
        priority: r.priority,
        match: r.match,
        actions: r.actions,
        name: r.name,
        description: r.description,
        cookie: r.cookie,
      }),
    ),
    savepointOps.create('rules', item.name, item.source.description),
  ];
}

/**
 * Replays the plan, each operation through `send`; returns what was imported. Restores
 * the active set whatever happens.
 */
/** Every request an import sends when nothing fails, in order: what its confirmation shows. */
export function importOps(plan: ImportPlan): Operation[] {
  return [
    savepointOps.create('rules', plan.backupName, BACKUP_DESCRIPTION),
    ...plan.items.filter((i) => !i.skip).flatMap(replayOps),
    savepointOps.activate('rules', plan.backupName),
    savepointOps.remove('rules', plan.backupName),
  ];
}

const BACKUP_DESCRIPTION = 'active rules before an import by pbc';

export async function runImport(
  send: (op: Operation) => Promise<unknown>,
  plan: ImportPlan,
  progress: (step: string) => void,
): Promise<string[]> {
  const done: string[] = [];
  progress(`saving the active rules as '${plan.backupName}'`);
  await send(savepointOps.create('rules', plan.backupName, BACKUP_DESCRIPTION));
  let failure: unknown;
  try {
    for (const item of plan.items.filter((i) => !i.skip)) {
      progress(`replaying '${item.source.name}'`);
      for (const op of replayOps(item)) await send(op);
      done.push(item.name);
    }
  } catch (e) {
    failure = e;
  }
  progress(`restoring the active rules from '${plan.backupName}'`);
  try {
    await send(savepointOps.activate('rules', plan.backupName));
    await send(savepointOps.remove('rules', plan.backupName));
  } catch (e) {
    throw new Error(
      `could not restore the active rules: ${(e as Error).message}; they are saved in '${plan.backupName}' (activate it on screen 5)${
        done.length ? `; imported: ${done.join(', ')}` : ''
      }`,
    );
  }
  if (failure)
    throw new Error(
      `import stopped: ${(failure as Error).message}; the active rules were restored${done.length ? `; imported before the failure: ${done.join(', ')}` : '; nothing was imported'}`,
    );
  return done;
}
