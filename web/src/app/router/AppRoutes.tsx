import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AccessGuard } from '../../features/auth/components/AccessGuard';
import { MainLayout } from '../layout/MainLayout';
import { PageLoading } from '../pages/PageLoading';
import { AdminOnly, UploaderOnly } from './AdminOnly';
import { PAGE_MODULES } from './route-preload';
import { MAIN_LAYOUT_SECTIONS } from './routes';
import { ScrollToTop } from './ScrollToTop';

const LoginPage = lazy(() => import('../../features/auth/components/LoginPage'));
const RegisterPage = lazy(() => import('../../features/auth/components/RegisterPage'));
const VkAuthPage = lazy(() => import('../../features/auth/components/VkAuthPage'));
const VkCallbackPage = lazy(() => import('../../features/auth/components/VkCallbackPage'));
const LegalPage = lazy(() => import('../../features/info/components/LegalPage'));
const AboutPage = lazy(() => import('../../features/info/components/AboutPage'));
const SectionInProgressPage = lazy(() => import('../pages/SectionInProgressPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const GenrePage = lazy(() => import('../../features/catalogue/components/GenrePage'));
const CharactersPage = lazy(() => import('../../features/catalogue/components/CharactersPage'));
const CharacterPage = lazy(() => import('../../features/catalogue/components/CharacterPage'));
const SeiyuuPage = lazy(() => import('../../features/catalogue/components/SeiyuuPage'));
const CollectionPage = lazy(() => import('../../features/catalogue/components/CollectionPage'));
const CollectionsPage = lazy(() => import('../../features/catalogue/components/CollectionsPage'));
const AdminCataloguePage = lazy(() => import('../../features/catalogue/components/AdminCataloguePage'));
const HomePage = lazy(PAGE_MODULES.home);
const CataloguePage = lazy(PAGE_MODULES.catalogue);
const AnimePage = lazy(PAGE_MODULES.anime);
const PlayerPage = lazy(PAGE_MODULES.player);
const SettingsPage = lazy(() => import('../../features/settings/components/SettingsPage'));
const ProfilePage = lazy(() => import('../../features/profile/components/ProfilePage'));
const UserProfilePage = lazy(() => import('../../features/profile/components/UserProfilePage'));
const TvHomePage = lazy(() => import('../../features/tv/components/TvHomePage'));
const TvAnimePage = lazy(() => import('../../features/tv/components/TvAnimePage'));
const TvPlayerPage = lazy(() => import('../../features/player/components/tv/TvPlayerPage'));
const WatchPartyPage = lazy(() => import('../../features/watch-party/components/WatchPartyPage'));
const StartWatchPartyButton = lazy(() => import('../../features/watch-party/components/StartWatchPartyButton'));
const EPISODE_ACTIONS = [StartWatchPartyButton];
// Other features' pieces of catalogue pages, composed here (features may not import each other).
const WatchButton = lazy(() => import('../../features/player/components/WatchButton'));
const AnimeEpisodes = lazy(() => import('../../features/player/components/AnimeEpisodes'));
const AnimeLibraryPanel = lazy(() => import('../../features/library/components/AnimeLibraryPanel'));
const AnimeComments = lazy(() => import('../../features/comments/components/AnimeComments'));
const AnimeReviews = lazy(() => import('../../features/reviews/components/AnimeReviews'));
const ReviewPage = lazy(() => import('../../features/reviews/components/ReviewPage'));
const ProfileReviews = lazy(() => import('../../features/reviews/components/ProfileReviews'));
const ProfileComments = lazy(() => import('../../features/comments/components/ProfileComments'));
const PendingReviewsQueue = lazy(() => import('../../features/reviews/components/PendingReviewsQueue'));
const LatestComments = lazy(() => import('../../features/comments/components/LatestComments'));
const ContinueWatching = lazy(PAGE_MODULES.continueWatching);
const AmvListPage = lazy(() => import('../../features/amv/components/AmvListPage'));
const AmvDetailPage = lazy(() => import('../../features/amv/components/AmvDetailPage'));
const AmvPlaylistPage = lazy(() => import('../../features/amv/components/AmvPlaylistPage'));
const OrdersPage = lazy(() => import('../../features/orders/components/OrdersPage'));
const QuizListPage = lazy(() => import('../../features/quiz/components/QuizListPage'));
const QuizPage = lazy(() => import('../../features/quiz/components/QuizPage'));
const QuizEditorPage = lazy(() => import('../../features/quiz/components/QuizEditorPage'));
const QuizModerationQueue = lazy(() => import('../../features/quiz/components/QuizModerationQueue'));
const RankingsPage = lazy(() => import('../../features/rankings/components/RankingsPage'));
const NewsListPage = lazy(() => import('../../features/news/components/NewsListPage'));
const NewsArticlePage = lazy(() => import('../../features/news/components/NewsArticlePage'));
const LatestNews = lazy(() => import('../../features/news/components/LatestNews'));
const NewsAdmin = lazy(() => import('../../features/news/components/NewsAdmin'));
const NewsComments = lazy(() => import('../../features/comments/components/NewsComments'));
const NEWS_PAGE_SLOTS = { comments: NewsComments };
const ANIME_PAGE_SLOTS = {
  actions: [WatchButton, AnimeLibraryPanel],
  sections: [AnimeEpisodes],
  reviews: [AnimeReviews],
  footer: [AnimeComments],
};
const ProfileCards = lazy(() => import('../../features/rewards/components/ProfileCards'));
const ProfileAchievements = lazy(() => import('../../features/rewards/components/ProfileAchievements'));
const ProfileRoulette = lazy(() => import('../../features/rewards/components/ProfileRoulette'));
const CardPage = lazy(() => import('../../features/rewards/components/CardPage'));
const CardsAdmin = lazy(() => import('../../features/rewards/components/CardsAdmin'));
const PROFILE_PAGE_SLOTS = {
  reviews: ProfileReviews,
  comments: ProfileComments,
  cards: ProfileCards,
  achievements: ProfileAchievements,
  roulette: ProfileRoulette,
};
const AmvAdmin = lazy(() => import('../../features/amv/components/AmvAdmin'));
const ReportsQueue = lazy(() => import('../../features/moderation/components/ReportsQueue'));
const UsersAdmin = lazy(() => import('../../features/moderation/components/UsersAdmin'));
const AuditLog = lazy(() => import('../../features/moderation/components/AuditLog'));
const IpBansAdmin = lazy(() => import('../../features/moderation/components/IpBansAdmin'));
const SiteStatsPage = lazy(() => import('../../features/moderation/components/SiteStatsPage'));
const EpisodesAdminPage = lazy(() => import('../../features/episodes-admin/components/EpisodesAdminPage'));
const ADMIN_PAGE_SLOTS = {
  sections: [ReportsQueue, PendingReviewsQueue, QuizModerationQueue, UsersAdmin, IpBansAdmin, AuditLog, NewsAdmin, AmvAdmin, CardsAdmin],
};
const AmvComments = lazy(() => import('../../features/comments/components/AmvComments'));
const AMV_PAGE_SLOTS = { comments: AmvComments };

const standalone = (page: ReactNode) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;
/** TV-mode screens: outside the main layout, still behind the sign-in guard (SPEC.md section 2). */
const tvScreen = (page: ReactNode) => (
  <main className="tv-shell">
    <AccessGuard>{standalone(page)}</AccessGuard>
  </main>
);

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route path="/login" element={standalone(<LoginPage />)} />
        <Route path="/register" element={standalone(<RegisterPage />)} />
        <Route path="/vk-auth" element={standalone(<VkAuthPage />)} />
        <Route path="/auth/vk/callback" element={standalone(<VkCallbackPage />)} />
        <Route path="/vk-callback" element={standalone(<VkCallbackPage />)} />
        <Route path="/legal" element={standalone(<LegalPage />)} />
        <Route path="/about" element={standalone(<AboutPage />)} />
        <Route path="/tv" element={tvScreen(<TvHomePage />)} />
        <Route path="/tv/anime/:id" element={tvScreen(<TvAnimePage />)} />
        <Route path="/tv/watch/:id/:episode" element={tvScreen(<TvPlayerPage />)} />
        <Route element={<MainLayout />}>
          <Route index element={<HomePage continueWatching={ContinueWatching} latestComments={LatestComments} latestNews={LatestNews} />} />
          <Route path="catalog" element={<CataloguePage />} />
          <Route path="anime/:id" element={<AnimePage slots={ANIME_PAGE_SLOTS} />} />
          <Route path="anime/:id/review/:reviewId" element={<ReviewPage />} />
          <Route path="watch/:id/:episode" element={<PlayerPage episodeActions={EPISODE_ACTIONS} />} />
          <Route path="watch-party/:roomId" element={<WatchPartyPage />} />
          <Route path="profile" element={<ProfilePage slots={PROFILE_PAGE_SLOTS} />} />
          <Route path="user/:username" element={<UserProfilePage slots={PROFILE_PAGE_SLOTS} />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="news" element={<NewsListPage />} />
          <Route path="news/:id" element={<NewsArticlePage slots={NEWS_PAGE_SLOTS} />} />
          <Route path="amv" element={<AmvListPage />} />
          <Route path="amv/:id" element={<AmvDetailPage slots={AMV_PAGE_SLOTS} />} />
          <Route path="my-amv-playlist" element={<AmvPlaylistPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="quiz" element={<QuizListPage />} />
          <Route path="quiz/new" element={<QuizEditorPage />} />
          <Route path="quiz/:id" element={<QuizPage />} />
          <Route path="quiz/:id/edit" element={<QuizEditorPage />} />
          <Route path="rankings" element={<RankingsPage />} />
          <Route path="cards/:id" element={<CardPage />} />
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
          <Route path="collections" element={<CollectionsPage />} />
          <Route path="collections/:id" element={<CollectionPage />} />
          <Route
            path="admin/reports"
            element={
              <AdminOnly>
                <SiteStatsPage />
              </AdminOnly>
            }
          />
          <Route
            path="admin/anime/:id/episodes"
            element={
              <UploaderOnly>
                <EpisodesAdminPage />
              </UploaderOnly>
            }
          />
          <Route
            path="admin"
            element={
              <AdminOnly>
                <AdminCataloguePage slots={ADMIN_PAGE_SLOTS} />
              </AdminOnly>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
