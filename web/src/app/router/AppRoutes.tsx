import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AccessGuard } from '../../features/auth/components/AccessGuard';
import { MainLayout } from '../layout/MainLayout';
import { PageLoading } from '../pages/PageLoading';
import { APP_STRINGS } from '../strings';
import { AdminOnly } from './AdminOnly';
import { MAIN_LAYOUT_SECTIONS, TV_SECTIONS } from './routes';
import { ScrollToTop } from './ScrollToTop';

const LoginPage = lazy(() => import('../../features/auth/components/LoginPage'));
const RegisterPage = lazy(() => import('../../features/auth/components/RegisterPage'));
const VkAuthPage = lazy(() => import('../../features/auth/components/VkAuthPage'));
const LegalPage = lazy(() => import('../../features/info/components/LegalPage'));
const AboutPage = lazy(() => import('../../features/info/components/AboutPage'));
const SectionInProgressPage = lazy(() => import('../pages/SectionInProgressPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

const standalone = (page: ReactNode) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route path="/login" element={standalone(<LoginPage />)} />
        <Route path="/register" element={standalone(<RegisterPage />)} />
        <Route path="/vk-auth" element={standalone(<VkAuthPage />)} />
        <Route path="/auth/vk/callback" element={standalone(<SectionInProgressPage section={APP_STRINGS.sections.vkCallback} />)} />
        <Route path="/vk-callback" element={standalone(<SectionInProgressPage section={APP_STRINGS.sections.vkCallback} />)} />
        <Route path="/legal" element={standalone(<LegalPage />)} />
        <Route path="/about" element={standalone(<AboutPage />)} />
        {TV_SECTIONS.map(({ path, section }) => (
          <Route
            key={path}
            path={path}
            element={
              <main className="tv-shell">
                <AccessGuard>{standalone(<SectionInProgressPage section={section} />)}</AccessGuard>
              </main>
            }
          />
        ))}
        <Route element={<MainLayout />}>
          <Route index element={<SectionInProgressPage section={APP_STRINGS.sections.home} />} />
          {MAIN_LAYOUT_SECTIONS.map(({ path, section, adminOnly }) => (
            <Route
              key={path}
              path={path}
              element={
                adminOnly ? (
                  <AdminOnly>
                    <SectionInProgressPage section={section} />
                  </AdminOnly>
                ) : (
                  <SectionInProgressPage section={section} />
                )
              }
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
