/**
 * The changes of screen 9 that move or interrupt the connection: the management IP
 * (offers to follow it), HTTPS (offers to switch the scheme) and the reboot (waits,
 * counts down, reconnects).
 */
import { READ, SUPER, sanitize } from '../../model/index.js';
import { deviceOps, readDeviceName } from '../../ops/device.js';
import { perform, sendOnly } from '../../ops/perform.js';
import type { ReconnectChange } from '../../store/react.js';
import { createForm, type FieldSpec } from '../../widgets/forms/form-state.js';
import type { Line } from '../dialogs/dialog.js';
import { type DeviceActionContext, notLoaded } from './context.js';
import {
  checkAddress,
  connectionFollowsIp,
  rebootEffect,
  withHost,
  withScheme,
} from './effects.js';
import { rebootLines, waitForReboot } from './reboot.js';

export function editIp(ctx: DeviceActionContext) {
  if (!ctx.allowed('changing the management IP', SUPER) || notLoaded(ctx)) return;
  const ip = ctx.config!.ip;
  ctx.dialog.form(
    'Management IP (applies now and at boot)',
    [
      {
        id: 'ip',
        label: 'Address',
        kind: 'text',
        value: ip.current_ip,
        validate: (x) => checkAddress(x, 'Address'),
      },
      {
        id: 'mask',
        label: 'Netmask',
        kind: 'text',
        value: ip.current_netmask,
        validate: (x) => checkAddress(x, 'Netmask'),
      },
      {
        id: 'gw',
        label: 'Gateway',
        kind: 'text',
        value: ip.current_gateway,
        validate: (x) => checkAddress(x, 'Gateway'),
      },
    ],
    (v) => {
      const next = {
        ip: (v.ip ?? '').trim(),
        mask: (v.mask ?? '').trim(),
        gw: (v.gw ?? '').trim(),
      };
      if (
        next.ip === ip.current_ip &&
        next.mask === ip.current_netmask &&
        next.gw === ip.current_gateway
      )
        return 'nothing changed';
      const op = deviceOps.setIpConfig(next.ip, next.mask, next.gw);
      const follows = connectionFollowsIp(ctx.session.url, ip.current_ip);
      const target = follows ? withHost(ctx.session.url, next.ip) : null;
      const lines: Line[] = [
        `Now:  ${ip.current_ip}/${ip.current_netmask} gw ${ip.current_gateway}`,
        `New:  ${next.ip}/${next.mask} gw ${next.gw}`,
        'The current and the stored (boot) configuration both change at once.',
        {
          text: 'If the new address is unreachable from here, only the device console can fix it.',
          color: 'yellow',
        },
      ];
      const more: Line[] = [
        '',
        follows
          ? {
              text: `This connection (${ctx.session.url}) uses that address and will move. f changes it and reconnects to ${target}.`,
              bold: true,
            }
          : `pbc is connected through ${ctx.session.url}, not the management address: this connection is not affected.`,
      ];
      const apply = (follow: boolean) =>
        void ctx.dialog.run('Changing the management IP', async () => {
          await sendOnly(ctx.client, op);
          if (follow && target && ctx.reconnect) {
            try {
              await ctx.reconnect({ url: target });
            } catch (e) {
              return {
                next: {
                  kind: 'view',
                  title: 'Management IP changed — could not follow it',
                  lines: [
                    `The device took ${next.ip}. pbc could not reach it at ${target}:`,
                    { text: e instanceof Error ? e.message : String(e), color: 'red' },
                    'pbc stays on the old address, which will probably stop answering. Restart pbc with --url for the new one.',
                  ],
                },
              };
            }
            // the new connection reads everything afresh
            return `management IP is ${next.ip}; pbc now talks to ${target}`;
          }
          // this connection stays where it was: read the change back through it (when it
          // used the old address, that read fails now, so it is not waited for)
          if (follows) ctx.poller.refresh(op.affects);
          else await ctx.poller.refreshNow(op.affects);
          return `management IP is ${next.ip}/${next.mask} gw ${next.gw}`;
        });
      ctx.dialog.open({
        kind: 'confirm',
        title: 'Change the management IP?',
        lines,
        ops: [op],
        more,
        choices: follows
          ? [
              { key: 'f', label: 'change and follow', run: () => apply(true) },
              { key: 'y', label: 'change only', run: () => apply(false) },
            ]
          : [{ key: 'y', label: 'change', run: () => apply(false) }],
      });
    },
  );
}

