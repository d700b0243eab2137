import { describe, expect, it } from 'vitest';
import { PasswordHasher } from './password.js';

describe('PasswordHasher', () => {
  it('writes its cost into each hash, so a password hashed at one cost still verifies after the cost is raised', async () => {
    const stored = await new PasswordHasher(1024).hash('correct horse battery');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);

    const raised = new PasswordHasher(16384);
    expect(await raised.verify('correct horse battery', stored)).toBe(true);
    expect(await raised.verify('correct horse batterY', stored)).toBe(false);
    expect((await raised.hash('correct horse battery')).split('$')[1]).toBe('16384');
  });

  it('refuses a stored value that is not one of its hashes', async () => {
    const hasher = new PasswordHasher(1024);
    expect(await hasher.verify('anything', '')).toBe(false);
    expect(await hasher.verify('anything', 'bcrypt$2b$10$abc')).toBe(false);
  });

  it('hashes the decoy once, at its own cost', async () => {
    const hasher = new PasswordHasher(2048);
    const decoy = await hasher.decoy();
    expect(await hasher.decoy()).toBe(decoy);
    expect(decoy.split('$')[1]).toBe('2048');
  });
});
