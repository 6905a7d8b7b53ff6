import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The web client's real index.html template: the gateway draws the page shells between its markers. */
export const INDEX_HTML = readFileSync(resolve(__dirname, '../../web/index.html'), 'utf8');

/** What a browser sends as Accept-Encoding. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Text as HTML-escaped in markup and attribute values (the five characters escape-html replaces). */
export const escapedHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
