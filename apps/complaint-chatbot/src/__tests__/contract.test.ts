import { describe, expect, it } from 'vitest';
import * as C from '@lendview/contracts';
import { GET_QA_LIST_PATH } from '../api/get-qa-list.ts';
import { PROBLEM_DETAIL_PATH } from '../api/problem-detail.ts';
import { PROBLEM_INIT_PATH } from '../api/problem-init.ts';
import { PROBLEM_INIT_V3_PATH } from '../api/problem-init-v3.ts';
import { PROBLEM_LIST_PATH } from '../api/problem-list.ts';
import { PROBLEM_SAVE_PATH } from '../api/problem-save.ts';
import { QA_RECORD_PATH } from '../api/qa-record.ts';
import { SAVE_SCORE_PATH } from '../api/save-score.ts';
import { UPLOAD_PROBLEM_IMG_PATH } from '../api/upload-problem-img.ts';
import * as L from '../lib/limits.ts';
import * as F from '../test/fixtures.ts';

// The remote imports only types from @lendview/contracts (values would bring zod into the page); this test
// (where zod is fine) checks the copies against the contract, and the test fixtures against its schemas.
describe('agrees with packages/contracts/src/complaint.ts', () => {
  it('copies its constants', () => {
    expect(L.COMPLAINT_MAX_CHARS).toBe(C.COMPLAINT_MAX_CHARS);
    expect(L.COMPLAINT_MAX_IMAGES).toBe(C.COMPLAINT_MAX_IMAGES);
    expect(L.COLLECTION_TYPE).toBe(C.COLLECTION_TYPE);
    expect(L.QA_RECORD).toEqual(C.QA_RECORD);
    expect(L.QA_ACTION_COMPLAINT).toBe(C.QA_ACTION_COMPLAINT);
  });

  it.each([
    [PROBLEM_INIT_PATH, C.problemInit, 'POST'],
    [PROBLEM_INIT_V3_PATH, C.problemInitV3, 'POST'],
    [GET_QA_LIST_PATH, C.getQaList, 'GET'],
    [QA_RECORD_PATH, C.qaRecord, 'POST'],
    [UPLOAD_PROBLEM_IMG_PATH, C.uploadProblemImg, 'POST'],
    [PROBLEM_SAVE_PATH, C.problemSave, 'POST'],
    [PROBLEM_LIST_PATH, C.problemList, 'POST'],
    [PROBLEM_DETAIL_PATH, C.problemDetail, 'POST'],
    [SAVE_SCORE_PATH, C.saveScore, 'POST'],
  ] as const)('%s', (path, endpoint, method) => {
    expect(path).toBe(endpoint.path);
    expect(method).toBe(endpoint.method);
    expect(endpoint.successCode).toBe('00');
  });

  it('the test fixtures are valid responses', () => {
    expect(() => C.problemInit.response.parse(F.problemInit())).not.toThrow();
    expect(() => C.problemInitV3.response.parse(F.problemInitV3())).not.toThrow();
    for (const list of [F.CATEGORIES, F.REPAYMENT_QUESTIONS, F.HOW_TO_REPAY]) expect(() => C.getQaList.response.parse(list)).not.toThrow();
    expect(() => C.problemList.response.parse(F.problemList())).not.toThrow();
    expect(() => C.problemDetail.response.parse(F.problemDetail())).not.toThrow();
  });

  it('what the pages send is a valid request', () => {
    expect(C.problemSave.request.parse({ problemType: '1', problemSonType: '2', problemDetail: 'x', problemImage: '/a,/b', orderNo: 'DEMO-170' })).toMatchObject({ problemType: 1, problemSonType: 2 });
    expect(C.qaRecord.request.parse({ orderNo: 'DEMO-170', type: '1', value: '', qaId: '23' })).toMatchObject({ type: 1, qaId: 23 });
    expect(C.getQaList.request.parse({ orderNo: '', pid: '0' })).toEqual({ orderNo: '', pid: 0 });
    expect(C.saveScore.request.parse({ score: '4', problemId: '7' })).toEqual({ score: 4, problemId: 7 });
  });
});
