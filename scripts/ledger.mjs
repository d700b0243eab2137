// `npm run ledger -- check`: the ledger check of apps/server/src/ledger-cli.ts, built first if needed.
import path from 'node:path';
import { installIfNeeded, root, run, runOnSupportedNode } from './lib.mjs';

await runOnSupportedNode();
try {
  await installIfNeeded();
  await run('npx', ['tsc', '-b', 'apps/server']);
  await run(process.execPath, [path.join(root, 'apps/server/dist/ledger-cli.js'), ...process.argv.slice(2)], { cwd: process.cwd() });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
