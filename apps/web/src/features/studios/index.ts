export { StudioPanel } from './components/StudioPanel';
export { AcceptInvitation } from './components/AcceptInvitation';
export { ActingBanner } from './components/ActingBanner';
export { default as StudioSwitcher } from './components/StudioSwitcher';
export { WhenActingAsYourself } from './components/WhenActingAsYourself';
