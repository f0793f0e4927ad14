/**
 * The terminal interface's drawing, apart from the session that feeds it (run.ts): ink and its
 * layout engine are ES modules that wait at their top level, so the command's bundle imports this
 * module natively (cli/esm.ts) instead of holding it.
 */
import { render } from 'ink';
import { CheckApp } from './app.js';
import { Feed, type FeedEvent } from './view.js';

/** A check being drawn: events go in, and it settles when the last frame has been drawn. */
export interface Drawing {
  push(e: FeedEvent): void;
  waitUntilExit(): Promise<void>;
}

export function drawCheck(file: string, interactive: boolean, onStop: () => void): Drawing {
  const feed = new Feed();
  const app = render(<CheckApp feed={feed} file={file} interactive={interactive} onStop={onStop} />, { exitOnCtrlC: false, patchConsole: false });
  return { push: (e) => feed.push(e), waitUntilExit: async () => { await app.waitUntilExit(); } };
}
