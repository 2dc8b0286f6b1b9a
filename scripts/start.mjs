// `npm start`: installs what is missing, builds what changed, then runs the default stack
// (scripts/run-stack.mjs). Everything this file imports before the install is Node's own or ours:
// a package exists only once the install has put it in node_modules, so the stack, which needs
// packages, is loaded after it (scripts/first-commands.test.mjs holds this).
import {
  buildWorkspace,
  checkNode,
  ensurePnpm,
  installWorkspace,
  runCommand,
} from './toolchain.mjs';

checkNode();
console.log(`CRM Sync: installs what is missing, builds what changed, then starts the api (with the
shell), the four remotes and the sandbox. The first run on a fresh machine downloads pnpm and about
730 packages, compiles SQLite and builds eight packages: about 3 minutes on 2 cores. Later runs skip
the install and the builds when nothing changed and start in a few seconds.`);

await runCommand('npm start', async () => {
  const pnpm = ensurePnpm();
  installWorkspace(pnpm);
  buildWorkspace(pnpm);
  const { runStack } = await import('./run-stack.mjs');
  await runStack();
});
