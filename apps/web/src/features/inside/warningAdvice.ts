import type { SellerWarning } from '@market/contracts';

/** What a seller does about each kind of secret found, so the warning ends in an action. */
export function warningAdvice({ kind, path }: SellerWarning): string {
  switch (kind) {
    case 'Private key':
      return `Remove ${path}, replace the key (every buyer would get a copy) and upload a new version`;
    case 'Android keystore':
      return `Remove ${path} and upload a new version; keep your signing keystore out of the archive`;
    case 'iOS signing file':
      return `Remove ${path} and upload a new version; buyers sign with their own certificates`;
    case 'API key':
      return `Take the key out of ${path}, revoke it with its provider and upload a new version`;
    case 'Environment file':
      return `Remove ${path} (ship an example file without values instead) and upload a new version`;
  }
}
