export { ProductComments } from './components/ProductComments';
export { UploadedComments } from './components/UploadedComments';
