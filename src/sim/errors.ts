/** An error the simulated device answers with `{error: message}` and an HTTP status. */
export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SimError';
  }
}

export const badRequest = (message: string) => new SimError(400, message);
export const notFound = (message: string) => new SimError(404, message);
export const conflict = (message: string) => new SimError(409, message);
