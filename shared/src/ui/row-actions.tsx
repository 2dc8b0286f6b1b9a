import { Button, HStack, type ButtonProps } from '@chakra-ui/react';

/** One action of a table row: a button while there is room, an item of the row's menu otherwise. */
export interface RowAction {
  label: string;
  onClick: () => void;
  colorPalette?: ButtonProps['colorPalette'];
  variant?: ButtonProps['variant'];
  /** While the action runs: a spinner on the button, the menu item waits. */
  loading?: boolean;
}

export function RowButtons({ actions }: { actions: readonly RowAction[] }) {
  return (
    <HStack gap="1" justify="flex-end" wrap="nowrap">
      {actions.map(({ label, onClick, colorPalette, variant = 'outline', loading }) => (
        <Button
          key={label}
          size="xs"
          variant={variant}
          colorPalette={colorPalette}
          loading={loading}
          onClick={onClick}
        >
          {label}
        </Button>
      ))}
    </HStack>
  );
}
