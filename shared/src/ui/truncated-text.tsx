import { Text, type TextProps } from '@chakra-ui/react';

/** A long value on one line, cut with an ellipsis at `maxW`; the full text shows on hover. */
export function TruncatedText({
  children,
  maxW = '16rem',
  ...props
}: Omit<TextProps, 'children' | 'title'> & { children: string }) {
  return (
    <Text truncate maxW={maxW} title={children} {...props}>
      {children}
    </Text>
  );
}
