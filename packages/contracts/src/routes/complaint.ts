import { IDEMPOTENT, route } from './route.ts';

// Complaints and the FAQ chatbot (spec 2.4, 3, 4.1, 4.2, 5, 7.2, 8, 9).

/** Spec 5 / 9. */
export const COMPLAINT_MAX_CHARS = 200;
export const COMPLAINT_MAX_IMAGES = 9;
/** Spec 2.4: type value 1 is collection, which has sub-types and needs an order whose isShow is 1. */
export const COLLECTION_TYPE = 1;
/** Spec 4.2: QA record types. */
export const QA_RECORD = { toComplaint: 1, resolved: 2, stars: 3, freeText: 4 } as const;
/** Spec 4.2: an answer item with this action_type goes to the complaint form. */
export const QA_ACTION_COMPLAINT = 4;
/** qa-record: the value of a record (the borrower's chat text) is at most this many characters. */
export const QA_VALUE_MAX_CHARS = 200;
/** Multipart field of upload-problem-img. */
export const PROBLEM_IMAGE_FIELD = 'problemImage';

/** A client idempotency key: 8-128 characters of [A-Za-z0-9_-] (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const problemInit = route('problemInit', 'POST', '/user-problem/problem-init');
/** The newer variant (complaint grid). */
export const problemInitV3 = route('problemInitV3', 'POST', '/h5-api/v3/user-problem/problem-init');
export const getQaList = route('getQaList', 'GET', '/h5-api/v3/user-problem/get-qa-list');
export const qaRecord = route('qaRecord', 'POST', '/h5-api/v3/user-problem/qa-record');
/** Multipart, field PROBLEM_IMAGE_FIELD. */
export const uploadProblemImg = route('uploadProblemImg', 'POST', '/user-problem/upload-problem-img');
export const problemSave = route('problemSave', 'POST', '/user-problem/problem-save');
export const problemList = route('problemList', 'POST', '/user-problem/problem-list');
export const problemDetail = route('problemDetail', 'POST', '/user-problem/problem-detail');
export const saveScore = route('saveScore', 'POST', '/user-problem/save-score', '00', IDEMPOTENT);
