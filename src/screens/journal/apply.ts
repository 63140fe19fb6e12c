/**
 * `:apply FILE` in the console: the file read and checked, the plan made against the device
 * (the same as `pbc apply -f`), and shown in the confirmation of the journal screen as one
 * change — each step its exact request, the plan's lines as notes; `y` sends the steps in
 * order and stops at the first failure, `R` arms one auto-revert for the whole apply, `n`
 * sends nothing. The palette hands the file here (`requestApply`); the journal screen opens it.
 */
import { planAgainst, planRefusal } from '../../ops/desired/apply.js';
import { DesiredFileError } from '../../ops/desired/file.js';
import { planImpact } from '../../ops/desired/impact.js';
import { readDesiredFile } from '../../ops/desired/read.js';
import { desiredRevertPlan } from '../../ops/desired/revert.js';
import { planLines, planSummary } from '../../ops/desired/show.js';
import type { DesiredConfig } from '../../ops/desired/types.js';
import type { Plan } from '../../ops/index.js';

let pending: string | null = null;
let listener: ((file: string) => void) | null = null;

/** The palette's `:apply FILE`: the journal screen opens it (now, or when it is shown). */
export function requestApply(file: string): void {
  if (listener) listener(file);
  else pending = file;
}

/** The journal screen listens while it is mounted; a request made before is handed over. */
export function listenForApply(on: (file: string) => void): () => void {
  listener = on;
  if (pending !== null) {
    const file = pending;
    pending = null;
    on(file);
  }
  return () => {
    if (listener === on) listener = null;
  };
}

export type ApplyChange =
  | { kind: 'plan'; plan: Plan; impact: string[] }
  | { kind: 'nothing'; message: string };

/** Reads `file`, plans it against the device; throws one readable line when it cannot. */
export async function applyChange(
  client: Parameters<typeof planAgainst>[0],
  file: string,
): Promise<ApplyChange> {
  let config: DesiredConfig;
  try {
    ({ config } = await readDesiredFile(file));
  } catch (e) {
    if (e instanceof DesiredFileError)
      throw new Error(
        `${e.lines[0]}${e.lines.length > 1 ? ` (and ${e.lines.length - 1} more)` : ''}; nothing was sent`,
      );
    throw e;
  }
  const { device, plan: desired } = await planAgainst(client, config);
  const refused = planRefusal(desired);
  if (refused) throw refused;
  if (desired.steps.length === 0)
    return { kind: 'nothing', message: `apply ${file}: nothing to do (${planSummary(desired)})` };
  const impact = planImpact(desired, device);
  // the dialog lists each step's request; the notes say what each step does
  const [, ...lines] = planLines(desired, impact, 40);
  return {
    kind: 'plan',
    plan: {
      title: `Apply ${file}`,
      steps: desired.steps.map((s) => s.op),
      notes: [planSummary(desired), ...lines.map((l) => l.trim())],
      confirmWord: '',
      revert: desiredRevertPlan(async () => config),
      batch: true,
    },
    impact: [],
  };
}
