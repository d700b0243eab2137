import type { ReactNode } from 'react';
import { useMyStudios } from '../api/myStudios';

/**
 * A page of the person's own (their sign-in, their factors): while the session acts for a studio its
 * calls would be refused, so the page says how to get to it instead of offering buttons that fail.
 */
export function WhenActingAsYourself({ children }: { children: ReactNode }) {
  const acting = useMyStudios().data?.acting;
  if (acting) {
    return (
      <p className="alert alert-info">
        Your sign-in, passkeys and sessions are your own, not {acting.name}’s: choose <strong>Yourself</strong> under “Act as” in the menu
        with your name to see and change them here.
      </p>
    );
  }
  return children;
}
