import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { RequireSession, requireSessionLoader } from './routes/require-session';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

// Each screen is its own chunk, loaded when its route is first visited.
export const router = createBrowserRouter([
  {
    path: paths.root,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <Navigate to={paths.home} replace /> },
      { path: paths.login, lazy: () => import('./routes/login') },
      {
        element: <RequireSession />,
        loader: requireSessionLoader,
        children: [
          {
            lazy: () => import('./routes/server-data-layout'),
            children: [
              { path: paths.accountSelect, lazy: () => import('./routes/account-select') },
              { path: paths.resetPassword, lazy: () => import('./routes/reset-password') },
              { path: paths.home, lazy: () => import('./routes/home') },
              { path: paths.administration, lazy: () => import('./routes/administration') },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
