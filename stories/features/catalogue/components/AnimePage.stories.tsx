import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import AnimePage from '../../../../web/src/features/catalogue/components/AnimePage';
import { adminSession, fail, makeUser, ok, userSession } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import { AT_375, GENRE_LIST, PENDING, UNREACHABLE_IMAGE, animeDetails, animeStats, svgPoster } from '../catalogue-story-helpers';

const AnimeRoute = pageAtRoute('/anime/:id', AnimePage);
const BACKGROUND = svgPoster('Фон', 210);
const backdrop = () => document.querySelector<HTMLImageElement>('img.anime-page__backdrop');

const baseApi = {
  'GET /api/anime/1': ok(animeDetails()),
  'GET /api/anime/1/stats': ok(animeStats()),
  'GET /api/genres': ok(GENRE_LIST),
};

const meta = {
  title: 'features/catalogue/components/AnimePage',
  component: AnimeRoute,
  parameters: { route: '/anime/1', mockApi: baseApi },
} satisfies Meta<typeof AnimeRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Стальной алхимик: Братство' })).toBeInTheDocument();
    await expect(screen.getByText('Hagane no Renkinjutsushi: Fullmetal Alchemist')).toBeInTheDocument();
    await expect(screen.getByText('鋼の錬金術師 FULLMETAL ALCHEMIST')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Экшен' })).toHaveAttribute('href', '/genre/action');
    await expect(screen.getByText('64 серии')).toBeInTheDocument();
    await expect(screen.getByText('Вышло')).toBeInTheDocument();
    await expect(screen.getByText('Весна 2009')).toBeInTheDocument();
    await expect(screen.getByText('24 минуты на серию')).toBeInTheDocument();
    // Markup in the description is shown as text, never rendered.
    await expect(screen.getByText(/<b>Без разметки<\/b>/)).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Эдвард Элрик' })).toHaveAttribute('href', '/characters/11');
    await expect(screen.getByRole('link', { name: 'Роми Паку' })).toHaveAttribute('href', '/seiyuu/21');
    await expect(within(screen.getByRole('list', { name: 'Похожие аниме' })).getAllByRole('link')).toHaveLength(4);
    const trailer = screen.getByRole('link', { name: /Трейлер/ });
    await expect(trailer).toHaveAttribute('target', '_blank');
    await expect(trailer).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(screen.queryByRole('link', { name: /Опасная ссылка/ })).not.toBeInTheDocument();
    await expect(await screen.findByText('830')).toBeInTheDocument();
    await expect(screen.getByText(/Средняя оценка пользователей: 9.4/)).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Редактировать' })).not.toBeInTheDocument();
    await expect(backdrop()).toBeNull();
  },
};

/** A background set by an admin: a dimmed, decorative image behind the header. */
export const WithBackground: Story = {
  parameters: { mockApi: { 'GET /api/anime/1': ok(animeDetails({ background: BACKGROUND })) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Стальной алхимик: Братство' })).toBeInTheDocument();
    const image = backdrop();
    await expect(image).toHaveAttribute('src', BACKGROUND);
    await expect(image).toHaveAttribute('alt', '');
    await expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).not.toContain(BACKGROUND);
  },
};

