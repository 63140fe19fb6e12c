/**
 * The Tools screen's apply key: the intents file read again (what is applied is the file as it
 * is now, and the screen shows that too), compiled and planned against the device exactly as
 * `pbc tools apply` does (src/ops/tools/change.ts), then the one confirmation of a change
 * (use-change: each operation's describe(), `y` sends, `R` with auto-revert, any other key
 * sends nothing). When the device already holds the compiled band nothing is sent and the
 * status line says so.
 */
import { useRef } from 'react';
import { readDesiredFile } from '../../ops/desired/read.js';
import type { DesiredConfig } from '../../ops/desired/types.js';
import { toolsChange } from '../../ops/tools/change.js';
import { useConsole } from '../../store/react.js';
import { useWriteRefusal } from '../device-view.js';
import { useChange } from '../use-change.js';

const readable = (e: unknown): string => {
  const lines = (e as { lines?: string[] }).lines;
  if (lines?.[0]) return `${lines[0]}${lines.length > 1 ? ` (and ${lines.length - 1} more)` : ''}`;
  return e instanceof Error ? e.message : String(e);
};

export function useToolsApply(notify: (m: string) => void) {
  const { client } = useConsole();
  const change = useChange(useWriteRefusal(), notify);
  // one apply at a time: a second key while the file and device are read does nothing
  const reading = useRef(false);
  const apply = (path: string | undefined, onRead: (config: DesiredConfig) => void) =>
    change.write('tools apply', () => {
      if (!path) return notify('tools apply: no intents file read — f names one');
      if (reading.current) return;
      reading.current = true;
      notify(`tools apply ${path}: reading the file and the device…`);
      readDesiredFile(path)
        .then(({ config }) => {
          onRead(config);
          return toolsChange(client, config, path);
        })
        .then(
          (r) => (r.kind === 'nothing' ? notify(r.message) : change.open(r.plan)),
          (e: unknown) => {
            const why = readable(e);
            notify(
              `tools apply ${path}: ${why}${why.includes('nothing was sent') ? '' : '; nothing was sent'}`,
            );
          },
        )
        .finally(() => {
          reading.current = false;
        });
    });
  return { change, apply };
}
