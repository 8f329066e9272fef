/** Where the payout settings live (a section of /settings), for the links that lead there. */
export const payoutSettingsAnchor = 'payout-settings';
export const payoutSettingsPath = `/settings#${payoutSettingsAnchor}`;
