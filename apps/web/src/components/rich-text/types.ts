export interface RichTextEditorProps {
  /** Given to the focusable editing area. */
  id: string;
  /** Id of the visible label element (the editing area is labelled by it). */
  labelledBy: string;
  /** Ids of the help and error texts. */
  describedBy?: string | undefined;
  invalid?: boolean;
  required?: boolean;
  /** The starting HTML; the editor is uncontrolled afterwards (remount it to reset). */
  defaultValue: string;
  /** HTML, or '' when the document is blank. */
  onChange: (html: string) => void;
  /** Called when the focus leaves the editing area, with the element it went to. */
  onBlur?: (next: EventTarget | null) => void;
}
