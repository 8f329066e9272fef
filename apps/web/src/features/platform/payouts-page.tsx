import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BlockchainRequestsSection, requestsParamsOf } from './blockchain-requests-section.tsx';
import { PayoutBatchesSection } from './payout-batches-section.tsx';
import { PayoutScheduleSection } from './payout-schedule-section.tsx';
import { requestsQuery, schedulesQuery } from './payouts-api.ts';

/**
 * `/platform/payouts` (spec 3 and 7): the payout schedule, the blockchain requests with their
 * actions, and in manual mode the batches a treasurer sends by hand.
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  const schedules = useQuery(schedulesQuery);
  const [search] = useSearchParams();
  // The requests section's own query (one fetch, one cache entry), read here for its first answer.
  const requests = useQuery(requestsQuery(requestsParamsOf(search)));
  // Each section appears once the one above it has its first answer, so content is only ever added
  // below what is on screen and nothing a reader is looking at moves (issue 18: CLS < 0.05).
  const scheduleSettled = !schedules.isPending;
  const requestsSettled = scheduleSettled && !requests.isPending;
  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.platformPayouts')}</h1>
      </div>
      {schedules.isError && (
        <p className="notice" data-type="error">
          {t('platform.payouts.unavailable')}
        </p>
      )}
      {schedules.data && <PayoutScheduleSection schedules={schedules.data} />}
      {scheduleSettled && <BlockchainRequestsSection />}
      {requestsSettled && schedules.data?.mode === 'manual' && <PayoutBatchesSection />}
    </div>
  );
}
