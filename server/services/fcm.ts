/**
 * Firebase Cloud Messaging, HTTP v1: an OAuth2 access token from the service account (a JWT
 * assertion signed RS256 with node:crypto, exchanged at the account's token URI) and one
 * `messages:send` call per device token.
 */
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
  project_id?: string;
}

/** FCM_SERVICE_ACCOUNT: the service account's JSON itself, or the path of its file. */
export function loadServiceAccount(setting: string): ServiceAccount {
  const text = setting.trim().startsWith('{') ? setting : readFileSync(setting, 'utf8');
  const account = JSON.parse(text) as Partial<ServiceAccount>;
  if (!account.client_email || !account.private_key) throw new Error('FCM_SERVICE_ACCOUNT: faltan client_email o private_key');
  return account as ServiceAccount;
}

/** The provider cannot take messages now (5xx, 429, network, credentials refused): stop and report. */
export class PushOutage extends Error {}

export type SendResult = 'delivered' | 'unregistered' | 'failed';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const REQUEST_TIMEOUT_MS = 10_000;

interface FcmError {
  error?: { status?: string; message?: string; details?: { errorCode?: string; fieldViolations?: { field?: string }[] }[] };
}

/** Whether an error answer says the token itself is dead (unregistered, invalid, another sender's). */
export function isDeadToken(status: number, body: FcmError): boolean {
  const error = body.error ?? {};
  const codes = (error.details ?? []).map((d) => d.errorCode).filter(Boolean);
  if (status === 404 || error.status === 'NOT_FOUND' || codes.includes('UNREGISTERED')) return true;
  if (codes.includes('SENDER_ID_MISMATCH')) return true;
  if (status === 400 && (error.status === 'INVALID_ARGUMENT' || codes.includes('INVALID_ARGUMENT'))) {
    const onToken = (error.details ?? []).some((d) => d.fieldViolations?.some((v) => v.field?.includes('token')));
    return onToken || /registration token/i.test(error.message ?? '');
  }
  return false;
}

export class FcmClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly options: { projectId: string; account: ServiceAccount; baseUrl: string; tokenUri: string },
  ) {}

  private assertion(now: number): string {
    const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const iat = Math.floor(now / 1000);
    const claims = { iss: this.options.account.client_email, scope: SCOPE, aud: this.options.tokenUri, iat, exp: iat + 3600 };
    const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(this.options.account.private_key, 'base64url');
    return `${unsigned}.${signature}`;
  }

  /** A cached access token; one exchange at a time, renewed a minute before it expires. */
  accessToken(force = false): Promise<string> {
    if (!force && this.token && this.token.expiresAt > Date.now() + 60_000) return Promise.resolve(this.token.value);
    this.pending ??= this.exchange().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async exchange(): Promise<string> {
    let response: Response;
    try {
      response = await fetch(this.options.tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: this.assertion(Date.now()) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PushOutage(`Token OAuth2 de FCM: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new PushOutage(`Token OAuth2 de FCM: respuesta ${response.status}`);
    this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  /** Sends one notification to one device; a provider failure throws PushOutage. */
  async send(token: string, note: { title: string; body: string }, retried = false): Promise<SendResult> {
    const url = `${this.options.baseUrl}/v1/projects/${encodeURIComponent(this.options.projectId)}/messages:send`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await this.accessToken(retried)}` },
        body: JSON.stringify({ message: { token, notification: { title: note.title, body: note.body } } }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof PushOutage) throw error;
      throw new PushOutage(`FCM: ${(error as Error).message}`);
    }
    if (response.ok) {
      await response.body?.cancel();
      return 'delivered';
    }
    const body = (await response.json().catch(() => ({}))) as FcmError;
    // An expired access token: renew it once.
    if (response.status === 401 && !retried) return this.send(token, note, true);
    if (isDeadToken(response.status, body)) return 'unregistered';
    if (response.status === 429 || response.status >= 500 || response.status === 401 || response.status === 403) {
      throw new PushOutage(`FCM respondió ${response.status} ${body.error?.status ?? ''}`.trim());
    }
    return 'failed';
  }
}
