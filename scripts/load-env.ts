// Import first in every script: .env files, as the server reads them (lib/project-env.ts).
import { loadProjectEnv } from '@/lib/project-env';

loadProjectEnv();
