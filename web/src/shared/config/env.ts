import * as z from 'zod/mini';

const envSchema = z.object({
  VITE_API_BASE_URL: z._default(z.string().check(z.regex(/^\//, 'must be a same-origin path such as /api')), '/api'),
  VITE_ASSETS_BASE_URL: z._default(z.string(), '/static'),
  VITE_CONTACT_EMAIL: z._default(z.email(), 'legal@anime-portal.example'),
  VITE_VK_GROUP_URL: z._default(z.url(), 'https://vk.com/'),
  VITE_TELEGRAM_CHANNEL_URL: z._default(z.url(), 'https://t.me/'),
});

export type WebEnv = z.infer<typeof envSchema>;

/** Fails fast with one line naming every bad variable, like the services do at boot. */
export function parseWebEnv(source: Record<string, unknown>): WebEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid web environment: ${details}`);
  }
  return result.data;
}

export const env: WebEnv = parseWebEnv(import.meta.env);
