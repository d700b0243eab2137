// `npm start`: install what is missing, build, then run the server, which migrates,
// loads the demo data into an empty database and serves SPA + API.
import { spawn } from 'node:child_process';
import { buildIfNeeded, installIfNeeded, onParentGone, root, runOnSupportedNode } from './lib.mjs';

await runOnSupportedNode();
await installIfNeeded();
await buildIfNeeded();

const server = spawn(process.execPath, ['apps/server/dist/index.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
onParentGone(() => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
