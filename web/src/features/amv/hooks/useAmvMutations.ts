import type { AmvItem, AmvPlaylist } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addToAmvPlaylist, amvKeys, countAmvView, removeFromAmvPlaylist, reorderAmvPlaylist, setAmvLike } from '../api/amv-api';

/** «Нравится»: the clip's counters come from the server's answer. */
export function useToggleAmvLike(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => setAmvLike(id, liked),
    onSuccess: (state) => {
      client.setQueryData<AmvItem>(amvKeys.one(id), (amv) => (amv ? { ...amv, likes: state.likes, likedByMe: state.likedByMe } : amv));
      void client.invalidateQueries({ queryKey: amvKeys.top });
    },
  });
}

/** Counts a view when playback starts (the server counts each viewer once a day). */
export function useCountAmvView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => countAmvView(id),
    onSuccess: (state) => client.setQueryData<AmvItem>(amvKeys.one(state.id), (amv) => (amv ? { ...amv, views: state.views } : amv)),
  });
}

const usePlaylistWrite = <T>(write: (value: T) => Promise<AmvPlaylist>, optimistic?: (playlist: AmvPlaylist, value: T) => AmvPlaylist) => {
  const client = useQueryClient();
  return useMutation<AmvPlaylist, Error, T, { before?: AmvPlaylist }>({
    mutationFn: write,
    onMutate: async (value) => {
      if (!optimistic) return {};
      await client.cancelQueries({ queryKey: amvKeys.playlist });
      const before = client.getQueryData<AmvPlaylist>(amvKeys.playlist);
      if (before) client.setQueryData(amvKeys.playlist, optimistic(before, value));
      return { before };
    },
    onError: (_error, _value, context) => {
      if (context?.before) client.setQueryData(amvKeys.playlist, context.before);
    },
    onSuccess: (playlist) => client.setQueryData(amvKeys.playlist, playlist),
  });
};

export const useAddToAmvPlaylist = () => usePlaylistWrite(addToAmvPlaylist);
export const useRemoveFromAmvPlaylist = () =>
  usePlaylistWrite(removeFromAmvPlaylist, (playlist, id: string) => ({ items: playlist.items.filter((item) => item.id !== id) }));
/** Saves a new order (the whole list); shown at once, rolled back if the server refuses. */
export const useReorderAmvPlaylist = () =>
  usePlaylistWrite(reorderAmvPlaylist, (playlist, ids: string[]) => {
    const byId = new Map(playlist.items.map((item) => [item.id, item]));
    return { items: ids.flatMap((id) => byId.get(id) ?? []) };
  });
