import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, messageBodySchema, type ContactBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { contactMessagesKey } from './contactMessages';

/** POST /api/contact: stored, and mailed to the admin when the server has SMTP. */
export function sendContact(body: ContactBody) {
  return apiFetch(API_PATHS.contact.messages, { method: 'POST', body }, (data) => messageBodySchema.parse(data));
}

export function useSendContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesKey }),
  });
}
