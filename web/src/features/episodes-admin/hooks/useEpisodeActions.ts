import type { EpisodeManagement, EpisodeSourceView, ManagedEpisode } from '@portal/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { titleKeys } from '../../../shared/api/title-api';
import { cancelEpisodeSource, episodesAdminKeys, publishEpisode, retryEpisodeSource, setEpisodeMarkers } from '../api/episodes-admin-api';
import type { EpisodeMarkers } from '../lib/episode-markers';

/** «Отменить» or «Повторить» of a source: the row shows the answer at once, and the screen is read again (its polling with it). */
export function useSourceAction(animeId: number, action: 'cancel' | 'retry') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<EpisodeSourceView> => (action === 'cancel' ? cancelEpisodeSource(id) : retryEpisodeSource(id)),
    onSuccess: (source) => {
      client.setQueryData<EpisodeManagement>(episodesAdminKeys.manage(animeId), (management) =>
        management ? { ...management, sources: management.sources.map((item) => (item.id === source.id ? source : item)) } : management,
      );
      void client.invalidateQueries({ queryKey: episodesAdminKeys.manage(animeId) });
    },
  });
}

/** A changed episode: its row takes the server's answer; the title's page and player (its episodes with it) read theirs again. */
function takeEpisode(client: QueryClient, animeId: number, episode: ManagedEpisode) {
  client.setQueryData<EpisodeManagement>(episodesAdminKeys.manage(animeId), (management) =>
    management ? { ...management, episodes: management.episodes.map((item) => (item.number === episode.number ? episode : item)) } : management,
  );
  void client.invalidateQueries({ queryKey: titleKeys.anime(animeId) });
}

/** «Опубликовать» / «Скрыть»: the row takes the answer; the title's page and player read their episodes again. */
export function usePublishEpisode(animeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, published }: { number: number; published: boolean }): Promise<ManagedEpisode> => publishEpisode(animeId, number, published),
    onSuccess: (episode) => takeEpisode(client, animeId, episode),
  });
}

/** «Сохранить» in the markers editor: as publishing, the row takes the answer (now `manual`) and the player's skip reads them again. */
export function useEpisodeMarkers(animeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, markers }: { number: number; markers: EpisodeMarkers }): Promise<ManagedEpisode> => setEpisodeMarkers(animeId, number, markers),
    onSuccess: (episode) => takeEpisode(client, animeId, episode),
  });
}
