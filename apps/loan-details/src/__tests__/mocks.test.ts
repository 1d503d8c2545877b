// The dev:mock handlers (src/mocks/handlers.ts) answer in the API's shapes: every mocked path answers an envelope
// that its endpoint's zod contract (@lendview/contracts) accepts, so the no-API mode shows what the API would.
import { getResponse } from 'msw';
import * as contracts from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { handlers } from '../mocks/handlers.ts';

interface Contract {
  method: string;
  path: string;
  response: Parameters<typeof contracts.envelopeSchema>[0];
}
const isContract = (v: unknown): v is Contract => typeof v === 'object' && v !== null && 'path' in v && 'response' in v && 'method' in v;
const byPath = new Map<string, Contract>();
for (const v of Object.values(contracts) as unknown[]) if (isContract(v)) byPath.set(v.path, v);
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
