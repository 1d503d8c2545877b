#!/usr/bin/env node
// `pnpm remotes [--json]`: every app (the remotes and the shell), the version live now, every published version
// and when it last went live. `pnpm remotes import [DIR]`: bring a releases folder of the old layout into the
// database and the storage. docs/releasing.md.
import { releaseCommand } from './lib/releases.mjs';

releaseCommand('list');
