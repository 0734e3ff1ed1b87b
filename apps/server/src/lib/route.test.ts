import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { JsonAnswer } from './json-answer';
import { registerContractCompilers } from './route';

/** An app with the contract's compilers and one route answering `text` as the database wrote it. */
async function answering(text: string, checkJsonAnswers: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  registerContractCompilers(app, { checkJsonAnswers });
  app.get(
    '/days',
    { schema: { response: { 200: z.object({ days: z.array(z.object({ date: z.string() })) }) } } },
    () => new JsonAnswer(text) as never,
  );
  await app.ready();
  return app;
}

describe('JsonAnswer', () => {
  it('is sent as the database wrote it, as JSON', async () => {
    const text = '{"days":[{"date":"2026-11-24"}]}';
    for (const check of [true, false]) {
      const app = await answering(text, check);
      const response = await app.inject({ method: 'GET', url: '/days' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toBe(text);
      await app.close();
    }
  });

  it.each([
    ['a field missing', '{"days":[{"when":"2026-11-24"}]}'],
    ['a field the contract does not have', '{"days":[{"date":"2026-11-24","secret":"x"}]}'],
  ])('is refused when checked, with %s', async (_, text) => {
    const app = await answering(text, true);
    const response = await app.inject({ method: 'GET', url: '/days' });
    expect(response.statusCode).toBe(500);
    await app.close();
  });
});
