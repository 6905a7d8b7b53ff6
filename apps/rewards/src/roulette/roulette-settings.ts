export const ROULETTE_SETTINGS = Symbol('ROULETTE_SETTINGS');

export interface RouletteSettings {
  /** Points a spin costs (REWARDS_SPIN_COST). */
  cost: number;
}
