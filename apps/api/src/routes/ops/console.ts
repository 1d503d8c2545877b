import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  OPS_CONSOLE_PHOTO_PREFIX,
  opsConsoleAddNote,
  opsConsoleAssign,
  opsConsoleAudit,
  opsConsoleCloseContact,
  opsConsoleComplaint,
  opsConsoleContact,
  opsConsoleOperators,
  opsConsoleProblemTypes,
  opsConsoleQueue,
  opsHolidayAdd,
  opsHolidayList,
  opsHolidayRemove,
} from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { requireOperator, type Operator } from '../../lib/operator-auth.ts';
import { sendImage } from '../../lib/send-image.ts';
import {
  addHolidayAsOperator,
  addNoteAsOperator,
  assignAsOperator,
  auditTrail,
  closeContactAsOperator,
  consoleComplaint,
  consoleContact,
  consoleImage,
  consoleOperators,
  consoleProblemTypes,
  consoleQueue,
  holidays,
  removeHolidayAsOperator,
} from '../../services/ops-console.ts';

/**
 * The support console's API (contracts/src/ops-console.ts; docs/complaints.md "Support console"), role support.
 * The guard runs in preValidation: a caller without access gets 401/403 before any input is read.
 */
export default async function opsConsoleRoutes(app: FastifyInstance) {
  const operators = new WeakMap<FastifyRequest, Operator>();
  const operatorOf = (req: FastifyRequest) => operators.get(req)!;
  app.addHook('preValidation', async (req) => {
    operators.set(req, await requireOperator(req, app.db, 'support'));
  });

  registerEndpoint(app, opsConsoleQueue, {
    handler: ({ input, db, lang, now, req }) => consoleQueue(db, { operator: operatorOf(req), request: input, lang, now }),
  });

  registerEndpoint(app, opsConsoleComplaint, {
    handler: ({ input, db, lang, now }) => consoleComplaint(db, { id: input.id, lang, now }),
  });

  registerEndpoint(app, opsConsoleContact, {
    handler: ({ input, db, lang, now }) => consoleContact(db, { id: input.id, lang, now }),
  });

  registerEndpoint(app, opsConsoleProblemTypes, {
    handler: ({ db, lang }) => consoleProblemTypes(db, lang),
  });

  registerEndpoint(app, opsConsoleOperators, {
    handler: ({ db, req }) => consoleOperators(db, operatorOf(req)),
  });

  registerEndpoint(app, opsConsoleAssign, {
    handler: async ({ input, db, now, req, setSuccessMessage }) => {
      const answer = await assignAsOperator(db, { operator: operatorOf(req), request: input, now, log: req.log });
      setSuccessMessage(answer.message);
      return answer.data;
    },
  });

  registerEndpoint(app, opsConsoleAddNote, {
    successMessage: 'opsNoteSaved',
    handler: ({ input, db, now, req }) => addNoteAsOperator(db, { operator: operatorOf(req), request: input, now }),
  });

  registerEndpoint(app, opsConsoleAudit, {
    handler: ({ input, db }) => auditTrail(db, input),
  });

  registerEndpoint(app, opsConsoleCloseContact, {
    successMessage: 'opsContactClosed',
    handler: ({ input, db, now, lang, req }) => closeContactAsOperator(db, { operator: operatorOf(req), request: input, lang, now }),
  });

  registerEndpoint(app, opsHolidayList, {
    handler: ({ input, db }) => holidays(db, input),
  });

  registerEndpoint(app, opsHolidayAdd, {
    successMessage: 'opsHolidayAdded',
    handler: ({ input, db, now, req }) => addHolidayAsOperator(db, { operator: operatorOf(req), request: input, now }),
  });

  registerEndpoint(app, opsHolidayRemove, {
    successMessage: 'opsHolidayRemoved',
    handler: ({ input, db, now, req }) => removeHolidayAsOperator(db, { operator: operatorOf(req), request: input, now }),
  });

  /** A complaint's photo with the operator's bearer session (the console fetches it as a blob): no signed link. */
  app.get<{ Params: { id: string } }>(`${OPS_CONSOLE_PHOTO_PREFIX}:id`, async (req, reply) =>
    sendImage(app, reply, await consoleImage(app.db, { id: req.params.id, operator: operatorOf(req) })),
  );
}
