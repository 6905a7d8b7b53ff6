import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@portal/contracts';
import type { ApiClient } from '@portal/testing';
import { ALLOWED_IMAGE_HOST, type AuthStack, type RegisteredUser, registerUser, startAuthStack } from '../auth/auth-test-kit';
import { PNG, WEBM, ebml, gif } from './media-samples';

/** A multipart form with one file, as a browser sends it (the name and type are the client's claims). */
function fileForm(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
}

const AVATAR_MAX = 2 * 1024 * 1024;
const BANNER_MAX = 5 * 1024 * 1024;

describe('profile media: avatar and banner uploads', () => {
  let stack: AuthStack;
  let api: ApiClient;
  let uploadsDir: string;
  let viewer: RegisteredUser;

  beforeAll(async () => {
    uploadsDir = mkdtempSync(join(tmpdir(), 'portal-profile-uploads-'));
    stack = await startAuthStack('profmedia', { env: { UPLOADS_DIR: uploadsDir } });
    api = stack.api;
    viewer = await registerUser(api, 'media');
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const files = (folder: string) => (existsSync(join(uploadsDir, folder)) ? readdirSync(join(uploadsDir, folder)).sort() : []);
  const me = async (token: string) => (await api.get('/api/auth/verify', { token })).body.data.user;

  it('stores a PNG avatar, points the profile at it and serves it back at /uploads with its type and nosniff', async () => {
    const res = await api.post('/api/users/me/avatar', fileForm(PNG, 'me.png', 'image/png'), { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const user = res.body.data;
    expect(user.avatar).toMatch(new RegExp(`^${viewer.id}-[0-9a-f-]{36}\\.png$`));
    expect(user.isAnimatedAvatar).toBe(false);
    expect(files('avatars')).toEqual([user.avatar]);
    expect((await me(viewer.token)).avatar).toBe(user.avatar);
    // The public profile shows it too.
    expect((await api.get(`/api/users/profile/${viewer.username}`)).body.data.avatar).toBe(user.avatar);

    const served = await fetch(new URL(`/uploads/avatars/${user.avatar}`, stack.gateway.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('flags an animated GIF as animated and a single-frame GIF as still', async () => {
    const animated = await api.post('/api/users/me/avatar', fileForm(gif(3), 'a.gif', 'image/gif'), { token: viewer.token });
    expect(animated.status).toBe(200);
    expect(animated.body.data).toMatchObject({ avatar: expect.stringMatching(/\.gif$/), isAnimatedAvatar: true });
    const still = await api.post('/api/users/me/avatar', fileForm(gif(1), 'b.gif', 'image/gif'), { token: viewer.token });
    expect(still.body.data).toMatchObject({ avatar: expect.stringMatching(/\.gif$/), isAnimatedAvatar: false });
  });

  it('removes the previous upload when a new one replaces it', async () => {
    const before = (await me(viewer.token)).avatar;
    expect(files('avatars')).toEqual([before]);
    const res = await api.post('/api/users/me/avatar', fileForm(PNG, 'new.png', 'image/png'), { token: viewer.token });
    expect(res.status).toBe(200);
    expect(files('avatars')).toEqual([res.body.data.avatar]);
    // Gone from /uploads too: a plain 404, never the web client's page.
    const gone = await fetch(new URL(`/uploads/avatars/${before}`, stack.gateway.url));
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('takes a WebM banner (by its EBML DocType), flags it animated and serves it as video/webm', async () => {
    const res = await api.post('/api/users/me/banner', fileForm(WEBM, 'clip.webm', 'video/webm'), { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ profileBanner: expect.stringMatching(/\.webm$/), isAnimatedBanner: true });
    // The avatar is untouched.
    expect(res.body.data.avatar).toBe((await me(viewer.token)).avatar);
    const served = await fetch(new URL(`/uploads/bg/${res.body.data.profileBanner}`, stack.gateway.url));
    expect(served.headers.get('content-type')).toBe('video/webm');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses HTML named .png, other Matroska files and empty forms with a Russian 400, changing nothing', async () => {
    const before = await me(viewer.token);
    const stored = { avatars: files('avatars'), bg: files('bg') };
    const disguised = await api.post('/api/users/me/avatar', fileForm(Buffer.from('<html><script>alert(1)</script></html>'), 'cute.png', 'image/png'), {
      token: viewer.token,
    });
    expect(disguised.status).toBe(400);
    expect(disguised.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed });
    expect(disguised.body.errors[0]).toMatchObject({ field: 'file', message: expect.stringMatching(/PNG, JPEG, WebP, GIF или видео WebM/) });

    const matroska = await api.post('/api/users/me/banner', fileForm(ebml('matroska'), 'clip.webm', 'video/webm'), { token: viewer.token });
    expect(matroska.status).toBe(400);
    expect(matroska.body.message).toMatch(/^Баннер/);

    const empty = await api.post('/api/users/me/avatar', new FormData(), { token: viewer.token });
    expect(empty.status).toBe(400);
    const json = await api.post('/api/users/me/avatar', { avatar: 'x.png' }, { token: viewer.token });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/multipart/);

    expect(await me(viewer.token)).toMatchObject({ avatar: before.avatar, profileBanner: before.profileBanner });
    expect({ avatars: files('avatars'), bg: files('bg') }).toEqual(stored);
  });

  it('refuses a file over the limit (avatar 2 MB, banner 5 MB) with 413 and a Russian message, changing nothing', async () => {
    const before = await me(viewer.token);
    const stored = { avatars: files('avatars'), bg: files('bg') };
    const bigAvatar = await api.post('/api/users/me/avatar', fileForm(Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX)]), 'big.png', 'image/png'), {
      token: viewer.token,
    });
    expect(bigAvatar.status).toBe(413);
    expect(bigAvatar.body).toMatchObject({ success: false, code: ErrorCode.PayloadTooLarge, message: 'Аватар слишком большой: не больше 2 МБ' });

    // 3 MB is too big for an avatar but fine for a banner.
    const threeMb = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    expect((await api.post('/api/users/me/avatar', fileForm(threeMb, 'x.png', 'image/png'), { token: viewer.token })).status).toBe(413);
    const bigBanner = await api.post('/api/users/me/banner', fileForm(Buffer.concat([PNG, Buffer.alloc(BANNER_MAX)]), 'x.png', 'image/png'), {
      token: viewer.token,
    });
    expect(bigBanner.status).toBe(413);
    expect(bigBanner.body.message).toBe('Баннер слишком большой: не больше 5 МБ');

    expect(await me(viewer.token)).toMatchObject({ avatar: before.avatar, profileBanner: before.profileBanner });
    expect({ avatars: files('avatars'), bg: files('bg') }).toEqual(stored);

    const banner = await api.post('/api/users/me/banner', fileForm(threeMb, 'x.png', 'image/png'), { token: viewer.token });
    expect(banner.status).toBe(200);
    expect(banner.body.data.isAnimatedBanner).toBe(false);
    // The WebM banner before it was this user's upload: it is gone.
    expect(files('bg')).toEqual([banner.body.data.profileBanner]);
  });

  it('answers a guest 401 and stores nothing', async () => {
    const stored = files('avatars');
    const res = await api.post('/api/users/me/avatar', fileForm(PNG, 'me.png', 'image/png'));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: ErrorCode.Unauthorized });
    expect(files('avatars')).toEqual(stored);
  });

  it("never deletes a file that is not the user's own upload", async () => {
    const other = await registerUser(api, 'media2');
    const mine = (await api.post('/api/users/me/avatar', fileForm(PNG, 'o.png', 'image/png'), { token: other.token })).body.data.avatar;
    // The viewer points their avatar at the other user's file by hand, then uploads: the other file stays.
    expect((await api.put('/api/auth/profile', { avatar: mine }, { token: viewer.token })).status).toBe(200);
    const res = await api.post('/api/users/me/avatar', fileForm(PNG, 'v.png', 'image/png'), { token: viewer.token });
    expect(res.status).toBe(200);
    expect(files('avatars')).toContain(mine);
  });

  it('removes the avatar and the banner: the profile falls back to the defaults and the own files are deleted', async () => {
    const avatar = (await api.post('/api/users/me/avatar', fileForm(WEBM, 'a.webm', 'video/webm'), { token: viewer.token })).body.data.avatar;
    const banner = (await api.post('/api/users/me/banner', fileForm(gif(3), 'b.gif', 'image/gif'), { token: viewer.token })).body.data.profileBanner;
    expect(files('avatars')).toContain(avatar);
    expect(files('bg')).toContain(banner);

    const res = await api.delete('/api/users/me/avatar', { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ avatar: null, isAnimatedAvatar: false, profileBanner: banner, isAnimatedBanner: true });
    expect(await me(viewer.token)).toMatchObject({ avatar: null, isAnimatedAvatar: false });
    expect(files('avatars')).not.toContain(avatar);
    expect((await fetch(new URL(`/uploads/avatars/${avatar}`, stack.gateway.url))).status).toBe(404);

    const noBanner = await api.delete('/api/users/me/banner', { token: viewer.token });
    expect(noBanner.body.data).toMatchObject({ profileBanner: null, isAnimatedBanner: false, avatar: null });
    expect(files('bg')).not.toContain(banner);

    // Nothing left to remove: the same answer again.
    const again = await api.delete('/api/users/me/avatar', { token: viewer.token });
    expect(again.status).toBe(200);
    expect(again.body.data.avatar).toBeNull();
  });

  it("removing keeps a file that is not the user's own upload, and answers a guest 401", async () => {
    const other = await registerUser(api, 'media3');
    const theirs = (await api.post('/api/users/me/avatar', fileForm(PNG, 't.png', 'image/png'), { token: other.token })).body.data.avatar;
    expect((await api.put('/api/auth/profile', { avatar: theirs }, { token: viewer.token })).status).toBe(200);
    expect((await api.delete('/api/users/me/avatar', { token: viewer.token })).body.data.avatar).toBeNull();
    expect(files('avatars')).toContain(theirs);

    const guest = await api.delete('/api/users/me/avatar');
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ success: false, code: ErrorCode.Unauthorized });
    expect((await me(other.token)).avatar).toBe(theirs);
  });

  describe('PUT /api/auth/profile changing an image', () => {
    const uploadAvatar = async (token: string): Promise<string> =>
      (await api.post('/api/users/me/avatar', fileForm(PNG, 'me.png', 'image/png'), { token })).body.data.avatar;

    it("deletes the user's previous own upload when the avatar is set to another image", async () => {
      const user = await registerUser(api, 'mediaput');
      const avatar = await uploadAvatar(user.token);
      const changed = await api.put('/api/auth/profile', { avatar: `https://${ALLOWED_IMAGE_HOST}/me.png` }, { token: user.token });
      expect(changed.status).toBe(200);
      expect(changed.body.data.avatar).toBe(`https://${ALLOWED_IMAGE_HOST}/me.png`);
      expect(files('avatars')).not.toContain(avatar);
    });

    it("deletes the user's own uploads when the avatar and the banner are set to none", async () => {
      const user = await registerUser(api, 'medianull');
      const avatar = await uploadAvatar(user.token);
      const banner = (await api.post('/api/users/me/banner', fileForm(PNG, 'b.png', 'image/png'), { token: user.token })).body.data.profileBanner;
      const cleared = await api.put('/api/auth/profile', { avatar: null, profileBanner: null }, { token: user.token });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({ avatar: null, profileBanner: null });
      expect(files('avatars')).not.toContain(avatar);
      expect(files('bg')).not.toContain(banner);
    });

    it('keeps the file when the update leaves the image as it is', async () => {
      const user = await registerUser(api, 'mediakeep');
      const avatar = await uploadAvatar(user.token);
      expect((await api.put('/api/auth/profile', { displayName: 'Новое имя' }, { token: user.token })).status).toBe(200);
      // The same name again (auth trims it): unchanged, so still in use.
      expect((await api.put('/api/auth/profile', { avatar: ` ${avatar} ` }, { token: user.token })).body.data.avatar).toBe(avatar);
      expect(files('avatars')).toContain(avatar);
    });

    it("never deletes another user's upload the profile was pointed at", async () => {
      const owner = await registerUser(api, 'mediaown');
      const user = await registerUser(api, 'mediaptr');
      const theirs = await uploadAvatar(owner.token);
      expect((await api.put('/api/auth/profile', { avatar: theirs }, { token: user.token })).status).toBe(200);
      expect((await api.put('/api/auth/profile', { avatar: `https://${ALLOWED_IMAGE_HOST}/x.png` }, { token: user.token })).status).toBe(200);
      expect(files('avatars')).toContain(theirs);
      expect((await me(owner.token)).avatar).toBe(theirs);
    });

    it('deletes nothing when the update is refused', async () => {
      const user = await registerUser(api, 'mediabad');
      const avatar = await uploadAvatar(user.token);
      const refused = await api.put('/api/auth/profile', { avatar: null, skipOpening: 'yes' }, { token: user.token });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed });
      expect((await me(user.token)).avatar).toBe(avatar);
      expect(files('avatars')).toContain(avatar);
    });
  });
});
