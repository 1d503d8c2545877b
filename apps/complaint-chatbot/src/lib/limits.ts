import { QA_VALUE_MAX_CHARS } from '@lendview/contracts/routes';

/** Numbers of spec 4.1, 4.2, 5 and 9. The ones the server checks too come from @lendview/contracts/routes. */
export { COLLECTION_TYPE, COMPLAINT_MAX_CHARS, COMPLAINT_MAX_IMAGES, QA_ACTION_COMPLAINT, QA_RECORD } from '@lendview/contracts/routes';

/** Spec 4.2 / 9: stars under this show the server's message; this many or more call the native rating. */
export const HIGH_RATING = 4;
/** Spec 4.1 / 9: the success modal shows this long before going back to the complaint entry. */
export const SUCCESS_MODAL_MS = 1500;
/** Spec 2.4 / 9: the detail rating dialog appears this long after the detail has loaded. */
export const RATING_DELAY_MS = 3000;
/** qa-record: the value of a record (the borrower's chat text) is at most 200 characters. */
export const CHAT_MAX_CHARS = QA_VALUE_MAX_CHARS;
