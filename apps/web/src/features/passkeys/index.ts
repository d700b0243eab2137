export { PasskeysSection } from './components/PasskeysSection';
export { PasskeySignInButton } from './components/PasskeySignInButton';
export { PasskeyStepUpButton } from './components/PasskeyStepUpButton';
