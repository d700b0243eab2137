import { closeSync, mkdirSync, open, openSync, write, writeSync } from 'node:fs';
import path from 'node:path';

export interface LogFileOptions {
  /** Characters of lines gathered before one write: an access line written on its own was a system call per request. */
  gatherChars: number;
  /** A quiet instance's lines reach the file this long after they were logged at the latest. */
  flushAfterMs: number;
  /** Where a failed write is reported: the log cannot report its own failure. */
  reportFailure?: (message: string) => void;
}

const reportToStderr = (message: string) => {
  process.stderr.write(`${message}\n`);
};

/**
 * Log lines appended to a file, gathered in memory and written a few KiB at a time off the
 * request's path (docs/decisions/0021). Lines are kept as the strings the logger made and counted
 * by length: sonic-boom's `pino.destination` measured the UTF-8 length of its whole gathered text
 * at every line, which flattened it each time and was most of an access line's cost.
 * A failed write (a full disk) drops those lines and says so on stderr; serving goes on.
 */
export class LogFile {
  readonly ready: Promise<void>;
  private fd: number | null = null;
  private gathered: string[] = [];
  private gatheredChars = 0;
  /** The bytes being written, until the write has finished, and the file they go to. */
  private writing: Buffer | null = null;
  private writingTo: number | null = null;
  /** The file before a reopen, closed once the write under way on it has finished. */
  private closeWhenWritten: number | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly reportFailure: (message: string) => void;

  constructor(
    private readonly file: string,
    private readonly options: LogFileOptions,
  ) {
    this.reportFailure = options.reportFailure ?? reportToStderr;
    this.ready = new Promise<void>((resolve, reject) => {
      try {
        mkdirSync(path.dirname(file), { recursive: true });
      } catch (error) {
        reject(error as Error);
        return;
      }
      open(file, 'a', (error, fd) => {
        if (error) return reject(error);
        this.fd = fd;
        this.writeOut();
        resolve();
      });
    });
  }

  /** Called by the logger with one whole line, newline included. */
  write(line: string): void {
    this.gathered.push(line);
    this.gatheredChars += line.length;
    if (this.gatheredChars >= this.options.gatherChars) this.writeOut();
    else this.flushSoon();
  }

  /**
   * Writes what is gathered now, the process's last act before it exits. A write already handed to
   * the thread pool is not written again (it has nearly always landed by then; twice would be worse).
   */
  flushSync(): void {
    if (this.fd === null) return;
    const bytes = this.take();
    if (bytes) this.writeAllSync(bytes);
  }

  /** Opens the file again by its name, after logrotate moved the old one away (SIGHUP). */
  reopen(): void {
    let fd: number;
    try {
      fd = openSync(this.file, 'a');
    } catch (error) {
      this.reportFailure(`log file ${this.file} could not be opened again: ${(error as Error).message}`);
      return;
    }
    const previous = this.fd;
    this.fd = fd;
    if (previous === null) return;
    if (this.writing && this.writingTo === previous) this.closeWhenWritten = previous;
    else closeSync(previous);
  }

  /** Lines gathered under the gathering size are written after the flush delay at the latest. */
  private flushSoon(): void {
    this.flushTimer ??= setTimeout(this.flushLater, this.options.flushAfterMs).unref();
  }

  private notWritten(bytes: Buffer, error: Error): void {
    this.reportFailure(`${bytes.length} bytes of log lines not written to ${this.file}: ${error.message}`);
  }

  private readonly flushLater = () => {
    this.flushTimer = null;
    this.writeOut();
  };

  private take(): Buffer | null {
    if (this.gathered.length === 0) return null;
    const bytes = Buffer.from(this.gathered.join(''));
    this.gathered = [];
    this.gatheredChars = 0;
    return bytes;
  }

  private writeOut(): void {
    if (this.writing || this.fd === null) return;
    const bytes = this.take();
    if (!bytes) return;
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = null;
    }
    this.writing = bytes;
    this.writingTo = this.fd;
    this.writeFrom(this.fd, bytes, 0);
  }

  private writeFrom(fd: number, bytes: Buffer, offset: number): void {
    write(fd, bytes, offset, bytes.length - offset, null, (error, written) => {
      if (!error && offset + written < bytes.length) return this.writeFrom(fd, bytes, offset + written);
      if (error) this.notWritten(bytes, error);
      this.writing = null;
      this.writingTo = null;
      if (this.closeWhenWritten !== null) {
        closeSync(this.closeWhenWritten);
        this.closeWhenWritten = null;
      }
      if (this.gatheredChars >= this.options.gatherChars) this.writeOut();
      else if (this.gathered.length > 0) this.flushSoon();
    });
  }

  private writeAllSync(bytes: Buffer): void {
    try {
      for (let offset = 0; offset < bytes.length;) offset += writeSync(this.fd!, bytes, offset);
    } catch (error) {
      this.notWritten(bytes, error as Error);
    }
  }
}
