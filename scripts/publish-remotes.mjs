#!/usr/bin/env node
// What `pnpm start` does before it serves (scripts/serve.mjs): publish every local build, the remotes and the shell,
// and make them live, in the database and storage the server will use (DATA_DIR / DATABASE_URL, RELEASES_DIR or
// --releases DIR). A local build is not a release: it replaces the earlier local build of the same version, never
// a released one. Do not run it against a production database. docs/releasing.md.
// Usage: node scripts/publish-remotes.mjs [--releases DIR]
import { releaseCommand } from './lib/releases.mjs';

releaseCommand('publish-local');
