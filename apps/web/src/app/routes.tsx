import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireRole } from '@/features/auth';
import { RootLayout } from './RootLayout';

// Every page is its own chunk: the storefront entry holds only the shell, and the panels
// (with their editors later) are never downloaded by visitors.
const HomePage = lazy(() => import('@/pages/HomePage'));
const AboutPage = lazy(() => import('@/pages/AboutPage'));
const ContactPage = lazy(() => import('@/pages/ContactPage'));
const UploadInfoPage = lazy(() => import('@/pages/UploadInfoPage'));
const PrivacyPolicyPage = lazy(() => import('@/pages/PrivacyPolicyPage'));
const LoginPage = lazy(() => import('@/pages/LoginPage'));
const SignUpPage = lazy(() => import('@/pages/SignUpPage'));
const ForgotPasswordPage = lazy(() => import('@/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('@/pages/ResetPasswordPage'));
const PurchaseSuccessfulPage = lazy(() => import('@/pages/PurchaseSuccessfulPage'));
const PurchaseUnsuccessfulPage = lazy(() => import('@/pages/PurchaseUnsuccessfulPage'));
const BrowseGamesPage = lazy(() => import('@/pages/BrowseGamesPage'));
const SearchGamesPage = lazy(() => import('@/pages/SearchGamesPage'));
const ProductListingPage = lazy(() => import('@/pages/ProductListingPage'));
const PortfolioPage = lazy(() => import('@/pages/PortfolioPage'));
const CartPage = lazy(() => import('@/pages/CartPage'));
const CheckoutPage = lazy(() => import('@/pages/CheckoutPage'));
const HireDeveloperPage = lazy(() => import('@/pages/HireDeveloperPage'));
const ProductDetailPage = lazy(() => import('@/pages/ProductDetailPage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));
const UserPanel = lazy(() => import('@/pages/user-panel/UserPanel'));
const AdminPanel = lazy(() => import('@/pages/admin-panel/AdminPanel'));

/**
 * SPEC.md 2.2. React Router matches paths case-insensitively, so '/Login' also serves the
 * '/login' links. Static segments outrank '/:productListing', which takes every other single
 * segment; unknown deeper paths fall through to the 404 page.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about-us', element: <AboutPage /> },
      { path: 'contact-us', element: <ContactPage /> },
      { path: 'upload', element: <UploadInfoPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'Login', element: <LoginPage /> },
      { path: 'sign-up', element: <SignUpPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'purchase-successful', element: <PurchaseSuccessfulPage /> },
      { path: 'purchase-unsuccessful', element: <PurchaseUnsuccessfulPage /> },
      { path: 'browse-game', element: <BrowseGamesPage /> },
      { path: 'search-games', element: <SearchGamesPage /> },
      { path: 'cart-products', element: <CartPage /> },
      { path: 'checkout', element: <CheckoutPage /> },
      { path: 'hire-developer', element: <HireDeveloperPage /> },
      { path: 'downloads/:title', element: <ProductDetailPage /> },
      { path: ':portfolioName/portfolio', element: <PortfolioPage /> },
      {
        path: 'userPanel/*',
        element: (
          <RequireRole requiredRole="User">
            <UserPanel />
          </RequireRole>
        ),
      },
      {
        path: 'adminPanel/*',
        element: (
          <RequireRole requiredRole="Admin">
            <AdminPanel />
          </RequireRole>
        ),
      },
      { path: ':productListing', element: <ProductListingPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
