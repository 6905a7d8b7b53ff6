import { request } from 'node:http';
import { EPISODE_UPLOADS_PATH } from '@portal/contracts';

export interface TusAnswer {
  status: number;
  headers: Headers;
  body: string;
}

const TUS = { 'Tus-Resumable': '1.0.0' };

const encodeMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const answerOf = async (response: Response): Promise<TusAnswer> => ({ status: response.status, headers: response.headers, body: await response.text() });

/** The tus 1.0.0 calls of an episode upload, made by hand so a test controls every byte and header. */
export function tusClient(baseUrl: string) {
  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const patchHeaders = (offset: number, token?: string) => ({
    ...TUS,
    ...auth(token),
    'Upload-Offset': String(offset),
    'Content-Type': 'application/offset+octet-stream',
  });
  const create = async (length: number, metadata: Record<string, string>, token?: string) =>
    answerOf(
      await fetch(new URL(EPISODE_UPLOADS_PATH, baseUrl), {
        method: 'POST',
        headers: { ...TUS, ...auth(token), 'Upload-Length': String(length), 'Upload-Metadata': encodeMetadata(metadata) },
      }),
    );
  const patch = async (location: string, offset: number, bytes: Buffer, token?: string) =>
    answerOf(await fetch(new URL(location, baseUrl), { method: 'PATCH', headers: patchHeaders(offset, token), body: bytes }));
  return {
    create,
    patch,
    offset: async (location: string, token?: string) => {
      const answer = await answerOf(await fetch(new URL(location, baseUrl), { method: 'HEAD', headers: { ...TUS, ...auth(token) } }));
      return { ...answer, offset: Number(answer.headers.get('upload-offset')) };
    },
    /** A PATCH whose connection drops after `sent` bytes of `bytes` went out, as a train's Wi-Fi does. */
    patchDropped: (location: string, offset: number, bytes: Buffer, sent: number, token?: string) =>
      new Promise<void>((resolve) => {
        const url = new URL(location, baseUrl);
        const req = request({
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'PATCH',
          headers: { ...patchHeaders(offset, token), 'Content-Length': String(bytes.length) },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
      }),
    /** Creates the upload and sends the whole file in one PATCH: the answer of the last call. */
    upload: async (bytes: Buffer, metadata: Record<string, string>, token?: string): Promise<TusAnswer & { location?: string }> => {
      const created = await create(bytes.length, metadata, token);
      const location = created.headers.get('location');
      if (created.status !== 201 || !location) return created;
      return { ...(await patch(location, 0, bytes, token)), location };
    },
  };
}
