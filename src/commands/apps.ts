/** `pbc apps start|set|stop|action` (POST/PUT/DELETE /apps, POST /apps/action). */

import { UsageError } from '../model/errors.js';
import { appOps } from '../ops/apps.js';
import { parseParams, pidOf } from './args.js';
import { NotFoundError } from './errors.js';
import type { Run } from './run.js';

interface AppOptions {
  description?: string;
  param?: string[];
}

export async function start(run: Run, o: AppOptions, name: string): Promise<void> {
  const params = parseParams(o.param);
  const [result] = await run.execute({
    steps: [appOps.start(name, o.description ?? '', params)],
    question: `Start app '${name}'?`,
    refusal: `start app '${name}'`,
    needsYes: false,
  });
  await run.done(`app '${name}' started (${result})`, { result });
}

export async function set(run: Run, o: AppOptions, pidText: string): Promise<void> {
  const pid = pidOf(pidText);
  const params = parseParams(o.param);
  if (o.description === undefined && Object.keys(params).length === 0)
    throw new UsageError('nothing to change: give --description or --param KEY=VALUE');
  const c = await run.writer();
  let description = o.description;
  if (description === undefined) {
    // PUT /apps always carries user_description; keep the instance's current one.
    const inst = (await c.apps.running()).find((a) => a.pid === pid);
    if (!inst)
      throw new NotFoundError(
        `no running app instance with PID ${pid} (pbc get running lists them)`,
      );
    description = inst.user_description;
  }
  const [result] = await run.execute({
    steps: [appOps.modify(pid, description, params)],
    question: `Change app instance ${pid}?`,
    refusal: `change app instance ${pid}`,
    needsYes: false,
  });
  await run.done(`app instance ${pid} changed`, { result });
}

export async function stop(run: Run, _o: unknown, pidText: string): Promise<void> {
  const pid = pidOf(pidText);
  const [result] = await run.execute({
    steps: [appOps.stop(pid)],
    question: `Stop app instance ${pid}?`,
    refusal: `stop app instance ${pid}`,
    needsYes: true,
  });
  await run.done(`app instance ${pid} stopped`, { result });
}

export async function action(run: Run, _o: unknown, pidText: string, name: string): Promise<void> {
  const pid = pidOf(pidText);
  const [result] = await run.execute({
    steps: [appOps.action(pid, name)],
    question: `Run action '${name}' of app instance ${pid}?`,
    refusal: `run action '${name}' of app instance ${pid}`,
    needsYes: true,
  });
  await run.done(`action '${name}' of app instance ${pid}: ${result}`, { result });
}
