#!/usr/bin/env node
// `pnpm rollback <app> [version]`: make an already published version live again (without a version: the one
// live before the current one). docs/releasing.md.
import { releaseCommand } from './lib/releases.mjs';

releaseCommand('rollback');
