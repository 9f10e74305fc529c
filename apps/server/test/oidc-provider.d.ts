// The parts of oidc-provider 9 (no bundled types) that oidc-test-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Interaction {
    uid: string;
    params: Record<string, unknown>;
  }
  interface Account {
    accountId: string;
    claims: () => Record<string, unknown>;
  }
  class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        interactions?: { url: (ctx: unknown, interaction: Interaction) => string };
        findAccount?: (ctx: unknown, sub: string) => Account | undefined;
      },
    );
    proxy: boolean;
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
