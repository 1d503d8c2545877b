import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';

/** Spec 7.1: POST payloads are form-encoded. JSON stays accepted (fastify's own parser). */
export const BODY_LIMIT = 1024 * 1024;

export default fp(
  async (app) => {
    await app.register(formbody, { bodyLimit: BODY_LIMIT });
    // text/plain bodies are not a payload format of this API: answer 415 like any other unknown type.
    app.removeContentTypeParser('text/plain');
  },
  { name: 'formbody' },
);
