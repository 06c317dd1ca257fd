// `npm run backup` and `npm run restore`: the server's built command, never a new build. The
// operator's installation runs that build, and rebuilding next to a running server would
// change what it serves.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [name, ...args] = process.argv.slice(2);
const command = fileURLToPath(new URL(`../apps/server/dist/cli/${name}.js`, import.meta.url));
if (!existsSync(command)) {
  console.error(
    `${command} is missing: this checkout has no build. Run npm run build once (the server's own build, the one npm start runs), then npm run ${name} again.`,
  );
  process.exit(1);
}
const { status } = spawnSync(process.execPath, [command, ...args], { stdio: 'inherit' });
process.exit(status ?? 1);
