import { useId, useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { RESKIN_FILE_ACCEPT, RESKIN_MESSAGE_MAX_LENGTH, type ReskinConversationKey } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useSendChatMessage } from '../api/sendMessage';

/** The send box: text, an optional file and Send; everything disabled while the chat is closed. */
export function SendMessageForm({ conversationKey, disabled }: { conversationKey: ReskinConversationKey; disabled: boolean }) {
  const ids = useId();
  const send = useSendChatMessage();
  const { formRef } = useRevealFirstError(send.error);
  const [message, setMessage] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const messageBox = useRef<HTMLTextAreaElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0] ?? null;
    send.mutate(
      { ...conversationKey, message, file },
      {
        onSuccess: () => {
          setMessage('');
          if (fileInput.current) fileInput.current.value = '';
        },
        // Send was disabled while sending and dropped focus to the page: the next message is typed here.
        onSettled: () => messageBox.current?.focus(),
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="Reply">
      {/* Each control says it is disabled itself, not only through the fieldset, so every reader sees it. */}
      <fieldset disabled={disabled} className="d-flex flex-column gap-2">
        <div>
          <label htmlFor={`${ids}-message`} className="form-label small mb-1">
            Message
          </label>
          <textarea
            id={`${ids}-message`}
            ref={messageBox}
            className="form-control"
            rows={2}
            maxLength={RESKIN_MESSAGE_MAX_LENGTH}
            disabled={disabled}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <div className="d-flex flex-wrap align-items-end gap-2">
          <div className="flex-grow-1">
            <label htmlFor={`${ids}-file`} className="form-label small mb-1">
              File (image, PDF or ZIP, up to 10 MB)
            </label>
            <input
              id={`${ids}-file`}
              ref={fileInput}
              className="form-control form-control-sm"
              type="file"
              name="fileUpload"
              accept={RESKIN_FILE_ACCEPT}
              disabled={disabled}
            />
          </div>
          <SubmitButton pending={send.isPending} disabled={disabled}>
            Send
          </SubmitButton>
        </div>
      </fieldset>
      <FormError message={send.error?.message} className="mt-2 mb-0" />
    </form>
  );
}
