import { route } from './route.ts';

// The landing editor's history, schedule, unpublish and image upload (issue 13 item 5; docs/promotion.md). The
// first five template endpoints (list, detail, create, save, publish) are in ./ops.ts. Role marketing only.

export const opsTemplateVersions = route('opsTemplateVersions', 'GET', '/ops/api/templates/versions');
export const opsTemplateSchedule = route('opsTemplateSchedule', 'POST', '/ops/api/templates/schedule');
export const opsTemplateCancelSchedule = route('opsTemplateCancelSchedule', 'POST', '/ops/api/templates/cancel-schedule');
export const opsTemplateRevert = route('opsTemplateRevert', 'POST', '/ops/api/templates/revert');
export const opsTemplateUnpublish = route('opsTemplateUnpublish', 'POST', '/ops/api/templates/unpublish');
/** Multipart, one file in the field `image` (JPEG, PNG or WebP); answers the same-origin URL to put in logo / heroImage. */
export const opsTemplateUploadImage = route('opsTemplateUploadImage', 'POST', '/ops/api/templates/upload-image');

/** Where uploaded landing images are served from (our origin, so the page's CSP img-src 'self' loads them). */
export const LANDING_IMAGE_PREFIX = '/landing/img/';

/** What a landing answers for a template: never published, published (a version is live), or unpublished. */
export const LANDING_STATES = ['never', 'live', 'ended'] as const;
export type LandingState = (typeof LANDING_STATES)[number];

/** The channel-template failure code of an unpublished template: the page shows "this promotion has ended". */
export const PROMOTION_ENDED_CODE = 'PROMOTION_ENDED';

/** A scheduled publish may be at most this far ahead. */
export const MAX_SCHEDULE_DAYS = 366;
