import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { titleTeamsQuery } from '../api/catalogue-api';
import { titleTeamsParts } from '../lib/title-teams';
import '../catalogue.css';

/**
 * «Озвучка: AniLibria, Studio Band · Субтитры: Crunchyroll» under the title's facts: the teams of its
 * published episodes' ready tracks. Nothing at all while it loads, when the title has none, or when the
 * request fails: a secondary line puts neither a gap nor an error on the page.
 */
export function TitleTeams({ animeId }: { animeId: number }) {
  const teams = useQuery(titleTeamsQuery(animeId));
  const parts = teams.data ? titleTeamsParts(teams.data) : [];
  if (parts.length === 0) return null;
  return (
    <p className="anime-teams">
      {parts.map((part, index) => (
        <Fragment key={part.kind}>
          {index > 0 ? ' · ' : null}
          <span className="anime-teams__label">{part.label}:</span> {part.names}
        </Fragment>
      ))}
    </p>
  );
}
