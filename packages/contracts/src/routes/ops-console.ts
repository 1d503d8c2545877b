import { route } from './route.ts';

// The support console's API (issue 13 item 1 and 3): the queue of complaints and contact messages, an item's
// detail, assignment, internal notes, the audit trail, public holidays, and the marketing site's contact form.
// Every /ops/api/console/* call needs a support operator's bearer token (401 without, 403 for another role).

/** What the queue lists: a borrower's complaint, or a message sent through the marketing site's contact forms. */
export const OPS_ITEM_KINDS = ['complaint', 'contact'] as const;
export type OpsItemKind = (typeof OPS_ITEM_KINDS)[number];

/** processing = waiting for an answer (contact: open), processed = answered (contact: closed). */
export const OPS_ITEM_STATES = ['processing', 'processed'] as const;
export type OpsItemState = (typeof OPS_ITEM_STATES)[number];

/** The two marketing forms (spec 2.2): the home page's footer form and /Contact. */
export const CONTACT_SOURCES = ['home', 'contact'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/** Every action the audit trail records. */
export const OPS_AUDIT_ACTIONS = [
  'assign',
  'unassign',
  'note',
  'answer',
  'contact_close',
  'holiday_add',
  'holiday_remove',
  // Money actions (issue 34): written in the transaction of the change.
  'fund_apply',
  'fund_refund',
  'callback_resolve',
  // Operator accounts (issue 34 item 2): `pnpm ops:user` and a password change, in the transaction of the change.
  'account_add',
  'account_disable',
  'account_reset',
  'account_unlock',
  'account_password',
] as const;
export type OpsAuditAction = (typeof OPS_AUDIT_ACTIONS)[number];
/** What an audit row is about: a queue item, the holidays, a held fund, a callback we could not match. */
export const OPS_AUDIT_KINDS = [...OPS_ITEM_KINDS, 'holiday', 'fund', 'callback', 'account'] as const;
export type OpsAuditKind = (typeof OPS_AUDIT_KINDS)[number];

/** The promise to the borrower: an answer within this many working days (Mon-Fri, minus public holidays). */
export const OPS_DUE_WORKING_DAYS = 3;
/** Working days and holidays are dates in this zone (the product's timezone, spec 9). */
export const OPS_TIMEZONE = 'Asia/Jakarta';

/** Lengths the contact form and the API share (the API checks them again). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_PHONE_DIGITS = { min: 6, max: 15 } as const;
export const CONTACT_MESSAGE_MAX = 1000;

export const opsConsoleQueue = route('opsConsoleQueue', 'GET', '/ops/api/console/queue');
export const opsConsoleComplaint = route('opsConsoleComplaint', 'GET', '/ops/api/console/complaint');
export const opsConsoleContact = route('opsConsoleContact', 'GET', '/ops/api/console/contact');
export const opsConsoleOperators = route('opsConsoleOperators', 'GET', '/ops/api/console/operators');
export const opsConsoleProblemTypes = route('opsConsoleProblemTypes', 'GET', '/ops/api/console/problem-types');
export const opsConsoleAssign = route('opsConsoleAssign', 'POST', '/ops/api/console/assign');
export const opsConsoleAddNote = route('opsConsoleAddNote', 'POST', '/ops/api/console/notes');
export const opsConsoleAudit = route('opsConsoleAudit', 'GET', '/ops/api/console/audit');
export const opsConsoleCloseContact = route('opsConsoleCloseContact', 'POST', '/ops/api/console/contact/close');
export const opsHolidayList = route('opsHolidayList', 'GET', '/ops/api/console/holidays');
export const opsHolidayAdd = route('opsHolidayAdd', 'POST', '/ops/api/console/holidays/add');
export const opsHolidayRemove = route('opsHolidayRemove', 'POST', '/ops/api/console/holidays/remove');

/**
 * `GET <prefix><photo id>` with `Authorization: Bearer <token>` answers the photo's bytes (the console fetches
 * it as a blob; no signed link). Every photo URL the console API answers (`images`, `disposeImages`) starts so.
 */
export const OPS_CONSOLE_PHOTO_PREFIX = '/ops/api/console/photo/';

/** Public (no session): the marketing site's contact forms. */
export const contactMessageSend = route('contactMessageSend', 'POST', '/api/contact-messages');
