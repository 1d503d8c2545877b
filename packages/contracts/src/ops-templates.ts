import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import * as R from './routes/ops-templates.ts';
import { formInt } from './fields.ts';
import { landingConfig } from './promotion.ts';

// Landing template history, scheduled publish, unpublish and image upload (role marketing; issue 13 item 5,
// docs/promotion.md "Landing templates"). Every publish is a numbered version; what visitors see is the newest
// version whose `liveFrom` has come (evaluated when the landing is read, no background job).

export {
  LANDING_IMAGE_PREFIX,
  LANDING_STATES,
  MAX_SCHEDULE_DAYS,
  PROMOTION_ENDED_CODE,
  type LandingState,
} from './routes/ops-templates.ts';
export {
  LANDING_CARD_BACKGROUND,
  WCAG_AA,
  contrastRatio,
  landingContrastFailures,
  type ContrastFailure,
} from './routes/landing-contrast.ts';

/** One field that differs from the previous version: `field` is the config path ('theme.fontColor', 'headline.en'). */
export const templateChange = z.object({ field: z.string(), before: z.string(), after: z.string() });

export const templateVersion = z.object({
  version: z.number().int(),
  /** publish (the draft), revert (an earlier version published again), unpublish (the landing ends; config null). */
  kind: z.enum(['publish', 'revert', 'unpublish']),
  /** For a revert: the version it copied. */
  revertedFrom: z.number().int().nullable(),
  config: landingConfig.nullable(),
  /** When visitors see it: the publish time, or a scheduled time in the future. */
  liveFrom: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** live: what visitors see now; scheduled: liveFrom still ahead; past: replaced since; cancelled: a schedule called off. */
  status: z.enum(['live', 'scheduled', 'past', 'cancelled']),
  /** Against the previous version (by number, cancelled ones skipped); for the first version every field. */
  changes: z.array(templateChange),
});
export type TemplateVersion = z.infer<typeof templateVersion>;

/** Newest first. */
export const opsTemplateVersions = endpoint(R.opsTemplateVersions, {
  request: z.object({ id: formInt() }),
  response: z.object({
    id: z.number().int(),
    state: z.enum(R.LANDING_STATES),
    liveVersion: z.number().int().nullable(),
    items: z.array(templateVersion),
  }),
});

/** The saved draft becomes a version that visitors see from `at` (ISO 8601, in the future, ≤ MAX_SCHEDULE_DAYS ahead). */
export const opsTemplateSchedule = endpoint(R.opsTemplateSchedule, {
  request: z.object({ id: formInt(), at: z.string().trim().min(1).max(40) }),
  response: z.object({ id: z.number().int(), version: z.number().int(), liveFrom: z.string() }),
});

/** Calls off a scheduled version that is not live yet. */
export const opsTemplateCancelSchedule = endpoint(R.opsTemplateCancelSchedule, {
  request: z.object({ id: formInt(), version: formInt() }),
  response: z.object({ id: z.number().int(), version: z.number().int() }),
});

/**
 * Takes an earlier version's config back: as the draft only (`publish` false; visitors see no change), or also
 * published at once as a new version (same checks as a publish).
 */
export const opsTemplateRevert = endpoint(R.opsTemplateRevert, {
  request: z.object({ id: formInt(), version: formInt(), publish: z.boolean().default(false) }),
  response: z.object({ id: z.number().int(), version: z.number().int().nullable(), updatedAt: z.string() }),
});

/** Visitors see "this promotion has ended" from now on (a version without config); the draft stays. */
export const opsTemplateUnpublish = endpoint(R.opsTemplateUnpublish, {
  request: z.object({ id: formInt() }),
  response: z.object({ id: z.number().int(), version: z.number().int() }),
});

/** Multipart field `image`: re-encoded (JPEG, or WebP with transparency) and stored; `url` is a same-origin path. */
export const opsTemplateUploadImage = endpoint(R.opsTemplateUploadImage, {
  request: z.object({}),
  response: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
