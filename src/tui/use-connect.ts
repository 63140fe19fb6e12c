/**
 * `:connect URL`: a new connection to the device's new address; the old one stays if it
 * fails. The palette's reply says what is happening. Undefined when this console cannot
 * reconnect.
 */
import { useConsole } from '../store/react.js';
import { connectTarget } from './palette.js';
import type { Reply } from './use-messages.js';

export function useConnect(
  setReply: (r: Reply | undefined) => void,
  setNotice: (n: string) => void,
): ((arg: string) => void) | undefined {
  const { session, reconnect } = useConsole();
  if (!reconnect) return undefined;
  return (arg: string) => {
    const url = connectTarget(arg, session.url);
    const old = session.url;
    setReply({ text: `connecting to ${url}…`, failed: false });
    reconnect({ url }).then(
      () => {
        setReply(undefined);
        setNotice(`connected to ${url}`);
      },
      (e: unknown) =>
        setReply({
          text: `connect ${url} failed: ${e instanceof Error ? e.message : String(e)} (still on ${old})`,
          failed: true,
        }),
    );
  };
}
