import type { ReactNode } from 'react';
import { PlainTextEditor } from './RichTextEditor';
import { RichTextEditorProvider } from './editorContext';
import type { RichTextEditorProps } from './types';

/** Test wrapper: Quill cannot run in happy-dom, so rich-text fields become textareas. */
export function WithPlainEditors({ children }: { children: ReactNode }) {
  return <RichTextEditorProvider value={renderPlainEditor}>{children}</RichTextEditorProvider>;
}

function renderPlainEditor(props: RichTextEditorProps) {
  return <PlainTextEditor {...props} />;
}
