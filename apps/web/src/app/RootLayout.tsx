import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/footer/Footer';
import { Header } from '@/components/header/Header';
import { PageSpinner } from '@/components/PageSpinner';
import { useSession } from '@/features/auth';

export function RootLayout() {
  // Confirms the stored session in the background on every page, even ones without a header menu.
  useSession();
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <main id="main-content" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
