/**
 * Numbers of spec 4.1, 4.2, 5 and 9. The first five are copies of @lendview/contracts values (importing a value
 * from contracts would pull zod into the page); __tests__/contract.test.ts checks that they agree.
 */

/** Spec 5 / 9: complaint text cap. */
export const COMPLAINT_MAX_CHARS = 200;
/** Spec 5 / 9: photos per complaint. */
export const COMPLAINT_MAX_IMAGES = 9;
/** Spec 2.4: type value 1 is collection: it has sub-types and needs an order whose isShow is 1. */
export const COLLECTION_TYPE = 1;
/** Spec 4.2: QA record types. */
export const QA_RECORD = { toComplaint: 1, resolved: 2, stars: 3, freeText: 4 } as const;
/** Spec 4.2: an answer item with this action_type goes to the complaint form. */
export const QA_ACTION_COMPLAINT = 4;

/** Spec 4.2 / 9: stars under this show the server's message; this many or more call the native rating. */
export const HIGH_RATING = 4;
/** Spec 4.1 / 9: the success modal shows this long before going back to the complaint entry. */
export const SUCCESS_MODAL_MS = 1500;
/** Spec 2.4 / 9: the detail rating dialog appears this long after the detail has loaded. */
export const RATING_DELAY_MS = 3000;
/** contracts qaRecord: the value of a record (the borrower's chat text) is at most 200 characters. */
export const CHAT_MAX_CHARS = 200;
