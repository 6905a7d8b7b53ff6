import { useEffect, useReducer } from 'react';
import { onCardReward } from '../../../shared/events/card-reward';
import { useRewardsLive } from '../hooks/useRewardsLive';
import { EMPTY_REWARD_QUEUE, rewardQueueReducer } from '../lib/reward-queue';
import { RewardCardDialog } from './RewardCardDialog';

/**
 * The one reward card dialog of the app: every grant announced (an answer's `cardReward`, the socket's
 * `reward:card`) shows once, one after another; the socket's rank changes update the account menu.
 */
export function RewardsHost() {
  const [state, dispatch] = useReducer(rewardQueueReducer, EMPTY_REWARD_QUEUE);
  useEffect(() => onCardReward((announcement) => dispatch({ type: 'announce', announcement, now: Date.now() })), []);
  useRewardsLive();
  const current = state.queue[0] ?? null;
  return (
    <RewardCardDialog
      key={current?.key ?? 'none'}
      card={current?.file ?? null}
      grant={current?.grant ?? null}
      waiting={Math.max(0, state.queue.length - 1)}
      onClose={() => dispatch({ type: 'dismiss' })}
    />
  );
}

export default RewardsHost;
