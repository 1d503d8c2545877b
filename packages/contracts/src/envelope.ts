import { z } from 'zod';

// The codes and the Envelope type live in routes/ (no zod), so pages can use them; re-exported here.
export { ErrorCode, type Envelope, type ErrorCodeValue } from './routes/envelope.ts';
export type { SuccessCode } from './routes/route.ts';

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.union([z.string(), z.number()]), data: data.nullable(), message: z.string() });
