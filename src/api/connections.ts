/**
 * The connections of one client to the device: opened as an exchange needs one (as many at once
 * as exchanges under way), kept open after an answer that allows it, and reused for the next
 * exchange until they have been idle `idleMs` (the device may close an idle one; a GET sent on a
 * connection it has just closed is retried by the transport, a write is not). An idle connection
 * does not keep the process alive. TLS sessions are resumed on new connections.
 */
import type { Socket } from 'node:net';
import { connect as netConnect } from 'node:net';
import type { ConnectionOptions, TLSSocket } from 'node:tls';

export interface Endpoint {
  host: string;
  port: number;
  /** https: verify against `ca` (or the system's roots) unless `rejectUnauthorized` is false. */
  tls?: { servername: string; rejectUnauthorized: boolean; ca: string | undefined };
}

/** node:tls (and with it crypto) is loaded only for an https:// device. */
type TlsConnect = (options: ConnectionOptions) => TLSSocket;

/** Bytes from an idle connection: out of step with the exchanges, so it is not reused. */
function strayData(this: Socket): void {
  this.destroy();
}

export class Connections {
  /** Idle connections, the one given back last at the end. */
  private idle: Socket[] = [];
  private readonly open = new Set<Socket>();
  private session: Buffer | undefined;

  constructor(
    private readonly endpoint: Endpoint,
    private readonly idleMs: number,
    private readonly tlsConnect?: TlsConnect,
  ) {}

  /**
   * The idle connection used last (the one the device is least likely to be closing, as
   * node:http's Agent picks), or a new one (being opened: writes are queued until it is).
   */
  take(): Socket {
    for (let socket = this.idle.pop(); socket; socket = this.idle.pop()) {
      socket.removeListener('data', strayData);
      if (socket.destroyed || !socket.writable) continue;
      socket.setTimeout(0);
      socket.ref();
      return socket;
    }
    return this.connect();
  }

  /** Back from a whole exchange: kept for the next one. */
  give(socket: Socket): void {
    if (socket.destroyed || !socket.writable) return;
    this.idle.push(socket);
    socket.on('data', strayData);
    socket.unref();
    socket.setTimeout(this.idleMs);
  }

  /** Every connection closed, idle or under way (an exchange on one fails with a hang-up). */
  close(): void {
    for (const socket of this.open) socket.destroy();
    this.open.clear();
    this.idle = [];
  }

  private connect(): Socket {
    const { host, port, tls } = this.endpoint;
    const socket: Socket =
      tls && this.tlsConnect
        ? this.tlsConnect({
            host,
            port,
            ...(tls.servername ? { servername: tls.servername } : {}),
            rejectUnauthorized: tls.rejectUnauthorized,
            ...(tls.ca !== undefined ? { ca: tls.ca } : {}),
            ...(this.session ? { session: this.session } : {}),
          })
        : netConnect({ host, port, noDelay: true });
    if (tls) socket.on('session', (session: Buffer) => (this.session = session));
    this.open.add(socket);
    // an idle connection's error (the device reset it) is its end, not the process's
    socket.on('error', () => socket.destroy());
    socket.on('timeout', () => socket.destroy());
    socket.on('close', () => {
      this.open.delete(socket);
      this.idle = this.idle.filter((s) => s !== socket);
    });
    return socket;
  }
}
