'use strict';
// A stand-in for VK ID's OAuth 2.1 (id.vk.com) on a free local port: GET /authorize (signs in the
// user the test chose and redirects back with code, state and device_id), POST /oauth2/auth (code +
// PKCE verifier + device_id → tokens) and POST /oauth2/user_info (access token → profile), in their
// real parameter and answer shapes. Plain CommonJS for jest and the browser flows (types: .d.cts).
const { createHash, randomBytes } = require('node:crypto');
const { createServer } = require('node:http');

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const oauthError = (res, error, description) => json(res, 400, { error, error_description: description });
const random = () => randomBytes(24).toString('base64url');

async function readForm(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * @param {import('./fake-vk-id.d.cts').FakeVkIdOptions} options
 * @returns {Promise<import('./fake-vk-id.d.cts').FakeVkId>}
 */
async function startFakeVkId(options) {
  const clientId = options.clientId || '51234567';
  const codes = new Map();
  const tokens = new Map();
  const requests = [];
  let user = null;

  const server = createServer((req, res) => {
    const url = new URL(req.url || '/', 'http://fake');
    requests.push({ method: req.method, path: url.pathname, at: Date.now() });
    if (req.method === 'GET' && url.pathname === '/authorize') return authorize(url.searchParams, res);
    if (req.method === 'POST' && url.pathname === '/oauth2/auth') return readForm(req).then((form) => exchange(form, res));
    if (req.method === 'POST' && url.pathname === '/oauth2/user_info') return readForm(req).then((form) => userInfo(form, res));
    json(res, 404, { error: 'not_found' });
  });

  function authorize(query, res) {
    if (query.get('client_id') !== clientId) return oauthError(res, 'invalid_client', 'client_id is invalid');
    if (query.get('redirect_uri') !== options.redirectUrl) return oauthError(res, 'invalid_request', 'redirect_uri is not allowed');
    if (query.get('response_type') !== 'code') return oauthError(res, 'unsupported_response_type', 'response_type must be code');
    if (query.get('code_challenge_method') !== 's256' && query.get('code_challenge_method') !== 'S256')
      return oauthError(res, 'invalid_request', 'code_challenge_method must be S256');
    if (!query.get('code_challenge') || !query.get('state')) return oauthError(res, 'invalid_request', 'code_challenge and state are required');
    if (!user) return oauthError(res, 'access_denied', 'the user cancelled');
    const code = random();
    const deviceId = random();
    codes.set(code, { challenge: query.get('code_challenge'), deviceId, redirectUri: query.get('redirect_uri'), user, used: false });
    const back = new URL(options.redirectUrl);
    back.search = new URLSearchParams({
      code,
      state: query.get('state'),
      device_id: deviceId,
      expires_in: '600',
      type: 'code_v2',
      ext_id: random(),
    }).toString();
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function exchange(form, res) {
    if (form.grant_type !== 'authorization_code') return oauthError(res, 'unsupported_grant_type', 'grant_type must be authorization_code');
    if (form.client_id !== clientId) return oauthError(res, 'invalid_client', 'client_id is invalid');
    const grant = codes.get(form.code);
    if (!grant || grant.used) return oauthError(res, 'invalid_grant', 'code is invalid or expired');
    grant.used = true;
    if (form.device_id !== grant.deviceId) return oauthError(res, 'invalid_grant', 'device_id is invalid');
    if (form.redirect_uri !== grant.redirectUri) return oauthError(res, 'invalid_grant', 'redirect_uri mismatch');
    const challenge = createHash('sha256')
      .update(form.code_verifier || '')
      .digest('base64url');
    if (challenge !== grant.challenge) return oauthError(res, 'invalid_grant', 'code_verifier is invalid');
    const accessToken = random();
    tokens.set(accessToken, grant.user);
    json(res, 200, {
      access_token: accessToken,
      refresh_token: random(),
      id_token: random(),
      token_type: 'Bearer',
      expires_in: 3600,
      user_id: Number(grant.user.user_id),
      state: form.state,
      scope: 'vkid.personal_info email',
    });
  }

  function userInfo(form, res) {
    if (form.client_id !== clientId) return oauthError(res, 'invalid_client', 'client_id is invalid');
    const profile = tokens.get(form.access_token);
    if (!profile) return json(res, 401, { error: 'invalid_token', error_description: 'access_token is invalid' });
    json(res, 200, { user: { phone: '', sex: 0, verified: false, birthday: '', avatar: '', email: '', ...profile, user_id: String(profile.user_id) } });
  }

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    clientId,
    signInAs(profile) {
      user = profile;
    },
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startFakeVkId };
