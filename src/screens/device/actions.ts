/**
 * What Enter does on each line of screen 9: the form, the explanation and confirmation,
 * the request, and for the dangerous ones the follow-up (move the connection, wait for the
 * reboot and reconnect).
 */
import type { GroupHash, StorageMode } from '../../model/index.js';
import { READ, SUPER, sanitize, WRITE } from '../../model/index.js';
import { storageModePending } from '../../model/port-pending.js';
import { deviceOps } from '../../ops/device.js';
import { perform } from '../../ops/perform.js';
import type { FieldSpec } from '../../widgets/forms/form-state.js';
import type { Line } from '../dialogs/dialog.js';
import { editHttps, editIp, reboot } from './connection-actions.js';
import { type DeviceActionContext, notLoaded } from './context.js';
import { dnsEffect, permanentModeEffect, storageModeEffect } from './effects.js';
import { type DeviceItemId, HASH_FIELDS } from './items.js';

export { reboot } from './connection-actions.js';
export type { DeviceActionContext } from './context.js';
export { addController, removeController } from './controllers.js';

export function editDeviceItem(ctx: DeviceActionContext, id: DeviceItemId) {
  switch (id) {
    case 'ident':
      return editIdent(ctx);
    case 'name':
      return editName(ctx);
    case 'ip':
      return editIp(ctx);
    case 'dns':
      return editDns(ctx);
    case 'https':
      return editHttps(ctx);
    case 'idled':
      return toggleLed(ctx);
    case 'telnet':
      return toggleTelnet(ctx);
    case 'storage':
      return switchStorageMode(ctx);
    case 'permanent':
      return togglePermanent(ctx);
    case 'controllers':
      return ctx.showControllers();
    case 'hash':
      return editHash(ctx);
    case 'reboot':
      return reboot(ctx);
  }
}

function editIdent(ctx: DeviceActionContext) {
  if (!ctx.allowed('changing the label and notes', SUPER) || notLoaded(ctx)) return;
  const ident = ctx.config!.ident;
  ctx.dialog.form(
    'Label & notes',
    [
      { id: 'name', label: 'Label', kind: 'text', value: ident.name, maxLength: 128 },
      { id: 'notes', label: 'Notes', kind: 'text', value: ident.notes, maxLength: 1024 },
    ],
    (v) => {
      const op = deviceOps.setCustomIdent(v.name ?? '', v.notes ?? '');
      ctx.dialog.ask({
        title: 'Save the label and notes?',
        lines: ["The device's label and notes are replaced."],
        ops: [op],
        yes: () =>
          void ctx.dialog.run('Saving label and notes', async () => {
            await perform(ctx, op);
            return 'label and notes saved';
          }),
        yesLabel: 'save',
      });
    },
  );
}

function editName(ctx: DeviceActionContext) {
  if (!ctx.allowed('renaming the device', SUPER) || notLoaded(ctx)) return;
  ctx.dialog.form(
    'Device name',
    [
      {
        id: 'name',
        label: 'Device name',
        kind: 'text',
        value: ctx.config!.name,
        required: true,
        maxLength: 64,
      },
    ],
    (v) => {
      const name = (v.name ?? '').trim();
      const op = deviceOps.setName(name);
      ctx.dialog.ask({
        title: `Rename the device to '${sanitize(name)}'?`,
        lines: [`The device's name is '${sanitize(ctx.config!.name)}' now.`],
        ops: [op],
        yes: () =>
          void ctx.dialog.run('Renaming the device', async () => {
            await perform(ctx, op);
            return `device name is now '${sanitize(name)}'`;
          }),
        yesLabel: 'rename',
      });
    },
  );
}

function editDns(ctx: DeviceActionContext) {
  if (!ctx.allowed('changing the DNS servers', SUPER) || notLoaded(ctx)) return;
  const dns = ctx.config!.dns;
  const field = (n: number): FieldSpec => ({
    id: `dns${n}`,
    label: `DNS server ${n}`,
    kind: 'text',
    value: dns[n - 1] ?? '',
    placeholder: 'empty',
    help: 'IPv4 address or host name. All three empty restores the defaults 8.8.8.8 and 8.8.4.4.',
  });
  ctx.dialog.form('DNS servers (queried in order)', [field(1), field(2), field(3)], (v) => {
    const servers = [v.dns1 ?? '', v.dns2 ?? '', v.dns3 ?? ''].map((s) => s.trim());
    const given = servers.filter(Boolean);
    const op = deviceOps.setNameResolution(given[0] ?? '', given[1] ?? '', given[2] ?? '');
    const save = () =>
      void ctx.dialog.run('Saving DNS servers', async () => {
        await perform(ctx, op);
        return given.length
          ? `DNS servers: ${given.join(', ')}`
          : 'DNS servers restored to the defaults 8.8.8.8 and 8.8.4.4';
      });
    const defaults = servers.every((s) => s === '');
    ctx.dialog.ask({
      title: defaults ? 'Restore the default DNS servers?' : 'Change the DNS servers?',
      lines: [dnsEffect(servers)],
      ops: [op],
      yes: save,
      yesLabel: defaults ? 'restore the defaults' : 'save',
    });
  });
}

