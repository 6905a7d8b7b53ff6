import type { RouletteInfo, RouletteSpin } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { announceCardReward } from '../../../shared/events/card-reward';
import { useMediaQuery } from '../../../shared/lib/useMediaQuery';
import { Button } from '../../../shared/ui/Button';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { catalogueQuery, rewardsKeys, rouletteQuery, spinRoulette } from '../api/rewards-api';
import { formatDate } from '../lib/collection';
import { buildReel, planLanding, type LandingPlan } from '../lib/roulette-reel';
import { ROULETTE_STRINGS } from '../strings';
import { CardMedia } from './CardMedia';
import '../rewards.css';

const S = ROULETTE_STRINGS;

export type RoulettePhase = 'idle' | 'spinning' | 'landing' | 'result';

export interface RouletteScreenProps {
  /** How long the reel takes to stop on the server's card. */
  landingMs?: number;
}

/**
 * The roulette (SPEC: POST /user/spin-roulette): price, balance and odds; «Крутить» starts the reel at
 * once and the server's answer names the card it stops on (the client never draws). The result is read
 * out (aria-live); with reduced motion the reel does not move and the result shows at once.
 */
export function RouletteScreen({ landingMs = 2500 }: RouletteScreenProps) {
  const client = useQueryClient();
  const info = useQuery(rouletteQuery());
  const catalogue = useQuery(catalogueQuery());
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [phase, setPhase] = useState<RoulettePhase>('idle');
  const [plan, setPlan] = useState<LandingPlan | null>(null);
  const [outcome, setOutcome] = useState<RouletteSpin | null>(null);

  const spin = useMutation({
    mutationFn: spinRoulette,
    onMutate: () => {
      setOutcome(null);
      setPlan(null);
      setPhase('spinning');
    },
    onSuccess: (answer) => {
      // The card is shown here: the dialog host must not show it again when the socket repeats it.
      announceCardReward({ file: answer.reward.card.file, grantId: answer.reward.grantId, grant: answer.reward, silent: true });
      setPlan(planLanding(buildReel(catalogue.data ?? []), answer.reward.card));
      setOutcome(answer);
      setPhase(reducedMotion || landingMs <= 0 ? 'result' : 'landing');
      client.setQueryData<RouletteInfo>(rewardsKeys.roulette, (current) =>
        current
          ? {
              ...current,
              balance: answer.balance,
              recent: [
                { spinId: answer.spinId, cardTitle: answer.reward.card.title, rarity: answer.reward.card.rarity, createdAt: new Date().toISOString() },
                ...current.recent,
              ].slice(0, 10),
            }
          : current,
      );
      void client.invalidateQueries({ queryKey: rewardsKeys.all, predicate: (query) => query.queryKey[1] !== 'roulette' });
    },
    onError: () => setPhase('idle'),
  });

  useEffect(() => {
    if (phase !== 'landing') return undefined;
    const timer = window.setTimeout(() => setPhase('result'), landingMs);
    return () => window.clearTimeout(timer);
  }, [phase, landingMs]);

  if (info.isPending) return <ListState kind="loading" label={S.loading} />;
  if (info.isError) return <ListState kind="error" title={S.loadError} message={errorMessage(info.error)} onRetry={() => void info.refetch()} />;

  const { cost, balance, odds, recent } = info.data;
  const missing = Math.max(0, cost - balance);
  const busy = phase === 'spinning' || phase === 'landing';
  const reel = plan?.reel ?? buildReel(catalogue.data ?? []);
  const index = plan && phase !== 'spinning' ? plan.index : 0;
  const stripStyle = { '--reel-index': index, '--landing-ms': `${landingMs}ms` } as CSSProperties;
  const reward = outcome?.reward;
  const resultText =
    phase === 'result' && reward
      ? reward.duplicate
        ? S.resultDuplicate(reward.card.title, reward.points)
        : S.result(reward.card.title, reward.card.rarity)
      : '';

  return (
    <section className="rewards-section roulette" aria-labelledby="roulette-heading" aria-busy={busy}>
      <h2 id="roulette-heading">{S.heading}</h2>
      <p className="roulette__facts">
        <strong>{S.price(cost)}</strong>
        <span>{S.balance(balance)}</span>
      </p>
      <div>
        <h3>{S.oddsTitle}</h3>
        <ul className="roulette__odds">
          {odds.map((odd) => (
            <li key={odd.rarity}>{S.odds(odd.rarity, odd.share)}</li>
          ))}
        </ul>
      </div>
      {reel.length > 0 ? (
        <div className="roulette__window" aria-hidden="true" data-testid="roulette-reel">
          <ul className="roulette__strip" data-phase={reducedMotion ? 'idle' : phase} style={stripStyle}>
            {reel.map((card, slot) => {
              const landed = plan !== null && slot === plan.index && phase === 'result';
              return (
                <li key={slot} className="roulette__item" data-landed={landed} data-card={card.id}>
                  <CardMedia file={card.file} label={card.title} decorative still={!landed} />
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <div>
        <Button onClick={() => spin.mutate()} disabled={busy || missing > 0}>
          {busy ? S.spinning : S.spin(cost)}
        </Button>
      </div>
      {missing > 0 && !busy ? <p className="muted">{S.notEnough(missing)}</p> : null}
      {spin.isError ? <FieldMessage message={errorMessage(spin.error) || S.spinError} /> : null}
      <p className="roulette__result" role="status" aria-live="polite">
        {resultText}
      </p>
      {phase === 'result' && reward ? (
        <div>
          <ButtonLink to="/profile?tab=cards" variant="secondary">
            {S.toCollection}
          </ButtonLink>
        </div>
      ) : null}
      <h3>{S.recentTitle}</h3>
      {recent.length === 0 ? (
        <p className="muted">{S.recentEmpty}</p>
      ) : (
        <ul className="roulette__recent" aria-label={S.recentTitle}>
          {recent.map((item) => (
            <li key={item.spinId}>
              {S.recentItem(item.cardTitle, item.rarity)} <span className="muted">{formatDate(item.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
