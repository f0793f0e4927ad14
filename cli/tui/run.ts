/**
 * Runs one check with the terminal interface: the session's events go to the drawing (draw.tsx);
 * the promise settles when the verdict panel has been drawn for the last time.
 */
import { Session, type SessionEnd } from '../session.js';
import type { CheckOptions } from '../protocol.js';
import type { AigerFile } from '../../formalisms/frontends/aiger/read.js';
import type { Drawing, drawCheck } from './draw.js';

export async function checkWithTui(draw: typeof drawCheck, file: string, options: CheckOptions, started = Date.now(), circuit?: AigerFile): Promise<SessionEnd> {
  // set before the first event: every event comes from the worker or a timer, after this function has returned to the loop
  let drawing!: Drawing;
  const session = new Session(file, options, {
    onStart: (header) => drawing.push({ kind: 'start', header }),
    onProgress: (progress) => drawing.push({ kind: 'progress', progress }),
    onNote: (line) => drawing.push({ kind: 'note', line }),
    onProperty: (report) => drawing.push({ kind: 'property', report }),
    onTick: (t) => drawing.push({ kind: 'tick', ...t }),
  }, started, circuit);
  drawing = draw(file, process.stdin.isTTY === true, () => session.end('stopped'));
  // Without a terminal on standard input ink reads no keys, and Ctrl-C arrives as a signal.
  const interrupt = () => session.end('stopped');
  process.on('SIGINT', interrupt);
  const outcome = await session.done;
  process.off('SIGINT', interrupt);
  drawing.push({ kind: 'outcome', outcome });
  await drawing.waitUntilExit();
  return outcome;
}
