// Accounts for the browser flows: registered through the API (captcha solved), signed in through /login.
import { solveCaptcha } from './browser.mjs';

/** Registers `<name>_<suffix>` and answers the account with its session token. */
export async function registerAccount(baseUrl, name, suffix) {
  const captcha = (await (await fetch(`${baseUrl}/api/auth/captcha`)).json()).data;
  const account = { username: `${name}_${suffix}`, email: `${name}_${suffix}@example.com`, password: `Pw-${suffix}-${name}!` };
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, captchaId: captcha.captchaId, captchaAnswer: solveCaptcha(captcha.question), agreement: true }),
  });
  if (response.status !== 201) throw new Error(`registration of ${account.username}: ${response.status} ${await response.text()}`);
  return { ...account, token: (await response.json()).data.token };
}

/** Signs in through the login form and waits for the account menu. */
export async function signIn(page, baseUrl, account) {
  await page.goto(`${baseUrl}/login`);
  const form = page.getByRole('form', { name: 'Вход' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Пароль').fill(account.password);
  await form.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.getByRole('button', { name: /^Меню аккаунта / }).waitFor();
}

/** A JSON call to the portal's API in the envelope; answers `data`, throws on an error answer. */
export function apiClient(baseUrl) {
  return async (path, { method = 'GET', body, token } = {}) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      // No content type without a body: the gateway answers a bodiless JSON PUT (an approve) with a 400.
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = await response.json().catch(() => null);
    if (!response.ok || !payload?.success) throw new Error(`${method} /api${path}: ${response.status} ${payload?.message ?? ''}`.trim());
    return payload.data;
  };
}

/** Signs an existing account in through the API (`POST /api/auth/login`) and answers its session token. */
export async function signInThroughApi(baseUrl, email, password) {
  const session = await apiClient(baseUrl)('/auth/login', { method: 'POST', body: { email, password } });
  if (!session?.token) throw new Error(`signing in ${email} answered no token`);
  return session.token;
}

/** ADMIN_EMAIL and ADMIN_PASSWORD of an existing admin account; exits 2 when either is missing. */
export function adminCredentialsFromEnv() {
  const email = process.env.ADMIN_EMAIL ?? '';
  const password = process.env.ADMIN_PASSWORD ?? '';
  if (!email || !password) {
    console.error('ADMIN_EMAIL and ADMIN_PASSWORD are not set (an existing account with admin rights).');
    process.exit(2);
  }
  return { email, password };
}
