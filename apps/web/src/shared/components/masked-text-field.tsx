import type { ChangeEvent } from 'react';
import { TextInput, type TextInputProps } from './text-input';

export type MaskedTextFieldProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** A progressive mask over digits (e.g. `maskCpfOrCnpj`): the caret stays after the same digit. */
  mask: (value: string) => string;
};

const countDigits = (text: string) => text.replace(/\D/g, '').length;

function caretAfterDigits(masked: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked.charAt(i)) && ++seen === digits) return i + 1;
  }
  return masked.length;
}

export function MaskedTextField({ mask, value, onChange, slotProps, ...props }: MaskedTextFieldProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const input = event.target;
    const typed = input.value;
    const caret = input.selectionStart ?? typed.length;
    const masked = mask(typed);
    onChange(masked);
    if (caret < typed.length) {
      const position = caretAfterDigits(masked, countDigits(typed.slice(0, caret)));
      requestAnimationFrame(() => {
        if (document.activeElement === input) input.setSelectionRange(position, position);
      });
    }
  };

  return (
    <TextInput
      {...props}
      value={value}
      onChange={handleChange}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'numeric', ...slotProps?.htmlInput } }}
    />
  );
}
