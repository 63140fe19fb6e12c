/** A list's line while its resource has not arrived: loading, or why it cannot be read. */
export function notLoaded(what: string, error: string | undefined): string {
  return error ? `Cannot read the ${what}: ${error}` : `Loading ${what}…`;
}
