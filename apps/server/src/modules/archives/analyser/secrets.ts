import type { SellerWarning } from '@market/contracts';
import { baseName } from './text-files.js';

/** `.env`, `.env.production`…; `.env.example` and its kin hold no values by intent. */
export const isEnvironmentFile = (path: string) => {
  const name = baseName(path).toLowerCase();
  return /^\.env(\..+)?$/.test(name) && !/\.(example|sample|template|dist|defaults?)$/.test(name);
};

/** Properties files where Android builds keep their signing passwords. */
const isSigningProperties = (path: string) => /^(gradle|key|keystore|signing|local)\.properties$/i.test(baseName(path));

/** Files that are secrets by their kind, whatever they hold. */
export function warningForName(path: string): SellerWarning | null {
  const name = baseName(path).toLowerCase();
  // The Android SDK's debug keystore (React Native's template ships one) has a published password.
  if (/\.(jks|keystore)$/.test(name) && name !== 'debug.keystore')
    return { kind: 'Android keystore', path, detail: 'An Android signing keystore' };
  if (/\.(p12|mobileprovision)$/.test(name))
    return { kind: 'iOS signing file', path, detail: 'An iOS signing certificate or provisioning profile' };
  return null;
}

/**
 * Keys by their shape. Secret ones must be revoked with their provider, since every buyer gets a
 * copy; Google's browser and Firebase keys ship inside every app anyway and are restricted instead.
 */
const PATTERNS: ReadonlyArray<{ kind: SellerWarning['kind']; what: string; pattern: RegExp }> = [
  { kind: 'Private key', what: 'A PEM private key', pattern: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----/ },
  { kind: 'API key', what: 'An AWS access key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { kind: 'API key', what: 'A Stripe live secret key', pattern: /\b[rs]k_live_[0-9A-Za-z]{20,}\b/ },
  { kind: 'API key', what: 'A Stripe test secret key', pattern: /\bsk_test_(?![xX0]{10})[0-9A-Za-z]{24,}\b/ },
  { kind: 'API key', what: 'A GitHub token', pattern: /\b(?:gh[pousr]_[0-9A-Za-z]{36}|github_pat_[0-9A-Za-z_]{60,})\b/ },
  { kind: 'API key', what: 'A Slack token', pattern: /\bxox[abprs]-[0-9A-Za-z]{10,}-[0-9A-Za-z-]{10,}/ },
  { kind: 'API key', what: 'A SendGrid API key', pattern: /\bSG\.[\w-]{22}\.[\w-]{43}\b/ },
  { kind: 'API key', what: 'An OpenAI API key', pattern: /\bsk-(?:proj-)?[0-9A-Za-z_-]{20,}T3BlbkFJ[0-9A-Za-z_-]{20,}/ },
  { kind: 'Client key', what: 'A Google API key (Firebase, Maps)', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
];

/** Secrets written into a text file; each warning names the line (and the setting), never the secret. */
export function warningsInText(path: string, text: string): SellerWarning[] {
  const warnings: SellerWarning[] = [];
  for (const { kind, what, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    warnings.push({ kind, path, detail: `${what} on line ${lineAt(text, match.index)}` });
  }
  if (isEnvironmentFile(path)) warnings.push(...environmentWarnings(path, text));
  if (isSigningProperties(path)) warnings.push(...signingPasswords(path, text));
  else if (/\.gradle(\.kts)?$/.test(path)) warnings.push(...gradleSigningPasswords(path, text));
  return warnings;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Settings whose name says they hold a secret. */
const SECRET_NAME = /(secret|token|passw(or)?d|passwd|pwd|private|api_?key|access_?key|auth|credential|dsn|signing_?key|client_?key)/i;
/** Values that stand for a value rather than being one. */
const PLACEHOLDER =
  /^(|x+|\*+|\.+|-+|0+|null|none|nil|undefined|true|false|todo|tbd|changeme|change_me|replace_?me|secret|password|example|sample|placeholder|dummy|test|demo|foo|bar|your[_-].*|my[_-].*|<.*>|\[.*\]|\{.*\}|\$\{.*\}|\$\(.*\)|%.*%|\.\.\..*|.*(example|placeholder|your_|[_-]here\b|xxxx|\*\*\*).*)$/i;
const MIN_SECRET_CHARACTERS = 8;

const isRealValue = (value: string) =>
  value.length >= MIN_SECRET_CHARACTERS && !PLACEHOLDER.test(value) && !/^(.)\1+$/.test(value) && !/^\$[A-Za-z_]/.test(value);

/**
 * An environment file is worth a warning only for a setting named like a secret holding a real
 * value (or a URL with a password in it); one with scheme names or template placeholders is not.
 */
function environmentWarnings(path: string, text: string): SellerWarning[] {
  const secrets: Array<{ name: string; line: number }> = [];
  for (const [index, line] of text.split('\n').entries()) {
    const setting = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (!setting) continue;
    const [, name, raw] = setting as unknown as [string, string, string];
    const value = raw.replace(/\s+#.*$/, '').replace(/^(['"])(.*)\1$/, '$2');
    const urlPassword = /^[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:([^@\s]+)@/i.exec(value)?.[1];
    if ((SECRET_NAME.test(name) && isRealValue(value)) || (urlPassword !== undefined && isRealValue(urlPassword))) {
      secrets.push({ name, line: index + 1 });
    }
  }
  if (secrets.length === 0) return [];
  const named = secrets
    .slice(0, 3)
    .map(({ name, line }) => `${name} (line ${line})`)
    .join(', ');
  const more = secrets.length > 3 ? ` and ${secrets.length - 3} more` : '';
  return [{ kind: 'Environment file', path, detail: `An environment file with values for ${named}${more}` }];
}

/** `storePassword=…`, `RELEASE_KEY_PASSWORD=…`, `android.injected.signing.store.password=…`. */
const SIGNING_SETTING = /^\s*([A-Za-z0-9_.-]*(?:store|key|signing)[A-Za-z0-9_.-]*?pass(?:word)?[A-Za-z0-9_.-]*)\s*[=:]\s*(.*?)\s*$/i;

function signingPasswords(path: string, text: string): SellerWarning[] {
  const found: string[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    const setting = SIGNING_SETTING.exec(line);
    if (setting && isSigningValue(setting[2]!)) found.push(`${setting[1]} (line ${index + 1})`);
  }
  return found.length === 0 ? [] : [{ kind: 'Signing password', path, detail: `A signing password in ${found.slice(0, 3).join(', ')}` }];
}

/** Any non-placeholder password will do here: signing passwords are often short. "android" is the debug keystore's, published. */
const isSigningValue = (value: string) => {
  const plain = value.replace(/^(['"])(.*)\1$/, '$2');
  return plain.length > 0 && !PLACEHOLDER.test(plain) && !plain.startsWith('$') && plain !== 'android';
};

/** `storePassword "android"` or `storePassword = "…"` written into a build script, not read from elsewhere. */
function gradleSigningPasswords(path: string, text: string): SellerWarning[] {
  const found: string[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    const literal = /^\s*(storePassword|keyPassword)\s*(?:=\s*)?["']([^"'$]*)["']\s*$/.exec(line);
    if (literal && isSigningValue(literal[2]!)) found.push(`${literal[1]} (line ${index + 1})`);
  }
  return found.length === 0 ? [] : [{ kind: 'Signing password', path, detail: `A signing password in ${found.slice(0, 3).join(', ')}` }];
}
