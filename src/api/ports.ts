/** The ports family: /ports/config, /ports/info, /ports/sfpstatus, /ports/stats. */
import type { PortConfig, PortInfo, PortStats } from '../model/types.js';
import {
  normalizePortConfigs,
  normalizePortInfo,
  normalizePortStats,
  normalizeSfp,
} from './normalize-ports.js';
import { type ApiRequest, queryRequest, sendWrite } from './request.js';
import type { Transport } from './transport.js';

/** Settings POST /ports/config can change; unset fields are not sent. */
export interface PortConfigChanges {
  speed?: '10' | '100' | '1000' | '10G' | '40G' | '100G' | 'auto' | (string & {});
  duplex?: 'full' | 'half' | 'auto' | (string & {});
  unidirectional?: boolean;
  crc_check?: boolean;
  crc_recalculation?: boolean;
  xg_speed?: '1G' | 'XG' | (string & {});
  shutdown?: boolean;
}

/** POST /ports/config for one port: only the given settings. */
export function portConfigRequest(ifName: string, changes: PortConfigChanges): ApiRequest {
  return queryRequest('POST', '/ports/config', { ...changes, if_name: ifName });
}

export interface PortsApi {
  config(): Promise<PortConfig[]>;
  setConfig(ifName: string, changes: PortConfigChanges): Promise<string>;
  info(): Promise<PortInfo[]>;
  /** The SFP report, preformatted for a fixed-width display. */
  sfp(): Promise<string>;
  stats(): Promise<PortStats[]>;
}

export function portsApi(t: Transport): PortsApi {
  return {
    async config() {
      return normalizePortConfigs(await t.request('GET', '/ports/config'));
    },
    setConfig: (ifName, changes) => sendWrite(t, portConfigRequest(ifName, changes)),
    async info() {
      return normalizePortInfo(await t.request('GET', '/ports/info'));
    },
    async sfp() {
      return normalizeSfp(await t.request('GET', '/ports/sfpstatus'));
    },
    async stats() {
      return normalizePortStats(await t.request('GET', '/ports/stats'));
    },
  };
}
