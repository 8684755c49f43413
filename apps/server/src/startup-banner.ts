// What `npm start` prints once listening: where the server is, which mode it runs in and, in
// development, how to log in. Secrets never appear here: no IM tokens, no SMS codes, no keys,
// because start-up output ends up in terminals, CI logs and screenshots.
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
