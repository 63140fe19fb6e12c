/** Screen 5's management operations: modify, delete, export to a file, import from one. */
import { access } from 'node:fs/promises';
import { SUPER } from '../../model/index.js';
import { perform, performEach } from '../../ops/perform.js';
import { NO_REVERT, none } from '../../ops/revert/plans.js';
import { readSavePoints, savepointOps } from '../../ops/savepoints.js';
import type { FieldSpec } from '../../widgets/forms/form-state.js';
import { askDialog, type Line } from '../dialogs/dialog.js';
import {
  contentDiff,
  contentsOf,
  currentContents,
  kind,
  levelOf,
  q,
  type SavePointsContext,
  type Selected,
} from './context.js';
import {
  defaultExportPath,
  importLines,
  importOps,
  planImport,
  readExport,
  runImport,
  writeExport,
} from './transfer.js';

export function modify(ctx: SavePointsContext, sel: Selected | undefined) {
  if (!sel) return ctx.notify('no save-point selected');
  if (!ctx.allowed(`modifying a ${kind(sel)}`, levelOf(sel))) return;
  if (sel.sp.readonly)
    return ctx.notify(
      `${q(sel.sp.name)} is read-only: the device does not let it be changed (n saves a copy)`,
    );
  const taken = new Set(
    (sel.pane === 'rules' ? ctx.savepoints?.rules : ctx.savepoints?.ports)?.map((s) => s.name) ??
      [],
  );
  const current =
    sel.pane === 'rules' ? 'the active rules and groups' : 'the current port settings';
  ctx.dialog.form(
    `Modify ${kind(sel)} ${q(sel.sp.name)}`,
    [
      {
        id: 'name',
        label: 'Name',
        kind: 'text',
        value: sel.sp.name,
        required: true,
        maxLength: 128,
        validate: (v) =>
          v.trim() !== sel.sp.name && taken.has(v.trim()) ? `'${v.trim()}' exists already` : null,
      },
      { id: 'description', label: 'Description', kind: 'text', value: sel.sp.description },
      {
        id: 'override',
        label: 'Override',
        kind: 'checkbox',
        help: `replace its content with ${current}`,
      },
    ],
    (v) => {
      const name = (v.name ?? '').trim();
      const override = v.override === 'true';
      const changes = {
        old_name: sel.sp.name,
        new_name: name,
        ...((v.description ?? '') !== sel.sp.description
          ? { description: v.description ?? '' }
          : {}),
        override,
      };
      if (!override && name === sel.sp.name && changes.description === undefined)
        return 'nothing changed';
      const op = savepointOps.modify(sel.pane, changes);
      const save = () =>
        void ctx.dialog.run(`Modifying ${q(sel.sp.name)}`, async () => {
          await perform(ctx, op);
          return `${kind(sel)} ${q(name)} changed${override ? ` (its content is now ${current})` : ''}`;
        });
      if (!override) {
        ctx.dialog.ask({
          title: `Modify ${kind(sel)} ${q(sel.sp.name)}?`,
          lines: [
            name === sel.sp.name
              ? 'Its description changes; its content stays.'
              : `It is renamed to ${q(name)}; its content stays.`,
          ],
          ops: [op],
          yes: save,
          yesLabel: 'modify',
        });
        return undefined;
      }
      // what the save-point loses: its content → the current state
      void ctx.dialog.run('Comparing', async () => {
        const body = contentDiff(sel.pane, contentsOf(sel), await currentContents(ctx));
        return {
          next: askDialog({
            title: `Override ${q(sel.sp.name)} with ${current}?`,
            lines: [`Its content is replaced; ${q(sel.sp.name)} → current:`, ...body, ''],
            ops: [op],
            yes: save,
            yesLabel: 'override',
          }),
        };
      });
      return undefined;
    },
  );
}

