/**
 * The config file's fields, one list per level: the parser (file.ts) accepts exactly these,
 * the schema (schema.ts) describes exactly these, the formatter writes them in this order.
 */
import { GROUP_HASH_FIELDS, type GroupType } from '../../model/index.js';

export const TOP_FIELDS = [
  '$schema',
  'rules',
  'groups',
  'ports',
  'group_hash',
  'boot_savepoint',
  'tools',
  'sources',
  'band',
  'unwanted',
  'tool_groups',
] as const;
export const TOOL_FIELDS = ['name', 'port', 'wants'] as const;
export const UNWANTED_CHOICES = ['drop', 'pass'] as const;
/** A band of priorities: `lo-hi`. */
export const BAND_PATTERN = '^\\s*\\d{1,5}\\s*-\\s*\\d{1,5}\\s*$';
export const RULE_FIELDS = [
  'priority',
  'match',
  'actions',
  'name',
  'description',
  'cookie',
] as const;
export const GROUP_FIELDS = ['id', 'type', 'description', 'buckets'] as const;
export const BUCKET_FIELDS = ['watch_port', 'actions'] as const;
export const GROUP_TYPES: readonly GroupType[] = ['select', 'ff', 'all'];
export const PORT_TEXT_FIELDS = ['speed', 'duplex', 'xg_speed'] as const;
export const PORT_BOOL_FIELDS = [
  'shutdown',
  'unidirectional',
  'crc_check',
  'crc_recalculation',
] as const;
/** The values POST /ports/config takes (the spec's lists; a port may take fewer). */
export const PORT_CHOICES: Partial<Record<(typeof PORT_TEXT_FIELDS)[number], readonly string[]>> = {
  speed: ['10', '100', '1000', '10G', '40G', '100G', 'auto'],
  duplex: ['full', 'half', 'auto'],
  xg_speed: ['1G', 'XG'],
};
export const HASH_FIELDS = GROUP_HASH_FIELDS;
/** A cookie: a decimal integer 0..2^64-1. */
export const COOKIE_PATTERN = '^(0|[1-9][0-9]{0,19})$';