export function editHttps(ctx: DeviceActionContext) {
  if (!ctx.allowed('switching HTTPS', READ)) return;
  const usesHttps = ctx.session.url.startsWith('https:');
  ctx.dialog.form(
    'HTTPS of the web/REST service',
    [
      {
        id: 'enabled',
        label: 'HTTPS',
        kind: 'select',
        options: ['on', 'off'],
        value: usesHttps ? 'off' : 'on',
      },
      {
        id: 'password',
        label: 'SSL password',
        kind: 'password',
        required: true,
        help: 'Password of the certificate/key. Sent in clear text over this connection.',
      },
    ],
    (v) => {
      const enable = v.enabled === 'on';
      const target = withScheme(ctx.session.url, enable);
      const offerSwitch = target !== ctx.session.url;
      const op = deviceOps.setHttps(enable, v.password ?? '');
      ctx.dialog.ask({
        title: enable ? 'Enable HTTPS?' : 'Disable HTTPS?',
        lines: [
          enable
            ? 'The web/REST service answers over https.'
            : 'The web/REST service answers over plain http only.',
        ],
        ops: [op],
        yes: () =>
          void ctx.dialog.run(enable ? 'Enabling HTTPS' : 'Disabling HTTPS', async () => {
            await perform(ctx, op);
            if (!offerSwitch) return `HTTPS ${enable ? 'enabled' : 'disabled'}`;
            return {
              message: `HTTPS ${enable ? 'enabled' : 'disabled'}`,
              next: switchScheme(ctx, enable, target),
            };
          }),
        yesLabel: enable ? 'enable' : 'disable',
      });
    },
    [
      'The device does not report whether HTTPS is on; pbc only knows what it uses itself.',
      `pbc uses ${usesHttps ? 'https' : 'http'} now (${ctx.session.url}).`,
    ],
  );
}

/** The follow-up after HTTPS changed: move this connection to the other scheme (or not). */
function switchScheme(ctx: DeviceActionContext, https: boolean, target: string) {
  const fields: FieldSpec[] = https
    ? [
        {
          id: 'check',
          label: 'Certificate',
          kind: 'select',
          options: ['verify', 'CA file', 'insecure'],
          help: 'verify: system CAs · CA file: a PEM file to trust · insecure: no check (like --insecure)',
        },
        {
          id: 'ca',
          label: 'CA file',
          kind: 'text',
          visible: (x) => x.check === 'CA file',
          required: true,
        },
      ]
    : [{ id: 'go', label: 'Switch to http', kind: 'checkbox', value: 'true' }];
  return {
    kind: 'form' as const,
    title: `Switch this connection to ${target}? (Esc keeps ${https ? 'http' : 'https'})`,
    lines: https
      ? ['HTTPS is enabled on the device. pbc can reconnect over https now.']
      : ['HTTPS is disabled on the device: the https connection will stop working.'],
    form: createForm(fields),
    onSubmit: (v: Record<string, string>) => {
      if (!https && v.go !== 'true') return undefined;
      if (!ctx.reconnect) return 'this console cannot reconnect; restart pbc with the new --url';
      const change: ReconnectChange = https
        ? {
            url: target,
            insecure: v.check === 'insecure',
            ca: v.check === 'CA file' ? (v.ca ?? '').trim() : null,
          }
        : { url: target, insecure: false, ca: null };
      void ctx.dialog.run(`Reconnecting to ${target}`, async () => {
        await ctx.reconnect!(change);
        return `connected to ${target}`;
      }, [`pbc stays on ${ctx.session.url}.`]);
      return undefined;
    },
  };
}

export function reboot(ctx: DeviceActionContext) {
  if (!ctx.allowed('rebooting the device', SUPER)) return;
  const name = ctx.config?.name ?? 'the device';
  ctx.dialog.ask({
    title: `Reboot ${sanitize(name)}?`,
    lines: rebootEffect(ctx.settings?.permanent, ctx.bootSavePoint, ctx.rules?.rules.length),
    ops: [deviceOps.reboot()],
    yes: () => void runReboot(ctx),
    yesLabel: 'reboot now',
  });
}

async function runReboot(ctx: DeviceActionContext): Promise<void> {
  let cancelled = false;
  const started = Date.now();
  await ctx.dialog.run('Rebooting', async () => {
    const op = deviceOps.reboot();
    await sendOnly(ctx.client, op);
    ctx.poller.expectReboot(); // the header says rebooting until the device is back
    const wait = await waitForReboot({
      probe: () => readDeviceName(ctx.client),
      cancelled: () => cancelled,
      onUpdate: (w) =>
        ctx.dialog.open({
          kind: 'busy',
          title: 'Rebooting the device',
          lines: rebootLines(w, Date.now()),
          onCancel: () => {
            cancelled = true;
          },
        }),
    });
    ctx.poller.rebootOver();
    const took = Math.round((Date.now() - started) / 1000);
    if (cancelled) return 'stopped waiting for the reboot; polling goes on (r refreshes)';
    if (wait.state === 'gave-up')
      return {
        next: {
          kind: 'view',
          title: 'The device did not come back',
          lines: [
            `No answer ${took} s after the reboot.`,
            ...(wait.lastError ? [`Last answer: ${wait.lastError}`] : []),
            'pbc keeps polling in the background; the header shows when it answers again.',
          ],
        },
      };
    if (ctx.reconnect) {
      try {
        await ctx.reconnect({});
      } catch (e) {
        return `device answered after ${took} s, but reconnecting failed: ${e instanceof Error ? e.message : String(e)}`;
      }
    } else ctx.poller.refresh(op.affects);
    return `device is back after ${took} s; reconnected`;
  });
}
