/** A request as data: what every layer from the client to the journal passes around. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The one request type: a request as data (method, path, query or JSON body), built once by
 * the family's builder and used by the client (which sends it), the operations (which show it
 * in a confirmation), the write hook and the journal. So what is shown is what is sent.
 */
export interface ApiRequest {
  method: Method;
  /** Relative to the device's /rest base, e.g. `/ports/config`. */
  path: string;
  query?: Record<string, unknown>;
  /** A JSON body: anything secret travels here, never in the URL. */
  json?: unknown;
}
