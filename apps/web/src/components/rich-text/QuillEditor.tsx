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

/**
 * WCAG 2.1.2: Tab and Shift+Tab must leave the editor, so every Quill binding on Tab (tab
 * character, list/indent/code-block indent, table cells) is switched off and the browser moves
 * the focus. Indenting stays on the toolbar and on Ctrl+] / Ctrl+[ (Cmd on a Mac).
 */
const KEYBOARD_BINDINGS = {
  tab: null,
  'remove tab': null,
  indent: null,
  outdent: null,
  'indent code-block': null,
  'outdent code-block': null,
  'table tab': null,
  'indent with bracket': {
    key: ']',
    shortKey: true,
    handler(this: { quill: Quill }) {
      this.quill.format('indent', '+1', Quill.sources.USER);
      return false;
    },
  },
  'outdent with bracket': {
    key: '[',
    shortKey: true,
    handler(this: { quill: Quill }) {
      this.quill.format('indent', '-1', Quill.sources.USER);
      return false;
    },
  },
};

const EDITOR_KEYS_HINT = 'Tab leaves the editor. Ctrl+] indents, Ctrl+[ outdents.';

/** Quill 2 (snow theme) behind the RichTextEditor interface. */
export default function QuillEditor({
  id,
  labelledBy,
  describedBy,
  invalid,
  required,
  defaultValue,
  onChange,
  onBlur,
}: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  const initialValue = useRef(defaultValue);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  }, [onChange, onBlur]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const container = host.appendChild(host.ownerDocument.createElement('div'));
    const quill = new Quill(container, {
      theme: 'snow',
      modules: {
        toolbar: TOOLBAR,
        history: EDITOR_HISTORY,
        keyboard: { bindings: KEYBOARD_BINDINGS },
        uploader: { mimetypes: [...IMAGE_MIMETYPES] },
      },
    });
    quillRef.current = quill;
    // setContents, not dangerouslyPasteHTML: that one also selects, which focuses the editor and
    // pulled the edit dialog's focus down to its Features editor.
    if (initialValue.current) quill.setContents(quill.clipboard.convert({ html: initialValue.current, text: '' }), 'silent');
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
    // Moving to the editor's own toolbar (Bold before typing) does not count as leaving it.
    const handleBlur = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && host.contains(event.relatedTarget)) return;
      onBlurRef.current?.(event.relatedTarget);
    };
    quill.root.addEventListener('blur', handleBlur);
    return () => {
      quill.off('text-change', handleChange);
      quill.root.removeEventListener('blur', handleBlur);
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
    root.setAttribute('aria-describedby', [describedBy, `${id}-keys`].filter(Boolean).join(' '));
    setOptional(root, 'aria-invalid', invalid ? 'true' : undefined);
    setOptional(root, 'aria-required', required ? 'true' : undefined);
  }, [id, labelledBy, describedBy, invalid, required]);

  return (
    <>
      <div ref={hostRef} className={`rich-text-editor${invalid ? ' is-invalid' : ''}`} />
      <div id={`${id}-keys`} className="form-text rich-text-keys">
        {EDITOR_KEYS_HINT}
      </div>
    </>
  );
}

function setOptional(element: HTMLElement, name: string, value: string | undefined) {
  if (value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, value);
}
