/** The OpenFlow controllers list of screen 9: add and delete. */
import type { Controller } from '../../model/index.js';
import { SUPER, sanitize } from '../../model/index.js';
import { deviceOps } from '../../ops/device.js';
import { perform } from '../../ops/perform.js';
import type { DeviceActionContext } from './context.js';
import { checkAddress } from './effects.js';

export function addController(ctx: DeviceActionContext) {
  if (!ctx.allowed('adding a controller', SUPER)) return;
  ctx.dialog.form(
    'Add a controller',
    [
      { id: 'connection', label: 'Connection', kind: 'select', options: ['tcp', 'ssl'] },
      { id: 'ip', label: 'Address', kind: 'text', validate: (x) => checkAddress(x, 'Address') },
      {
        id: 'port',
        label: 'TCP port',
        kind: 'number',
        value: '6653',
        required: true,
        validate: (x) =>
          Number(x) >= 1 && Number(x) <= 65535 ? null : 'TCP port must be 1..65535',
      },
    ],
    (v) => {
      const c: Controller = {
        connection: v.connection ?? 'tcp',
        ip: (v.ip ?? '').trim(),
        port: v.port ?? '',
      };
      const op = deviceOps.addController(c);
      ctx.dialog.ask({
        title: `Add controller ${sanitize(`${c.connection} ${c.ip}:${c.port}`)}?`,
        lines: ['The device connects to this OpenFlow controller.'],
        ops: [op],
        yes: () =>
          void ctx.dialog.run('Adding the controller', async () => {
            await perform(ctx, op);
            return `controller ${c.connection} ${c.ip}:${c.port} added`;
          }),
        yesLabel: 'add',
      });
    },
  );
}

export function removeController(ctx: DeviceActionContext, c: Controller | undefined) {
  if (!c) return ctx.notify('no controller selected');
  if (!ctx.allowed('deleting a controller', SUPER)) return;
  const what = `${c.connection} ${c.ip}:${c.port}`;
  const op = deviceOps.removeController(c);
  ctx.dialog.ask({
    title: `Delete controller ${sanitize(what)}?`,
    lines: ['The device stops connecting to this OpenFlow controller.'],
    ops: [op],
    yes: () =>
      void ctx.dialog.run('Deleting the controller', async () => {
        await perform(ctx, op);
        return `controller ${sanitize(what)} deleted`;
      }),
    yesLabel: 'delete',
  });
}
