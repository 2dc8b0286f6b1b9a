import { Alert } from '@chakra-ui/react';
import { upgradeBannerText } from './upgrade-banner-text';

export function UpgradeBanner({ supportEmail }: { supportEmail: string }) {
  return (
    <Alert.Root status="info" variant="subtle" borderRadius="0">
      <Alert.Indicator />
      <Alert.Title>{upgradeBannerText(supportEmail)}</Alert.Title>
    </Alert.Root>
  );
}
