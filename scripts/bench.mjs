// `npm run bench`: on a supported Node (scripts/node-runtime.mjs), install and build what changed,
// then the benchmarks of bench/run.mjs with the app configured as production runs it.
import { buildIfNeeded, installIfNeeded, run, runOnSupportedNode } from './lib.mjs';

await runOnSupportedNode();
await installIfNeeded();
await buildIfNeeded();
await run(process.execPath, ['bench/run.mjs', ...process.argv.slice(2)]);
