#!/usr/bin/env node
// `pnpm promote <remote>`: make the remote's running canary the live version (pnpm release <remote> --canary P
// started it; pnpm rollback <remote> ends it instead). docs/releasing.md "Canary".
import { releaseCommand } from './lib/releases.mjs';

releaseCommand('promote');
