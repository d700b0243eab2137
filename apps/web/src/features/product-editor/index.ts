export { ProductWizard } from './ProductWizard';
export { EditProductButton, EditProductDialog } from './EditProductDialog';
export { useProduct, getProduct } from './api/productById';
export { productQueryKeys } from './queryKeys';
export { RichTextEditor, PlainTextEditor } from './richText/RichTextEditor';
export { RichTextEditorProvider } from './richText/editorContext';
export type { RichTextEditorProps } from './richText/types';
export { sanitizeLink, sanitizeImageSource } from './richText/editorRules';
