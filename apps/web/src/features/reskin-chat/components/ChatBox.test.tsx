// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReskinConversation, ReskinMessage } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { ChatBox } from './ChatBox';

const KEY = { userId: 'user_alice_01', productId: 'product_0001' };

function conversation(overrides: Partial<ReskinConversation> = {}): ReskinConversation {
  return {
    _id: 'chat_000001',
    ...KEY,
    user: { _id: KEY.userId, name: 'Alice Wonderland', email: 'alice@example.com' },
    product: { _id: KEY.productId, title: 'Space Runner', thumbnail: null },
    status: 'Open',
    unreadCount: 0,
    lastMessage: null,
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

function message(id: string, text: string, messageBy: 'User' | 'Admin', overrides: Partial<ReskinMessage> = {}): ReskinMessage {
  return {
    _id: id,
    ...KEY,
    message: text,
    messageBy,
    fileUpload: null,
    fileName: null,
    isRead: false,
    status: 'Open',
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** A server with one chat: the opening 'Yes', a user question with a file and the admin's answer. */
function fakeServer(chat: ReskinConversation | null) {
  const messages = [
    message('message_0001', 'Yes', 'User'),
    message('message_0002', '<b>Cat</b> hero please', 'User', {
      fileUpload: '/api/reskin/attachment/message_0002',
      fileName: 'sketch.png',
    }),
    message('message_0003', 'Sure, three days.', 'Admin'),
  ];
  return fakeFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/reskin/allReskinUsers' || url === '/api/reskin/myConversations') return { status: 200, body: chat ? [chat] : [] };
    if (url.startsWith('/api/reskin/messages?') && chat) return { status: 200, body: { conversation: chat, messages } };
    if (method === 'PUT' && url.startsWith('/api/reskin/mark')) return { status: 200, body: { updated: 1 } };
    if (method === 'POST' && url === '/api/reskin/reskinFeatureUser') return { status: 403, body: { errorMessage: 'This chat is closed' } };
    return { status: 404, body: { errorMessage: `unexpected ${method} ${url}` } };
  });
}

describe('ChatBox', () => {
  afterEach(cleanup);

  it.each([
    ['Admin', 'No user start chat yet'],
    ['User', 'You are not about to chat yet'],
  ] as const)('shows the %s side its empty state', async (side, text) => {
    fakeServer(null);
    renderAt(<ChatBox side={side} />);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("shows the messages as text without the opening 'Yes', and marks the admin's messages read when the user opens the chat", async () => {
    const calls = fakeServer(conversation({ unreadCount: 1 }));
    renderAt(<ChatBox side="User" />);

    const thread = await screen.findByRole('list', { name: 'Messages' });
    const items = within(thread).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^You · .*<b>Cat<\/b> hero pleasesketch\.png$/),
      expect.stringMatching(/^Admin · .*Sure, three days\.$/),
    ]);
    expect(within(thread).getByRole('link', { name: 'sketch.png' }).getAttribute('href')).toBe('/api/reskin/attachment/message_0002');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/reskin/markAdminMessagesAsRead')).toBe(true));
    const mark = calls.find((call) => call.url === '/api/reskin/markAdminMessagesAsRead');
    expect(mark?.init?.method).toBe('PUT');
    expect(JSON.parse(String(mark?.init?.body))).toEqual(KEY);
  });

  it('disables the text, file and send controls while the chat is closed', async () => {
    fakeServer(conversation({ status: 'Close' }));
    renderAt(<ChatBox side="User" />);

    expect(await screen.findByText('This chat is closed.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^File/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("gives the admin the open/close switch and shows the server's errorMessage when a message is refused", async () => {
    fakeServer(conversation());
    renderAt(<ChatBox side="Admin" />);
    fireEvent.click(await screen.findByRole('button', { name: /Alice Wonderland/ }));

    const toggle = (await screen.findByRole('switch', { name: 'Chat' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.parentElement?.textContent).toBe('Chat open');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This chat is closed');
  });

  it("reads 'Chat closed' beside a closed chat's switch, its name staying Chat and its state in aria-checked", async () => {
    fakeServer(conversation({ status: 'Close' }));
    renderAt(<ChatBox side="Admin" />);
    fireEvent.click(await screen.findByRole('button', { name: /Alice Wonderland/ }));

    const toggle = (await screen.findByRole('switch', { name: 'Chat' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.parentElement?.textContent).toBe('Chat closed: the buyer cannot write');
    expect(toggle.parentElement?.textContent).not.toContain('open');
  });

  it('opens no chat for the admin until one is chosen, so its unread count is seen and only then marked read', async () => {
    const calls = fakeServer(conversation({ unreadCount: 2 }));
    renderAt(<ChatBox side="Admin" />);

    const chat = await screen.findByRole('button', { name: /unread/ });
    expect(screen.getByText('Choose a chat to read it; chats with unread messages show how many.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
    expect(calls.some((call) => (call.init?.method ?? 'GET') === 'PUT')).toBe(false);

    fireEvent.click(chat);

    await waitFor(() => expect(calls.some((call) => call.init?.method === 'PUT' && call.url.startsWith('/api/reskin/mark'))).toBe(true));
  });
});
