import { useRef } from 'react';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { rememberRowActionOrigin } from './row-action-focus.js';
import type { RowAction } from './row-actions.js';

const chevron = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="m6 9 6 6 6-6" />
  </svg>
);

/** The row's other actions behind one button labelled "Actions", for a table too narrow for all its buttons. */
export function RowActionsMenu({ actions }: { actions: readonly RowAction[] }) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button ref={trigger} size="xs" variant="outline">
          Actions
          {chevron}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map(({ label, ariaLabel, onClick, colorPalette, loading }) => (
              <Menu.Item
                key={label}
                aria-label={ariaLabel}
                value={label}
                onClick={() => {
                  rememberRowActionOrigin(trigger.current);
                  onClick();
                }}
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
