/** spec §1: the free-tier banner, hidden for the paid tier. */
export const upgradeBannerText = (supportEmail: string): string =>
  `You are on a free plan, email ${supportEmail} to upgrade and start syncing live data.`;
