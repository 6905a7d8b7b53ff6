export const ECONOMY_SETTINGS = Symbol('ECONOMY_SETTINGS');

export interface EconomySettings {
  /** A watching card for each this many episodes watched (REWARDS_EPISODES_PER_CARD). */
  episodesPerCard: number;
}

/** The UTC day of an event, as list card keys and watched days use it. */
export const utcDay = (at: string) => new Date(at).toISOString().slice(0, 10);
