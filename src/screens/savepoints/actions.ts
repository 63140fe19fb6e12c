import { SUPER, WRITE } from '../../model/index.js';
import { perform } from '../../ops/perform.js';
import { savepointOps } from '../../ops/savepoints.js';
import { askDialog, type Dialog, type Line } from '../dialogs/dialog.js';
import { activationCheck } from './check.js';
import { portSavePointLines, ruleSavePointLines } from './content.js';
import {
  contentDiff,
  contentsOf,
  currentContents,
  currentState,
  kind,
  levelOf,
  q,
  type SavePointsContext,
  type Selected,
} from './context.js';

export type { SavePointsContext, Selected } from './context.js';
export { exportTo, importFrom, modify, remove } from './manage.js';

export function openContent(ctx: SavePointsContext, sel: Selected | undefined) {
  if (!sel) return ctx.notify('no save-point selected');
  ctx.dialog.open({
    kind: 'view',
    title: `${kind(sel)} ${q(sel.sp.name)}`,
    lines:
      sel.pane === 'rules'
        ? ruleSavePointLines(sel.sp, ctx.width)
        : portSavePointLines(sel.sp, ctx.width),
  });
}

/** Lines of what activating `sel` changes (the device's current state → save-point). */
async function activationDiff(ctx: SavePointsContext, sel: Selected): Promise<Line[]> {
  return contentDiff(sel.pane, await currentContents(ctx), contentsOf(sel));
}

export function showDiff(
  ctx: SavePointsContext,
  sel: Selected | undefined,
  mark: Selected | undefined,
) {
  if (!sel) return ctx.notify('no save-point selected');
  if (mark && mark.sp.name !== sel.sp.name) {
    if (mark.pane !== sel.pane)
      return ctx.notify(`the marked one is a ${kind(mark)}: mark one of the same kind (space)`);
    return ctx.dialog.open({
      kind: 'view',
      title: `Diff ${q(mark.sp.name)} → ${q(sel.sp.name)}`,
      lines: contentDiff(sel.pane, contentsOf(mark), contentsOf(sel)),
    });
  }
  void ctx.dialog.run('Comparing', async () => ({
    next: {
      kind: 'view',
      title: `${sel.pane === 'rules' ? 'Active rules' : 'Current port settings'} → ${q(sel.sp.name)} (what activating it changes)`,
      lines: await activationDiff(ctx, sel),
    },
  }));
}

export function create(ctx: SavePointsContext, pane: 'rules' | 'ports') {
  const ports = pane === 'ports';
  if (
    !ctx.allowed(
      ports ? 'creating a port save-point' : 'creating a rule save-point',
      ports ? SUPER : WRITE,
    )
  )
    return;
  const taken = new Set(
    (ports ? ctx.savepoints?.ports : ctx.savepoints?.rules)?.map((s) => s.name) ?? [],
  );
  const what = ports
    ? 'the settings of all ports as they are when you press Enter'
    : 'the active rules and groups as they are when you press Enter';
  ctx.dialog.form(
    ports ? 'New port save-point' : 'New rule save-point',
    [
      {
        id: 'name',
        label: 'Name',
        kind: 'text',
        required: true,
        maxLength: 128,
        validate: (v) =>
          taken.has(v.trim()) ? `'${v.trim()}' exists already (m modifies it)` : null,
      },
      { id: 'description', label: 'Description', kind: 'text' },
    ],
    (v) => {
      const name = (v.name ?? '').trim();
      const op = savepointOps.create(pane, name, v.description ?? '');
      ctx.dialog.ask({
        title: `Create ${ports ? 'port' : 'rule'} save-point ${q(name)}?`,
        lines: [
          `Saves ${what.replace('when you press Enter', 'when you press y')} under ${q(name)}.`,
        ],
        ops: [op],
        yes: () =>
          void ctx.dialog.run(`Saving ${q(name)}`, async () => {
            const sp = await perform(ctx, op);
            const n =
              sp && 'rules' in sp ? ` (${sp.rules.length} rules, ${sp.groups.length} groups)` : '';
            return `${ports ? 'port' : 'rule'} save-point ${q(name)} created${n}`;
          }),
        yesLabel: 'create',
      });
      return undefined;
    },
    [`Saves ${what} under a new name.`],
  );
}

