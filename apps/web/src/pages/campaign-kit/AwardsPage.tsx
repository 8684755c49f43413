// A campaign's "我的奖品" page (raffle, password): hero, the list, the way back to the campaign.
import { useNavigate } from 'react-router';
import { Button } from '../../ui/index.ts';
import type { AwardCampaign } from './api.ts';
import { AwardList } from './AwardList.tsx';
import { Hero } from './states.tsx';
import styles from './awards.module.css';
import { useWhichCampaign, withCampaign } from './whichCampaign.ts';

export interface AwardsPageProps {
  campaign: AwardCampaign;
  subtitle: string;
  emptyDescription: string;
  backText: string;
  backPath: string;
}

export function AwardsPage({
  campaign,
  subtitle,
  emptyDescription,
  backText,
  backPath,
}: AwardsPageProps) {
  const navigate = useNavigate();
  // Back to the instance whose prizes these are (decision 0037).
  const { campaignId } = useWhichCampaign();
  return (
    <main>
      <Hero title="我的奖品" subtitle={subtitle} />
      <div style={{ marginTop: -32, position: 'relative' }}>
        <AwardList
          campaign={campaign}
          emptyDescription={emptyDescription}
          emptyAction={
            <Button
              color="primary"
              shape="rounded"
              className={styles.emptyAction}
              onClick={() => navigate(withCampaign(backPath, campaignId))}
            >
              {backText}
            </Button>
          }
        />
      </div>
    </main>
  );
}
