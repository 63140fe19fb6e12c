/**
 * The group editor's traffic impact: for a group changed in place (PUT), the traffic of the
 * rules that use it moves from the old buckets to the new ones (src/tcam groupImpact), in the
 * same words as the rule editor's (`eth-0-9: 6.1 → 11.8 Gbit/s of 10G: oversubscribed`).
 */
import type { Rule } from '../../model/index.js';
import { formatSi } from '../../store/rates.js';
import { groupImpact, portImpactText } from '../../traffic/index.js';
import type { EditorImpact, PredictedImpact } from '../rules/impact.js';
import type { TrafficView } from '../traffic-view.js';
import type { GroupAnalysis } from './model.js';

/** null unless the call is a PUT of an existing group (a POST replace deletes its rules instead). */
export function groupEditorImpact(
  a: GroupAnalysis,
  traffic: TrafficView,
): (Omit<EditorImpact, 'impact'> & PredictedImpact) | null {
  if (!a.input || !a.exists || a.call !== 'PUT' || !traffic.known) return null;
  const g = groupImpact<Rule>({ description: '', ...a.input }, traffic);
  if (g.rules.length === 0)
    return {
      summary: 'traffic: no rule uses this group',
      ports: '',
      warnings: [],
      impact: { ports: [] },
    };
  const names = g.rules
    .slice(0, 3)
    .map((r) => `'${r.name || '(no name)'}'`)
    .join(', ');
  const more = g.rules.length > 3 ? ` and ${g.rules.length - 3} more` : '';
  return {
    summary: `traffic: ${formatSi(g.ownBps, 'b/s')} of ${names}${more} follows the new buckets${g.unknownRates ? ' (some rates n/a: not counted)' : ''}`,
    ports: g.ports.map(portImpactText).join(' · '),
    warnings: g.ports.filter((p) => p.over).map(portImpactText),
    impact: { ports: g.ports },
  };
}
