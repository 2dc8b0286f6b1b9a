import { Stack } from '@chakra-ui/react';
import { ScreenHeading } from 'shared/ui';
import { CreateBlockListSection } from './create/CreateBlockListSection';
import { BlockListsSection } from './table/BlockListsSection';
import { blockListTexts } from './table/rules';

/** /admin/dashboard/smartlead-block-lists (spec §2 "Block lists screen"): choose an account and create, then the "Blocked List" table. */
export function BlockListsScreen() {
  return (
    <Stack gap="6">
      <ScreenHeading title={blockListTexts.heading} />
      <CreateBlockListSection />
      <BlockListsSection />
    </Stack>
  );
}
