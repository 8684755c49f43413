// The one migrations set, applied in name order on both engines. Add a file, then list it here.
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_im_accounts.ts';
import * as m0003 from './0003_product.ts';
import * as m0004 from './0004_campaigns.ts';
import * as m0005 from './0005_im_messages.ts';
import * as m0006 from './0006_im_extras.ts';
import * as m0007 from './0007_im_people.ts';
import * as m0008 from './0008_im_teams.ts';
import * as m0009 from './0009_im_events.ts';
import * as m0010 from './0010_im_team_receipts.ts';
import * as m0011 from './0011_im_session_conv_index.ts';
import * as m0012 from './0012_im_push_settings.ts';
import * as m0013 from './0013_im_sysmsg_target.ts';
import * as m0014 from './0014_im_safe_urls.ts';
import * as m0015 from './0015_sms_code_hash.ts';
import * as m0016 from './0016_redact_stored_tokens.ts';
import * as m0017 from './0017_im_token_hashes.ts';
import * as m0018 from './0018_im_thread_root.ts';
import * as m0019 from './0019_retire_public_demo_codes.ts';
import * as m0020 from './0020_im_signal.ts';
import * as m0021 from './0021_im_files.ts';
import * as m0022 from './0022_im_chatrooms.ts';
import * as m0025 from './0025_wechat_identities.ts';
import * as m0026 from './0026_im_chatroom_holders.ts';
import * as m0027 from './0027_im_documents.ts';
import * as m0028 from './0028_campaign_votes.ts';
import * as m0029 from './0029_campaign_bag_codes.ts';
import * as m0030 from './0030_commerce_orders.ts';
import * as m0032 from './0032_fullshop.ts';
import * as m0033 from './0033_form_entries.ts';
import * as m0034 from './0034_campaign_rain_rounds.ts';
import * as m0035 from './0035_fission_and_game_rounds.ts';
import * as m0036 from './0036_xborder_stock.ts';
import * as m0037 from './0037_orange_cards.ts';
import * as m0039 from './0039_love_donations.ts';
import * as m0042 from './0042_im_message_copies.ts';
import * as m0044 from './0044_award_fulfilment.ts';
import * as m0046 from './0046_im_account_settings.ts';
import * as m0045 from './0045_admin_console.ts';
import * as m0049 from './0049_chat_shoppers.ts';
import * as m0058 from './0058_im_av_mute_and_login_events.ts';
import * as m0059 from './0059_im_broadcast_msgs.ts';
import * as m0043 from './0043_campaign_status.ts';
import * as m0050 from './0050_im_team_member_join_index.ts';
import * as m0051 from './0051_im_signal_invite_read.ts';
import * as m0052 from './0052_im_chatroom_member_tags.ts';
import * as m0053 from './0053_im_chatroom_tag_mutes.ts';
import * as m0062 from './0062_postcards.ts';
import * as m0067 from './0067_im_broadcast_acks.ts';
import * as m0060 from './0060_live_sessions.ts';
import * as m0069 from './0069_im_session_deleted_before.ts';
import * as m0070 from './0070_im_chatroom_msg_tags.ts';
import * as m0064 from './0064_customer_service.ts';
import * as m0073 from './0073_im_chatroom_guests_silent.ts';
import * as m0074 from './0074_postcard_voice_pruning.ts';
import * as m0077 from './0077_cs_message_images.ts';
import * as m0080 from './0080_im_messages_deleted_partial.ts';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_im_accounts': m0002,
  '0003_product': m0003,
  '0004_campaigns': m0004,
  '0005_im_messages': m0005,
  '0006_im_extras': m0006,
  '0007_im_people': m0007,
  '0008_im_teams': m0008,
  '0009_im_events': m0009,
  '0010_im_team_receipts': m0010,
  '0011_im_session_conv_index': m0011,
  '0012_im_push_settings': m0012,
  '0013_im_sysmsg_target': m0013,
  '0014_im_safe_urls': m0014,
  '0015_sms_code_hash': m0015,
  '0016_redact_stored_tokens': m0016,
  '0017_im_token_hashes': m0017,
  '0018_im_thread_root': m0018,
  '0019_retire_public_demo_codes': m0019,
  '0020_im_signal': m0020,
  '0021_im_files': m0021,
  '0022_im_chatrooms': m0022,
  '0025_wechat_identities': m0025,
  '0026_im_chatroom_holders': m0026,
  '0027_im_documents': m0027,
  '0028_campaign_votes': m0028,
  '0029_campaign_bag_codes': m0029,
  '0030_commerce_orders': m0030,
  '0032_fullshop': m0032,
  '0033_form_entries': m0033,
  '0034_campaign_rain_rounds': m0034,
  '0035_fission_and_game_rounds': m0035,
  '0036_xborder_stock': m0036,
  '0037_orange_cards': m0037,
  '0039_love_donations': m0039,
  '0042_im_message_copies': m0042,
  '0044_award_fulfilment': m0044,
  '0046_im_account_settings': m0046,
  '0045_admin_console': m0045,
  '0049_chat_shoppers': m0049,
  '0043_campaign_status': m0043,
  '0050_im_team_member_join_index': m0050,
  '0051_im_signal_invite_read': m0051,
  '0052_im_chatroom_member_tags': m0052,
  '0053_im_chatroom_tag_mutes': m0053,
  '0058_im_av_mute_and_login_events': m0058,
  '0059_im_broadcast_msgs': m0059,
  '0062_postcards': m0062,
  '0060_live_sessions': m0060,
  '0067_im_broadcast_acks': m0067,
  '0069_im_session_deleted_before': m0069,
  '0070_im_chatroom_msg_tags': m0070,
  '0064_customer_service': m0064,
  '0073_im_chatroom_guests_silent': m0073,
  '0074_postcard_voice_pruning': m0074,
  '0077_cs_message_images': m0077,
  '0080_im_messages_deleted_partial': m0080,
};
