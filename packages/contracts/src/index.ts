// zod schemas of every request and response. The API validates inputs with them and the api-client takes
// its types from them, so a field renamed on one side fails typecheck on the other.
export * from './envelope.ts';
export * from './shared-params.ts';
export * from './fields.ts';
export * from './endpoints.ts';
export * from './loan.ts';
export * from './repayment.ts';
export * from './complaint.ts';
export * from './promotion.ts';
export * from './ops.ts';
export * from './cards.ts';
export * from './partner.ts';
export * from './ops-console.ts';
export * from './ops-templates.ts';
export * from './telemetry.ts';
