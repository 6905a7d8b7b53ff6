// Issue #30: one viewer's ordinary actions never stall the others. While a few viewers register,
// complete a title, rate it right away, comment and spin the roulette, another viewer's unrelated
// reads are probed without pause; every probe must succeed within a generous bound (the stall this
// guards against was a 5 s wait ending in 503, for everyone, on every completion).

/** A bound far above a healthy answer on a loaded two-core machine, far below the 5 s stall. */
export const PROBE_BOUND_MS = 2500;

async function call(baseUrl, path, { method = 'GET', token, body } = {}) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  const payload = await response.json().catch(() => null);
  return { path, method, status: response.status, payload, ms: performance.now() - started };
}

async function register(baseUrl, name) {
  const { payload: captcha } = await call(baseUrl, '/api/auth/captcha');
  const [a, b] = captcha.data.question.match(/-?\d+/g).map(Number);
  const account = { username: name, email: `${name}@example.com`, password: `Pw-${name}-ok!`, agreement: true };
  const registered = await call(baseUrl, '/api/auth/register', {
    method: 'POST',
    body: { ...account, captchaId: captcha.data.captchaId, captchaAnswer: a + b },
  });
  return { registered, token: registered.payload?.data?.token };
}

/** One viewer's burst: everything that once made other viewers wait. */
async function actingViewer(baseUrl, name, animeId) {
  const steps = [];
  const { registered, token } = await register(baseUrl, name);
  steps.push(registered);
  if (!token) return steps;
  steps.push(await call(baseUrl, '/api/users/anime/status', { method: 'PUT', token, body: { animeId, status: 'completed' } }));
  steps.push(await call(baseUrl, '/api/rating', { method: 'POST', token, body: { animeId, rating: 9 } }));
  steps.push(await call(baseUrl, '/api/comments', { method: 'POST', token, body: { animeId, content: `Пересмотрел, ${name} доволен` } }));
  // Probably too few points for a spin: a refusal (4xx) is an answer, a stall is not.
  steps.push(await call(baseUrl, '/api/user/spin-roulette', { method: 'POST', token, body: {} }));
  return steps;
}

/**
 * Runs `viewers` acting viewers at once while a bystander reads without pause. Answers every probe
 * and every acting step, for the caller to assert on.
 */
export async function stallCheck(baseUrl, { viewers = 4, animeIds = [20, 1735, 21, 1], suffix }) {
  const bystander = await register(baseUrl, `by_${suffix}`);
  const probes = [];
  let acting = true;
  const probing = (async () => {
    for (let turn = 0; acting; turn++) {
      const path = turn % 2 === 0 ? `/api/anime/${animeIds[0]}/stats` : '/api/auth/verify';
      probes.push(await call(baseUrl, path, { token: bystander.token }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const bursts = await Promise.all(
    Array.from({ length: viewers }, (_, index) => actingViewer(baseUrl, `st${index}_${suffix}`, animeIds[index % animeIds.length])),
  );
  acting = false;
  await probing;
  return { probes, steps: bursts.flat() };
}
