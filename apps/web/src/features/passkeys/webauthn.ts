import type { PasskeyAuthenticationBody, PasskeyRegistrationBody } from '@market/contracts';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';

/**
 * What the person reads when the browser would not make or use a passkey. The browser says
 * NotAllowedError alike for a cancel, a timeout and no matching passkey, on purpose: no site may
 * learn which, so neither do we.
 */
export function browserRefusal(error: unknown, ceremony: 'create' | 'get'): Error {
  const name = error instanceof Error ? error.name : '';
  if (ceremony === 'create') {
    if (name === 'InvalidStateError') return new Error('This device already has a passkey for your account.');
    if (name === 'NotAllowedError' || name === 'AbortError')
      return new Error('The passkey was not created: the browser was cancelled or timed out.');
    return new Error('The passkey was not created: this browser or device could not make one.');
  }
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return new Error(
      'No passkey was used: the browser was cancelled, timed out, or has no passkey for this site. Sign in with your email and password instead.',
    );
  }
  return new Error('This browser could not use a passkey. Sign in with your email and password instead.');
}

/** Only the fields the server's schema knows: a browser may add extension outputs we never asked for. */
export function registrationBody(credential: RegistrationResponseJSON): PasskeyRegistrationBody {
  const { response } = credential;
  return {
    response: {
      id: credential.id,
      rawId: credential.rawId,
      type: 'public-key',
      ...(credential.authenticatorAttachment ? { authenticatorAttachment: credential.authenticatorAttachment } : {}),
      clientExtensionResults: knownExtensions(credential.clientExtensionResults),
      response: {
        clientDataJSON: response.clientDataJSON,
        attestationObject: response.attestationObject,
        ...(response.authenticatorData ? { authenticatorData: response.authenticatorData } : {}),
        ...(response.transports ? { transports: response.transports as never } : {}),
        ...(response.publicKeyAlgorithm !== undefined ? { publicKeyAlgorithm: response.publicKeyAlgorithm } : {}),
        ...(response.publicKey ? { publicKey: response.publicKey } : {}),
      },
    },
  };
}

export function authenticationBody(assertion: AuthenticationResponseJSON): PasskeyAuthenticationBody {
  const { response } = assertion;
  return {
    response: {
      id: assertion.id,
      rawId: assertion.rawId,
      type: 'public-key',
      ...(assertion.authenticatorAttachment ? { authenticatorAttachment: assertion.authenticatorAttachment } : {}),
      clientExtensionResults: knownExtensions(assertion.clientExtensionResults),
      response: {
        clientDataJSON: response.clientDataJSON,
        authenticatorData: response.authenticatorData,
        signature: response.signature,
        ...(response.userHandle ? { userHandle: response.userHandle } : {}),
      },
    },
  };
}

function knownExtensions(results: unknown): PasskeyRegistrationBody['response']['clientExtensionResults'] {
  const given = (results ?? {}) as { appid?: unknown; credProps?: { rk?: unknown }; hmacCreateSecret?: unknown };
  return {
    ...(typeof given.appid === 'boolean' ? { appid: given.appid } : {}),
    ...(given.credProps && typeof given.credProps === 'object'
      ? { credProps: typeof given.credProps.rk === 'boolean' ? { rk: given.credProps.rk } : {} }
      : {}),
    ...(typeof given.hmacCreateSecret === 'boolean' ? { hmacCreateSecret: given.hmacCreateSecret } : {}),
  };
}
