import 'zod-openapi';
import { z } from 'zod';

export const oidcStartQuery = z.object({
  returnTo: z.string().optional().meta({
    description: 'A path on this site to land on after signing in (default `/`); anything else counts as `/`.',
    example: '/',
  }),
});

/** What the provider appends to the redirect URI; openid-client reads and checks them, this only documents them. */
export const oidcCallbackQuery = z.object({
  code: z.string().optional().meta({ description: 'The authorization code.' }),
  state: z.string().optional().meta({ description: 'Must equal the state of the flow this browser started.' }),
  iss: z.string().optional().meta({ description: 'The issuer that answered (RFC 9207); must be OIDC_ISSUER.' }),
  error: z.string().optional().meta({ description: 'The provider refused (`access_denied`…).' }),
  error_description: z.string().optional(),
});

export const locationHeader = (description: string) => z.object({ Location: z.string().meta({ description }) });
