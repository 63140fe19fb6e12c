/**
 * Vitest setup of the files that share a worker with the files after them (project 'screens',
 * vitest.config.ts): a file that leaves a listening server behind (a simulator or proxy it
 * never closed) fails, naming the count, instead of slowing and confusing the files after it
 * (a left simulator's requests and timers go on in the shared worker).
 */
import { afterAll, beforeAll } from 'vitest';

const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

let before = 0;
beforeAll(() => {
  before = servers();
});

afterAll(async () => {
  // a server's handle goes at its 'close' event: give the closes the file awaited a moment
  const end = Date.now() + 2000;
  while (servers() > before && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  const left = servers() - before;
  if (left > 0)
    throw new Error(
      `this file left ${left} listening server(s) open (a simulator or proxy it started): close them`,
    );
});
