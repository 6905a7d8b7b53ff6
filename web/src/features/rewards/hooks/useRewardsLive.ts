import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useRef } from 'react';
import { useLiveSocket } from '../../../shared/api/useLiveSocket';
import { announceCardReward } from '../../../shared/events/card-reward';
import { useSession } from '../../../shared/session/session-context';
import { notify } from '../../../shared/ui/notify';
import { rewardsKeys } from '../api/rewards-api';
import { RewardsSocketContext } from '../api/rewards-socket';
import { REWARD_STRINGS } from '../strings';

/**
 * While a user is signed in: `reward:card` announces the grant to the dialog host (which shows it once
 * however it arrives) and refreshes the collection and points; `reward:rank` puts the new rank on the
 * session's user (the account menu shows it) with a toast «Новый ранг: …».
 */
export function useRewardsLive(): void {
  const connect = useContext(RewardsSocketContext);
  const queryClient = useQueryClient();
  const { token, user, updateUser } = useSession();
  const userId = user?.id ?? null;
  // The socket lives per user and token; the latest user object is read when a rank arrives.
  const latest = useRef({ user, updateUser });
  useEffect(() => {
    latest.current = { user, updateUser };
  });

  // Live grants are a bonus: the answers still announce their cards without the socket.
  useLiveSocket(connect, token, userId, (socket) => {
    socket.on('reward:card', (grant) => {
      announceCardReward({ file: grant.card.file, grantId: grant.grantId, grant });
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.all });
    });
    socket.on('reward:rank', ({ rank }) => {
      const current = latest.current.user;
      if (current && current.id === userId && current.rank !== rank) latest.current.updateUser({ ...current, rank });
      notify.info(REWARD_STRINGS.newRankTitle(rank), REWARD_STRINGS.newRankText);
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.points });
    });
  });
}
