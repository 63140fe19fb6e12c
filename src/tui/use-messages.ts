/**
 * The status bar's second line: a passing notice (src/tui/notices.ts: the operator's own at
 * once, others after it), and the palette's reply to what the operator typed (`:connect URL`
 * in progress or failed, an unknown command), shown instead of the last poll error, which may
 * be about the old address; a failed reply stays 8 s.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { NO_NOTICES, NOTICE_MS, notices } from './notices.js';

export interface Reply {
  text: string;
  failed: boolean;
}

export function useMessages() {
  const [state, dispatch] = useReducer(notices, NO_NOTICES);
  const [reply, setReply] = useState<Reply | undefined>();
  const { shown, seq } = state;
  useEffect(() => {
    if (shown === undefined) return;
    const t = setTimeout(() => dispatch({ type: 'expire', seq }), NOTICE_MS);
    return () => clearTimeout(t);
  }, [shown, seq]);
  useEffect(() => {
    if (!reply?.failed) return;
    const t = setTimeout(() => setReply(undefined), 8000);
    return () => clearTimeout(t);
  }, [reply]);
  /** What the operator's own key led to: shown now. */
  const setNotice = useCallback((text: string) => dispatch({ type: 'own', text }), []);
  /** What happened beside them: shown when the notice on screen has had its time. */
  const announce = useCallback((text: string) => dispatch({ type: 'beside', text }), []);
  return { notice: shown, setNotice, announce, reply, setReply };
}
