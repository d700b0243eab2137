import { useEffect, useRef } from 'react';
import { useSession } from '@/features/auth';
import { followAccountChanges, forgetAccountLists, mergeIntoAccount } from './accountBaskets';

/**
 * Renders nothing: keeps the cart and wishlist with the signed-in account (see accountBaskets.ts).
 * A sign-in or sign-out in another tab reaches this one through the session, so each tab follows.
 * While a member acts for a studio, whose lists they may not write, this browser's lists stay its
 * own; they join the person's account again when they act as themselves.
 */
export function AccountBaskets() {
  const { user, restoring } = useSession();
  const userId = user?._id ?? null;
  const actingForStudio = user?.actingForStudio === true;
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (restoring) return undefined;
    if (actingForStudio) {
      previous.current = null;
      return undefined;
    }
    const before = previous.current;
    previous.current = userId;
    if (userId === null) {
      // A visitor's lists are theirs (the spec's browser storage); only a sign-out clears them.
      if (before) forgetAccountLists();
      return undefined;
    }
    if (before !== userId) void mergeIntoAccount();
    return followAccountChanges();
  }, [userId, restoring, actingForStudio]);

  return null;
}
