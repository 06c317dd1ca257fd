/**
 * Refuses to start on a Node older than the LTS line the project pins in node_modules/.bin.
 * npm scripts put that Node first on PATH; running a built file with the machine's own older Node
 * would otherwise fail later on a missing runtime feature, far from the cause.
 */
const REQUIRED_MAJOR = 24;

const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_MAJOR) {
  // As one JSON line, like every line of the log (the logger is not loaded this early).
  const msg =
    `Keyhaven needs Node ${REQUIRED_MAJOR} or later; this is Node ${process.versions.node}. ` +
    'Start it through npm (npm start, npm run seed, npm test), which runs the Node the project installs in node_modules/.bin.';
  process.stderr.write(
    `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg })}\n`,
  );
  process.exit(1);
}
