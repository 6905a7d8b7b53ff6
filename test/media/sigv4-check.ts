import { createHash, createHmac } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
/** RFC 3986 encoding, as SigV4 canonicalises query parameters. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Whether a presigned GET URL carries the AWS Signature Version 4 that `secretAccessKey` makes for it:
 * what S3 computes before it serves one. s3rver does not check signatures, so the tests check them
 * here: a URL whose expiry, key or any other parameter was changed no longer matches.
 */
export function presignedSignatureMatches(url: string, secretAccessKey: string): boolean {
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const credential = query.get('X-Amz-Credential') ?? '';
  const amzDate = query.get('X-Amz-Date') ?? '';
  const signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
  const [, date, region, service] = credential.split('/');
  if (!date || !region || !service || !amzDate || !signedHeaders) return false;
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${name === 'host' ? parsed.host : ''}\n`)
    .join('');
  const canonicalRequest = ['GET', parsed.pathname, canonicalQuery, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return hmac(signingKey, stringToSign).toString('hex') === query.get('X-Amz-Signature');
}
