import { isUploaderUser, type AnimeDetails } from '@portal/contracts';
import { useSession } from '../../../shared/session/session-context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { CATALOGUE_STRINGS } from '../strings';

/** The title's «Серии» screen (uploads and publication), at /admin/anime/:id/episodes. */
const episodesAdminPath = (animeId: number) => `/admin/anime/${animeId}/episodes`;

/** «Серии» for an uploader (or an admin) only: where the title's episodes are uploaded and published. */
export function AnimeEpisodesAdminLink({ anime }: { anime: Pick<AnimeDetails, 'id' | 'title'> }) {
  const { user } = useSession();
  if (!user || !isUploaderUser({ ...user, isUploader: user.isUploader === true })) return null;
  return (
    <ButtonLink variant="secondary" to={episodesAdminPath(anime.id)} aria-label={CATALOGUE_STRINGS.anime.episodesAdminLabel(anime.title)}>
      {CATALOGUE_STRINGS.anime.episodesAdmin}
    </ButtonLink>
  );
}
