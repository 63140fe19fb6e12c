/** A rule's detail (Enter): its pairs, and ←/→ scrolling its long matches and actions sideways. */
import { useMemo } from 'react';
import type { Rule } from '../../model/index.js';
import { useHScroll } from '../use-hscroll.js';
import { detailPairs, detailShown, detailValueWidth } from './detail.js';

export function useRuleDetail(
  key: string | null,
  rule: Rule | undefined,
  rules: readonly Rule[],
  width: number,
  height: number,
) {
  const pairs = useMemo(() => (rule ? detailPairs(rule, rules) : []), [rule, rules]);
  const values = detailShown(pairs, height).map(([, v]) => String(v ?? ''));
  const wide = useHScroll(key ?? '', values, detailValueWidth(width));
  return { pairs, wide };
}
