import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { AdminOnly, UploaderOnly } from './AdminOnly';

const page = <p>Секретная страница</p>;
const sessionOf = (user: ReturnType<typeof makeUser>) => ({ token: 'jwt', user });

describe('UploaderOnly', () => {
  it('refuses a guest and a user who is not an uploader, as the admin pages do', () => {
    for (const session of [null, sessionOf(makeUser())]) {
      const { unmount } = renderWithApp(<UploaderOnly>{page}</UploaderOnly>, { session });
      expect(screen.getByRole('heading', { name: 'Недостаточно прав' })).toBeInTheDocument();
      expect(screen.getByText('Этот раздел доступен только администраторам и загрузчикам серий.')).toBeInTheDocument();
      expect(screen.queryByText('Секретная страница')).toBeNull();
      unmount();
    }
  });

  it('lets an uploader and an admin in (an admin is an uploader whatever the flag says)', () => {
    for (const user of [makeUser({ isUploader: true }), makeAdmin({ isUploader: false })]) {
      const { unmount } = renderWithApp(<UploaderOnly>{page}</UploaderOnly>, { session: sessionOf(user) });
      expect(screen.getByText('Секретная страница')).toBeInTheDocument();
      unmount();
    }
  });

  it('counts a session stored before the role existed as no uploader', () => {
    const { isUploader: _, ...stored } = makeUser();
    renderWithApp(<UploaderOnly>{page}</UploaderOnly>, { session: sessionOf(stored as ReturnType<typeof makeUser>) });
    expect(screen.getByRole('heading', { name: 'Недостаточно прав' })).toBeInTheDocument();
  });
});

describe('AdminOnly', () => {
  it('keeps an uploader out of the admin pages', () => {
    renderWithApp(<AdminOnly>{page}</AdminOnly>, { session: sessionOf(makeUser({ isUploader: true })) });
    expect(screen.getByRole('heading', { name: 'Недостаточно прав' })).toBeInTheDocument();
    expect(screen.getByText('Этот раздел доступен только администраторам.')).toBeInTheDocument();
  });
});
