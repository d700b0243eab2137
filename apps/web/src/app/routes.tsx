import type { RouteObject } from 'react-router';
import { RequireRole } from '@/features/auth';
import { lazyPage } from './lazyPage';
import { RootLayout } from './RootLayout';

// Every page is its own chunk: the storefront entry holds only the shell, and the panels
// (with their editors later) are never downloaded by visitors.
const HomePage = lazyPage(() => import('@/pages/HomePage'));
const AboutPage = lazyPage(() => import('@/pages/AboutPage'));
const ContactPage = lazyPage(() => import('@/pages/ContactPage'));
const UploadInfoPage = lazyPage(() => import('@/pages/UploadInfoPage'));
const PrivacyPolicyPage = lazyPage(() => import('@/pages/PrivacyPolicyPage'));
const LoginPage = lazyPage(() => import('@/pages/LoginPage'));
const SignUpPage = lazyPage(() => import('@/pages/SignUpPage'));
const ForgotPasswordPage = lazyPage(() => import('@/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('@/pages/ResetPasswordPage'));
const PurchaseSuccessfulPage = lazyPage(() => import('@/pages/PurchaseSuccessfulPage'));
const PurchaseUnsuccessfulPage = lazyPage(() => import('@/pages/PurchaseUnsuccessfulPage'));
const BrowseGamesPage = lazyPage(() => import('@/pages/BrowseGamesPage'));
const SearchGamesPage = lazyPage(() => import('@/pages/SearchGamesPage'));
const HowWeRankPage = lazyPage(() => import('@/pages/HowWeRankPage'));
const ProductListingPage = lazyPage(() => import('@/pages/ProductListingPage'));
const PortfolioPage = lazyPage(() => import('@/pages/PortfolioPage'));
const CartPage = lazyPage(() => import('@/pages/CartPage'));
const CheckoutPage = lazyPage(() => import('@/pages/CheckoutPage'));
const UpgradeCheckoutPage = lazyPage(() => import('@/pages/UpgradeCheckoutPage'));
const HireDeveloperPage = lazyPage(() => import('@/pages/HireDeveloperPage'));
const ProductDetailPage = lazyPage(() => import('@/pages/ProductDetailPage'));
const BundlePage = lazyPage(() => import('@/pages/BundlePage'));
const CustomWorkPage = lazyPage(() => import('@/pages/CustomWorkPage'));
const CustomWorkCheckoutPage = lazyPage(() => import('@/pages/CustomWorkCheckoutPage'));
const StudioInvitationPage = lazyPage(() => import('@/pages/StudioInvitationPage'));
const NotFoundPage = lazyPage(() => import('@/pages/NotFoundPage'));
const UserPanel = lazyPage(() => import('@/pages/user-panel/UserPanel'));
const AdminPanel = lazyPage(() => import('@/pages/admin-panel/AdminPanel'));

/**
 * docs/product-spec.md §2.2. React Router matches paths case-insensitively, so '/Login' also serves the
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
      { path: 'how-we-rank', element: <HowWeRankPage /> },
      { path: 'cart-products', element: <CartPage /> },
      { path: 'checkout', element: <CheckoutPage /> },
      {
        path: 'checkout/upgrade/:code',
        element: (
          <RequireRole requiredRole="User">
            <UpgradeCheckoutPage />
          </RequireRole>
        ),
      },
      {
        path: 'checkout/custom-work/:id',
        element: (
          <RequireRole requiredRole="User">
            <CustomWorkCheckoutPage />
          </RequireRole>
        ),
      },
      {
        path: 'custom-work/:id',
        element: (
          <RequireRole requiredRole="any">
            <CustomWorkPage />
          </RequireRole>
        ),
      },
      { path: 'hire-developer', element: <HireDeveloperPage /> },
      { path: 'studio/invitations/:token', element: <StudioInvitationPage /> },
      { path: 'downloads/:title', element: <ProductDetailPage /> },
      { path: 'bundle/:id', element: <BundlePage /> },
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
