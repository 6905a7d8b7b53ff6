import { z } from 'zod';

/**
 * Parses the environment against a schema. A missing or bad variable stops the process with one
 * clear line naming every offending variable, before anything else starts.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(formatIssues(result.error));
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function formatIssues(error: z.ZodError): string {
  const problems = error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  return `invalid environment: ${problems.join('; ')}`;
}

/** Prints a config error as one line and exits; other errors are rethrown. */
export function exitOnConfigError(error: unknown, app: string): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`[${app}] ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
