import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@market/contracts';
import { showNotice } from '@/components/notice/notices';

export const SIGNUP_FIRST = 'Please Signup First';

/**
 * docs/product-spec.md §8: a visitor who tries to check out sees 'Please Signup First' for 3 s and is then
 * taken to the sign-up page.
 */
export function useSignupFirst(): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    showNotice(SIGNUP_FIRST, 'info');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate('/sign-up'), LIMITS.popupTimerMs);
  }, [navigate]);
}
