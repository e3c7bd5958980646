// oidc-provider ships no types (DefinitelyTyped's are not installed): what the tests use of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export interface GrantClass {
    new (init: { clientId: string; accountId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }
  export interface ProviderContext {
    oidc: {
      provider: { Grant: GrantClass };
      client: { clientId: string };
      session: { accountId: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
