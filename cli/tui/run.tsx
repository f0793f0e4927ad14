/**
 * Runs one check with the terminal interface: the session's events go into a feed that ink renders;
 * the promise settles when the verdict panel has been drawn for the last time.
 */
import { render } from 'ink';
import { Session, type SessionEnd } from '../session.js';
import type { CheckOptions } from '../protocol.js';
import type { AigerFile } from '../../lang/grammar/aiger.js';
import { CheckApp } from './app.js';
import { Feed } from './view.js';

export async function checkWithTui(file: string, options: CheckOptions, started = Date.now(), circuit?: AigerFile): Promise<SessionEnd> {
  const feed = new Feed();
  const session = new Session(file, options, {
    onStart: (header) => feed.push({ kind: 'start', header }),
    onProgress: (progress) => feed.push({ kind: 'progress', progress }),
    onNote: (line) => feed.push({ kind: 'note', line }),
    onProperty: (report) => feed.push({ kind: 'property', report }),
    onTick: (t) => feed.push({ kind: 'tick', ...t }),
  }, started, circuit);
  const app = render(
    <CheckApp feed={feed} file={file} interactive={process.stdin.isTTY === true} onStop={() => session.end('stopped')} />,
    { exitOnCtrlC: false, patchConsole: false },
  );
  // Without a terminal on standard input ink reads no keys, and Ctrl-C arrives as a signal.
  const interrupt = () => session.end('stopped');
  process.on('SIGINT', interrupt);
  const outcome = await session.done;
  process.off('SIGINT', interrupt);
  feed.push({ kind: 'outcome', outcome });
  await app.waitUntilExit();
  return outcome;
}
