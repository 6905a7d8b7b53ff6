import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { AnimeEpisodesAdminLink } from './AnimeEpisodesAdminLink';

const anime = { id: 20, title: 'Наруто' };

describe('AnimeEpisodesAdminLink', () => {
  it('leads an uploader or an admin to the title’s «Серии» screen', () => {
    for (const user of [makeUser({ isUploader: true }), makeAdmin()]) {
      const { unmount } = renderWithApp(<AnimeEpisodesAdminLink anime={anime} />, { session: { token: 'jwt', user } });
      const link = screen.getByRole('link', { name: 'Серии «Наруто»: загрузка и публикация' });
      expect(link).toHaveAttribute('href', '/admin/anime/20/episodes');
      expect(link).toHaveTextContent('Серии');
      unmount();
    }
  });

  it('is not there for a guest or a user who is not an uploader', () => {
    for (const session of [null, { token: 'jwt', user: makeUser() }]) {
      const { unmount } = renderWithApp(<AnimeEpisodesAdminLink anime={anime} />, { session });
      expect(screen.queryByRole('link', { name: /Серии/ })).toBeNull();
      unmount();
    }
  });
});
