import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, STATEMENT_PAGE_SIZE, statementSchema, type Statement } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { moneyQueryKeys } from './keys';

/** Where a seller's statement is: the signed-in one's, or (an admin's view) the named seller's. */
const sellerQuery = (sellerId: string | undefined): Record<string, string> => (sellerId ? { userId: sellerId } : {});

/** GET /api/user/statement.csv: the whole statement as a download. */
export const statementCsvUrl = (sellerId?: string) =>
  sellerId ? `${API_PATHS.user.statementCsv}?${new URLSearchParams(sellerQuery(sellerId))}` : API_PATHS.user.statementCsv;

/** GET /api/user/statement: one page of a seller's account, newest first. */
export function fetchStatement(sellerId: string | undefined, page: number, signal?: AbortSignal): Promise<Statement> {
  const query = new URLSearchParams({
    limit: String(STATEMENT_PAGE_SIZE),
    offset: String((page - 1) * STATEMENT_PAGE_SIZE),
    ...sellerQuery(sellerId),
  });
  return apiFetch(`${API_PATHS.user.statement}?${query}`, signal ? { signal } : {}, (data) => statementSchema.parse(data));
}

/** The page stays on screen while the next one loads, so Previous and Next do not jump. */
export function useStatement(sellerId: string | undefined, page: number) {
  return useQuery({
    queryKey: moneyQueryKeys.statement(sellerId, page),
    queryFn: ({ signal }) => fetchStatement(sellerId, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
