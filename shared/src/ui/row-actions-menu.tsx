import { IconButton, Menu, Portal } from '@chakra-ui/react';
import type { RowAction } from './row-actions.js';

const moreIcon = (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </svg>
);

/** The row's actions behind one "Actions" button, for a table too narrow for all its buttons. */
export function RowActionsMenu({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label="Actions" size="xs" variant="outline">
          {moreIcon}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map(({ label, onClick, colorPalette, loading }) => (
              <Menu.Item
                key={label}
                value={label}
                onClick={onClick}
                disabled={loading}
                color={colorPalette === 'red' ? 'fg.error' : undefined}
              >
                {label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
