/**
 * A request's query string, by qs. Its own module, loaded only for a request that has
 * parameters: qs and what it brings (side-channel, get-intrinsic, object-inspect) cost ~3 ms
 * of CPU at every start, and `pbc get rules` sends none (docs/performance.md).
 */
import qs from 'qs';

/**
 * `match[in_port]=1&names[]=a&flag=true`. Brackets stay literal as in the spec; everything
 * else in keys and values is percent-encoded, so an odd field name cannot split the query.
 */
export function encodeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  return qs.stringify(query, {
    arrayFormat: 'brackets',
    skipNulls: true,
    encoder: (text, encode, charset, type) => {
      const out: string = encode(text, encode, charset);
      return type === 'key' ? out.replace(/%5B/gi, '[').replace(/%5D/gi, ']') : out;
    },
  });
}

/** The query as shown (logs, --debug): decoded, readable; secrets already replaced. */
export function shownQuery(redacted: unknown): string {
  return qs.stringify(redacted, { encode: false, arrayFormat: 'brackets', skipNulls: true });
}
