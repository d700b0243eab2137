export { ContactForm } from './components/ContactForm';
export { ContactMessages } from './components/ContactMessages';
