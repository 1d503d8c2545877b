import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from './setup.ts';

/** The demo logo is the shell's /favicon.svg, and publish checks that it loads (issue 13 item 5): the test shell gets one. */
export function withShellIcon(_app: unknown, ctx: TestContext): void {
  writeFileSync(join(ctx.shellDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
}
