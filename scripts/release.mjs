#!/usr/bin/env node
// `pnpm release <app>`: build one remote (or the shell), publish it once under its version to the storage, and
// make it live in the database. No restart: every server reads the live versions on every request.
// `pnpm release --help` for the flags; docs/releasing.md.
import { releaseCommand } from './lib/releases.mjs';

releaseCommand('release');
