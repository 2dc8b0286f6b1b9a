import { DataList } from '@chakra-ui/react';
import { TruncatedText } from 'shared/ui';

/** A label and its value in a log row's detail panel. */
export type LogFact = readonly [label: string, value: string];

/** A log row's facts in its detail panel, one a line: a long value is cut with an ellipsis and whole on hover. */
export function LogFacts({ facts }: { facts: readonly LogFact[] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {facts.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue minW="0">
            <TruncatedText maxW="100%">{value}</TruncatedText>
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
