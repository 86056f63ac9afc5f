import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppsPage } from '../features/apps';
import { OfflinePage } from '../features/offline';
import { PasswordChangeForm, PasswordPage } from '../features/password';
import { ProfilePage } from '../features/profile';
import { lazyLoaded } from '../lib/lazyLoaded';
import { HomeContent, ModuleRoute } from './ModuleRoutes';
import { PageLoading } from './PageLoading';
import { loadedShellLayout, loadShellLayout, prefetchRoute } from './prefetchHome';
import { RequireSession } from './RequireSession';
import { RootRedirect } from './RootRedirect';

// A visitor needs either the login screen or the shell, so each is its own chunk.
const LoginPage = lazy(() =>
  import('../features/auth').then((module) => ({ default: module.LoginPage })),
);
// Loaded beside the session check (prefetchRoute): then drawn without a fallback in between.
const ShellLayout = lazyLoaded(loadedShellLayout, loadShellLayout);

/** The routes of spec §2. */
export function AppRoutes() {
  // The page the browser opened with: an area's code loads beside the session check.
  useEffect(() => prefetchRoute(window.location.pathname), []);
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/lms/login" element={<LoginPage />} />
        <Route path="/lms/offline" element={<OfflinePage />} />
        <Route
          path="/lms"
          element={
            <RequireSession>
              <ShellLayout />
            </RequireSession>
          }
        >
          <Route index element={<HomeContent />} />
          <Route path="apps" element={<AppsPage />} />
          <Route
            path="profile"
            element={
              <ProfilePage>
                <PasswordChangeForm />
              </ProfilePage>
            }
          />
          <Route path="change-password" element={<PasswordPage />} />
          {/* The modules of the registry (/lms/remotes.json), and "not found" for the rest. */}
          <Route path="*" element={<ModuleRoute />} />
        </Route>
        <Route path="*" element={<Navigate to="/lms" replace />} />
      </Routes>
    </Suspense>
  );
}
