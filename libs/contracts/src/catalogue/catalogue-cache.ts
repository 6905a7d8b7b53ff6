/**
 * The catalogue's response cache lives at the gateway; the catalogue drops it after every change by
 * bumping a generation number (a Redis key) and announcing the new one on a channel. Channel names
 * carry the Redis key prefix, like every other channel.
 */
export const CATALOGUE_CACHE = {
  generationKey: 'catalogue:cache:generation',
  generationChannel: 'catalogue:cache:generation',
  entryKey: (generation: string, url: string) => `catalogue:cache:${generation}:${url}`,
} as const;
