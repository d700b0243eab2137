import type { SellerWarning } from '@market/contracts';
import { baseName } from './engines.js';

/** Files that are secrets by their kind, whatever they hold. */
export function warningForName(path: string): SellerWarning | null {
  const name = baseName(path).toLowerCase();
  if (/\.(jks|keystore)$/.test(name)) return { kind: 'Android keystore', path, detail: 'An Android signing keystore' };
  if (/\.(p12|mobileprovision)$/.test(name))
    return { kind: 'iOS signing file', path, detail: 'An iOS signing certificate or provisioning profile' };
  if (/^\.env(\..+)?$/.test(name) && !/\.(example|sample|template|dist)$/.test(name)) {
    return { kind: 'Environment file', path, detail: 'An environment file, which usually holds passwords and keys' };
  }
  return null;
}

const PATTERNS: ReadonlyArray<{ kind: SellerWarning['kind']; what: string; pattern: RegExp }> = [
  { kind: 'Private key', what: 'A PEM private key', pattern: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----/ },
  { kind: 'API key', what: 'An AWS access key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { kind: 'API key', what: 'A Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { kind: 'API key', what: 'A Stripe live secret key', pattern: /\b[rs]k_live_[0-9A-Za-z]{20,}\b/ },
];

/** Secrets written into a text file; each warning names the line, never the secret. */
export function warningsInText(path: string, text: string): SellerWarning[] {
  const warnings: SellerWarning[] = [];
  for (const { kind, what, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const line = text.slice(0, match.index).split('\n').length;
    warnings.push({ kind, path, detail: `${what} on line ${line}` });
  }
  return warnings;
}
