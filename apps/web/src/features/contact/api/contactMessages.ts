import { useQuery } from '@tanstack/react-query';
import { API_PATHS, contactMessageListSchema, type ContactMessage } from '@market/contracts';
import { apiFetch } from '@/lib/api';

export const contactMessagesKey = ['contact-messages'] as const;

/** GET /api/contact (admins only): contact messages, newest first. */
export function getContactMessages(signal?: AbortSignal): Promise<ContactMessage[]> {
  return apiFetch(API_PATHS.contact.messages, { signal }, (data) => contactMessageListSchema.parse(data));
}

export function useContactMessages() {
  return useQuery({ queryKey: contactMessagesKey, queryFn: ({ signal }) => getContactMessages(signal), staleTime: 0 });
}
