import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { firstErrorPerField, serverIssues } from './useFieldForm';

describe('field errors', () => {
  it('keeps the first message of each known field, reading a nested path as its field', () => {
    const issues = [
      { path: ['productIds', 3], message: 'Unknown product' },
      { path: ['productIds'], message: 'Choose at least two' },
      { path: ['name'], message: 'Name it' },
      { path: ['somethingElse'], message: 'Not a field of this form' },
    ];
    expect(firstErrorPerField(['name', 'productIds'] as const, issues)).toEqual({ productIds: 'Unknown product', name: 'Name it' });
  });

  it('lets a form say an issue in its own words', () => {
    const errors = firstErrorPerField(
      ['startsAt'] as const,
      [{ path: ['startsAt'], message: 'Invalid input' }],
      () => 'Choose when it starts',
    );
    expect(errors).toEqual({ startsAt: 'Choose when it starts' });
  });

  it('reads the fields a server named in its 400, and none from any other error', () => {
    const refused = new ApiError(400, 'Check the form', {
      errors: [{ field: 'productIds.2', message: 'Not yours' }, { field: 7, message: 'malformed' }, { message: 'no field' }],
    });
    expect(serverIssues(refused)).toEqual([{ path: ['productIds', '2'], message: 'Not yours' }]);
    expect(serverIssues(new ApiError(500, 'Down'))).toEqual([]);
    expect(serverIssues(new Error('network'))).toEqual([]);
    expect(serverIssues(null)).toEqual([]);
  });
});
