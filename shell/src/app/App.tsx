import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { pageSystem } from 'shared/ui';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../features/toasts/Toaster';
import { ShellRoutes } from './ShellRoutes';

export function App() {
  return (
    <ChakraProvider value={pageSystem()}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ShellRoutes />
        </BrowserRouter>
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
