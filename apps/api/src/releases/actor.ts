import { hostname, userInfo } from 'node:os';
import { processEnv } from '../env.ts';

/** Who releases: RELEASED_BY when set (CI: the pipeline and commit), else user@host. */
export function actorOf(env: NodeJS.ProcessEnv = processEnv()): string {
  const given = env.RELEASED_BY?.trim();
  if (given) return given.slice(0, 200);
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry in some containers
  }
  return `${user}@${hostname()}`;
}
