import { Suspense } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';
import { PageLoading } from '@/components/page-loading';
import { paths, sectionedScreens } from '@/config/paths';
import { SiteFooter } from '@/features/trust/components/site-footer';
import { type LazyScreen, LoadedScreen, lazyScreen } from './lazy-screen';
import { RequireSession } from './routes/require-session';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

// Each screen is its own chunk, loaded when its route is first visited.
// The session's copies of server data are checked before any signed-in screen reads them (ADR 055).
const serverDataLayout = lazyScreen(() =>
  import('./routes/server-data-layout').then(async (layout) => {
    await layout.checkSessionCopies();
    return layout;
  }),
);
const trustPages = () => import('./routes/trust-pages');

/** The screens by path; `signedIn` ones sit behind the session guard and inside the query cache. */
const screens: { path: string; screen: LazyScreen; signedIn: boolean }[] = [
  { path: paths.login, screen: lazyScreen(() => import('./routes/login')), signedIn: false },
  {
    path: paths.forgotPassword,
    screen: lazyScreen(() => import('./routes/forgot-password')),
    signedIn: false,
  },
  { path: paths.setPassword, screen: lazyScreen(() => import('./routes/set-password')), signedIn: false },
  { path: paths.selfReading, screen: lazyScreen(() => import('./routes/self-reading')), signedIn: false },
  { path: paths.accountSelect, screen: lazyScreen(() => import('./routes/account-select')), signedIn: true },
  { path: paths.resetPassword, screen: lazyScreen(() => import('./routes/reset-password')), signedIn: true },
  { path: paths.home, screen: lazyScreen(() => import('./routes/home')), signedIn: true },
  { path: paths.administration, screen: lazyScreen(() => import('./routes/administration')), signedIn: true },
  {
    path: paths.myData,
    screen: lazyScreen(() => trustPages().then((module) => ({ Component: module.MyDataPage }))),
    signedIn: true,
  },
  // Public pages (ADR 038): the same signed in or out, outside the session guard.
  {
    path: paths.accessibility,
    screen: lazyScreen(() =>
      trustPages().then((module) => ({ Component: module.AccessibilityStatementPage })),
    ),
    signedIn: false,
  },
  {
    path: paths.privacy,
    screen: lazyScreen(() => trustPages().then((module) => ({ Component: module.PrivacyPage }))),
    signedIn: false,
  },
];

/** Whether `path` shows the screen at `screenPath`: the path itself, or one of its sections. */
function showsScreen(screenPath: string, path: string): boolean {
  return path === screenPath || (sectionedScreens.includes(screenPath) && path.startsWith(`${screenPath}/`));
}

/** The route pattern of a screen; a sectioned screen's sections match it too, so it stays mounted. */
const routePattern = (screenPath: string): string =>
  sectionedScreens.includes(screenPath) ? `${screenPath}/*?` : screenPath;

function preloadScreenOf(path: string): Promise<unknown> {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const target = screens.find((entry) => showsScreen(entry.path, pathname));
  if (!target) return Promise.resolve();
  return Promise.all([target.screen.preload(), target.signedIn ? serverDataLayout.preload() : null]);
}

/**
 * In-app navigation (links, redirects, `navigate`) loads the next screen first and then changes the
 * URL, as a data router would: the old screen stays until the new one is ready. A failed load
 * navigates all the same, and the error boundary offers the reload.
 */
function navigateWhenLoaded(to: string, options?: { replace?: boolean }): void {
  const go = () => navigate(to, options);
  preloadScreenOf(to).then(go, go);
}

function usePreloadingLocation(): [string, typeof navigateWhenLoaded] {
  const [location] = useBrowserLocation();
  return [location, navigateWhenLoaded];
}

function RouteErrorAndFooter(props: FallbackProps) {
  return (
    <>
      <RouteError {...props} />
      <SiteFooter />
    </>
  );
}

/**
 * The screen of the path, and the footer after it. The footer renders with the screen, not under its
 * loading spinner: there the screen's arrival pushed it down the page, a layout shift Lighthouse
 * counted at 0.15 on /home (ADR 038).
 */
function Screens() {
  const [location] = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteErrorAndFooter} resetKeys={[location]}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path={paths.root}>
            <Redirect to={paths.home} replace />
          </Route>
          {screens.map(({ path, screen, signedIn }) => (
            <Route key={path} path={routePattern(path)}>
              {signedIn ? (
                <RequireSession>
                  <LoadedScreen screen={serverDataLayout}>
                    <LoadedScreen screen={screen} />
                  </LoadedScreen>
                </RequireSession>
              ) : (
                <LoadedScreen screen={screen} />
              )}
            </Route>
          ))}
          <Route>
            <Redirect to={paths.home} replace />
          </Route>
        </Switch>
        <SiteFooter />
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <Router hook={usePreloadingLocation}>
      <RootLayout>
        <Screens />
      </RootLayout>
    </Router>
  );
}
