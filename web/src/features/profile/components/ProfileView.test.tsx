import { LIST_STATUSES, type PublicUser } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { ok } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { ProfileView, type ProfilePageSlots, type ProfileTabSlotProps } from './ProfileView';

const emptyList = ok({ items: [], page: 1, limit: 1, total: 0, counts: Object.fromEntries(LIST_STATUSES.map((status) => [status, 0])) });
const mockApi = mockApiPerTest({
  'GET /api/users/anime': emptyList,
  'GET /api/users/profile/hinata/anime': emptyList,
  'GET /api/users/profile/hinata/community-counts': ok({ comments: 7, reviews: 2 }),
});

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the private fields are dropped
const { email, skipOpening, skipEnding, telegramUserId, updatedAt, ...hinata } = makeUser({ id: 'u-2', username: 'hinata', displayName: 'Хината' });
const publicHinata: PublicUser = hinata;

/** Stand-ins for the reviews and comments features' tab contents: they show what they were given. */
const slots: ProfilePageSlots = {
  reviews: ({ username, own }: ProfileTabSlotProps) => <p>{`рецензии ${username} ${own ? 'свои' : 'чужие'}`}</p>,
  comments: ({ username, own }: ProfileTabSlotProps) => <p>{`комментарии ${username} ${own ? 'свои' : 'чужие'}`}</p>,
};

const location = () => screen.getByTestId('location').textContent ?? '';

describe('ProfileView community tabs', () => {
  it('labels «Рецензии» and «Комментарии» with the counts of one request, «…» until it answers', async () => {
    const api = mockApi({});
    renderWithApp(<ProfileView user={publicHinata} owner="hinata" slots={slots} />, { route: '/user/hinata', session: null });

    expect(screen.getByRole('tab', { name: 'Рецензии …' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Рецензии 2' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Комментарии 7' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/users/profile/hinata/community-counts')).toHaveLength(1);
    // Neither tab's content loads before it is opened.
    expect(screen.queryByText(/^рецензии|^комментарии/)).not.toBeInTheDocument();
  });

  it('switches tabs by click and keeps the tab in ?tab=', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithApp(<ProfileView user={publicHinata} owner="hinata" slots={slots} />, { route: '/user/hinata', session: null });

    await user.click(screen.getByRole('tab', { name: /^Рецензии/ }));
    expect(await screen.findByText('рецензии hinata чужие')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Рецензии/ })).toHaveAttribute('aria-selected', 'true');
    expect(location()).toBe('/user/hinata?tab=reviews');

    await user.click(screen.getByRole('tab', { name: /^Комментарии/ }));
    expect(await screen.findByText('комментарии hinata чужие')).toBeInTheDocument();
    expect(screen.queryByText('рецензии hinata чужие')).not.toBeInTheDocument();
    expect(location()).toBe('/user/hinata?tab=comments');
  });

  it('opens the tab the URL names', async () => {
    mockApi({});
    renderWithApp(<ProfileView user={publicHinata} owner="hinata" slots={slots} />, { route: '/user/hinata?tab=comments', session: null });
    expect(await screen.findByText('комментарии hinata чужие')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Комментарии/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('tells the tab it is the viewer’s own profile: at /profile, and at /user/<own name>', async () => {
    mockApi({ 'GET /api/users/profile/sakura/community-counts': ok({ comments: 0, reviews: 1 }) });
    const sakura = makeUser();
    const { unmount } = renderWithApp(<ProfileView user={sakura} owner={null} slots={slots} />, {
      route: '/profile?tab=reviews',
      session: { token: 't', user: sakura },
    });
    expect(await screen.findByText('рецензии sakura свои')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Рецензии 1' })).toBeInTheDocument();
    unmount();

    renderWithApp(<ProfileView user={sakura} owner="sakura" slots={slots} />, { route: '/user/sakura?tab=reviews', session: { token: 't', user: sakura } });
    expect(await screen.findByText('рецензии sakura свои')).toBeInTheDocument();
  });

  it('without the app’s slots there are no community tabs, no counts request, and ?tab=reviews opens the default tab', async () => {
    const api = mockApi({});
    renderWithApp(<ProfileView user={publicHinata} owner="hinata" />, { route: '/user/hinata?tab=reviews', session: null });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Смотрю 0' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.queryByRole('tab', { name: /Рецензии|Комментарии/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/users/profile/hinata/community-counts')).toHaveLength(0);
  });
});
