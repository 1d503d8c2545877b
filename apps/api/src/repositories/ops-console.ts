// The support console (migration 011): the queue of complaints and contact messages, assignment, notes, the
// audit trail, public holidays and contact messages. One file per part (issue 38 item 2); this module re-exports
// them all, so `repositories/ops-console.ts` stays the one import of the console's SQL.
export * from './ops-console-queue.ts';
export * from './ops-console-complaint.ts';
export * from './ops-console-operators.ts';
export * from './ops-console-notes.ts';
export * from './ops-console-audit.ts';
export * from './ops-console-holidays.ts';
export * from './ops-console-contact.ts';
