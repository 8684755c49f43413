// The IM account service: apps and their accounts, login tokens, blocking, and the one login
// check the gateway calls. The REST API (../rest) and the gateway are its only callers.
import { Type, type Static } from '@sinclair/typebox';
import type { Logger } from '../../log.ts';
import { isUniqueViolation, type Store } from '../../store/index.ts';
import * as accountStore from './account-store.ts';
import type { AccountChanges, AccountRow } from './account-store.ts';
import { ImAccountError } from './errors.ts';
import {
  AccidField,
  IconField,
  NameField,
  PropsField,
  TokenField,
  isJsonText,
  isValidAccid,
  normalizeAccid,
} from './rules.ts';
import { generateToken, hashToken, tokenMatchesHash } from './tokens.ts';
import { compile, firstProblem } from './validate.ts';

export interface ImApp {
  appKey: string;
  /** The AppSecret that signs REST calls; server side only, never sent to clients. */
  secret: string;
  name: string;
  createdAt: number;
}

/** An account as callers see it (the token stays inside the service). */
export interface ImAccount {
  appKey: string;
  accid: string;
  name: string;
  icon: string;
  props: string;
  blocked: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface ImAccountCredentials {
  accid: string;
  token: string;
}

/**
 * The answer to a login: the account, or a refusal with the NIM code the gateway replies with.
 * 302 covers a wrong token and an unknown accid alike, so a caller cannot tell which accids exist.
 */
export type LoginVerdict = { ok: true; account: ImAccount } | { ok: false; code: 302 | 403 | 422 };

export interface ImAccountsOptions {
  store: Store;
  log: Logger;
  /**
   * Called when the account's live connections must end: a block, and every token
   * change (refreshToken, update with a token), so a leaked token's session does not outlive it.
   */
  onKick?: (appKey: string, accid: string) => void;
  /** The app's one clock (created and updated times). */
  now: () => number;
}

export const CreateAccountInput = Type.Object({
  appKey: Type.String({ minLength: 1 }),
  accid: AccidField,
  name: Type.Optional(NameField),
  icon: Type.Optional(IconField),
  props: Type.Optional(PropsField),
  token: Type.Optional(TokenField),
});
export type CreateAccountInput = Static<typeof CreateAccountInput>;

export const UpdateAccountInput = Type.Object({
  appKey: Type.String({ minLength: 1 }),
  accid: AccidField,
  token: Type.Optional(TokenField),
  props: Type.Optional(PropsField),
});
export type UpdateAccountInput = Static<typeof UpdateAccountInput>;

const checkCreate = compile(CreateAccountInput);
const checkUpdate = compile(UpdateAccountInput);
const checkAccid = compile(Type.Object({ accid: AccidField }));

function assertValid(problem: ReturnType<typeof firstProblem>): void {
  if (problem) throw new ImAccountError('invalid_param', problem.message, problem.field);
}

function assertProps(props: string | undefined): void {
  if (props !== undefined && !isJsonText(props)) {
    throw new ImAccountError(
      'invalid_param',
      'parameter props is invalid: must be JSON text',
      'props',
    );
  }
}

function toAccount(row: AccountRow): ImAccount {
  return {
    appKey: row.app_key,
    accid: row.accid,
    name: row.nick,
    icon: row.icon,
    props: row.props,
    blocked: row.disabled !== 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class ImAccounts {
  private readonly store: Store;
  private readonly log: Logger;
  private readonly onKick: ((appKey: string, accid: string) => void) | undefined;
  private readonly now: () => number;
  /** Compared against when the accid is unknown, so that answer takes as long as a wrong token. */
  private readonly decoyHash = hashToken(generateToken());

  constructor(options: ImAccountsOptions) {
    this.store = options.store;
    this.log = options.log;
    this.onKick = options.onKick;
    this.now = options.now;
  }

  async getApp(appKey: string): Promise<ImApp | undefined> {
    const row = await accountStore.findApp(this.store.db, appKey);
    return (
      row && { appKey: row.app_key, secret: row.secret, name: row.name, createdAt: row.created_at }
    );
  }

  /** The account, or undefined when the app has no such accid (matched case-insensitively). */
  async get(appKey: string, accid: string): Promise<ImAccount | undefined> {
    if (!isValidAccid(accid)) return undefined;
    const row = await accountStore.findAccount(this.store.db, appKey, normalizeAccid(accid));
    return row && toAccount(row);
  }

  /**
   * Registers an accid (stored lower-case); generates the token unless one is given. The token is
   * answered here once: only its digest is stored, so no later call can return it.
   */
  async create(input: CreateAccountInput): Promise<ImAccountCredentials & { name: string }> {
    assertValid(firstProblem(checkCreate, input));
    assertProps(input.props);
    await this.requireApp(input.appKey);
    const accid = normalizeAccid(input.accid);
    const token = input.token ?? generateToken();
    const name = input.name ?? '';
    const now = this.now();
    try {
      const account = {
        appKey: input.appKey,
        accid,
        tokenHash: hashToken(token),
        name,
        icon: input.icon ?? '',
        props: input.props ?? '',
      };
      await accountStore.insertAccount(this.store.db, account, now);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ImAccountError('already_registered', 'already register');
      throw error;
    }
    return { accid, token, name };
  }

  /** Changes the token and/or props; at least one must be given. A new token kicks live sessions. */
  async update(input: UpdateAccountInput): Promise<void> {
    assertValid(firstProblem(checkUpdate, input));
    assertProps(input.props);
    if (input.token === undefined && input.props === undefined) {
      throw new ImAccountError(
        'invalid_param',
        'missing parameter token or props: nothing to update',
        'token',
      );
    }
    await this.requireApp(input.appKey);
    await this.updateAccount(input.appKey, input.accid, {
      ...(input.token !== undefined && { token: hashToken(input.token) }),
      ...(input.props !== undefined && { props: input.props }),
    });
    if (input.token !== undefined) this.kick(input.appKey, normalizeAccid(input.accid));
  }

  /**
   * Replaces the token with a new random one (answered once); the old one stops working at once
   * and the sessions logged in with it are kicked.
   */
  async refreshToken(appKey: string, accid: string): Promise<ImAccountCredentials> {
    assertValid(firstProblem(checkAccid, { accid }));
    await this.requireApp(appKey);
    const token = generateToken();
    await this.updateAccount(appKey, accid, { token: hashToken(token) });
    this.kick(appKey, normalizeAccid(accid));
    return { accid: normalizeAccid(accid), token };
  }

  /**
   * Disables the account: later logins answer 422, and the onKick hook closes its open
   * connections. NIM keeps them open unless asked (needkick); we always end them, so a blocked
   * account cannot go on chatting on a connection made before the block (security review M1).
   */
  async block(appKey: string, accid: string): Promise<void> {
    assertValid(firstProblem(checkAccid, { accid }));
    await this.requireApp(appKey);
    const normalized = normalizeAccid(accid);
    await this.updateAccount(appKey, normalized, { disabled: 1 });
    this.kick(appKey, normalized);
  }

  async unblock(appKey: string, accid: string): Promise<void> {
    assertValid(firstProblem(checkAccid, { accid }));
    await this.requireApp(appKey);
    await this.updateAccount(appKey, accid, { disabled: 0 });
  }

  /** NIM's user/mute: a muted account's messages are refused (mutedSenderGuard). */
  async setMuted(appKey: string, accid: string, muted: boolean): Promise<void> {
    await this.updateSettings(appKey, accid, { muted: muted ? 1 : 0 });
  }

  /** NIM's user/setDonnop: no mobile push while a desktop client is online (for a push provider). */
  async setDonnop(appKey: string, accid: string, donnopOpen: boolean): Promise<void> {
    await this.updateSettings(appKey, accid, { donnop_open: donnopOpen ? 1 : 0 });
  }

  /** NIM's user/muteAv: the account may not start or invite to calls (signalling refuses 403). */
  async setMuteAv(appKey: string, accid: string, muted: boolean): Promise<void> {
    await this.updateSettings(appKey, accid, { mute_av: muted ? 1 : 0 });
  }

  /** The account's settings, or undefined when the app has no such accid. */
  async settings(
    appKey: string,
    accid: string,
  ): Promise<{ muted: boolean; donnopOpen: boolean; muteAv: boolean } | undefined> {
    if (!isValidAccid(accid)) return undefined;
    const row = await accountStore.findAccountSettings(
      this.store.db,
      appKey,
      normalizeAccid(accid),
    );
    return (
      row && {
        muted: row.muted !== 0,
        donnopOpen: row.donnop_open !== 0,
        muteAv: row.mute_av !== 0,
      }
    );
  }

  private async updateSettings(
    appKey: string,
    accid: string,
    changes: Partial<accountStore.AccountSettings>,
  ): Promise<void> {
    assertValid(firstProblem(checkAccid, { accid }));
    await this.requireApp(appKey);
    const normalized = normalizeAccid(accid);
    if (!(await accountStore.updateAccountSettings(this.store.db, appKey, normalized, changes)))
      throw new ImAccountError('not_registered', `not register: ${normalized}`);
  }

  /** The gateway's login check; see LoginVerdict. */
  async verifyLogin(appKey: string, accid: string, token: string): Promise<LoginVerdict> {
    if (typeof appKey !== 'string' || !(await this.getApp(appKey))) return { ok: false, code: 403 };
    const row =
      typeof accid === 'string' && isValidAccid(accid)
        ? await accountStore.findAccountWithToken(this.store.db, appKey, normalizeAccid(accid))
        : undefined;
    const tokenMatches = tokenMatchesHash(
      typeof token === 'string' ? token : '',
      row?.token ?? this.decoyHash,
    );
    if (!row || !tokenMatches) return { ok: false, code: 302 };
    if (row.disabled !== 0) return { ok: false, code: 422 };
    return { ok: true, account: toAccount(row) };
  }

  private kick(appKey: string, accid: string): void {
    if (!this.onKick) return;
    try {
      this.onKick(appKey, accid);
    } catch (err) {
      this.log.error({ err, appKey, accid }, 'onKick hook failed');
    }
  }

  private async requireApp(appKey: string): Promise<ImApp> {
    const app = await this.getApp(appKey);
    if (!app) throw new ImAccountError('unknown_app', 'unknown appKey');
    return app;
  }

  private async updateAccount(
    appKey: string,
    accid: string,
    changes: AccountChanges,
  ): Promise<void> {
    const normalized = normalizeAccid(accid);
    if (!(await accountStore.updateAccount(this.store.db, appKey, normalized, changes, this.now())))
      throw new ImAccountError('not_registered', `not register: ${normalized}`);
  }
}
