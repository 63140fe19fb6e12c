/**
 * The status bar's second line: a passing notice (4 s), and the palette's reply to what the
 * operator typed (`:connect URL` in progress or failed, an unknown command), shown instead of
 * the last poll error, which may be about the old address; a failed reply stays 8 s.
 */
import { useEffect, useState } from 'react';

export interface Reply {
  text: string;
  failed: boolean;
}

export function useMessages() {
  const [notice, setNotice] = useState<string | undefined>();
  const [reply, setReply] = useState<Reply | undefined>();
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), 4000);
    return () => clearTimeout(t);
  }, [notice]);
  useEffect(() => {
    if (!reply?.failed) return;
    const t = setTimeout(() => setReply(undefined), 8000);
    return () => clearTimeout(t);
  }, [reply]);
  return { notice, setNotice, reply, setReply };
}
