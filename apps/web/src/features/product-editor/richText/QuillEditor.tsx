import { useEffect, useLayoutEffect, useRef } from 'react';
import Quill from 'quill';
import Image from 'quill/formats/image';
import Link from 'quill/formats/link';
import 'quill/dist/quill.snow.css';
import { EDITOR_HISTORY, IMAGE_MIMETYPES, isBlankRichText, sanitizeImageSource, sanitizeLink } from './editorRules';
import type { RichTextEditorProps } from './types';

class SafeLink extends Link {
  static override PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
  static override sanitize(url: string): string {
    return sanitizeLink(url);
  }
}

class SafeImage extends Image {
  static override sanitize(url: string): string {
    return sanitizeImageSource(url);
  }
}

Quill.register({ 'formats/link': SafeLink, 'formats/image': SafeImage }, true);

const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['link', 'image', 'blockquote', 'code-block'],
  ['clean'],
];

/** Quill 2 (snow theme) behind the RichTextEditor interface. */
export default function QuillEditor({ id, labelledBy, describedBy, invalid, required, defaultValue, onChange }: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const onChangeRef = useRef(onChange);
  const initialValue = useRef(defaultValue);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const container = host.appendChild(host.ownerDocument.createElement('div'));
    const quill = new Quill(container, {
      theme: 'snow',
      modules: {
        toolbar: TOOLBAR,
        history: EDITOR_HISTORY,
        uploader: { mimetypes: [...IMAGE_MIMETYPES] },
      },
    });
    quillRef.current = quill;
    if (initialValue.current) quill.clipboard.dangerouslyPasteHTML(initialValue.current, 'silent');
    quill.history.clear();

    const toolbar = host.querySelector('.ql-toolbar');
    toolbar?.setAttribute('role', 'toolbar');
    toolbar?.setAttribute('aria-label', 'Formatting');
    // Quill's drop-down pickers are role=button spans without a name.
    toolbar?.querySelectorAll('.ql-header .ql-picker-label').forEach((label) => label.setAttribute('aria-label', 'Text style'));

    const handleChange = () => {
      const html = quill.root.innerHTML;
      onChangeRef.current(isBlankRichText(html) ? '' : html);
    };
    quill.on('text-change', handleChange);
    return () => {
      quill.off('text-change', handleChange);
      quillRef.current = null;
      host.replaceChildren();
    };
  }, []);

  // Accessibility attributes follow the props without recreating the editor.
  useEffect(() => {
    const root = quillRef.current?.root;
    if (!root) return;
    root.setAttribute('id', id);
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelledBy);
    setOptional(root, 'aria-describedby', describedBy);
    setOptional(root, 'aria-invalid', invalid ? 'true' : undefined);
    setOptional(root, 'aria-required', required ? 'true' : undefined);
  }, [id, labelledBy, describedBy, invalid, required]);

  return <div ref={hostRef} className={`rich-text-editor${invalid ? ' is-invalid' : ''}`} />;
}

function setOptional(element: HTMLElement, name: string, value: string | undefined) {
  if (value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, value);
}
