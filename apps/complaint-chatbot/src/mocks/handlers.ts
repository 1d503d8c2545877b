// The complaint-chatbot remote's API in the no-API dev mode (`pnpm --filter @lendview/complaint-chatbot dev:mock`,
// MSW in the browser; started by src/main.tsx only in that mode). Demo data from the tests' fixtures, so it keeps
// the contracts' shapes (the fixtures are typed by them). A call not listed gets a NOT_MOCKED envelope naming it.
import { envelopeHandlers, ok } from '@lendview/test-utils/mock-api';
import {
  CATEGORIES,
  HOW_TO_REPAY,
  PATHS,
  REPAYMENT_QUESTIONS,
  contactInfo,
  problemDetail,
  problemInit,
  problemInitV3,
  problemList,
} from '../test/fixtures.ts';

export const handlers = envelopeHandlers({
  [PATHS.init]: ok(problemInit()),
  [PATHS.initV3]: ok(problemInitV3()),
  // The chatbot's tree: categories at the root (pid 0), their questions under each, an answer under a question.
  [PATHS.qaList]: ({ pid }) => ok(!pid || pid === '0' ? CATEGORIES : Number(pid) < 10 ? REPAYMENT_QUESTIONS : HOW_TO_REPAY),
  [PATHS.qaRecord]: ok(null),
  [PATHS.list]: ok(problemList()),
  [PATHS.detail]: ok(problemDetail({ isScore: 0 })),
  [PATHS.contact]: ok(contactInfo()),
  [PATHS.save]: ok({ problemId: 901 }),
  [PATHS.score]: ok({ saved: true }),
});
