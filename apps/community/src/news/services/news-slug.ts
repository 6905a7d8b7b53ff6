import { NEWS_SLUG_MAX } from '@portal/contracts';

/** Russian letters in Latin (a simplified passport-style scheme: readable addresses). */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ў: 'u',
};

/** «Вышла 5 серия «Тетрадь смерти»» → "vyshla-5-seriya-tetrad-smerti"; "news" when nothing Latin is left. */
export function slugify(title: string): string {
  const latin = [...title.toLowerCase().normalize('NFC')]
    .map((char) => CYRILLIC[char] ?? char)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const slug = latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, NEWS_SLUG_MAX - 8)
    .replace(/-+$/g, '');
  return slug || 'news';
}
