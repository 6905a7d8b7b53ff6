/**
 * Characters that change how text around them is shown without being seen themselves. A display
 * name `abc\u202Egnp.exe xyz` renders as «abczyx exe.png»; `a\u200B\u200C\u200D\uFEFFb admin` as
 * «ab admin»; a link after U+202E shows reversed while its address is another site. Shared by the
 * request schemas (the gateway's edge and the services parse with the same ones) and the web client.
 *
 * - Free text (comments, reviews, chat messages, descriptions) loses its bidi controls only: the
 *   embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the marks U+200E, U+200F,
 *   U+061C. The client shows user text in an isolating element (`dir="auto"`/`<bdi>`), so Arabic or
 *   Hebrew in it still reads right. Zero-width joiners stay: emoji sequences, Persian and Indic
 *   writing need them.
 * - Names and titles (nicknames, display names, collection and quiz titles, …) lose every format
 *   character (Unicode category Cf: the bidi controls, U+200B–U+200D, U+2060–U+2064, U+FEFF, the soft
 *   hyphen, …) and the blank fillers (U+034F, Hangul fillers U+115F, U+1160, U+3164, U+FFA0), so a
 *   name cannot look like another. Kept, because an emoji needs them: a zero-width joiner between two
 *   pictographs (👩‍💻, 🏳️‍🌈) and the tag characters of a flag (🏴 + tags). A Persian or Indic name
 *   loses its joiners (the letters stay, joined as by default).
 */

const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * One of three: a pictograph (with its VS16 or skin tone) before a zero-width joiner that another
 * pictograph follows (kept), a whole flag tag sequence (kept), or an invisible character (dropped).
 * No lookbehind: Safari before 16.4 cannot parse one, and the web client loads this module.
 */
const NAME_INVISIBLES =
  /(\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?\u200D)(?=\p{Extended_Pictographic})|(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0]/gu;

/** Free user text without its bidi controls (everything else as typed). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** A name or title without bidi controls, zero-width and other invisible characters (emoji sequences kept). */
export function withoutInvisibles(text: string): string {
  return text.replace(NAME_INVISIBLES, (_, emojiJoiner?: string, flag?: string) => emojiJoiner ?? flag ?? '');
}
