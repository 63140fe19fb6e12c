import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import type { ResourceKey } from '../store/resources.js';
import { type Operation, operation } from './operation.js';
import { perform, performEach } from './perform.js';

/** A performer whose device answers each op by its `answer` and records what is refreshed. */
function fake() {
  const events: string[] = [];
  const x = {
    client: {} as Client,
    poller: {
      refreshNow: async (keys: readonly ResourceKey[]) => {
        events.push(`refresh ${keys.join(',')}`);
      },
    },
  };
  const op = (kind: string, affects: ResourceKey[], fails = false): Operation<string> =>
    operation(
      kind,
      { method: 'POST', path: `/${kind}` },
      async () => {
        events.push(`send ${kind}`);
        if (fails) throw new Error(`${kind} refused`);
        return `${kind} ok`;
      },
      affects,
    );
  return { x, op, events };
}

describe('perform', () => {
  it('sends, then refreshes exactly what the operation affects, then answers', async () => {
    const { x, op, events } = fake();
    expect(await perform(x, op('a', ['users', 'access']))).toBe('a ok');
    expect(events).toEqual(['send a', 'refresh users,access']);
  });

  it('refreshes nothing when the device refuses', async () => {
    const { x, op, events } = fake();
    await expect(perform(x, op('a', ['users'], true))).rejects.toThrow('a refused');
    expect(events).toEqual(['send a']);
  });
});

describe('performEach', () => {
  it('refreshes everything the sent operations affect once, also after a failure', async () => {
    const { x, op, events } = fake();
    const work = async (send: (o: Operation) => Promise<unknown>) => {
      await send(op('a', ['rules', 'flows']));
      await send(op('b', ['groups', 'rules'], true));
      await send(op('c', ['savepoints']));
    };
    await expect(performEach(x, work)).rejects.toThrow('b refused');
    expect(events).toEqual(['send a', 'send b', 'refresh rules,flows,groups']);
  });
});
