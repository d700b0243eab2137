export { useSession, type Session } from './useSession';
export { useSignOut } from './api/signOut';
export { RequireRole } from './components/RequireRole';
export { LoginForm } from './components/LoginForm';
export { SignUpForm } from './components/SignUpForm';
export { USER_DATA_KEY } from './sessionUser';
export { useSignupFirst, SIGNUP_FIRST } from './useSignupFirst';
export { ForgotPasswordForm } from './components/ForgotPasswordForm';
export { ResetPasswordForm, InvalidLink } from './components/ResetPasswordForm';
