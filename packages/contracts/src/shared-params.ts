import { z } from 'zod';
import { SHARED_PARAM_NAMES, type SharedParamName } from './routes/shared-params.ts';

export * from './routes/shared-params.ts';

export const sharedParamsSchema = z.object(
  Object.fromEntries(SHARED_PARAM_NAMES.map((n) => [n, z.string().max(256).optional()])) as Record<
    SharedParamName,
    z.ZodOptional<z.ZodString>
  >,
);
