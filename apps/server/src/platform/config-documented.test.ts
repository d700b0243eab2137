import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from './config.js';

const repositoryFile = (name: string) => readFileSync(new URL(`../../../../${name}`, import.meta.url), 'utf8');

describe('the environment variables the server reads', () => {
  it('are each listed in .env.example, set or commented out', () => {
    const example = repositoryFile('.env.example');
    const missing = ENVIRONMENT_VARIABLES.filter((name) => !new RegExp(`^(# )?${name}=`, 'm').test(example));
    expect(missing).toEqual([]);
  });

  it('are each explained in README.md', () => {
    const readme = repositoryFile('README.md');
    expect(ENVIRONMENT_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
