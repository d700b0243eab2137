import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.js';

/** Never written to a log, whoever logs the request or answer: sessions, credentials. */
const REDACTED = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/**
 * Bytes of log lines gathered before one write to LOG_FILE: an access line per request written on its
 * own was a write system call per request, a large share of a cached read's cost (docs/decisions/0021).
 */
const LOG_FILE_BUFFER_BYTES = 4096;

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
 * runtime collects them), or appended to LOG_FILE in writes of a few KiB, off the request's path.
 * Gathered lines are written out on `flush`, on exit, and the file is opened again on SIGHUP
 * (after logrotate moved it).
 */
export function openProcessLog(config: Pick<Config, 'logLevel' | 'logFile'>): ProcessLog {
  if (!config.logFile || config.logLevel === 'silent')
    return { log: createLogger(config.logLevel), flush: () => {}, ready: Promise.resolve() };
  const file = pino.destination({ dest: config.logFile, sync: false, minLength: LOG_FILE_BUFFER_BYTES, mkdir: true, append: true });
  const ready = new Promise<void>((resolve, reject) => {
    file.once('ready', resolve);
    file.once('error', reject);
  });
  const flush = () => {
    try {
      file.flushSync();
    } catch {
      // Not open yet, or already closed: nothing gathered can be written now.
    }
  };
  process.once('exit', flush);
  process.on('SIGHUP', () => file.reopen());
  return { log: createLogger(config.logLevel, file), flush, ready };
}

export type { Logger };
