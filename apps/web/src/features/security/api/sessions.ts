import { useQuery } from '@tanstack/react-query';
import { API_PATHS, sessionListSchema, type SessionInfo } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { securityQueryKeys } from '../queryKeys';

/** GET /api/user/sessions: the account's live sessions, this browser's marked `current`. */
export async function getSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return (await apiFetch(API_PATHS.security.sessions, signal ? { signal } : {}, (data) => sessionListSchema.parse(data))).sessions;
}

export function useSessions() {
  return useQuery({ queryKey: securityQueryKeys.sessions, queryFn: ({ signal }) => getSessions(signal) });
}
