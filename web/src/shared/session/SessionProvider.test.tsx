import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { installMockApi, ok } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { useSession } from './session-context';

function RankProbe() {
  const { user, updateUser } = useSession();
  return (
    <>
      <p data-testid="rank">{user?.rank ?? ''}</p>
      <button type="button" onClick={() => user && updateUser({ ...user, rank: 'зритель' })}>
        up
      </button>
    </>
  );
}

describe('SessionProvider', () => {
  it('shows an updated user after the server verified the session (a new rank, a saved setting)', async () => {
    const user = makeUser({ rank: 'новичок' });
    const api = installMockApi({ 'GET /api/auth/verify': ok({ user }) });
    try {
      renderWithApp(<RankProbe />, { route: '/profile', session: { token: 't', user } });
      await waitFor(() => expect(api.callsTo('GET /api/auth/verify')).toHaveLength(1));
      expect(await screen.findByText('новичок')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'up' }));
      await waitFor(() => expect(screen.getByTestId('rank')).toHaveTextContent('зритель'));
    } finally {
      api.restore();
    }
  });
});
