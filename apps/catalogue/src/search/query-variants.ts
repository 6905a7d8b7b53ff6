/**
 * Other spellings of what the user typed. Russian viewers write Japanese names in Cyrillic by the
 * Polivanov system ("Сингэки но Кёдзин"), so Cyrillic is also read back as romaji; a query typed
 * with the wrong keyboard layout ("yfhenj") is read in the other layout.
 */
const POLIVANOV: Array<[string, string]> = [
  ['дзю', 'ju'],
  ['дзя', 'ja'],
  ['дзё', 'jo'],
  ['дзи', 'ji'],
  ['дз', 'z'],
  ['сю', 'shu'],
  ['ся', 'sha'],
  ['сё', 'sho'],
  ['си', 'shi'],
  ['тю', 'chu'],
  ['тя', 'cha'],
  ['тё', 'cho'],
  ['ти', 'chi'],
  ['цу', 'tsu'],
  ['ё', 'yo'],
  ['ю', 'yu'],
  ['я', 'ya'],
  ['щ', 'sch'],
  ['ш', 'sh'],
  ['ч', 'ch'],
  ['ж', 'zh'],
  ['ц', 'ts'],
  ['х', 'h'],
];
const LETTERS: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
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
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
};

export const hasCyrillic = (value: string) => /[а-яё]/i.test(value);

export function cyrillicToRomaji(value: string): string {
  let text = value.toLowerCase();
  for (const [from, to] of POLIVANOV) text = text.split(from).join(to);
  return text.replace(/[а-я]/g, (letter) => LETTERS[letter] ?? letter);
}

const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const JCUKEN = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const toJcuken = new Map([...QWERTY].map((key, index) => [key, JCUKEN[index]]));
const toQwerty = new Map([...JCUKEN].map((key, index) => [key, QWERTY[index]]));

/** The same keys pressed in the other layout: "yfhenj" ↔ "наруто". */
export function switchKeyboardLayout(value: string): string {
  const map = hasCyrillic(value) ? toQwerty : toJcuken;
  return [...value.toLowerCase()].map((key) => map.get(key) ?? key).join('');
}
