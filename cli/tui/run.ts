/**
 * Runs one check with the terminal interface: the session's events go to the drawing (draw.tsx);
 * the promise settles when the verdict panel has been drawn for the last time.
 */
import { Session, type SessionEnd } from '../session.js';
import type { CheckOptions, Plan } from '../protocol.js';
import type { Drawing, drawCheck } from './draw.js';

export async function checkWithTui(draw: typeof drawCheck, file: string, bytes: Uint8Array, options: CheckOptions, plan: Plan, started = Date.now()): Promise<SessionEnd> {
  // set before the first event: every event comes from the worker or a timer, after this function has returned to the loop
  let drawing!: Drawing;
  const session = new Session(file, bytes, options, plan, (e) => drawing.push(e), started);
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
