import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { TOAST_WIDTH } from 'shared/rules';
import { toaster } from '../../lib/notify';

const contrastStyle = {
  secondary: { bg: 'gray.600', color: 'white' },
  contrast: { bg: 'gray.900', color: 'white' },
} as const;

/** The toast area of the shell; remotes reach it through the host contract's notify. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => {
          const severity = (toast.meta as { severity?: string } | undefined)?.severity;
          const extra =
            severity === 'secondary' || severity === 'contrast' ? contrastStyle[severity] : {};
          return (
            <Toast.Root width={{ md: TOAST_WIDTH }} data-severity={severity} {...extra}>
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              {toast.closable && <Toast.CloseTrigger />}
            </Toast.Root>
          );
        }}
      </ChakraToaster>
    </Portal>
  );
}
