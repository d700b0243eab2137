import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '@/app/footer/Footer';
import { Header } from '@/app/header/Header';
import { PageSpinner } from '@/components/PageSpinner';
import { useConfirmSession } from '@/features/auth';
import { AccountBaskets } from '@/features/cart';
import { StepUpHost } from '@/features/security';
import { PageErrorBoundary } from './PageErrorBoundary';
import { RouteAnnouncer } from './RouteAnnouncer';

export function RootLayout() {
  // Confirms the stored session in the background on every page, even ones without a header menu.
  useConfirmSession();
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <main id="main-content" tabIndex={-1}>
        {/* Keyed by path so leaving a crashed page shows the next one again. */}
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <ScrollToTop key={pathname} />
      <AccountBaskets />
      <StepUpHost />
      <RouteAnnouncer pathname={pathname} />
    </>
  );
}

/** Mounted anew for every path, so each page starts at its top. */
function ScrollToTop() {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return null;
}