export function remove(ctx: SavePointsContext, sel: Selected | undefined) {
  if (!sel) return ctx.notify('no save-point selected');
  if (!ctx.allowed(`deleting a ${kind(sel)}`, levelOf(sel))) return;
  const summary =
    sel.pane === 'rules'
      ? `${sel.sp.rules.length} rules, ${sel.sp.flowusage} flows, ${sel.sp.groups.length} groups${sel.sp.description ? ` — ${sel.sp.description}` : ''}`
      : `${sel.sp.ports.length} ports${sel.sp.description ? ` — ${sel.sp.description}` : ''}`;
  const body: Line[] = [`${kind(sel)} ${q(sel.sp.name)}: ${summary}.`];
  if (sel.pane === 'rules' && sel.sp.boot)
    body.push({
      text: 'It loads on boot: afterwards no save-point does (the rule set starts empty at boot unless permanent rules mode is on).',
      color: 'yellow',
    });
  if (sel.sp.readonly)
    body.push({ text: 'It is read-only: the device will refuse.', color: 'yellow' });
  const op = savepointOps.remove(sel.pane, sel.sp.name);
  ctx.dialog.ask({
    title: `Delete ${kind(sel)} ${q(sel.sp.name)}?`,
    lines: body,
    ops: [op],
    yes: () =>
      void ctx.dialog.run(`Deleting ${q(sel.sp.name)}`, async () => {
        await perform(ctx, op);
        return `${kind(sel)} ${q(sel.sp.name)} deleted`;
      }),
    yesLabel: 'delete',
  });
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The file an export is written to or an import read from (a name with the device and date). */
const fileField = (ctx: SavePointsContext): FieldSpec => ({
  id: 'path',
  label: 'File',
  kind: 'text',
  value: defaultExportPath(ctx.deviceName, new Date()),
  required: true,
});

export function exportTo(
  ctx: SavePointsContext,
  sel: Selected | undefined,
  mark: Selected | undefined,
) {
  if (!sel) return ctx.notify('no save-point selected');
  const chosen = [
    sel,
    ...(mark && !(mark.pane === sel.pane && mark.sp.name === sel.sp.name) ? [mark] : []),
  ];
  const ruleNames = chosen.filter((s) => s.pane === 'rules').map((s) => s.sp.name);
  const portNames = chosen.filter((s) => s.pane === 'ports').map((s) => s.sp.name);
  const names = chosen.map((s) => q(s.sp.name)).join(' and ');
  const write = (path: string) =>
    void ctx.dialog.run(`Exporting to ${path}`, async () => {
      const out = await writeExport(ctx.client, path, ruleNames, portNames);
      return `exported ${out.rules.length} rule and ${out.ports.length} port save-point(s) to ${path}`;
    });
  ctx.dialog.form(
    `Export ${names}`,
    [fileField(ctx)],
    (v) => {
      const path = (v.path ?? '').trim();
      void exists(path).then((there) => {
        if (there)
          // a local file: the device is sent nothing
          ctx.dialog.ask({
            title: `${path} exists. Overwrite it?`,
            lines: [`The export of ${names} replaces the file.`],
            ops: [],
            yes: () => write(path),
            yesLabel: 'overwrite',
          });
        else write(path);
      });
      return undefined;
    },
    [
      "Writes the device's export (GET /savepoints/export) as JSON; 64-bit values stay exact. i imports such a file.",
    ],
  );
}

export function importFrom(ctx: SavePointsContext) {
  // The rights table puts importing save-points under SUPER, although each step is WRITE.
  if (!ctx.allowed('importing save-points', SUPER)) return;
  ctx.dialog.form(
    'Import save-points from a file',
    [fileField(ctx)],
    (v) => {
      const path = (v.path ?? '').trim();
      void ctx.dialog.run(`Reading ${path}`, async () => {
        const file = await readExport(path);
        const [existing, now] = await Promise.all([
          readSavePoints(ctx.client),
          currentContents(ctx),
        ]);
        const plan = planImport(
          file,
          existing.rules.map((s) => s.name),
          ctx.mode,
          new Date(),
        );
        const text = importLines(plan, { rules: now.rules.length, groups: now.groups.length });
        const count = plan.items.filter((i) => !i.skip).length;
        if (count === 0)
          return {
            next: {
              kind: 'view',
              title: `Nothing to import from ${path}`,
              lines: text.slice(-plan.items.length - 1),
            },
          };
        return {
          next: askDialog({
            title: `Import ${count} rule save-point(s) from ${path}? pbc will:`,
            lines: [
              ...text,
              '',
              `File: ${file.meta_data.device || 'unknown device'} ${file.meta_data.software_version}`.trim(),
            ],
            ops: importOps(plan),
            yes: () =>
              void ctx.dialog.run('Importing', async () => {
                const done = await performEach(ctx, (send) =>
                  runImport(send, plan, (step) =>
                    ctx.dialog.open({ kind: 'busy', title: 'Importing…', lines: [step] }),
                  ),
                );
                return `imported ${done.map(q).join(', ')}; the active rules are as before`;
              }),
            yesLabel: 'import',
            revert: { what: 'import', plan: none(NO_REVERT.importing) },
          }),
        };
      });
      return undefined;
    },
    [
      'A file written by x (or pbc savepoint export). Its rule save-points are replayed as new ones; the next screen says exactly how.',
    ],
  );
}
