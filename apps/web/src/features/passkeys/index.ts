export { PasskeysSection } from './components/PasskeysSection';
export { PasskeySignInButton } from './components/PasskeySignInButton';
