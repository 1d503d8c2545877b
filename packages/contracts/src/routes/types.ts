// Types only: the request and response of a route, taken from its zod contract. `import type` is erased, so the
// routes module graph stays free of zod at run time while its types come from the schemas.
import type { z } from 'zod';
import type * as Contracts from '../index.ts';
import type { Route } from './route.ts';

type Exports = typeof Contracts;

/** The zod contract of a route: the export of @lendview/contracts named like the route. */
export type EndpointOf<R extends Route> = R['name'] extends keyof Exports ? Exports[R['name']] : never;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller sends: the input of the request schema (a form integer may be a number or a digit string). */
export type RequestOf<E> = E extends { request: infer Req } ? InputOf<Req> : E extends Route ? RequestOf<EndpointOf<E>> : never;
/** `data` of a success envelope: the output of the response schema. */
export type ResponseOf<E> = E extends { response: infer Res } ? OutputOf<Res> : E extends Route ? ResponseOf<EndpointOf<E>> : never;
