export { escapeHtml, htmlToText, sanitizeRichText } from './sanitize.js';
