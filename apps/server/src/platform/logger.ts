import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.js';
import { LogFile } from './log-file.js';

/** Never written to a log, whoever logs the request or answer: sessions, credentials. */
const REDACTED = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/**
 * Characters of log lines gathered before one write to LOG_FILE: an access line per request written on
 * its own was a write system call per request, a large share of a cached read's cost (docs/decisions/0021).
 */
const LOG_FILE_GATHER_CHARS = 4096;
/** A quiet instance's lines are in LOG_FILE within a second, for whoever follows it with `tail -f`. */
const LOG_FILE_FLUSH_AFTER_MS = 1000;

/**
 * The process's one logger: the app's requests log through it (each line with its request id, see
 * http/request-log.ts), and so do the services, the background jobs and the start.
 */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  return destination ? pino({ level, redact: REDACTED }, destination) : pino({ level, redact: REDACTED });
}

export interface ProcessLog {
  log: Logger;
  /** Writes out the lines still gathered (LOG_FILE); call it last before the process exits. */
  flush(): void;
  /** Settles once LOG_FILE is open (at once for stdout); rejects when it cannot be opened. */
  ready: Promise<void>;
}

/**
 * The logger as the configuration asks: lines to stdout as they come (a supervisor or container
 * runtime collects them), or appended to LOG_FILE in writes of a few KiB (a quiet instance's within
 * a second), off the request's path. Gathered lines are written out on `flush`, on exit, and the file is opened again on SIGHUP
 * (after logrotate moved it).
 */
export function openProcessLog(config: Pick<Config, 'logLevel' | 'logFile'>): ProcessLog {
  if (!config.logFile || config.logLevel === 'silent')
    return { log: createLogger(config.logLevel), flush: () => {}, ready: Promise.resolve() };
  const file = new LogFile(config.logFile, { gatherChars: LOG_FILE_GATHER_CHARS, flushAfterMs: LOG_FILE_FLUSH_AFTER_MS });
  const flush = () => file.flushSync();
  process.once('exit', flush);
  process.on('SIGHUP', () => file.reopen());
  return { log: createLogger(config.logLevel, file), flush, ready: file.ready };
}

export type { Logger };
