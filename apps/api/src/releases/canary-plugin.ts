import fp from 'fastify-plugin';
import { canaryConfigOf, startCanaryJudge, type CanaryConfig, type CanaryJudge } from './canary-judge.ts';
import type { ReleaseServing } from './serving.ts';

/** The judge of each app, by its app.releases (registered inside the static routes' scope: tests reach it here). */
const judges = new WeakMap<ReleaseServing, CanaryJudge>();

export function canaryJudgeOf(releases: ReleaseServing): CanaryJudge | undefined {
  return judges.get(releases);
}

/**
 * Starts the canary's judge with the server (CANARY_CHECK_SECONDS, read and checked at start) and stops it on close.
 * Every canary it rolls back is counted in lendview_canary_rollbacks_total{app} and logged as a warn line (canary-judge.ts).
 */
export const canaryJudgePlugin = fp<{ config?: CanaryConfig }>(
  async (app, opts) => {
    const judge = startCanaryJudge({
      db: app.db,
      log: app.log,
      clock: app.clock,
      storage: app.releaseStorage,
      config: opts.config ?? canaryConfigOf(),
      onEnded: (j) => app.telemetry.metrics.canaryRollbacks.add(1, { app: j.app }),
      // A promote by the judge: as after `pnpm promote` through the release control (control.ts).
      onSwitch: () => {
        app.releases.forget();
        void app.pages.renderer?.warm();
      },
    });
    judges.set(app.releases, judge);
    app.addHook('onClose', async () => judge.stop());
  },
  { name: 'canary-judge' },
);
