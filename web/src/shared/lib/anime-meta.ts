import { KIND_LABELS, type AnimeKind } from '@portal/contracts';

const META_SEPARATOR = ' · ';

/** "2019 · ТВ сериал": the parts that are known, joined (cards, search suggestions, the title picker). */
export function yearAndKind(year: number | null, kind: AnimeKind | null): string {
  return [year ?? null, kind ? KIND_LABELS[kind] : null].filter(Boolean).join(META_SEPARATOR);
}