export function quicksave(ctx: SavePointsContext) {
  if (!ctx.allowed('quicksave', WRITE)) return;
  const boot = ctx.savepoints?.rules.find((s) => s.boot)?.name;
  const op = savepointOps.quicksave();
  const save = () =>
    void ctx.dialog.run('Quicksave', async () => {
      const list = await perform(ctx, op);
      return `active rules saved to 'Quicksave'${list[0] ? ` (${list[0].rules.length} rules)` : ''}; it loads on boot`;
    });
  void ctx.dialog.run('Checking', async () => {
    const now = await currentState(ctx);
    return {
      next: askDialog({
        title: 'Quicksave the active rules?',
        lines: [
          `Replaces 'Quicksave' with the ${now.rules.length} rules and ${now.groups.length} groups now active,`,
          `and makes it the save-point that loads on boot${boot && boot !== 'Quicksave' ? ` (instead of ${q(boot)})` : ''}.`,
        ],
        ops: [op],
        yes: save,
        yesLabel: 'quicksave',
      }),
    };
  });
}

export function activate(ctx: SavePointsContext, sel: Selected | undefined) {
  if (!sel) return ctx.notify('no save-point selected');
  if (!ctx.allowed(`activating a ${kind(sel)}`, levelOf(sel))) return;
  void ctx.dialog.run('Checking', async () => ({
    next: activationConfirm(ctx, sel, await activationDiff(ctx, sel)),
  }));
}

function activationConfirm(ctx: SavePointsContext, sel: Selected, body: Line[]): Dialog {
  let head: Line[];
  if (sel.pane === 'rules') {
    const check = activationCheck(sel.sp, ctx.mode, ctx.portNumbers);
    head = [
      ...check.lines.map((t) => (check.fits ? t : { text: t, color: 'red' })),
      `The active rules and groups are replaced by those of ${q(sel.sp.name)} (all or nothing); counters restart.`,
      ctx.permanent
        ? 'Permanent rules mode is on: the new rules stay through reboots.'
        : 'Not made permanent: at the next boot the boot save-point loads again (b makes this one the boot save-point).',
    ];
  } else
    head = [
      `The port settings of ${q(sel.sp.name)} are applied to the ports (speed, duplex, shutdown, options; splits and xg_speed wait for a reboot).`,
      { text: 'Ports whose settings change may lose their link for a moment.', color: 'yellow' },
    ];
  const op = savepointOps.activate(sel.pane, sel.sp.name);
  const run = () =>
    void ctx.dialog.run(`Activating ${q(sel.sp.name)}`, async () => {
      await perform(ctx, op);
      ctx.activated?.(sel.pane, sel.sp.name);
      return `${q(sel.sp.name)} is active${sel.pane === 'rules' && !ctx.permanent ? ' (not made permanent)' : ''}`;
    });
  return askDialog({
    title: `Activate ${kind(sel)} ${q(sel.sp.name)}?`,
    lines: head,
    ops: [op],
    more: ['', ...body],
    yes: run,
    yesLabel: 'activate',
  });
}

export function setBoot(ctx: SavePointsContext, sel: Selected | undefined) {
  if (!sel) return ctx.notify('no save-point selected');
  if (sel.pane !== 'rules') return ctx.notify('only a rule save-point loads on boot');
  if (!ctx.allowed('setting the boot save-point', SUPER)) return;
  if (sel.sp.boot) return ctx.notify(`${q(sel.sp.name)} already loads on boot`);
  const was = ctx.savepoints?.rules.find((s) => s.boot)?.name;
  const op = savepointOps.setDefault(sel.sp.name);
  const run = () =>
    void ctx.dialog.run(`Setting ${q(sel.sp.name)} to load on boot`, async () => {
      await perform(ctx, op);
      return `${q(sel.sp.name)} loads at the next boot${was ? ` (was ${q(was)})` : ''}${ctx.permanent ? '; permanent rules mode is on, so it is not loaded while that stays on' : ''}`;
    });
  ctx.dialog.ask({
    title: `Boot with ${q(sel.sp.name)}?`,
    lines: [
      `${q(sel.sp.name)} will load at next boot (replaces ${was ? q(was) : 'no boot save-point'}); the active rules do not change now.`,
    ],
    ops: [op],
    more: ctx.permanent
      ? [
          'Permanent rules mode is on: while it stays on, the active rules survive the reboot instead.',
        ]
      : [],
    yes: run,
    yesLabel: 'set boot save-point',
    enterToo: true,
  });
}
