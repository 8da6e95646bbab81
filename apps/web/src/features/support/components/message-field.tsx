import { SUPPORT_MESSAGE_MAX } from '@central/domain';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<typeof TextField>, 'value' | 'multiline' | 'helperText'> & {
  value: string;
  errorText?: string;
};

const counter = new Intl.NumberFormat('pt-BR');

/** spec §5/§9: a support text of up to 1000 characters, with a counter under it. */
export function MessageField({ value, errorText, ...props }: Props) {
  const over = value.length > SUPPORT_MESSAGE_MAX;
  return (
    <TextField
      multiline
      minRows={5}
      maxRows={14}
      value={value}
      error={Boolean(errorText) || over}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{errorText}</span>
          <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
            {counter.format(value.length)}/{counter.format(SUPPORT_MESSAGE_MAX)}
          </Box>
        </Box>
      }
      {...props}
    />
  );
}
