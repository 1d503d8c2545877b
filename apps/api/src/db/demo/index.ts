/**
 * The demo fixtures in one import for the API's tests: their names, the demo identities and the seeded data.
 * The seed itself is db/seed-demo.ts. Tests outside the API import identities.ts / names.ts directly (they
 * import nothing).
 */
export * from './names.ts';
export * from './identities.ts';
export { DEMO_CONTRACTS, type ContractSeed } from './contracts.ts';
export { DEMO_ORDER_SEEDS, EXTENSION_DAYS, extensionFee, type OrderSeed } from './orders.ts';
export { DEMO_PRODUCTS, DEMO_SCENES, type ProductSeed } from './products.ts';
export { DEMO_PROBLEM_TYPES, DEMO_QA, type QaSeed } from './qa.ts';
export { DEMO_DRAFT_TEMPLATE, DEMO_LANDING_TEMPLATE } from './templates.ts';
export { DEMO_HOLIDAYS } from './holidays.ts';
