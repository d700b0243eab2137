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
      return `Take the key out of ${path}, revoke it with its provider (it is a secret every buyer would get) and upload a new version`;
    case 'Client key':
      return `This key ships inside apps anyway: restrict it to your app in its console, or take it out of ${path} so buyers use their own`;
    case 'Signing password':
      return `Take the password out of ${path} (read it from an environment variable instead), change it and upload a new version`;
    case 'Environment file':
      return `Remove ${path} (ship an example file without values instead), change the secrets it held and upload a new version`;
  }
}
