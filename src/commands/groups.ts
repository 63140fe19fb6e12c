/** `pbc groups add|set|rm|rm-all` (POST/PUT/DELETE /groups, DELETE /groups/all). */
import { readFile } from 'node:fs/promises';
import type { Client, GroupInput } from '../api/index.js';
import { UsageError } from '../model/errors.js';
import type { Bucket, GroupType, Rule } from '../model/types.js';
import { splitActions } from '../model/vocabulary.js';
import { groupOps } from '../ops/groups.js';
import { groupDeleteRefusal, rulesUsingGroups } from '../tcam/index.js';
import { parseInteger } from './args.js';
import type { Run } from './run.js';

/** A group rules use: the device would refuse to delete it (exit 1, like its 409). */
class GroupInUseError extends Error {
  override name = 'GroupInUseError';
  readonly exitCode = 1;
}

const TYPES: Record<string, GroupType> = {
  select: 'select',
  ff: 'ff',
  'fast-failover': 'ff',
  fast_failover: 'ff',
  all: 'all',
};

function fail(file: string, why: string): never {
  throw new UsageError(`group file ${file}: ${why}`);
}

function bucket(v: unknown, file: string, where: string): Bucket {
  if (typeof v !== 'object' || v === null) fail(file, `${where} must be an object`);
  const b = v as Record<string, unknown>;
  let actions: string[];
  if (typeof b.actions === 'string') actions = splitActions(b.actions);
  else if (Array.isArray(b.actions)) actions = b.actions.map(String);
  else fail(file, `${where} needs actions (e.g. "output:2")`);
  const wp = b.watch_port;
  return { watch_port: wp === undefined || wp === null ? '' : String(wp), actions };
}

function group(v: unknown, file: string, key?: string): GroupInput {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    fail(file, 'each group must be an object');
  const g = v as Record<string, unknown>;
  const idText = String(g.group_id ?? key ?? '');
  if (!/^\d+$/.test(idText)) fail(file, `group_id must be a number, got '${idText}'`);
  const type = TYPES[String(g.type ?? '').toLowerCase()];
  if (!type) fail(file, `group ${idText}: type must be select, ff or all, got '${String(g.type)}'`);
  if (!Array.isArray(g.buckets) || g.buckets.length === 0)
    fail(file, `group ${idText}: buckets must be a non-empty list`);
  const out: GroupInput = {
    group_id: Number(idText),
    type,
    buckets: g.buckets.map((b, i) => bucket(b, file, `group ${idText} bucket ${i + 1}`)),
  };
  if (typeof g.description === 'string' && g.description !== '') out.description = g.description;
  return out;
}

/**
 * Reads groups from a JSON file ('-' = stdin): the spec's input form `{"<gid>": {...}}`,
 * a list of groups (as `pbc get groups -o json` prints), or one group.
 */
async function readGroups(file: string): Promise<GroupInput[]> {
  let text: string;
  try {
    if (file === '-') {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      text = Buffer.concat(chunks).toString('utf8');
    } else text = await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      `cannot read group file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    fail(file, `not valid JSON: ${(e as Error).message}`);
  }
  if (Array.isArray(doc)) return doc.map((g) => group(g, file));
  if (typeof doc !== 'object' || doc === null) fail(file, 'expected a JSON object or list');
  const o = doc as Record<string, unknown>;
  if ('buckets' in o) return [group(o, file)];
  const list = Object.entries(o).map(([k, v]) => group(v, file, k));
  if (list.length === 0) fail(file, 'no groups in it');
  return list;
}

const rulesUsing = (rules: Rule[], ids: Set<number>): Rule[] => rulesUsingGroups(rules, ids);

function ids(list: GroupInput[]): string {
  return list.map((g) => g.group_id).join(', ');
}

async function fileOption(o: { file?: string }): Promise<GroupInput[]> {
  if (o.file === undefined)
    throw new UsageError('-f FILE is required (a JSON group definition; - reads stdin)');
  return readGroups(o.file);
}

/** POST /groups. The device deletes every rule that uses a group being replaced: asks first. */
export async function add(run: Run, o: { file?: string }): Promise<void> {
  const groups = await fileOption(o);
  const c = await run.writer();
  const [existing, { rules }] = await Promise.all([c.groups.list(), c.rules.list()]);
  const have = new Set(existing.map((g) => g.group_id));
  const replaced = new Set(groups.map((g) => g.group_id).filter((id) => have.has(id)));
  const doomed = rulesUsing(rules, replaced);
  const which = [...replaced].join(', ');
  const [result] = await run.execute({
    steps: [groupOps.add(groups)],
    question:
      doomed.length > 0
        ? `Replacing group ${which} makes the device delete the ${doomed.length} rule(s) that use it. Continue?`
        : `Add group ${ids(groups)}?`,
    refusal: `replace group ${which}: the device would delete ${doomed.length} rule(s) that use it`,
    needsYes: doomed.length > 0,
  });
  const extra =
    doomed.length > 0 ? `; the device deleted ${doomed.length} rule(s) that used it` : '';
  await run.done(`group ${ids(groups)} set${extra}`, { result, deleted_rules: doomed.length });
}

/** PUT /groups: changes existing groups (matched by ID); rules stay. */
export async function set(run: Run, o: { file?: string }): Promise<void> {
  const groups = await fileOption(o);
  const c = await run.writer();
  const [result] = await run.execute({
    steps: [groupOps.modify(groups)],
    question: async () => {
      const { rules } = await c.rules.list();
      const n = rulesUsing(rules, new Set(groups.map((g) => g.group_id))).length;
      return `Change group ${ids(groups)}? The ${n} rule(s) that use it then send traffic as its new buckets say.`;
    },
    refusal: `change group ${ids(groups)}`,
    needsYes: true,
  });
  await run.done(`group ${ids(groups)} changed`, { result });
}

export async function rm(run: Run, _o: unknown, id: string): Promise<void> {
  const gid = parseInteger(id, 'group ID', 0, 0xffffffff)!;
  const c = await run.writer();
  // the device refuses to delete a group that rules use (409): say so, send nothing
  const refusal = groupDeleteRefusal(gid, rulesUsing((await c.rules.list()).rules, new Set([gid])));
  if (refusal) throw new GroupInUseError(refusal);
  const [result] = await run.execute({
    steps: [groupOps.remove(gid)],
    question: `Delete group ${gid}?`,
    refusal: `delete group ${gid}`,
    needsYes: true,
  });
  await run.done(`group ${gid} deleted`, { result });
}

async function countAll(c: Client): Promise<[number, number]> {
  const [groups, { rules }] = await Promise.all([c.groups.list(), c.rules.list()]);
  return [groups.length, rulesUsing(rules, new Set(groups.map((g) => g.group_id))).length];
}

export async function rmAll(run: Run): Promise<void> {
  const c = await run.writer();
  const [result] = await run.execute({
    steps: [groupOps.removeAll()],
    question: async () => {
      const [g, r] = await countAll(c);
      return `Delete all ${g} groups and the ${r} rule(s) that use them?`;
    },
    refusal: 'delete all groups (and every rule that uses a group)',
    needsYes: true,
  });
  await run.done('all groups deleted (and the rules that used them)', { result });
}
