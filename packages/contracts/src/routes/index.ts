// @lendview/contracts/routes: method, path and success code of every endpoint and the constants pages share with
// the API, without zod (a page importing a value from the package root would download all of zod). Request and
// response types come from the zod contracts by `import type` (types.ts).
export * from './route.ts';
export * from './envelope.ts';
export * from './shared-params.ts';
export * from './session.ts';
export * from './loan.ts';
export * from './repayment.ts';
export * from './complaint.ts';
export * from './promotion.ts';
export * from './ops.ts';
export type { EndpointOf, RequestOf, ResponseOf } from './types.ts';
export * from './ops-console.ts';
export * from './ops-templates.ts';
export * from './landing-contrast.ts';
export * from './telemetry.ts';
export * from './text.ts';
export * from './loan-rules.ts';
