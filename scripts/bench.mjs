// `npm run bench`: on a supported Node (scripts/node-runtime.mjs), install and build what changed,
// then the benchmarks of bench/run.mjs with the app configured as production runs it.
// `npm run bench -- --help` lists the scenarios; naming some runs only those.
import { parseScenarios, USAGE } from '../bench/scenarios.mjs';
import { buildIfNeeded, installIfNeeded, run, runOnSupportedNode } from './lib.mjs';

const args = process.argv.slice(2);
const parsed = parseScenarios(args);
if (parsed.help) {
  console.log(USAGE);
  process.exit(0);
}
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
await runOnSupportedNode();
await installIfNeeded();
await buildIfNeeded();
await run(process.execPath, ['bench/run.mjs', ...args]);
