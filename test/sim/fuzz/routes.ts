/** The simulator's real routes (from its own router), their weights and parameter names. */
import { Router } from '../../../src/sim/router.js';
import { registerAllRoutes } from '../../../src/sim/routes.js';

const router = new Router();
registerAllRoutes(router);
export const ROUTES = router.routes().map((r) => ({ method: r.method as string, path: r.path }));
export const PATHS = [...new Set(ROUTES.map((r) => r.path))];
/** Routes weighted so that most traffic changes rules and what rules depend on. */
export const WEIGHTED_ROUTES = ROUTES.map((r): readonly [(typeof ROUTES)[number], number] => {
  if (r.path === '/rules' && r.method === 'POST') return [r, 30];
  if (r.path === '/rules') return [r, 8];
  if (r.path === '/rules/all' && r.method === 'DELETE') return [r, 0.5];
  if (r.path === '/groups' && r.method !== 'DELETE') return [r, 4];
  if (r.path.startsWith('/groups')) return [r, 2];
  if (r.path.startsWith('/savepoints') && r.method !== 'GET') return [r, 2];
  if (r.path === '/ports/config' && r.method === 'POST') return [r, 3];
  if (r.path === '/device/rulestoragemode' && r.method === 'POST') return [r, 2];
  return [r, 1];
});

/** Parameter names per path (a prefix match picks the longest). */
const PATH_KEYS: [string, string[]][] = [
  ['/rules', ['priority', 'match', 'actions', 'name', 'description', 'cookie']],
  ['/rules/all', []],
  ['/rules/counters', []],
  ['/groups', ['group_id']],
  [
    '/ports/config',
    [
      'if_name',
      'speed',
      'duplex',
      'xg_speed',
      'split',
      'shutdown',
      'unidirectional',
      'crc_check',
      'crc_recalculation',
    ],
  ],
  [
    '/savepoints',
    [
      'name',
      'description',
      'old_name',
      'new_name',
      'override',
      'rule_save_point_names',
      'port_save_point_names',
    ],
  ],
  ['/device/customident', ['name', 'notes']],
  [
    '/device/grouphash',
    ['macsa', 'macda', 'ether_type', 'ipsa', 'ipda', 'ip_protocol', 'src_port', 'dst_port'],
  ],
  ['/device/https', ['https_enabled', 'ssl_password']],
  ['/device/ipconfig', ['ip', 'mask', 'gw']],
  ['/device/name', ['device_name']],
  ['/device/nameresolution', ['dns1', 'dns2', 'dns3']],
  ['/device/rulestoragemode', ['mode']],
  ['/device/controller', ['connection', 'ip', 'port']],
  ['/device', ['activated', 'state']],
  [
    '/users',
    [
      'username',
      'password',
      'accesslevel',
      'access_level',
      'description',
      'new_username',
      'name',
      'radius',
    ],
  ],
  ['/users/uac', ['state']],
  ['/users/radius', ['server', 'port', 'secret', 'radius_login_level', 'refresh_rate']],
  [
    '/apps',
    [
      'name',
      'user_description',
      'pid',
      'mode',
      'server',
      'poll_interval',
      'stratum',
      'host',
      'port',
      'protocol',
      'facility',
      'min_severity',
      'include_weblog',
      'version',
      'community',
      'traps',
      'trap_host',
      'interval_ms',
      'misses',
      'on_loss',
      'filter',
      'snaplen',
      'ring',
    ],
  ],
  ['/apps/action', ['pid', 'action_name']],
];

/** Keys a clean request always sends. */
export const REQUIRED: Record<string, string[]> = {
  '/rules': ['priority', 'match', 'actions'],
  '/ports/config': ['if_name'],
  '/apps': ['name', 'pid'],
  '/apps/action': ['pid', 'action_name'],
  '/device/ipconfig': ['ip', 'mask', 'gw'],
  '/device/controller': ['connection', 'ip', 'port'],
};

export function keysFor(path: string): string[] {
  let best: [string, string[]] = ['', []];
  for (const e of PATH_KEYS)
    if ((path === e[0] || path.startsWith(`${e[0]}/`)) && e[0].length > best[0].length) best = e;
  return best[1];
}