/** A background that does not load is left out: no broken image. */
export const BackgroundUnreachable: Story = {
  parameters: { mockApi: { 'GET /api/anime/1': ok(animeDetails({ background: UNREACHABLE_IMAGE })) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Стальной алхимик: Братство' })).toBeInTheDocument();
    const image = backdrop()!;
    await expect(image).toHaveAttribute('src', UNREACHABLE_IMAGE);
    // jsdom loads no images: fire the browser's error event ourselves (a real browser fires it by itself).
    fireEvent.error(image);
    await waitFor(() => expect(backdrop()).toBeNull());
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Стальной алхимик: Братство' })).toBeInTheDocument();
  },
};

/** A title with few data: no Russian name, characters, similar titles or videos; nobody has listed it. */
export const Sparse: Story = {
  parameters: {
    mockApi: {
      'GET /api/anime/1': ok(
        animeDetails({
          title: 'Fullmetal Alchemist: Brotherhood',
          titleRu: null,
          titleEn: null,
          titleJa: null,
          synonyms: [],
          description: null,
          episodes: 1,
          series: 1,
          kind: 'movie',
          season: null,
          year: null,
          releaseYear: null,
          durationMinutes: null,
          shikimori_duration_3: null,
          score: null,
          shikimori_score: null,
          characters: [],
          shikimori_similar: [],
          shikimori_videos: [],
        }),
      ),
      'GET /api/anime/1/stats': ok(
        animeStats({ statuses: { planned: 0, watching: 0, completed: 0, on_hold: 0, dropped: 0, rewatching: 0 }, votes: 0, averageScore: null }),
      ),
    },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Fullmetal Alchemist: Brotherhood' })).toBeInTheDocument();
    await expect(screen.getByText('1 серия')).toBeInTheDocument();
    // The poster above the fold is the likely largest paint: eager, high priority.
    const poster = screen.getByRole('img', { name: /Постер/ });
    await expect(poster).toHaveAttribute('loading', 'eager');
    await expect(poster).toHaveAttribute('fetchpriority', 'high');
    await expect(screen.getByText('Описание пока не добавлено.')).toBeInTheDocument();
    await expect(await screen.findByText('Пока никто не добавил это аниме в список')).toBeInTheDocument();
    await expect(screen.queryByRole('heading', { name: 'Персонажи и сэйю' })).not.toBeInTheDocument();
  },
};

/** The header's skeleton in its final shape (poster box, title, actions, facts) while the title loads. */
export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/anime/1': PENDING } },
  play: async () => {
    const status = await screen.findByRole('status');
    await expect(status).toHaveTextContent('Загружаем страницу аниме...');
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(status.querySelector('.anime-page__poster .anime-skeleton__poster')).not.toBeNull();
    await expect(status.querySelector('.anime-page__actions')).not.toBeNull();
  },
};

/** The same skeleton on a phone: the poster box centred above the text lines, as the loaded page. */
export const LoadingMobile: Story = {
  ...AT_375,
  parameters: { ...AT_375.parameters, mockApi: { 'GET /api/anime/1': PENDING } },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Загружаем страницу аниме...');
  },
};

export const NotFound: Story = {
  parameters: { mockApi: { 'GET /api/anime/1': fail(404, ErrorCode.NotFound, 'Аниме не найдено') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Аниме не найдено' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'В каталог' })).toHaveAttribute('href', '/catalog');
  },
};

export const MalformedId: Story = {
  parameters: { route: '/anime/abc' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Аниме не найдено' })).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  parameters: {
    mockApi: { 'GET /api/anime/1': [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'), ok(animeDetails())] },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить аниме' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByRole('heading', { level: 1, name: 'Стальной алхимик: Братство' })).toBeInTheDocument();
  },
};

export const StatsError: Story = {
  parameters: { mockApi: { 'GET /api/anime/1/stats': fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера') } },
  play: async () => {
    await expect(await screen.findByText('Статистика недоступна')).toBeInTheDocument();
  },
};

export const SignedInUser: Story = {
  parameters: { session: userSession, mockApi: { 'GET /api/auth/verify': ok({ user: userSession.user }) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Стальной алхимик: Братство' })).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Редактировать' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('link', { name: /^Серии/ })).not.toBeInTheDocument();
  },
};

export const Admin: Story = {
  parameters: { session: adminSession, mockApi: { 'GET /api/auth/verify': ok({ user: adminSession.user }) } },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Редактировать' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: /^Серии/ })).toHaveAttribute('href', '/admin/anime/1/episodes');
    // The page has settled (its statistics came): nothing of it updates during the next story.
    await expect(await screen.findByText('830')).toBeInTheDocument();
  },
};

const uploaderSession = { token: 'story-uploader-token', user: makeUser({ username: 'mai_uploads', isUploader: true }) };

/** An uploader (not an admin): «Серии» leads to the title's uploads, no «Редактировать». */
export const Uploader: Story = {
  parameters: { session: uploaderSession, mockApi: { 'GET /api/auth/verify': ok({ user: uploaderSession.user }) } },
  play: async () => {
    const link = await screen.findByRole('link', { name: 'Серии «Стальной алхимик: Братство»: загрузка и публикация' });
    await expect(link).toHaveAttribute('href', '/admin/anime/1/episodes');
    await expect(screen.queryByRole('button', { name: 'Редактировать' })).not.toBeInTheDocument();
    // The page has settled (its statistics came): nothing of it updates during the next story.
    await expect(await screen.findByText('830')).toBeInTheDocument();
  },
};
