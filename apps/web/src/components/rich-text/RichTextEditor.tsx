import { lazy, Suspense, useContext } from 'react';
import { RichTextEditorContext } from './editorContext';
import type { RichTextEditorProps } from './types';
import './rich-text.css';

// Quill and its CSS live in their own chunk, fetched only when a form with rich text renders.
const QuillEditor = lazy(() => import('./QuillEditor'));

export function RichTextEditor(props: RichTextEditorProps) {
  const renderOverride = useContext(RichTextEditorContext);
  return (
    <Suspense
      fallback={
        <div className="form-control rich-text-loading" aria-busy="true">
          Loading editor…
        </div>
      }
    >
      {renderOverride ? renderOverride(props) : <QuillEditor {...props} />}
    </Suspense>
  );
}

/** A plain textarea with the editor's interface (tests, and a no-JS-heavy fallback). */
export function PlainTextEditor({ id, labelledBy, describedBy, invalid, required, defaultValue, onChange, onBlur }: RichTextEditorProps) {
  return (
    <textarea
      id={id}
      className={`form-control${invalid ? ' is-invalid' : ''}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      defaultValue={defaultValue}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => onBlur?.(event.relatedTarget)}
      rows={4}
    />
  );
}
