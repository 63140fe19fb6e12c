/**
 * `tools apply` as one console change (the Tools screen's apply key): the file's intents
 * resolved against the device read now, compiled and planned exactly as `pbc tools apply`
 * plans them (toolsApplyPlan), as one Plan of the ops layer — each step its operation, shown
 * in the one confirmation by its own describe(), sent in order as one journal batch, with a
 * rule save-point (rules and groups) taken first when `R` arms an auto-revert. Nothing to
 * send when the device already holds the compiled band.
 */
import type { Client } from '../../api/index.js';
import { tracePorts } from '../../traffic/index.js';
import { readDeviceState } from '../desired/device-state.js';
import { withBases } from '../desired/plan-base.js';
import { planSummary } from '../desired/show.js';
import type { DesiredConfig } from '../desired/types.js';
import type { Plan } from '../execute.js';
import { readOnce } from '../read-once.js';
import { planTools, toolsApplyPlan } from './plan.js';
import { resolveIntents } from './resolve.js';

export type ToolsChange = { kind: 'plan'; plan: Plan } | { kind: 'nothing'; message: string };

export async function toolsChange(
  client: Client,
  config: DesiredConfig,
  file: string,
): Promise<ToolsChange> {
  const seen = readOnce(client);
  const device = await readDeviceState(seen, { rules: [] });
  const intents = resolveIntents(config, tracePorts(device.info, device.ports));
  const tools = planTools(intents, device);
  const desired = await withBases(toolsApplyPlan(tools, device), seen);
  if (desired.steps.length === 0)
    return {
      kind: 'nothing',
      message: `tools apply ${file}: nothing to do — the band already holds what the intents compile to`,
    };
  const [lo, hi] = intents.band;
  return {
    kind: 'plan',
    plan: {
      title: `Apply the tools of ${file}`,
      steps: desired.steps.map((s) => s.op),
      notes: [
        `band ${lo}-${hi}: ${tools.compiled.rules.length} rules replace ${tools.band.length}${tools.compiled.groups.length ? `, sending to ${tools.compiled.groups.length} groups of type all` : ''} (${planSummary(desired)}); rules outside the band are not touched`,
        `TCAM flows: needs ${tools.flowsNeeded}, ${tools.flowsFree} free`,
      ],
      confirmWord: '',
      revert: { kind: 'savepoint', of: 'rules' },
      batch: true,
      // G: the guard watches the tools' ports too, whichever rules the band's change touches
      toolPorts: intents.tools.map((t) => t.port),
    },
  };
}
