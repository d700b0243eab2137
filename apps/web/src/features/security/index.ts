import { lazy } from 'react';

/** Loaded with its page only: the storefront entry carries the step-up host alone (no zod, no dialog). */
export const SecurityPage = lazy(() => import('./components/SecurityPage'));
export { StepUpHost } from './components/StepUpHost';