function toggleLed(ctx: DeviceActionContext) {
  if (!ctx.allowed('switching the ID LED', WRITE) || notLoaded(ctx)) return;
  const on = !ctx.config!.idLed;
  const op = deviceOps.setIdLed(on);
  ctx.dialog.ask({
    title: `Switch the ID LED ${on ? 'on' : 'off'}?`,
    lines: [
      on
        ? 'The identification LED on the front panel lights up, so the device can be found in the rack.'
        : 'The identification LED goes out.',
    ],
    ops: [op],
    yes: () =>
      void ctx.dialog.run(on ? 'Switching the ID LED on' : 'Switching the ID LED off', async () => {
        await perform(ctx, op);
        return `ID LED ${on ? 'on' : 'off'}`;
      }),
    yesLabel: `switch ${on ? 'on' : 'off'}`,
  });
}

function toggleTelnet(ctx: DeviceActionContext) {
  if (!ctx.allowed('switching telnet', READ) || notLoaded(ctx)) return;
  const on = !ctx.config!.telnet;
  const op = deviceOps.setTelnet(on);
  const go = () =>
    void ctx.dialog.run(on ? 'Enabling telnet' : 'Disabling telnet', async () => {
      const state = await perform(ctx, op);
      return `telnet is ${state ? 'on' : 'off'}`;
    });
  if (on)
    ctx.dialog.ask({
      title: 'Enable telnet?',
      lines: ['Telnet sends user names and passwords in clear text over the network.'],
      ops: [op],
      yes: go,
      yesLabel: 'enable telnet',
    });
  else
    ctx.dialog.ask({
      title: 'Disable telnet?',
      lines: ['Telnet logins to the device are refused from now on.'],
      ops: [op],
      yes: go,
      yesLabel: 'disable telnet',
    });
}

function switchStorageMode(ctx: DeviceActionContext) {
  if (!ctx.allowed('changing the rule storage mode', SUPER) || notLoaded(ctx)) return;
  const current = ctx.settings!.storage.modeCurrent;
  const target: StorageMode = current === 'simple' ? 'ipv6' : 'simple';
  const effect = storageModeEffect(
    current,
    target,
    ctx.rules?.rules,
    ctx.flows?.used_flows ?? ctx.rules?.used_flows,
  );
  const lines: Line[] = effect.lines.map((text, i) =>
    i === effect.lines.length - 1 && effect.fits === false ? { text, color: 'red' } : text,
  );
  const op = deviceOps.setRuleStorageMode(target);
  ctx.dialog.ask({
    title: `Rule storage mode: ${current} → ${target}?`,
    lines: [...lines],
    ops: [op],
    yes: () => {
      void ctx.dialog.run(`Switching the rule storage mode to ${target}`, async () => {
        const modes = await perform(ctx, op);
        const pending = storageModePending(modes);
        return pending
          ? `rule storage mode: ${pending}`
          : `rule storage mode: ${modes.modeCurrent} (in effect now)`;
      });
    },
    yesLabel: `switch to ${target}`,
  });
}

function togglePermanent(ctx: DeviceActionContext) {
  if (!ctx.allowed('changing the permanent rules mode', SUPER) || notLoaded(ctx)) return;
  const on = !ctx.settings!.permanent;
  const op = deviceOps.setPermanentRulesMode(on);
  ctx.dialog.ask({
    title: `Permanent rules mode ${on ? 'on' : 'off'}?`,
    lines: [...permanentModeEffect(on, ctx.bootSavePoint)],
    ops: [op],
    yes: () => {
      void ctx.dialog.run(`Switching permanent rules mode ${on ? 'on' : 'off'}`, async () => {
        await perform(ctx, op);
        return `permanent rules mode ${on ? 'on' : 'off'}`;
      });
    },
    yesLabel: on ? 'turn on' : 'turn off',
  });
}

function editHash(ctx: DeviceActionContext) {
  if (!ctx.allowed('changing the group hash fields', WRITE) || notLoaded(ctx)) return;
  const hash = ctx.config!.hash;
  const fields: FieldSpec[] = HASH_FIELDS.map((k) => ({
    id: k,
    label: k,
    kind: 'checkbox',
    value: String(hash[k]),
  }));
  fields[0]!.validate = (_v, all) =>
    HASH_FIELDS.some((k) => all[k] === 'true') ? null : 'at least one field must stay on';
  ctx.dialog.form('Group hash fields (select groups)', fields, (v) => {
    const next = Object.fromEntries(
      HASH_FIELDS.map((k) => [k, v[k] === 'true']),
    ) as unknown as GroupHash;
    const op = deviceOps.setGroupHash(next);
    ctx.dialog.ask({
      title: 'Change the group hash fields?',
      lines: [`Select groups hash on: ${HASH_FIELDS.filter((k) => next[k]).join(' ')}.`],
      ops: [op],
      yes: () =>
        void ctx.dialog.run('Saving the group hash fields', async () => {
          await perform(ctx, op);
          return `group hash: ${HASH_FIELDS.filter((k) => next[k]).join(' ')}`;
        }),
      yesLabel: 'save',
    });
  });
}
