import { describe, expect, it } from 'vitest';
import * as C from '@lendview/contracts';
import * as F from '../test/fixtures.ts';

// The test fixtures the page tests answer with are valid responses of the contract, and what the pages send is
// a valid request (the paths and constants themselves come from @lendview/contracts/routes: nothing to compare).
describe('agrees with packages/contracts/src/complaint.ts', () => {
  it('the test fixtures are valid responses', () => {
    expect(() => C.problemInit.response.parse(F.problemInit())).not.toThrow();
    expect(() => C.problemInitV3.response.parse(F.problemInitV3())).not.toThrow();
    for (const list of [F.CATEGORIES, F.REPAYMENT_QUESTIONS, F.HOW_TO_REPAY]) expect(() => C.getQaList.response.parse(list)).not.toThrow();
    expect(() => C.problemList.response.parse(F.problemList())).not.toThrow();
    expect(() => C.problemDetail.response.parse(F.problemDetail())).not.toThrow();
    // Issue 18: the officer of the contact answer, escalations in both languages.
    expect(() => C.contactKfInfo.response.parse(F.contactInfo())).not.toThrow();
    for (const regulator of ['rbi', 'ojk'] as const) {
      expect(() => C.problemDetail.response.parse(F.problemDetail({ escalation: F.escalation(regulator) }))).not.toThrow();
      expect(() => C.complaintEscalation.parse(F.escalation(regulator))).not.toThrow();
    }
  });

  it('what the pages send is a valid request', () => {
    expect(
      C.problemSave.request.parse({
        problemType: '1',
        problemSonType: '2',
        problemDetail: 'x',
        problemImage: '/a,/b',
        orderNo: 'DEMO-170',
      }),
    ).toMatchObject({ problemType: 1, problemSonType: 2 });
    expect(C.qaRecord.request.parse({ orderNo: 'DEMO-170', type: '1', value: '', qaId: '23' })).toMatchObject({ type: 1, qaId: 23 });
    expect(C.getQaList.request.parse({ orderNo: '', pid: '0' })).toEqual({ orderNo: '', pid: 0 });
    expect(C.saveScore.request.parse({ score: '4', problemId: '7' })).toEqual({ score: 4, problemId: 7 });
  });
});
