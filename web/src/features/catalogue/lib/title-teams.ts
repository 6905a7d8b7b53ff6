import type { ReleaseTeam, TitleTeams } from '@portal/contracts';
import { CATALOGUE_STRINGS } from '../strings';

const S = CATALOGUE_STRINGS.anime.teams;

/** One part of the title page's line: «Озвучка» and its teams' names. */
export interface TeamsPart {
  kind: 'voice' | 'subtitles';
  label: string;
  names: string;
}

const namesOf = (teams: readonly ReleaseTeam[]): string =>
  teams
    .map((team) => team.name.trim())
    .filter(Boolean)
    .join(', ');

/** «Озвучка» with its names, then «Субтитры» with theirs; a kind without teams is left out. */
export function titleTeamsParts(teams: Pick<TitleTeams, 'voice' | 'subtitles'>): TeamsPart[] {
  const parts: TeamsPart[] = [
    { kind: 'voice', label: S.voice, names: namesOf(teams.voice) },
    { kind: 'subtitles', label: S.subtitles, names: namesOf(teams.subtitles) },
  ];
  return parts.filter((part) => part.names);
}

/** «Озвучка: AniLibria, Studio Band · Субтитры: Crunchyroll», or null when the title has neither. */
export function formatTitleTeams(teams: Pick<TitleTeams, 'voice' | 'subtitles'>): string | null {
  const parts = titleTeamsParts(teams);
  return parts.length ? parts.map((part) => `${part.label}: ${part.names}`).join(' · ') : null;
}
