import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Stack, Text } from '@chakra-ui/react';

export interface ViewDialogFrameProps {
  title: string;
  /** Which row it is, under the title (a URL or a name: long ones break anywhere). */
  subtitle: string;
  children: ReactNode;
}

/**
 * The inside of a dialog that shows a row and may act on it in its body (shared/ui's EditDialog around it):
 * title, which row, the content, Close, and a close X. It lives in this remote, not in shared/ui, which
 * every route loads first: only the screens with such a dialog load it.
 */
export function ViewDialogFrame({ title, subtitle, children }: ViewDialogFrameProps) {
  return (
    <>
      <Dialog.Header>
        <Stack gap="0">
          <Dialog.Title>{title}</Dialog.Title>
          <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
            {subtitle}
          </Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </>
  );
}
