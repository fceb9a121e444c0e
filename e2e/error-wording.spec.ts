import { expect, test } from './fixtures';
import { storageStatePath } from './helpers/roles';

// Errors carry codes and values; the words come from messages/<locale>/errors.json in the reader's language. A
// route handler's own refusal (a bad query) answers in the language of the request, field by field.

const CASES = {
  en: { sentence: 'The list parameters are not valid.', limit: 'Give a number from 1 to 100.', intentType: 'Unknown operation type.' },
  'pt-BR': { sentence: 'Os parâmetros da lista não são válidos.', limit: 'Informe um número de 1 a 100.', intentType: 'Tipo de operação desconhecido.' },
} as const;

for (const [locale, words] of Object.entries(CASES)) {
  test(`a route's bad-query refusal is worded from the catalogue in ${locale}, with codes and values beside the words`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale, storageState: storageStatePath('finance', baseURL!) });
    const page = await context.newPage();
    await page.goto('/operations');
    // From the page itself, so the request carries the browser's language as every read of the console does.
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/operations?limit=0&intentType=NOPE');
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'INVALID_QUERY',
      sentence: words.sentence,
      fields: { limit: { code: 'NUMBER_OUT_OF_RANGE', values: { min: 1, max: 100 } }, intentType: { code: 'OPERATION_TYPE_UNKNOWN' } },
      fieldErrors: { limit: words.limit, intentType: words.intentType },
    });
    await context.close();
  });
}
