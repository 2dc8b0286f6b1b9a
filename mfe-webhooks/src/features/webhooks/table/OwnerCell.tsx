import { DataList, HoverCard, Portal, Text } from '@chakra-ui/react';
import type { Webhook } from 'shared/contract';
import { ownerHoverDetails, ownerName } from './rules';

/** spec §2 column 1: the owner's full name; hovering (or focusing) it shows the webhook's details. */
export function OwnerCell({ webhook }: { webhook: Webhook }) {
  return (
    <HoverCard.Root openDelay={200} closeDelay={100} lazyMount unmountOnExit>
      <HoverCard.Trigger asChild>
        <Text
          as="span"
          tabIndex={0}
          textDecoration="underline dotted"
          cursor="help"
          display="block"
          truncate
          maxW="8rem"
        >
          {ownerName(webhook)}
        </Text>
      </HoverCard.Trigger>
      <Portal>
        <HoverCard.Positioner>
          <HoverCard.Content aria-label={`Details of ${ownerName(webhook)}'s webhook`}>
            <DataList.Root orientation="horizontal" size="sm">
              {ownerHoverDetails(webhook).map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </HoverCard.Content>
        </HoverCard.Positioner>
      </Portal>
    </HoverCard.Root>
  );
}
