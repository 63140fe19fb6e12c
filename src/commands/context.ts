/**
 * Which device, as whom, how: flags, then the chosen context, then the environment.
 *
 * - `--context NAME` (or PBC_CONTEXT) picks a context from the config file; its fields
 *   apply unless a flag overrides them, and they beat the environment (PBC_URL, PBC_USER).
 * - A context's credentials only ever go to the context's own url: `--url` with a context
 *   name (from --context or PBC_CONTEXT) must be that url, else exit 2 before anything is
 *   sent; a context without a url is refused.
 * - `--url` / PBC_URL without a context name: no config is read at all.
 * - none of these: the config's current-context.
 * The password is resolved separately (and only when a request is about to be made).
 *
 * `g` holds flags only (program.ts gives these options no commander `.env`): the
 * environment is read here, so a flag and a variable are told apart.
 */
import { readFile } from 'node:fs/promises';
import type { ClientOptions, LogEntry } from '../api/index.js';
import type { ContextConfig, PbcConfig } from '../config/config.js';
import { type PasswordSource, resolvePassword } from '../config/credentials.js';
import { parseSize } from '../config/size.js';
import { connectionWarnings } from '../config/warnings.js';
import { UsageError } from '../model/errors.js';
import { interactive, promptHidden } from './prompt.js';

export interface GlobalOptions {
  url?: string;
  user?: string;
  context?: string;
  /** A fleet of the config file: the command runs on each of its contexts (fleet-run.ts). */
  fleet?: string;
  /** How many devices of a fleet at once (default 4). */
  parallel?: string;
  timeout?: string;
  insecure?: boolean;
  ca?: string;
  readonly?: boolean;
  debug?: boolean;
  output?: string;
  yes?: boolean;
  showSecrets?: boolean;
  demo?: boolean;
  maxAnswerSize?: string;
}

export interface Device {
  url: string;
  user?: string;
  readonly: boolean;
  insecure: boolean;
  /** --insecure was given (else insecure came from the context). */
  insecureFlag?: boolean;
  caFile?: string;
  timeoutMs?: number;
  /** --max-answer-size / PBC_MAX_ANSWER in bytes; the transport's default when absent. */
  maxAnswerBytes?: number;
  context?: ContextConfig;
  /** For --debug and messages: how the device was chosen. */
  source: string;
}

function timeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 3_600_000)
    throw new UsageError(`--timeout must be milliseconds 1..3600000, got '${text}'`);
  return n;
}

/**
 * The device the options name. `loaded`: the config file already read (a fleet's devices
 * are selected from one reading of it, not one per device).
 */
export async function selectDevice(
  g: GlobalOptions,
  env: NodeJS.ProcessEnv = process.env,
  loaded?: PbcConfig | null,
): Promise<Device> {
  const contextName = g.context ?? (env.PBC_CONTEXT || undefined);
  const contextFrom = g.context !== undefined ? '--context' : 'PBC_CONTEXT';
  const envUrl = env.PBC_URL || undefined;
  let context: ContextConfig | undefined;
  let source: string;
  if (contextName !== undefined || (g.url === undefined && envUrl === undefined)) {
    const { configPath, findContext, loadConfig } = await import('../config/config.js');
    const path = configPath(env);
    const cfg = loaded !== undefined ? loaded : await loadConfig(path);
    if (contextName !== undefined) {
      if (!cfg) throw new UsageError(`no context '${contextName}': no config file at ${path}`);
      context = findContext(cfg, contextName);
      source = `context '${context.name}' from ${path}`;
    } else if (cfg?.currentContext !== undefined) {
      context = findContext(cfg, cfg.currentContext);
      source = `current-context '${context.name}' from ${path}`;
    } else {
      throw new UsageError(
        `no device given (pass --url http://HOST/rest, set PBC_URL, or set current-context in ${path})`,
      );
    }
  } else {
    source = g.url !== undefined ? '--url' : 'PBC_URL';
  }
  let url: string;
  if (context) {
    // Its credentials go to its url and nowhere else: not to PBC_URL, not to another --url.
    if (context.url === undefined)
      throw new UsageError(
        `context '${context.name}' has no url (add url: http://HOST/rest to it; its credentials are only sent to its own url)`,
      );
    if (g.url !== undefined && !sameUrl(g.url, context.url))
      throw new UsageError(
        `--url ${g.url} is not the url of context '${context.name}' (${context.url}, chosen by ${contextFrom}); a context's credentials are only sent to its own url (drop --url or the context${contextFrom === 'PBC_CONTEXT' ? ', e.g. PBC_CONTEXT= pbc …' : ''})`,
      );
    url = context.url;
  } else {
    url = (g.url ?? envUrl) as string;
  }
  const dev: Device = {
    url,
    readonly: Boolean(g.readonly || context?.readonly),
    insecure: Boolean(g.insecure || context?.insecure),
    insecureFlag: Boolean(g.insecure),
    source,
  };
  // flag, then context, then environment (PBC_USER does not replace the context's user)
  const user = g.user ?? context?.user ?? (env.PBC_USER || undefined);
  if (user !== undefined) dev.user = user;
  const caFile = g.ca ?? context?.ca;
  if (caFile !== undefined) dev.caFile = caFile;
  const ms = timeout(g.timeout);
  if (ms !== undefined) dev.timeoutMs = ms;
  const size = g.maxAnswerSize ?? (env.PBC_MAX_ANSWER || undefined);
  if (size !== undefined)
    dev.maxAnswerBytes = parseSize(
      size,
      g.maxAnswerSize !== undefined ? '--max-answer-size' : 'PBC_MAX_ANSWER',
    );
  if (context) dev.context = context;
  return dev;
}

