import { assertNoOpenTransaction } from '@portal/db';
import type { VkIdSettings } from './vk-id.settings';

/** The scopes asked for: the name and avatar, and the email when the user shares it. */
const SCOPE = 'vkid.personal_info email';
const CALL_TIMEOUT_MS = 10_000;

/** VK ID refused the exchange (`{ error, error_description }`), or could not be reached (`status` 0). */
export class VkIdError extends Error {
  override readonly name = 'VkIdError';
  constructor(
    readonly step: 'token' | 'user_info',
    readonly status: number,
    readonly error: string,
  ) {
    super(`VK ID ${step}: ${status} ${error}`);
  }
}

/** A VK ID answer: the fields of a success, or `error` and `error_description`; each field is checked where it is read. */
type VkAnswer = Record<string, unknown>;

/** A JSON object (not an array, not null): what every VK ID answer and its `user` are. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A VK user id as text: VK sends a number (a string is taken as it is); anything else is no id. */
function idText(value: unknown): string | null {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : null;
}

export interface VkIdProfile {
  userId: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  email: string | null;
}

/**
 * VK ID's OAuth 2.1 over plain fetch (id.vk.com/authorize, /oauth2/auth, /oauth2/user_info): an
 * authorization code with PKCE (S256), exchanged on the server with the device_id VK returns.
 */
export class VkIdClient {
  constructor(private readonly settings: VkIdSettings) {}

  authorizeUrl(state: string, codeChallenge: string): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: this.settings.redirectUrl,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      scope: SCOPE,
    });
    return `${this.settings.idUrl}/authorize?${query.toString()}`;
  }

  async exchangeCode(input: { code: string; codeVerifier: string; deviceId: string; state: string }): Promise<{ accessToken: string; userId: string }> {
    const answer = await this.post('token', '/oauth2/auth', {
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.codeVerifier,
      client_id: this.settings.clientId,
      device_id: input.deviceId,
      redirect_uri: this.settings.redirectUrl,
      state: input.state,
    });
    const userId = idText(answer.user_id);
    if (typeof answer.access_token !== 'string' || userId === null) throw new VkIdError('token', 200, 'no access_token');
    // VK echoes the state; a different one is not an answer to our request.
    if (answer.state !== undefined && answer.state !== input.state) throw new VkIdError('token', 200, 'state mismatch');
    return { accessToken: answer.access_token, userId };
  }

  async userInfo(accessToken: string): Promise<VkIdProfile> {
    const answer = await this.post('user_info', '/oauth2/user_info', { client_id: this.settings.clientId, access_token: accessToken });
    const user = isObject(answer.user) ? answer.user : null;
    const userId = idText(user?.user_id);
    if (!user || userId === null) throw new VkIdError('user_info', 200, 'no user');
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    return {
      userId,
      firstName: text(user.first_name) ?? '',
      lastName: text(user.last_name) ?? '',
      avatar: text(user.avatar),
      email: text(user.email),
    };
  }

  private async post(step: VkIdError['step'], path: string, form: Record<string, string>): Promise<VkAnswer> {
    assertNoOpenTransaction(`HTTP VK ID ${path}`);
    let response: Response;
    try {
      response = await fetch(`${this.settings.idUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new VkIdError(step, 0, error instanceof Error ? error.name : 'network error');
    }
    const body: unknown = await response.json().catch(() => ({}));
    const answer: VkAnswer = isObject(body) ? body : {};
    if (!response.ok || typeof answer.error === 'string')
      throw new VkIdError(step, response.status, typeof answer.error === 'string' ? answer.error : response.statusText);
    return answer;
  }
}
