import { Button, HStack, type ButtonProps } from '@chakra-ui/react';
import { rememberRowActionOrigin } from './row-action-focus.js';

/**
 * The one row-action pattern of every table of the four areas (issue 56), drawn by DataTable:
 * - a row's actions are listed most frequent first;
 * - while the table has room, each is a button;
 * - when it has not, the first stays a button and the others go into the row's menu, a button labelled
 *   "Actions" (never an unlabelled "…");
 * - an action the user may not take is left out, and the screen says why where it would be (a read-only
 *   dialog's note; a row with no action left says why in its actions cell: DataTable's noActionsNote).
 * - a dialog an action opens gives focus back, when it closes, to the row's button or "Actions" menu
 *   trigger that opened it (row-action-focus.ts: EditDialog, ConfirmDialog and the other dialogs take it).
 * Rows that open a detail view (History) open it on a click or Enter; their actions, if any, stay in the
 * last column.
 */

/** One action of a table row: a button while there is room, an item of the row's menu otherwise. */
export interface RowAction {
  label: string;
  /** The button's accessible name when the label alone is not enough, e.g. "Activate 1.2.0". */
  ariaLabel?: string;
  onClick: () => void;
  colorPalette?: ButtonProps['colorPalette'];
  variant?: ButtonProps['variant'];
  /** While the action runs: a spinner on the button, the menu item waits. */
  loading?: boolean;
}

export function RowButtons({ actions }: { actions: readonly RowAction[] }) {
  return (
    <HStack gap="1" justify="flex-end" wrap="nowrap">
      {actions.map(({ label, ariaLabel, onClick, colorPalette, variant = 'outline', loading }) => (
        <Button
          key={label}
          aria-label={ariaLabel}
          size="xs"
          variant={variant}
          colorPalette={colorPalette}
          loading={loading}
          onClick={(event) => {
            rememberRowActionOrigin(event.currentTarget);
            onClick();
          }}
        >
          {label}
        </Button>
      ))}
    </HStack>
  );
}
