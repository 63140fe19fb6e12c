/**
 * The device's ranking of rules, the one both the classifier (classify.ts) and the packet trace
 * (trace.ts) sort by: the highest priority first; among equal priorities the rule installed
 * (listed by GET /rules/all) earlier. Lower rank is better.
 */

/** Priority 0..65535 high-first, then `id` (install or list order, below 2^32) low-first. */
export function ruleRank(priority: number, id: number): number {
  return (0xffff - priority) * 0x1_0000_0000 + id;
}
