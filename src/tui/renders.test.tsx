/**
 * What re-renders, and what does not: a request starting (`inFlight`, every poll) changes no
 * header; the screen reporting its commands for the hints (a layout effect, at every commit)
 * re-renders the status bar alone. Both were a second render of the header or of the whole
 * console before the first frame could be drawn (docs/performance.md).
 */
import { Profiler, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderTui } from '../../test/harness/render.js';
import { createClient } from '../api/index.js';
import { Poller } from '../store/poller.js';
import { ConsoleProvider, untilRendered } from '../store/react.js';
import { commitSuccess, createConsoleStore, markInFlight } from '../store/store.js';
import { Header } from './header.js';
import { createPendingFeed } from './pending-feed.js';
import { ScreenStatusBar } from './screen-hints.js';
import { useScreen } from './use-screen.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Counts the commits in which anything under it rendered. */
function counted(children: ReactNode) {
  const commits = { n: 0 };
  const tree = (
    <Profiler id="counted" onRender={() => commits.n++}>
      {children}
    </Profiler>
  );
  return { tree, commits };
}

describe('the header', () => {
  it('does not re-render when a request starts, and does when what it shows changes', async () => {
    // (its clock and the pending file's tick stand still: they would re-render it)
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const url = 'http://127.0.0.1:9/rest';
    const store = createConsoleStore();
    const client = createClient({ url });
    const poller = new Poller(client, store);
    const session = { url, readonly: false, insecure: false, demo: false };
    const { tree, commits } = counted(
      <Header
        width={80}
        screen="overview"
        demanded={['identity']}
        pending={createPendingFeed({ read: () => ({ list: [], corrupt: false }) })}
      />,
    );
    const ui = renderTui(
      <ConsoleProvider value={{ client, store, poller, session }}>{tree}</ConsoleProvider>,
    );
    await ui.waitFor((f) => f.includes('connecting'));
    const before = commits.n;
    markInFlight(store, 'groups');
    markInFlight(store, 'identity');
    await untilRendered(store);
    await ui.settle();
    expect(commits.n).toBe(before);
    const identity = {
      name: 'pb-lab-01',
      model: 'PB-2800',
      imageVersion: '2.2',
    } as unknown as Parameters<typeof commitSuccess<'identity'>>[2];
    commitSuccess(store, 'identity', identity, Date.now());
    await untilRendered(store);
    await ui.waitFor((f) => f.includes('pb-lab-01 (PB-2800) fw 2.2') && f.includes('● live'));
    expect(commits.n).toBe(before + 1);
  });
});

describe('the hints of the screen', () => {
  it('re-render the status bar alone, in the same pass as the screen', async () => {
    let appRenders = 0;
    let screens: ReturnType<typeof useScreen> | undefined;
    function App() {
      appRenders++;
      const s = useScreen('rules');
      screens = s;
      return (
        <ScreenStatusBar
          hints={s.hints}
          screen="rules"
          readonly={false}
          width={80}
          error={undefined}
          info={undefined}
        />
      );
    }
    const ui = renderTui(<App />);
    await ui.waitFor((f) => f.includes('1-9 screens'));
    const rendered = appRenders;
    // the screen's render registers what it handles; its commit reports it
    const s = screens as ReturnType<typeof useScreen>;
    s.commands.current = { 'rules.add': () => {}, 'rules.delete': () => {} };
    s.commands.committed?.();
    await ui.waitFor((f) => /a add/.test(f) && /d delete/.test(f));
    expect(appRenders).toBe(rendered);
  });
});
