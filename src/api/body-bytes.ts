/**
 * An answer's body read as bytes, not text: a 17 MB GET /rules/all answer is parsed from its
 * bytes a slice at a time (json-slices.ts), so its decoded text — and the copy joining it —
 * is never made. The bytes live outside the JavaScript heap and go as soon as it is parsed.
 */

/**
 * The body as one Buffer. With a declared length it is written into one buffer of that size
 * as it arrives (no second copy); otherwise the chunks are joined at the end. More than
 * `limit` bytes: `tooLarge()` is thrown at once, before the rest is read or kept.
 */
export async function bodyBytes(
  body: AsyncIterable<Uint8Array>,
  limit = Number.POSITIVE_INFINITY,
  tooLarge: () => Error = () => new Error('answer too large'),
  declared?: number,
): Promise<Buffer> {
  const whole =
    declared !== undefined && Number.isSafeInteger(declared) && declared > 0 && declared <= limit
      ? Buffer.allocUnsafe(declared)
      : undefined;
  const chunks: Uint8Array[] = [];
  let filled = 0;
  let total = 0;
  for await (const chunk of body) {
    // stopped as soon as it is too big: nothing more is read or kept
    if (total + chunk.length > limit) throw tooLarge();
    if (whole && filled === total && total + chunk.length <= whole.length) {
      whole.set(chunk, total);
      filled += chunk.length;
    } else chunks.push(chunk);
    total += chunk.length;
  }
  if (!whole) return Buffer.concat(chunks, total);
  if (chunks.length === 0 && filled === whole.length) return whole;
  return Buffer.concat([whole.subarray(0, filled), ...chunks], total);
}
