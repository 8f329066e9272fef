import { queryOptions } from '@tanstack/react-query';
import type { SharingSettings, TopUp, TopUpBody } from '@pool/contract/sharing';
import { api } from '@/lib/api-client.ts';
import { platformQueryKey } from '@/lib/platform/platform-state.ts';

/** `GET platform/sharing/settings`: the referral percent and days, and the welcome-code days. */
export const sharingSettingsQuery = queryOptions({
  queryKey: [...platformQueryKey, 'sharing-settings'],
  queryFn: ({ signal }) => api<SharingSettings>('/platform/sharing/settings', { signal }),
});

/** `PUT platform/sharing/settings`: a critical change; the verification dialog opens when asked. */
export const setSharingSettings = (body: SharingSettings) =>
  api<SharingSettings>('/platform/sharing/settings', { method: 'PUT', body });

/** `POST platform/virtual-mining/topups` (step-up); the same `request_id` books it once. */
export const topUp = (body: TopUpBody) => api<TopUp>('/platform/virtual-mining/topups', { method: 'POST', body });
