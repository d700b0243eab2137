import { describe, expect, it } from 'vitest';
import { warningForName, warningsInText } from './secrets.js';

describe('secret warnings that a clean project never gets', () => {
  it.each([
    ['.env', 'APP_SCHEME=mygame\nDEEP_LINK_HOST=example.com\nNODE_ENV=production\n'],
    ['.env', 'API_KEY=your_api_key_here\nSTRIPE_SECRET_KEY=\nJWT_SECRET=<generate one>\nDB_PASSWORD=changeme\n'],
    ['.env.local', 'SENTRY_DSN=${SENTRY_DSN}\nAUTH_TOKEN=xxxxxxxxxxxxxxxx\nDATABASE_URL=postgres://postgres:password@localhost/app\n'],
    ['.env.example', 'STRIPE_SECRET_KEY=sk_live_your_key\nSESSION_SECRET=a-long-random-string-of-your-own\n'],
    [
      'android/gradle.properties',
      'org.gradle.jvmargs=-Xmx2048m\nandroid.useAndroidX=true\nMYAPP_UPLOAD_STORE_PASSWORD=*****\nMYAPP_UPLOAD_KEY_PASSWORD=*****\n',
    ],
    ['android/key.properties', 'storePassword=<password from previous step>\nkeyPassword=<password from previous step>\nkeyAlias=upload\n'],
    [
      'android/app/build.gradle',
      'signingConfigs {\n  debug {\n    storePassword "android"\n    keyPassword "android"\n  }\n  release {\n    storePassword System.getenv("STORE_PASSWORD")\n  }\n}\n',
    ],
  ])('says nothing of %s holding %j', (path, text) => {
    expect(warningsInText(path, text)).toEqual([]);
  });

  it('says nothing of the Android SDK’s debug keystore React Native ships', () => {
    expect(warningForName('android/app/debug.keystore')).toBeNull();
    expect(warningForName('android/app/release.keystore')).toMatchObject({ kind: 'Android keystore' });
  });
});

describe('secret warnings that name the setting and say what to do', () => {
  it('warns of an environment file with real values, naming the settings and lines but never the values', () => {
    const text = 'APP_NAME=Game\nSTRIPE_SECRET_KEY=sk_test_51HqLyjWDarjtT1zdp7dc\nDATABASE_URL=postgres://app:Xk9#pL2vQ8@db.internal/app\n';
    const warnings = warningsInText('server/.env.production', text);
    expect(warnings).toEqual([
      {
        kind: 'Environment file',
        path: 'server/.env.production',
        detail: 'An environment file with values for STRIPE_SECRET_KEY (line 2), DATABASE_URL (line 3)',
      },
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/Xk9|51HqLy/);
  });

  it('finds keystore passwords in gradle.properties, key.properties and a build script', () => {
    expect(
      warningsInText('android/gradle.properties', 'MYAPP_UPLOAD_STORE_PASSWORD=s3cr3t-Upl0ad\nMYAPP_UPLOAD_KEY_PASSWORD=s3cr3t-Upl0ad\n'),
    ).toEqual([
      {
        kind: 'Signing password',
        path: 'android/gradle.properties',
        detail: 'A signing password in MYAPP_UPLOAD_STORE_PASSWORD (line 1), MYAPP_UPLOAD_KEY_PASSWORD (line 2)',
      },
    ]);
    expect(
      warningsInText('android/key.properties', 'storePassword=hunter22\nkeyPassword=hunter22\nkeyAlias=upload\nstoreFile=upload.jks\n'),
    ).toEqual([
      {
        kind: 'Signing password',
        path: 'android/key.properties',
        detail: 'A signing password in storePassword (line 1), keyPassword (line 2)',
      },
    ]);
    expect(warningsInText('app/build.gradle.kts', 'release {\n    storePassword = "Tr0ub4dor&3"\n}\n')).toEqual([
      { kind: 'Signing password', path: 'app/build.gradle.kts', detail: 'A signing password in storePassword (line 2)' },
    ]);
  });

  it('tells a Google client key to restrict from an AWS or Stripe secret to revoke', () => {
    const text = [
      '{ "api_key": [{ "current_key": "AIzaSyDdVgKwhZl0sTTTLZ7iTmt1r3N2cJLnaDk" }] }',
      'aws = "AKIAZ5G4N7XQ2PLM3HRT"',
      'stripe = "sk_live_51HqLyjWDarjtT1zdp7dc0pQe"',
    ].join('\n');
    expect(warningsInText('config/keys.txt', text)).toEqual([
      { kind: 'API key', path: 'config/keys.txt', detail: 'An AWS access key on line 2' },
      { kind: 'API key', path: 'config/keys.txt', detail: 'A Stripe live secret key on line 3' },
      { kind: 'Client key', path: 'config/keys.txt', detail: 'A Google API key (Firebase, Maps) on line 1' },
    ]);
  });
});
