import { describe, expect, it } from 'vitest';
import { checkHost, isForbiddenAddress } from './addresses.js';

const FORBIDDEN = [
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '100.127.255.255',
  '0.0.0.0',
  '0.1.2.3',
  '224.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '[::1]',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:a9fe:a9fe',
  '::127.0.0.1',
  'not an address',
];
const PUBLIC = ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450::1'];

/** A resolver stub: one name with a private address among its public ones. */
const resolve = async (name: string) =>
  name === 'mixed.example'
    ? [
        { address: '93.184.216.34', family: 4 as const },
        { address: '10.0.0.1', family: 4 as const },
      ]
    : [{ address: '93.184.216.34', family: 4 as const }];

describe('which addresses a webhook may reach', () => {
  it('refuses loopback, private, link-local, unique-local, CGNAT, multicast and their IPv4-mapped forms', () => {
    expect(FORBIDDEN.filter((address) => !isForbiddenAddress(address))).toEqual([]);
  });

  it('allows public addresses of both families', () => {
    expect(PUBLIC.filter((address) => isForbiddenAddress(address))).toEqual([]);
  });

  it('refuses a name when any of its addresses is not public, and pins the one it checked', async () => {
    const outcomes = await Promise.all([
      checkHost('mixed.example', false, resolve),
      checkHost('public.example', false, resolve),
      checkHost('mixed.example', true, resolve),
      checkHost('[::1]', false, resolve),
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.address.address : 'refused'))).toEqual([
      'refused',
      '93.184.216.34',
      '93.184.216.34',
      'refused',
    ]);
  });

  it('refuses a name that does not resolve', async () => {
    const outcome = await checkHost('gone.example', false, async () => {
      throw new Error('ENOTFOUND');
    });
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringContaining('could not be resolved') });
  });
});
