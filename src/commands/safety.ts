/**
 * What each command does to the device, declared where the command is defined (tree.ts,
 * tree-admin.ts, program.ts). On a terminal every write asks (`run.execute`, change.ts);
 * a write that can stop traffic, lose data, or change what boots, the ports, the users or
 * the access to the device also needs --yes elsewhere (its handler says `needsYes`). The
 * tests walk the command tree and hold every command to its declaration, and docs/cli.md
 * ("Confirmation") lists the same: a new command cannot arrive without a decision.
 */
import type { Command } from 'commander';

export type Safety =
  /** Only reads the device (GETs). */
  | { kind: 'read' }
  /** Never talks to the device (the simulator, shell completion). */
  | { kind: 'local' }
  /** Changes the device, but stops no traffic and loses nothing: no --yes off a terminal. */
  | { kind: 'harmless' }
  /** Needs --yes off a terminal: always, or only `when` (e.g. "with --override"). */
  | { kind: 'confirm'; when?: string };

export const READ: Safety = { kind: 'read' };
export const LOCAL: Safety = { kind: 'local' };
export const HARMLESS: Safety = { kind: 'harmless' };
export const CONFIRM: Safety = { kind: 'confirm' };
export const confirmWhen = (when: string): Safety => ({ kind: 'confirm', when });

const declared = new WeakMap<Command, Safety>();

/** Records what `cmd` does; commands that ask say so in their --help. */
export function declareSafety(cmd: Command, safety: Safety): Command {
  declared.set(cmd, safety);
  if (safety.kind === 'confirm')
    cmd.addHelpText(
      'after',
      `\nConfirmation${safety.when ? `, ${safety.when}` : ''}: asks [y/N] on a terminal; elsewhere needs --yes (without it nothing is changed, exit 2).`,
    );
  return cmd;
}

export function safetyOf(cmd: Command): Safety | undefined {
  return declared.get(cmd);
}
