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

export const PORT_TYPES: Readonly<Record<PortType, PortTypeSpec>> = {
  1: {
    label: 'RJ45',
    media: 'rj45',
    speeds: COPPER_SPEEDS,
    duplex: COPPER_DUPLEX,
    splits: NO_SPLIT,
    defaultSpeed: 'auto',
    defaultDuplex: 'auto',
  },
  2: {
    label: 'SFP 1G',
    media: 'sfp',
    speeds: ['1000'],
    duplex: FIBRE_DUPLEX,
    splits: NO_SPLIT,
    defaultSpeed: '1000',
    defaultDuplex: 'full',
  },
  3: {
    label: 'RJ45/SFP 1G',
    media: 'auto',
    speeds: COPPER_SPEEDS,
    duplex: COPPER_DUPLEX,
    splits: NO_SPLIT,
    defaultSpeed: 'auto',
    defaultDuplex: 'auto',
  },
  4: {
    label: 'SFP 1G/10G',
    media: 'sfp',
    speeds: XG_SPEEDS,
    duplex: FIBRE_DUPLEX,
    splits: NO_SPLIT,
    defaultSpeed: '10G',
    defaultDuplex: 'full',
    xg: 'reboot',
  },
  5: {
    label: 'SFP 10G',
    media: 'sfp',
    speeds: ['10G'],
    duplex: FIBRE_DUPLEX,
    splits: NO_SPLIT,
    defaultSpeed: '10G',
    defaultDuplex: 'full',
  },
  6: {
    label: 'QSFP 40G',
    media: 'sfp',
    speeds: ['40G'],
    duplex: FIBRE_DUPLEX,
    splits: ['default', 'break-out'],
    defaultSpeed: '40G',
    defaultDuplex: 'full',
  },
  7: {
    label: 'QSFP 40G/100G',
    media: 'sfp',
    speeds: ['40G', '100G'],
    duplex: FIBRE_DUPLEX,
    splits: ['default', 'break-out'],
    defaultSpeed: '100G',
    defaultDuplex: 'full',
  },
  8: {
    label: 'QSFP 40G',
    media: 'sfp',
    speeds: ['40G'],
    duplex: FIBRE_DUPLEX,
    splits: ['default', 'break-out', 'sfp'],
    defaultSpeed: '40G',
    defaultDuplex: 'full',
  },
  9: {
    label: 'split SFP 1G/10G',
    media: 'sfp',
    speeds: XG_SPEEDS,
    duplex: FIBRE_DUPLEX,
    splits: ['sfp', 'default'],
    defaultSpeed: '10G',
    defaultDuplex: 'full',
    xg: 'now',
  },
  10: {
    label: 'breakout 1G/10G',
    media: 'sfp',
    speeds: XG_SPEEDS,
    duplex: FIBRE_DUPLEX,
    splits: ['break-out', 'default'],
    defaultSpeed: '10G',
    defaultDuplex: 'full',
    xg: 'now',
  },
  11: {
    label: 'SFP 1G/10G',
    media: 'sfp',
    speeds: XG_SPEEDS,
    duplex: FIBRE_DUPLEX,
    splits: NO_SPLIT,
    defaultSpeed: '10G',
    defaultDuplex: 'full',
    xg: 'now',
  },
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
