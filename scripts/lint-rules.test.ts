import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** Runs a tool; resolves to its exit code and output, never rejects. */
function runTool(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

let sandbox = '';

/** A folder holding the repository's own lint and format configs, with the given files in it. */
function sandboxWith(files: Record<string, string>): string {
  sandbox = mkdtempSync(path.join(tmpdir(), 'lint-rules-'));
  for (const config of ['.oxlintrc.json', '.prettierrc.json']) copyFileSync(path.join(root, config), path.join(sandbox, config));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(sandbox, name)), { recursive: true });
    writeFileSync(path.join(sandbox, name), text);
  }
  return sandbox;
}

afterEach(() => rmSync(sandbox, { recursive: true, force: true }));

const oxlint = (cwd: string, file: string) => runTool(bin('oxlint'), ['-c', '.oxlintrc.json', '--deny-warnings', file], cwd);
const check = (cwd: string, file: string) => runTool(bin('prettier'), ['--check', file], cwd);

describe('the import rules of npm run lint', () => {
  it('refuse a shared component that imports a feature', async () => {
    const file = 'apps/web/src/components/Probe.tsx';
    const cwd = sandboxWith({ [file]: "import { useSession } from '@/features/auth';\n\nexport const probe = useSession;\n" });
    const result = await oxlint(cwd, file);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('components/ is shared UI');
  });

  it('let a page import a feature through its index', async () => {
    const file = 'apps/web/src/pages/Probe.tsx';
    const cwd = sandboxWith({ [file]: "import { useSession } from '@/features/auth';\n\nexport const probe = useSession;\n" });
    expect((await oxlint(cwd, file)).code).toBe(0);
  });

  it('refuse a feature reaching into a file of another feature', async () => {
    const file = 'apps/web/src/features/cart/Probe.tsx';
    const cwd = sandboxWith({ [file]: "import { useSession } from '@/features/auth/api/session';\n\nexport const probe = useSession;\n" });
    const result = await oxlint(cwd, file);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('import it through its index');
  });
});

describe('the format check of npm run lint', () => {
  it('fails on a file Prettier would change', async () => {
    const cwd = sandboxWith({ 'probe.ts': 'export const answer = {value:42,unit:"none"}\n' });
    expect((await check(cwd, 'probe.ts')).code).not.toBe(0);
  });

  it('passes the same code written the way Prettier writes it', async () => {
    const cwd = sandboxWith({ 'probe.ts': "export const answer = { value: 42, unit: 'none' };\n" });
    expect((await check(cwd, 'probe.ts')).code).toBe(0);
  });
});
