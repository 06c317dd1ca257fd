import { PGlite } from '@electric-sql/pglite';

/*
 * Creates an empty embedded database cluster (PostgreSQL's initdb) in the directory given as the
 * only argument, then exits. The server runs this in a process of its own on first start: initdb
 * loads a second PostgreSQL and its own program into memory, and what it leaves behind would
 * stay in the server for as long as it runs.
 */
const dataDir = process.argv[2];
if (!dataDir) {
  console.error('Usage: pglite-init <data directory>');
  process.exit(2);
}
const cluster = await PGlite.create({ dataDir });
await cluster.close();
