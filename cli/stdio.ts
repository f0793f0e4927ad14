/**
 * Standard output and error of the `vigil` process without Node's streams where a command does
 * not need them. `process.stdout` and `process.stderr` are streams made when first read: the
 * stream modules and a pipe's socket wrapper cost 5 to 6 ms of a circuit run, which prints a few
 * progress lines and one answer. Those are written straight to the file descriptors,
 * synchronously, as Node's own streams write to files, pipes and terminals on Linux.
 */
import { fstatSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';

/**
 * A stopped reader (`vigil check --help | head`) closes the pipe: what it did not read is not
 * wanted, so the command ends there instead of failing on the next write.
 */
function closedPipe(e: NodeJS.ErrnoException): void {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
}

/** The streams made so far (by a read of `process.stdout` or `process.stderr`). */
const made: NodeJS.WriteStream[] = [];

function adopt(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  stream.on('error', closedPipe);
  made.push(stream);
  return stream;
}

/** Sets the EPIPE handler on `process.stdout` and `process.stderr` when each is first read, not before. */
export function endOnClosedPipes(): void {
  for (const name of ['stdout', 'stderr'] as const) {
    const own = Object.getOwnPropertyDescriptor(process, name);
    if (!own?.get || !own.configurable) {
      adopt(process[name]);
      continue;
    }
    const make = own.get;
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: own.enumerable,
      get() {
        const stream = adopt(make.call(process) as NodeJS.WriteStream);
        Object.defineProperty(process, name, { configurable: true, enumerable: own.enumerable, writable: true, value: stream });
        return stream;
      },
    });
  }
}

/** The streams made so far that still hold output to write. */
export function pendingStreams(): NodeJS.WriteStream[] {
  return made.filter((s) => s.writableLength > 0);
}

/**
 * Writes `text` and a line end straight to descriptor `fd` (1 or 2). A descriptor left in
 * non-blocking mode and full (EAGAIN) takes the rest through its stream, which waits for it.
 */
function writeLine(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(`${text}\n`);
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(fd, bytes, done);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') return closedPipe(e as NodeJS.ErrnoException);
    (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(done));
  }
}

/** Prints `text` and a line end on standard output. */
export function printLine(text: string): void {
  writeLine(1, text);
}

/** Prints `text` and a line end on standard error. */
export function printErrorLine(text: string): void {
  writeLine(2, text);
}

/**
 * Whether standard output is a terminal. A pipe or a file is not, which `fstat` tells without
 * loading Node's `tty` module (4 ms: it loads `net`); a character device may be one, or /dev/null.
 */
export function stdoutIsTerminal(): boolean {
  try {
    return fstatSync(1).isCharacterDevice() && isatty(1);
  } catch {
    return false;
  }
}
