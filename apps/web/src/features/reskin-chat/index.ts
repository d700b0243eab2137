import { lazy } from 'react';

/**
 * The chat loads when it is shown: the product page comes to this feature only for its 'Yes', and
 * the chat's schemas and zod are not part of a product page's first load.
 */
export const ChatBox = lazy(() => import('./components/ChatBox').then((module) => ({ default: module.ChatBox })));
export { useStartReskinChat } from './api/startChat';
export const ChatTranscript = lazy(() => import('./components/ChatTranscript').then((module) => ({ default: module.ChatTranscript })));
