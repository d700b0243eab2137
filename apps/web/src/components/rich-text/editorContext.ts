import { createContext } from 'react';
import type { ReactNode } from 'react';
import type { RichTextEditorProps } from './types';

/** Renders an editor in place of Quill: lets tests (where Quill cannot run) use a plain textarea. */
export type RenderRichTextEditor = (props: RichTextEditorProps) => ReactNode;

export const RichTextEditorContext = createContext<RenderRichTextEditor | null>(null);
export const RichTextEditorProvider = RichTextEditorContext.Provider;
