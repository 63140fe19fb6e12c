/**
 * What each of the spec's 11 port types allows: speeds, duplex, split modes, and whether the
 * 1G/10G choice (xg_speed) applies at once or only after a reboot.
 */
import type { PortType } from '../model/types.js';

export type MediaType = 'rj45' | 'sfp' | 'auto';

export interface PortTypeSpec {
  /** Short human label used in error messages, e.g. 'RJ45' or 'QSFP 40G/100G'. */
  label: string;
  media: MediaType;
  speeds: readonly string[];
  duplex: readonly string[];
  /** Split values accepted in a change; the first is the type's own (current) split. */
  splits: readonly string[];
  /** Speed setting of a freshly built / reset port. */
  defaultSpeed: string;
  defaultDuplex: string;
  /** xg_speed handling: 'reboot' = goes to nextSetting, 'now' = applies at once. */
  xg?: 'reboot' | 'now';
}

const COPPER_SPEEDS = ['10', '100', '1000', 'auto'] as const;
const COPPER_DUPLEX = ['full', 'half', 'auto'] as const;
const FIBRE_DUPLEX = ['full', 'auto'] as const;
const XG_SPEEDS = ['1000', '10G'] as const;
const NO_SPLIT = ['default'] as const;

/** A copper (or copper-or-SFP) type: 10/100/1000, any duplex, auto by default. */
const copper = (label: string, media: MediaType): PortTypeSpec => ({
  label,
  media,
  speeds: COPPER_SPEEDS,
  duplex: COPPER_DUPLEX,
  splits: NO_SPLIT,
  defaultSpeed: 'auto',
  defaultDuplex: 'auto',
});

/** A fibre (SFP/QSFP) type: full or auto duplex, full by default. */
const fibre = (
  label: string,
  speeds: readonly string[],
  splits: readonly string[],
  defaultSpeed: string,
  xg?: 'reboot' | 'now',
): PortTypeSpec => ({
  label,
  media: 'sfp',
  speeds,
  duplex: FIBRE_DUPLEX,
  splits,
  defaultSpeed,
  defaultDuplex: 'full',
  ...(xg ? { xg } : {}),
});

const QSFP_SPLITS = ['default', 'break-out'] as const;

export const PORT_TYPES: Readonly<Record<PortType, PortTypeSpec>> = {
  1: copper('RJ45', 'rj45'),
  2: fibre('SFP 1G', ['1000'], NO_SPLIT, '1000'),
  3: copper('RJ45/SFP 1G', 'auto'),
  4: fibre('SFP 1G/10G', XG_SPEEDS, NO_SPLIT, '10G', 'reboot'),
  5: fibre('SFP 10G', ['10G'], NO_SPLIT, '10G'),
  6: fibre('QSFP 40G', ['40G'], QSFP_SPLITS, '40G'),
  7: fibre('QSFP 40G/100G', ['40G', '100G'], QSFP_SPLITS, '100G'),
  8: fibre('QSFP 40G', ['40G'], [...QSFP_SPLITS, 'sfp'], '40G'),
  9: fibre('split SFP 1G/10G', XG_SPEEDS, ['sfp', 'default'], '10G', 'now'),
  10: fibre('breakout 1G/10G', XG_SPEEDS, ['break-out', 'default'], '10G', 'now'),
  11: fibre('SFP 1G/10G', XG_SPEEDS, NO_SPLIT, '10G', 'now'),
};

/** Line rate in bit/s for a concrete speed value ('10' … '100G'); 0 for anything else. */
export function speedBps(speed: string): number {
  switch (speed) {
    case '10':
      return 10e6;
    case '100':
      return 100e6;
    case '1000':
      return 1e9;
    case '10G':
      return 10e9;
    case '40G':
      return 40e9;
    case '100G':
      return 100e9;
    default:
      return 0;
  }
}

/** xg_speed value ↔ speed value. */
export function xgToSpeed(xg: string): string {
  return xg === '1G' ? '1000' : '10G';
}
export function speedToXg(speed: string): '1G' | 'XG' {
  return speed === '1000' ? '1G' : 'XG';
}

export function isPortType(n: unknown): n is PortType {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 11;
}
