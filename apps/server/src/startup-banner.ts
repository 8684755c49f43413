// What `npm start` prints once listening: where the server is, which mode it runs in and, in
// development, how to log in. Secrets never appear here: no IM tokens, no SMS codes, no keys,
// because start-up output ends up in terminals, CI logs and screenshots. One exception: the IM app
// secret a development install generates on its first start is shown that once (the store is
// the only other copy, and a developer needs it to sign the server API); production sets it.
import type { Config } from './config/index.ts';
import type { SeedSummary } from './seed/index.ts';

export interface BannerFacts {
  url: string;
  storeEngine: string;
  busKind: string;
  seeded: SeedSummary;
}

export function startupBanner(config: Config, facts: BannerFacts): string[] {
  const { url, seeded } = facts;
  const store = `${facts.storeEngine}${facts.storeEngine === 'sqlite' ? ` (${config.dataDir})` : ''}`;
  const lines = [
    '',
    `Morsel is running at ${url}`,
    `  mode: ${config.mode} (MORSEL_ENV)`,
    `  store: ${store}, bus: ${facts.busKind}`,
  ];
  if (config.mode === 'development') {
    lines.push(
      '  DEVELOPMENT MODE: demo data, the SMS outbox and public default keys; never expose it to the internet.',
    );
    lines.push(`  IM app key: ${seeded.appKey}`);
    if (seeded.generatedSecret) {
      lines.push(
        `  IM app secret: ${seeded.generatedSecret} (generated on this first start and shown only now: ` +
          'it signs the server API /nimserver, keep it on your servers; or set MORSEL_IM_APP_KEY and MORSEL_IM_APP_SECRET)',
      );
    }
    if (seeded.generatedConsoleAccount) {
      const { name, password } = seeded.generatedConsoleAccount;
      lines.push(
        `  Operator console: ${url}/admin, account ${name}, password ${password} (generated on this ` +
          'first start and shown only now; make more with npm run admin -- create-user)',
      );
    }
    if (seeded.demoAccounts.length > 0) {
      lines.push(
        `  IM demo accounts: ${seeded.demoAccounts.map((a) => a.accid).join(', ')} ` +
          '(tokens are not printed, and the store keeps only their digests: issue one with /nimserver/user/refreshToken.action, signed with the app secret)',
      );
    }
    // Generated for this install and only for development, so a developer can try the password
    // and exchange-code pages; the labels are what the seed files say.
    if (seeded.demoCodes.length > 0) {
      lines.push('  Demo campaign codes generated for this install (seed label → code to type):');
      for (const code of seeded.demoCodes) {
        lines.push(
          `    ${code.kind === 'password' ? 'password' : 'exchange code'} ${code.label} → ${code.value}`,
        );
      }
    }
    if (config.smsProvider === 'outbox') {
      lines.push(
        `  Log in with any mobile number; SMS codes go to the outbox (from this machine only): ${url}/dev/sms-outbox?mobile=<number>`,
      );
    }
    if (config.wechatOauth === 'development') {
      lines.push(
        '  WeChat login uses the development identity (a labelled page, not WeChat): docs/wechat.md',
      );
    }
  }
  lines.push('');
  return lines;
}
