import type { Page } from '@portal/contracts';

/** Marks a result whose page data belongs in the envelope's `meta`. */
export class Paginated<T> {
  constructor(readonly page: Page<T>) {}
}

export const paginated = async <T>(page: Promise<Page<T>>) => new Paginated(await page);
