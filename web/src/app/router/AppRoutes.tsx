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
const GenrePage = lazy(() => import('../../features/catalogue/components/GenrePage'));
const CharactersPage = lazy(() => import('../../features/catalogue/components/CharactersPage'));
const CharacterPage = lazy(() => import('../../features/catalogue/components/CharacterPage'));
const SeiyuuPage = lazy(() => import('../../features/catalogue/components/SeiyuuPage'));
const CollectionPage = lazy(() => import('../../features/catalogue/components/CollectionPage'));
const AdminCataloguePage = lazy(() => import('../../features/catalogue/components/AdminCataloguePage'));
const HomePage = lazy(() => import('../../features/catalogue/components/HomePage'));
const CataloguePage = lazy(() => import('../../features/catalogue/components/CataloguePage'));
const AnimePage = lazy(() => import('../../features/catalogue/components/AnimePage'));

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
          <Route index element={<HomePage />} />
          <Route path="catalog" element={<CataloguePage />} />
          <Route path="anime/:id" element={<AnimePage />} />
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
          <Route path="genre/:genre" element={<GenrePage />} />
          <Route path="characters" element={<CharactersPage />} />
          <Route path="characters/:id" element={<CharacterPage />} />
          <Route path="seiyuu/:id" element={<SeiyuuPage />} />
          <Route path="collections/:id" element={<CollectionPage />} />
          <Route
            path="admin"
            element={
              <AdminOnly>
                <AdminCataloguePage />
              </AdminOnly>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
