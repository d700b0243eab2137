import { describe, expect, it } from 'vitest';
import { committedAndFresh } from './generate.mjs';

describe('the generated API client', () => {
  it('commits src/schema.ts as openapi-typescript generates it from the current OpenAPI document', async () => {
    const { committed, fresh } = await committedAndFresh();

    // On a difference: `npm run generate -w @market/api-client`, then commit src/schema.ts.
    expect(committed).toBe(fresh);
    expect(fresh).toContain('"/api/v1/products": {');
  });
});