/** The same base URL, up to trailing slashes and the case of scheme and host. */
function sameUrl(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const x = new URL(u);
      x.pathname = x.pathname.replace(/\/+$/, '');
      return x.href.replace(/\/+$/, '');
    } catch {
      return u.replace(/\/+$/, '');
    }
  };
  return norm(a) === norm(b);
}

/** The password: PBC_PASSWORD, the context's (if it is the context's user), or a prompt. */
export function deviceCredentials(
  dev: Device,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PasswordSource> {
  const ctx = dev.context;
  // A context's password belongs to the context's user, not to one given with --user.
  const ownContext = ctx && (ctx.user === undefined || ctx.user === dev.user) ? ctx : undefined;
  return resolvePassword({
    ...(dev.user !== undefined ? { user: dev.user } : {}),
    ...(env.PBC_PASSWORD !== undefined ? { envPassword: env.PBC_PASSWORD } : {}),
    ...(ownContext ? { context: ownContext } : {}),
    canPrompt: interactive,
    prompt: promptHidden,
  });
}

/**
 * The warnings to print once before the first request (see config/warnings.ts): credentials
 * over plain http to a non-loopback host, TLS not verified.
 */
export function deviceWarnings(dev: Device, password: string | undefined): string[] {
  return connectionWarnings({
    url: dev.url,
    credentials: dev.user !== undefined || password !== undefined,
    insecure: dev.insecure,
    insecureSource:
      dev.context?.insecure && !dev.insecureFlag
        ? `insecure: true in context '${dev.context.name}'`
        : '--insecure',
  });
}

export async function clientOptions(
  dev: Device,
  password: string | undefined,
  onLog?: (e: LogEntry) => void,
): Promise<ClientOptions> {
  const o: ClientOptions = { url: dev.url, readonly: dev.readonly, insecure: dev.insecure };
  if (dev.user !== undefined) o.user = dev.user;
  if (password !== undefined) o.password = password;
  if (dev.timeoutMs !== undefined) o.timeoutMs = dev.timeoutMs;
  if (dev.maxAnswerBytes !== undefined) o.maxAnswerBytes = dev.maxAnswerBytes;
  if (dev.caFile !== undefined) {
    try {
      o.ca = await readFile(dev.caFile, 'utf8');
    } catch (e) {
      throw new UsageError(
        `cannot read the CA file ${dev.caFile}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (give a PEM file with --ca)`,
      );
    }
  }
  if (onLog) o.onLog = onLog;
  return o;
}

/**
 * What a command needs to reach `dev`: the password resolved (deviceCredentials), the
 * connection's warnings handed to `warn` once, and the client options.
 */
export async function connectTo(
  dev: Device,
  warn: (line: string) => void,
): Promise<{ password: string | undefined; options: ClientOptions }> {
  const { password } = await deviceCredentials(dev);
  for (const line of deviceWarnings(dev, password)) warn(line);
  return { password, options: await clientOptions(dev, password) };
}
