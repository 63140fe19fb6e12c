/** Screen 8's operations: start an app, modify or stop an instance, run an app's custom action. */
import type { App, AppInstance } from '../../model/index.js';
import { levelName, READ, sanitize, WRITE } from '../../model/index.js';
import { maskedParams } from '../../model/secrets.js';
import { appOps } from '../../ops/apps.js';
import { perform } from '../../ops/perform.js';
import type { ActionContext } from '../dialogs/action-context.js';
import type { Line } from '../dialogs/dialog.js';
import { appFields, changedParams, DESCRIPTION_FIELD, readAction } from './params.js';
import type { AppAction } from './types.js';

export interface AppsContext extends ActionContext {
  apps: App[] | undefined;
}

const instanceName = (i: AppInstance) =>
  `${sanitize(i.name)} #${i.pid}${i.user_description ? ` '${sanitize(i.user_description)}'` : ''}`;

export function startApp(ctx: AppsContext, app: App | undefined) {
  if (!app) return ctx.notify('no app selected');
  if (!ctx.allowed('starting an app', WRITE)) return;
  if (!app.canBeInstantiated)
    return ctx.notify(
      `${sanitize(app.name)} cannot be started now (single instance, already running): edit the running one (Tab, e)`,
    );
  const defaults = Object.fromEntries(app.paramFormat.map((p) => [p[0], p[5]]));
  ctx.dialog.form(
    `Start ${sanitize(app.name)}`,
    appFields(app.paramFormat, defaults, ''),
    (v) => {
      const { [DESCRIPTION_FIELD]: description = '', ...params } = v;
      const op = appOps.start(app.name, description, params);
      ctx.dialog.ask({
        title: `Start ${sanitize(app.name)}?`,
        lines: [sanitize(app.description)],
        ops: [op],
        yes: () =>
          void ctx.dialog.run(`Starting ${sanitize(app.name)}`, async () => {
            await perform(ctx, op);
            return `${sanitize(app.name)} started`;
          }),
        yesLabel: 'start',
      });
      return undefined;
    },
    [
      sanitize(app.description),
      'Fields the app hides for the current values are left out (and not sent).',
    ],
  );
}

export function modifyInstance(ctx: AppsContext, instance: AppInstance | undefined) {
  if (!instance) return ctx.notify('no running instance selected');
  if (!ctx.allowed('changing a running app', WRITE)) return;
  const app = ctx.apps?.find((a) => a.name === instance.name);
  const format =
    app?.paramFormat ??
    Object.keys(instance.params).map((k): App['paramFormat'][number] => [
      k,
      k,
      'text',
      '',
      '',
      instance.params[k] ?? '',
    ]);
  ctx.dialog.form(
    `Edit ${instanceName(instance)}`,
    appFields(format, instance.params, instance.user_description),
    (v) => {
      const description = v[DESCRIPTION_FIELD] ?? '';
      const params = changedParams(v, instance.params);
      if (Object.keys(params).length === 0 && description === instance.user_description)
        return 'nothing changed';
      const op = appOps.modify(instance.pid, description, params);
      const what = Object.keys(params);
      ctx.dialog.ask({
        title: `Change ${instanceName(instance)}?`,
        lines: [what.length ? `Changes ${what.join(', ')}.` : 'Changes the description only.'],
        ops: [op],
        yes: () =>
          void ctx.dialog.run(`Changing ${instanceName(instance)}`, async () => {
            await perform(ctx, op);
            return `${instanceName(instance)} changed${what.length ? `: ${what.join(', ')}` : ''}`;
          }),
        yesLabel: 'change',
      });
      return undefined;
    },
    app
      ? [sanitize(app.description)]
      : ['The app is not in the list of available apps: its parameters are shown as text.'],
  );
}

export function stopInstance(ctx: AppsContext, instance: AppInstance | undefined) {
  if (!instance) return ctx.notify('no running instance selected');
  if (!ctx.allowed('stopping an app', WRITE)) return;
  const params = Object.entries(maskedParams(instance.params))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const op = appOps.stop(instance.pid);
  ctx.dialog.ask({
    title: `Stop ${instanceName(instance)}?`,
    lines: [
      `${sanitize(instance.description)}`,
      params ? `Parameters: ${sanitize(params)}` : '',
      'The instance ends; starting it again needs its parameters again.',
    ],
    ops: [op],
    yes: () =>
      void ctx.dialog.run(`Stopping ${instanceName(instance)}`, async () => {
        await perform(ctx, op);
        return `${instanceName(instance)} stopped`;
      }),
    yesLabel: 'stop',
  });
}

/**
 * `a`: the instance's actions as a numbered menu. While it is open every key belongs to it:
 * a digit picks an action (one that is not listed says so and the menu stays open; no digit
 * ever switches screens), Esc closes it. Picking opens a confirmation naming the request;
 * only y or Enter, read after it was drawn, sends it.
 */
export function chooseAction(ctx: AppsContext, instance: AppInstance | undefined) {
  if (!instance) return ctx.notify('no running instance selected (Tab to the running instances)');
  if (!ctx.allowed('running an app action', READ)) return;
  const source = instance.actions.length
    ? instance.actions
    : (ctx.apps?.find((a) => a.name === instance.name)?.actions ?? []);
  const actions = source
    .map(readAction)
    .filter((a) => a !== null)
    .slice(0, 9);
  if (actions.length === 0) return ctx.notify(`${instanceName(instance)} has no custom actions`);
  const lines: Line[] = actions.map(
    (a, i) =>
      `${i + 1}  ${sanitize(a.label)} (${sanitize(a.name)}${a.level !== undefined ? `, ${levelName(a.level)}` : ''})${a.description ? ` — ${sanitize(a.description)}` : ''}`,
  );
  const pick = (key: string): boolean => {
    if (!/^[0-9]$/.test(key)) return false;
    const a = actions[Number(key) - 1];
    if (!a) {
      ctx.notify(`no action ${key} here: press 1–${actions.length}, or Esc`);
      return true;
    }
    if (a.level !== undefined && !ctx.allowed(`the action '${sanitize(a.label)}'`, a.level))
      return true;
    confirmAction(ctx, instance, a);
    return true;
  };
  ctx.dialog.open({
    kind: 'view',
    title: `Actions of ${instanceName(instance)}: press its number`,
    lines,
    keys: pick,
    footer: `1–${actions.length} picks (then asks before sending)`,
  });
}

function confirmAction(ctx: AppsContext, instance: AppInstance, a: AppAction) {
  const op = appOps.action(instance.pid, a.name);
  const run = () =>
    void ctx.dialog.run(`${sanitize(a.label)} on ${instanceName(instance)}`, async () => {
      const result = await perform(ctx, op);
      return `${sanitize(a.label)}: ${sanitize(result)}`;
    });
  ctx.dialog.ask({
    title: `Run '${sanitize(a.label)}' on ${instanceName(instance)}?`,
    lines: a.description ? [sanitize(a.description)] : [],
    ops: [op],
    more: [`The action runs in the instance ${instanceName(instance)}.`],
    yes: run,
    yesLabel: 'run it',
    enterToo: true,
    cancelled: `'${sanitize(a.label)}' not run; nothing was sent`,
  });
}
