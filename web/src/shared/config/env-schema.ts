import * as z from 'zod/mini';

/**
 * The client's VITE_* variables. Validated once, when Vite starts (dev, build, tests, Storybook),
 * so a bad value stops the build with one clear line and zod never ships to the browser.
 */
export const webEnvSchema = z.object({
  VITE_API_BASE_URL: z._default(z.string().check(z.regex(/^\/[^\s]*$/, 'must be a same-origin path such as /api')), '/api'),
  VITE_ASSETS_BASE_URL: z._default(z.string().check(z.regex(/^(\/|https?:\/\/)\S*$/, 'must be a path or an http(s) URL')), '/uploads'),
  VITE_CONTACT_EMAIL: z._default(z.email(), 'legal@anime-portal.example'),
  VITE_VK_GROUP_URL: z._default(z.url(), 'https://vk.com/'),
  VITE_TELEGRAM_CHANNEL_URL: z._default(z.url(), 'https://t.me/'),
});

export type WebEnv = z.infer<typeof webEnvSchema>;

export function parseWebEnv(source: Record<string, unknown>): WebEnv {
  const result = webEnvSchema.safeParse(source);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid web environment: ${details}`);
  }
  return result.data;
}

/** Vite `define` entries that inline the validated values (defaults included) into the bundle. */
export function webEnvDefines(env: WebEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [`import.meta.env.${key}`, JSON.stringify(value)]));
}
