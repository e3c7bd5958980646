import nextEnv from '@next/env';

/**
 * Loads a project's .env files as `next start` does (.env.production.local, .env.local,
 * .env.production, .env; under NODE_ENV=test the .test ones, never .env.local). Variables
 * already in the environment win. For the command-line scripts, so that they reach the same
 * database and settings as the server.
 */
export function loadProjectEnv(dir: string = process.cwd()): void {
  nextEnv.loadEnvConfig(dir, false, { info: () => {}, error: console.error });
}
