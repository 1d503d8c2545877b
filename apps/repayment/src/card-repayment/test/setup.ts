// The legacy bank-card repayment tests import their hooks themselves: the shared ones, which the repayment
// vitest config also runs for every file (they are idempotent).
import '@lendview/test-utils/setup';
