// The campaign kinds this server runs and the schema of each kind's settings. A settings object
// is checked here before it is stored, whether it comes from a seed file or the admin API.
import type { TSchema } from '@sinclair/typebox';
import { SignSettings, signPrizeKeys } from './sign/settings.ts';
import { RaffleSettings, rafflePrizeKeys } from './raffle/settings.ts';
import { PasswordSettings } from './password/settings.ts';
import { CouponSettings, couponTemplateKeys } from './coupon/settings.ts';
import { BankSettings } from './commerce/bank/settings.ts';
import { XborderSettings, xborderProblems } from './commerce/xborder/settings.ts';
import { OrangeCardSettings, orangeCardProblems } from './commerce/orange/settings.ts';
import { DownloadSettings } from './download/settings.ts';
import { VoteSettings, voteProblems } from './vote/settings.ts';
import { FreeSettings, freePrizeKeys } from './free/settings.ts';
import { BagSettings, bagPrizeKeys } from './bag/settings.ts';
import { FullshopSettings } from './fullshop/settings.ts';
import { JoinusSettings } from './joinus/settings.ts';
import { ApplySettings } from './apply/settings.ts';
import { PrivacySettings } from './privacy/settings.ts';
import { RainSettings, rainPrizeKeys, rainProblems } from './rain/settings.ts';
import { FissionSettings, fissionPrizeKeys, fissionProblems } from './fission/settings.ts';
import { GameCentreSettings } from './game/settings.ts';
import { CmsSettings, cmsProblems } from './cms/settings.ts';
import { StationSettings, stationProblems } from './station/settings.ts';
import { VideoSettings, videoProblems } from './video/settings.ts';
import { WineSettings } from './wine/settings.ts';
import { UpdateSettings, updateProblems } from './update/settings.ts';
import { LoveSettings, loveProblems } from './love/settings.ts';
import { ContentSettings, contentProblems } from './content/settings.ts';
import { PostofficeSettings, postofficeProblems } from './postoffice/settings.ts';
import { LiveSettings } from './live/settings.ts';
import type { Problem } from './settings-problems.ts';

interface KindRules {
  settings: TSchema;
  /** Prize keys of the campaign the settings name. */
  prizeKeys(settings: never): string[];
  /** Coupon template keys the settings name. */
  templateKeys(settings: never): string[];
  /** What the schema cannot say (keys that must differ), every problem; run once the schema holds. */
  problems?(settings: never): Problem[];
}

const none = () => [];

export const KINDS: Record<string, KindRules> = {
  sign: { settings: SignSettings, prizeKeys: signPrizeKeys, templateKeys: none },
  raffle: { settings: RaffleSettings, prizeKeys: rafflePrizeKeys, templateKeys: none },
  password: { settings: PasswordSettings, prizeKeys: none, templateKeys: none },
  coupon: { settings: CouponSettings, prizeKeys: none, templateKeys: couponTemplateKeys },
  bank: { settings: BankSettings, prizeKeys: none, templateKeys: none },
  xborder: {
    settings: XborderSettings,
    prizeKeys: none,
    templateKeys: none,
    problems: xborderProblems,
  },
  orangeCard: {
    settings: OrangeCardSettings,
    prizeKeys: none,
    templateKeys: none,
    problems: orangeCardProblems,
  },
  download: { settings: DownloadSettings, prizeKeys: none, templateKeys: none },
  vote: { settings: VoteSettings, prizeKeys: none, templateKeys: none, problems: voteProblems },
  free: { settings: FreeSettings, prizeKeys: freePrizeKeys, templateKeys: none },
  bag: { settings: BagSettings, prizeKeys: bagPrizeKeys, templateKeys: none },
  fullshop: { settings: FullshopSettings, prizeKeys: none, templateKeys: none },
  joinus: { settings: JoinusSettings, prizeKeys: none, templateKeys: none },
  apply: { settings: ApplySettings, prizeKeys: none, templateKeys: none },
  privacy: { settings: PrivacySettings, prizeKeys: none, templateKeys: none },
  rain: {
    settings: RainSettings,
    prizeKeys: rainPrizeKeys,
    templateKeys: none,
    problems: rainProblems,
  },
  fission: {
    settings: FissionSettings,
    prizeKeys: fissionPrizeKeys,
    templateKeys: none,
    problems: fissionProblems,
  },
  game: { settings: GameCentreSettings, prizeKeys: none, templateKeys: none },
  cms: { settings: CmsSettings, prizeKeys: none, templateKeys: none, problems: cmsProblems },
  station: {
    settings: StationSettings,
    prizeKeys: none,
    templateKeys: none,
    problems: stationProblems,
  },
  video: { settings: VideoSettings, prizeKeys: none, templateKeys: none, problems: videoProblems },
  wine: { settings: WineSettings, prizeKeys: none, templateKeys: none },
  update: {
    settings: UpdateSettings,
    prizeKeys: none,
    templateKeys: none,
    problems: updateProblems,
  },
  love: { settings: LoveSettings, prizeKeys: none, templateKeys: none, problems: loveProblems },
  content: {
    settings: ContentSettings,
    prizeKeys: none,
    templateKeys: none,
    problems: contentProblems,
  },
  postoffice: {
    settings: PostofficeSettings,
    prizeKeys: none,
    templateKeys: none,
    problems: postofficeProblems,
  },
  live: { settings: LiveSettings, prizeKeys: none, templateKeys: none },
};

export function referencedKeys(
  kind: string,
  settings: unknown,
): { prizes: string[]; templates: string[] } {
  const rules = KINDS[kind]!;
  return {
    prizes: rules.prizeKeys(settings as never),
    templates: rules.templateKeys(settings as never),
  };
}
