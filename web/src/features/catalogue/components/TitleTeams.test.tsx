import { ErrorCode, type ReleaseTeam, type TitleTeams as TitleTeamsAnswer } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { formatTitleTeams } from '../lib/title-teams';
import { TitleTeams } from './TitleTeams';

const mockApi = mockApiPerTest();
const TEAMS = 'GET /api/anime/20/teams';
const voice = (id: number, name: string): ReleaseTeam => ({ id, name, kind: 'voice' });
const subtitles = (id: number, name: string): ReleaseTeam => ({ id, name, kind: 'subtitles' });
const teams = (fields: Partial<TitleTeamsAnswer> = {}): TitleTeamsAnswer => ({
  animeId: 20,
  voice: [voice(1, 'AniLibria'), voice(2, 'Studio Band')],
  subtitles: [subtitles(4, 'Crunchyroll')],
  ...fields,
});

describe('formatTitleTeams', () => {
  it('names the voice-over teams, then the subtitle teams', () => {
    expect(formatTitleTeams(teams())).toBe('Озвучка: AniLibria, Studio Band · Субтитры: Crunchyroll');
  });

  it('leaves out a kind without teams, and says nothing without any', () => {
    expect(formatTitleTeams(teams({ subtitles: [] }))).toBe('Озвучка: AniLibria, Studio Band');
    expect(formatTitleTeams(teams({ voice: [] }))).toBe('Субтитры: Crunchyroll');
    expect(formatTitleTeams(teams({ voice: [], subtitles: [] }))).toBeNull();
    expect(formatTitleTeams(teams({ voice: [voice(3, '  ')], subtitles: [] }))).toBeNull();
  });
});

describe('TitleTeams', () => {
  it('shows the line from GET /api/anime/:id/teams', async () => {
    const api = mockApi({ [TEAMS]: ok(teams()) });
    const { container } = renderWithApp(<TitleTeams animeId={20} />);
    const line = await screen.findByText('Озвучка:');
    expect(line.closest('p')).toHaveTextContent('Озвучка: AniLibria, Studio Band · Субтитры: Crunchyroll');
    expect(container.querySelector('.anime-teams')?.textContent).toBe('Озвучка: AniLibria, Studio Band · Субтитры: Crunchyroll');
    expect(api.callsTo(TEAMS)).toHaveLength(1);
  });

  it('shows one kind alone', async () => {
    mockApi({ [TEAMS]: ok(teams({ voice: [] })) });
    renderWithApp(<TitleTeams animeId={20} />);
    expect((await screen.findByText('Субтитры:')).closest('p')).toHaveTextContent(/^Субтитры: Crunchyroll$/);
    expect(screen.queryByText('Озвучка:')).toBeNull();
  });

  it('is left out entirely while loading, with no teams, and when the request fails (not asked again)', async () => {
    const cases = [
      { hang: true },
      ok(teams({ voice: [], subtitles: [] })),
      fail(404, ErrorCode.NotFound, 'Аниме не найдено'),
      fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'),
    ];
    for (const answer of cases) {
      const api = mockApi({ [TEAMS]: answer });
      const { container, unmount } = renderWithApp(<TitleTeams animeId={20} />);
      await waitFor(() => expect(api.callsTo(TEAMS)).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(container.querySelector('.anime-teams')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(api.callsTo(TEAMS)).toHaveLength(1);
      unmount();
    }
  });
});
