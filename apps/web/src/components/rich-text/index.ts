export { RichTextEditor, PlainTextEditor } from './RichTextEditor';
export { RichTextEditorProvider } from './editorContext';
export type { RichTextEditorProps } from './types';
export { sanitizeLink, sanitizeImageSource } from './editorRules';
