export { reskinRoutes } from './reskin.routes.js';
export { ReskinChatService } from './reskin.service.js';
export { ATTACHMENT_CONTENT_TYPES, type AttachmentKind, type ChatSendRequest, readChatSendRequest } from './attachment.js';
