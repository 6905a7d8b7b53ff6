import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAdmin, makeUser } from '../../test/fixtures';
import { installMockApi, ok } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { titleRankings, userRankings } from '../../features/rankings/testing/rankings-fixtures';
import { AppRoutes } from './AppRoutes';

// The admin panel's sections are lazy modules (the news editor alone is 400 KB): they are loaded once
// here, so a test waits for the page to draw, not for a busy machine to transform its modules.
beforeAll(async () => {
  await Promise.all([
    import('../../features/catalogue/components/AdminCataloguePage'),
    import('../../features/moderation/components/ReportsQueue'),
    import('../../features/reviews/components/PendingReviewsQueue'),
    import('../../features/quiz/components/QuizModerationQueue'),
    import('../../features/moderation/components/UsersAdmin'),
    import('../../features/moderation/components/IpBansAdmin'),
    import('../../features/moderation/components/AuditLog'),
    import('../../features/news/components/NewsAdmin'),
    import('../../features/amv/components/AmvAdmin'),
    import('../../features/rewards/components/CardsAdmin'),
    import('../../features/moderation/components/SiteStatsPage'),
    import('../../features/episodes-admin/components/EpisodesAdminPage'),
  ]);
}, 120_000);

let restore: (() => void) | null = null;
beforeEach(() => {
  restore = installMockApi({}).restore;
});
afterEach(() => restore?.());

const signedIn = { token: 'jwt', user: makeUser() };
const findHeading = (name: string | RegExp) => screen.findByRole('heading', { name }, { timeout: 3000 });

describe('routes', () => {
  it('serves the site statistics at /admin/reports, to admins only', async () => {
    const { unmount } = renderWithApp(<AppRoutes />, { route: '/admin/reports', session: signedIn });
    expect(await findHeading('Недостаточно прав')).toBeInTheDocument();
    unmount();
    const api = installMockApi({ 'GET /api/admin/stats': { hang: true } });
    try {
      renderWithApp(<AppRoutes />, { route: '/admin/reports', session: { token: 'jwt', user: makeAdmin() } });
      expect(await findHeading('Статистика сайта')).toBeInTheDocument();
    } finally {
      api.restore();
    }
  });

  it('serves the «Серии» screen of a title to uploaders and admins, refuses guests and other users', async () => {
    const route = '/admin/anime/20/episodes';
    // A guest is asked to sign in, as on every admin page; a user who is not an uploader is refused.
    const guest = renderWithApp(<AppRoutes />, { route, session: null });
    expect(await findHeading('Добро пожаловать!')).toBeInTheDocument();
    guest.unmount();
    const { unmount } = renderWithApp(<AppRoutes />, { route, session: signedIn });
    expect(await findHeading('Недостаточно прав')).toBeInTheDocument();
    expect(screen.getByText('Этот раздел доступен только администраторам и загрузчикам серий.')).toBeInTheDocument();
    unmount();
    const management = { animeId: 20, title: 'Наруто', episodeCount: 220, episodes: [], sources: [] };
    const api = installMockApi({ 'GET /api/admin/anime/20/episodes': ok(management) });
    try {
      for (const user of [makeUser({ isUploader: true }), makeAdmin()]) {
        const { unmount } = renderWithApp(<AppRoutes />, { route, session: { token: 'jwt', user } });
        expect(await findHeading('Серии — Наруто')).toBeInTheDocument();
        unmount();
      }
      expect(api.callsTo('GET /api/admin/anime/20/episodes').length).toBeGreaterThanOrEqual(1);
    } finally {
      api.restore();
    }
  });

  it('answers unknown paths with the 404 page inside the layout', async () => {
    renderWithApp(<AppRoutes />, { route: '/no/such/page', session: signedIn });
    expect(await findHeading('Страница не найдена')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toBeInTheDocument();
  });

  it('shows the legal page to guests, outside the layout', async () => {
    renderWithApp(<AppRoutes />, { route: '/legal', session: null });
    expect(await findHeading('Правообладателям и РКН')).toBeInTheDocument();
    expect(screen.getByText(/сканы документов/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Основная навигация' })).not.toBeInTheDocument();
  });

  it('keeps the admin panel from non-admins', async () => {
    const { unmount } = renderWithApp(<AppRoutes />, { route: '/admin', session: { token: 'jwt', user: makeUser() } });
    expect(await findHeading('Недостаточно прав')).toBeInTheDocument();
    unmount();
    renderWithApp(<AppRoutes />, { route: '/admin', session: { token: 'jwt', user: makeAdmin() } });
    expect(await findHeading('Админ-панель')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Каталог' })).toBeInTheDocument();
  });

  it('composes the reviews moderation queue into the admin panel', async () => {
    const api = installMockApi({ 'GET /api/admin/reviews/pending': ok({ items: [], nextCursor: null, pending: 0 }) });
    try {
      renderWithApp(<AppRoutes />, { route: '/admin', session: { token: 'jwt', user: makeAdmin() } });
      expect(await findHeading('Рецензии на проверке (0)')).toBeInTheDocument();
      expect(await screen.findByText('Рецензий на проверке нет')).toBeInTheDocument();
    } finally {
      api.restore();
    }
  });

  it('lists every collection at /collections, inside the layout', async () => {
    renderWithApp(<AppRoutes />, { route: '/collections', session: signedIn });
    expect(await findHeading('Подборки')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toBeInTheDocument();
  });

  it('serves the rankings page at /rankings', async () => {
    const api = installMockApi({
      'GET /api/users/rankings': ok(userRankings()),
      'GET /api/rankings/titles': ok(titleRankings()),
    });
    try {
      renderWithApp(<AppRoutes />, { route: '/rankings', session: signedIn });
      expect(await findHeading('Рейтинг')).toBeInTheDocument();
      expect(await screen.findByRole('tab', { name: 'Аниме' })).toBeInTheDocument();
    } finally {
      api.restore();
    }
  });

  it('guards TV routes too', async () => {
    renderWithApp(<AppRoutes />, { route: '/tv', session: null });
    expect(await findHeading('Добро пожаловать!')).toBeInTheDocument();
  });

  it('scrolls to the top on every route change', async () => {
    renderWithApp(<AppRoutes />, { route: '/no/such/page', session: signedIn });
    await findHeading('Страница не найдена');
    vi.mocked(window.scrollTo).mockClear();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('link', { name: 'Новости' })[0]!);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Новости' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });
});
