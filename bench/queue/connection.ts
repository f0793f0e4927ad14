/**
 * The Redis server of a queued campaign: `redis://[user:password@]HOST[:PORT][/DB]` parsed with the
 * standard URL class, and a connection that is known to work before BullMQ gets it.
 *
 * Connecting is retried a few times (a server that is still starting), then given up with one line
 * that names the server, so that a wrong URL or a dead server ends the command (exit 2) instead of
 * hanging in ioredis's endless reconnection. A connection lost later is retried as long, then the
 * command stops with the same kind of line.
 */
import { Redis, type RedisOptions } from 'ioredis';

/** A bad `--queue` URL or an unreachable server: reported as one line, exit 2. */
export class QueueError extends Error {}

interface QueueServer {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  /** The URL without its password, for messages. */
  readonly shown: string;
}

const DEFAULT_PORT = 6379;
/** Connection attempts before giving up, and the pause between two of them. */
const ATTEMPTS = 4;
const PAUSE_MS = 250;
const CONNECT_TIMEOUT_MS = 2000;

export function parseQueueUrl(text: string): QueueServer {
  let url: URL;
  try { url = new URL(text); } catch { throw new QueueError(`--queue ${text}: not a URL (expected redis://HOST:PORT[/DB])`); }
  if (url.protocol !== 'redis:') throw new QueueError(`--queue ${text}: the scheme must be redis:// (expected redis://HOST:PORT[/DB])`);
  if (url.hostname === '') throw new QueueError(`--queue ${text}: no host (expected redis://HOST:PORT[/DB])`);
  const path = url.pathname.replace(/^\//, '');
  if (!/^\d*$/.test(path) || url.search !== '' || url.hash !== '') throw new QueueError(`--queue ${text}: after the port only a database number may follow (redis://HOST:PORT/DB)`);
  const port = url.port === '' ? DEFAULT_PORT : Number(url.port);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host, port, db: path === '' ? 0 : Number(path),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    shown: `redis://${url.host}${path ? `/${path}` : ''}`,
  };
}

function options(s: QueueServer): RedisOptions {
  return {
    host: s.host, port: s.port, db: s.db, username: s.username, password: s.password,
    lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS,
    // BullMQ's blocking commands must not fail after a fixed number of retries.
    maxRetriesPerRequest: null,
    retryStrategy: (times) => (times < ATTEMPTS ? PAUSE_MS : null),
  };
}

/**
 * A connected client (PING answered), or a QueueError after ATTEMPTS tries. The client is
 * duplicated by BullMQ for its queue, worker and blocking connections.
 */
export async function connect(s: QueueServer): Promise<Redis> {
  const client = new Redis(options(s));
  let last = '';
  client.on('error', (e: Error) => { last = e.message; });
  const unreachable = () => new QueueError(`cannot reach the Redis server ${s.shown}${last ? `: ${last}` : ''}`);
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    client.disconnect();
    if (!last) last = (e as Error).message;
    throw unreachable();
  }
  return client;
}

/**
 * Calls `stop` with a one-line message when an established connection is lost for good (ioredis
 * gave up reconnecting).
 */
export function onLost(client: Redis, s: QueueServer, stop: (message: string) => void): void {
  let last = '';
  client.on('error', (e: Error) => { last = e.message; });
  client.on('end', () => stop(`lost the Redis server ${s.shown}${last ? `: ${last}` : ''}`));
}
