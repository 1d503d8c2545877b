// The dev:mock handlers of a remote (src/mocks/handlers.ts) answer in the API's shapes: every mocked path answers
// an envelope that its endpoint's zod contract (@lendview/contracts) accepts, so the no-API mode shows what the API
// would. Each remote's src/__tests__/mocks.test.ts runs this over its own handlers.
import { getResponse, type RequestHandler } from 'msw';
import * as contracts from '@lendview/contracts';
import { describe, expect, it } from 'vitest';

interface Contract {
  method: string;
  path: string;
  response: Parameters<typeof contracts.envelopeSchema>[0];
}
const isContract = (v: unknown): v is Contract => typeof v === 'object' && v !== null && 'path' in v && 'response' in v && 'method' in v;
const byPath = new Map<string, Contract>();
for (const v of Object.values(contracts) as unknown[]) if (isContract(v)) byPath.set(v.path, v);

/** One test per handler: its path is an endpoint of the contracts, and its answer parses with that endpoint's envelope. */
export function describeMockHandlers(handlers: RequestHandler[]) {
  const paths = handlers.map((h) => String((h.info as unknown as { path: unknown }).path));
  describe('dev:mock handlers', () => {
    it.each(paths)('%s answers an envelope its contract accepts', async (path) => {
      const contract = byPath.get(path);
      expect(contract, `${path} is an endpoint of @lendview/contracts`).toBeDefined();
      const method = contract!.method;
      const res = await getResponse(
        handlers,
        new Request(new URL(path, location.origin), {
          method,
          ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
        }),
      );
      expect(res?.status).toBe(200);
      const parsed = contracts.envelopeSchema(contract!.response).safeParse(await res!.json());
      expect(parsed.error?.issues ?? []).toEqual([]);
    });
  });
}
